// Mail through nodemailer: SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/mail
// (the subject and file are logged so a developer can find the one-time code).
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { countedMails } from '../metrics/metrics';

export interface OutgoingMail {
  /** One address, or several separated by commas. */
  to: string;
  /** Copies (request notification mails); comma-separated like `to`. */
  cc?: string;
  bcc?: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

export function createMailer(opts: {
  smtpUrl?: string;
  outboxDir: string;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    // Bounded waits, so a server that does not answer fails the try well within the outbox's
    // lease (api/mail/settings.ts) instead of holding the row for minutes.
    const transport = nodemailer.createTransport({
      url: opts.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return countedMails({
      async send(mail) {
        await transport.sendMail({ from: opts.from, textEncoding: 'base64', ...mail });
        opts.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    });
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return countedMails({
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, textEncoding: 'base64', ...mail });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(opts.outboxDir, `${stamp}-${Math.random().toString(36).slice(2, 8)}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      // A readable copy beside the .eml, so the code or link can be read without a mail client.
      await fs.writeFile(
        file.replace(/\.eml$/, '.txt'),
        `To: ${mail.to}\n${mail.cc ? `Cc: ${mail.cc}\n` : ''}${mail.bcc ? `Bcc: ${mail.bcc}\n` : ''}Subject: ${mail.subject}\n\n${mail.text}\n`,
      );
      opts.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the outbox');
    },
  });
}
