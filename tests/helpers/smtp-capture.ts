// A real SMTP server on a free local port that keeps what it receives, decoded enough to read
// one-time codes and reset links (the mailer sends text/plain, base64).
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

function decodeHeader(value: string): string {
  return value
    .replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_m, b64: string) => Buffer.from(b64, 'base64').toString('utf8'))
    .replace(/\r?\n\s+/g, '')
    .replace(/\?=\s*=\?/g, '');
}

export function parseMail(raw: string, to: string[]): CapturedMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const subjectLine = /^Subject: (.*)$/im.exec(headers)?.[1] ?? '';
  const subject = decodeHeader(subjectLine.replace(/\?=\s+=\?/g, '?==?'));
  const body = rest.join('\n\n');
  const text = /Content-Transfer-Encoding: base64/i.test(headers)
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    : body;
  return { to, subject, text, raw };
}

export interface SmtpCapture {
  url: string;
  mails: CapturedMail[];
  /** Waits for the next mail to `to` (mail is sent before the API answers, so usually at once). */
  latestTo(to: string): CapturedMail | undefined;
  /** Stops listening: connections to the port are refused, as from a mail server that is away. */
  stop(): Promise<void>;
  /** Listens again on the same port (the app's SMTP_URL stays right). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

function listen(mails: CapturedMail[], port: number): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  let server: SMTPServer | null = await listen(mails, 0);
  const port = (server.server.address() as { port: number }).port;
  const stop = async () => {
    const s = server;
    server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    latestTo: (to) => [...mails].reverse().find((m) => m.to.includes(to)),
    stop,
    restart: async () => {
      await stop();
      server = await listen(mails, port);
    },
    close: stop,
  };
}

export function oneTimeCodeIn(mail: CapturedMail | undefined): string {
  const m = mail && /セキュリティコード：([A-Z0-9]{6})/.exec(mail.text);
  if (!m?.[1]) throw new Error('no one-time code in the mail');
  return m[1];
}

export function resetTokenIn(mail: CapturedMail | undefined): string {
  const m = mail && /\/password-update\/token\/([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!m?.[1]) throw new Error('no reset link in the mail');
  return m[1];
}
