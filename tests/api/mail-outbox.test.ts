// The mail outbox (docs/operations.md, "Mail") against a real SMTP listener that is stopped and
// started again: a change is kept and its mail waits while the server is away, and arrives when
// it is back; a sign-in whose code cannot be mailed says so; a mail that fails every try is a
// dead letter that the provider administrator (and nobody else) sees and sends again; two
// senders on one database never send a row twice.
import { sql } from 'kysely';
import t from 'tap';
import { openDatabase } from '../../api/db/connect';
import { createMailer } from '../../api/mail/mailer';
import { enqueueMail } from '../../api/mail/outbox';
import { MailSender } from '../../api/mail/sender';
import { DEFAULT_OUTBOX_SETTINGS } from '../../api/mail/settings';
import { messageIds } from '../helpers/api-probe';
import { signInAs, type Session } from '../helpers/portal';
import { createTestApp, passwordOf, type TestApp } from '../helpers/test-app';
import { nth } from '../helpers/indexing';

/** Waits for a condition the sender brings about in the background (bounded, never a fixed sleep). */
async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
): Promise<T> {
  for (let i = 0; i < 1500; i++) {
    const v = await probe();
    if (v) return v;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`never happened: ${what}`);
}

const openEvent = async (h: TestApp) =>
  (
    await h.db
      .selectFrom('contents')
      .select('content_id')
      .where('category_id', '=', 7)
      .orderBy('content_id')
      .executeTakeFirstOrThrow()
  ).content_id;
const apply = (s: Session, contentsId: number) =>
  s.call('/api/EventDetail/eventApplication', { categoryId: 7, contentsId, screenName: 'イベント詳細' });
const rowsOf = (h: TestApp, kind: string) =>
  h.db.selectFrom('mail_outbox').selectAll().where('kind', '=', kind).orderBy('mail_id').execute();

t.test('the mail server away: the change is kept, its mail waits and arrives when the server is back', async (t) => {
  // Short backoff so the retries come quickly; the test waits for them, not for a timer.
  const h = await createTestApp({ mailOutbox: { retryBaseMs: 50, retryMaxMs: 200, maxAttempts: 1000 } });
  t.teardown(h.close);
  const agent = await signInAs(h, 'demo-agent');
  const event = await openEvent(h);
  const confirmations = () =>
    h.smtp.mails.filter(
      (m) => m.to.includes('demo-agent@portal.example.jp') && /イベントお申し込み受付のお知らせ/.test(m.subject),
    );

  await h.smtp.stop();
  const res = await apply(agent, event);
  t.equal(res.statusCode, 200, 'the application is answered');
  t.equal(
    res.json().completeMessage,
    'イベントのお申し込みを受付しました。確認メールは現在送信できないため、送信でき次第お送りします。',
    'and says the mail is late',
  );
  const entry = await h.db
    .selectFrom('event_entries')
    .selectAll()
    .where('content_id', '=', event)
    .where('user_id', '=', agent.userId)
    .execute();
  t.equal(entry.length, 1, 'the application is kept');
  const queued = (await rowsOf(h, 'event_application'))[0];
  if (!queued) throw new Error('its mail is not in the outbox');
  t.pass('its mail is in the outbox');
  t.ok(['pending', 'sending'].includes(queued.status), `waiting for a retry (${queued.status})`);
  t.ok(queued.attempts >= 1, 'the first try failed');
  t.match(queued.last_error, /ECONNREFUSED/);
  t.equal(confirmations().length, 0, 'nothing arrived');

  // A sign-in from a new browser: the code's mail cannot go, so the screen is told, not sent to wait for it.
  const login = await h.post('/api/Auth/login', {
    systemKbn: '01',
    loginId: 'demo-agent2',
    password: passwordOf('demo-agent2'),
  });
  t.equal(login.statusCode, 503);
  t.same(login.json().messages, [{ messageId: 'ERR_SYS003', args: ['セキュリティコードのメール送信'] }]);
  const [code] = await rowsOf(h, 'one_time_code');
  t.ok(code && code.expires_at, 'the code mail stays for retry while the code is valid');

  await h.smtp.restart();
  const mail = nth(await until('the confirmation arrives', () => confirmations().length > 0 && confirmations()), 0);
  t.match(mail.text, /鈴木 一郎 様/);
  await until('the code arrives', () => h.smtp.latestTo('demo-agent2@portal.example.jp'));
  const sent = await until('the rows are marked sent', async () => {
    const rows = [...(await rowsOf(h, 'event_application')), ...(await rowsOf(h, 'one_time_code'))];
    return rows.every((r) => r.status === 'sent') && rows;
  });
  t.ok(
    sent.every((r) => r.sent_at !== null),
    'with the time they went',
  );
  t.equal(confirmations().length, 1, 'the confirmation arrived once');

  // With the server there the sign-in asks for the code, as before.
  const again = await h.post('/api/Auth/login', {
    systemKbn: '01',
    loginId: 'demo-agent2',
    password: passwordOf('demo-agent2'),
  });
  t.equal(again.statusCode, 200);
  t.equal(again.json().isAreadyOptAuth, false);
});

t.test(
  'a mail that fails every try is a dead letter: the provider administrator sees it and sends it again',
  async (t) => {
    const h = await createTestApp({ mailOutbox: { retryBaseMs: 1, retryMaxMs: 1, maxAttempts: 3 } });
    t.teardown(h.close);
    const provider = await signInAs(h, 'demo-provider');
    const agadmin = await signInAs(h, 'demo-agadmin');
    const staff = await signInAs(h, 'demo-staff');
    const agent = await signInAs(h, 'demo-agent');
    const event = await openEvent(h);

    await h.smtp.stop();
    t.equal((await apply(agent, event)).statusCode, 200);
    const dead = await until('the mail is dead', async () => {
      const [row] = await rowsOf(h, 'event_application');
      return row?.status === 'dead' && row;
    });
    t.equal(dead.attempts, 3, 'after the last try');

    const list = await provider.call('/api/MailError/getMailErrorList');
    t.equal(list.statusCode, 200);
    const rows = list.json().mailErrorList as Array<Record<string, unknown>>;
    t.equal(rows.length, 1);
    t.match(rows[0], {
      mailId: dead.mail_id,
      kindName: 'イベント申込受付',
      toAddress: 'demo-agent@portal.example.jp',
      attempts: 3,
      subject: /イベントお申し込み受付のお知らせ/,
      lastError: /ECONNREFUSED/,
      failedAt: /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/,
    });
    t.notMatch(list.body, /鈴木 一郎/, 'the body is not answered');

    for (const other of [agadmin, staff, agent]) {
      const refused = await other.call('/api/MailError/getMailErrorList');
      t.equal(refused.statusCode, 403, `${other.loginId} may not see failed mails`);
      t.same(messageIds(refused), ['ERR_0022']);
      t.equal(
        (await other.call('/api/MailError/resendMail', { mailIdList: [{ mailId: dead.mail_id }] })).statusCode,
        403,
        `${other.loginId} may not resend`,
      );
    }
    t.equal(nth(await rowsOf(h, 'event_application'), 0).status, 'dead', 'a refused resend changed nothing');

    await h.smtp.restart();
    const resend = await provider.call('/api/MailError/resendMail', { mailIdList: [{ mailId: dead.mail_id }] });
    t.equal(resend.statusCode, 200);
    t.same(resend.json(), { resendCount: 1 });
    await until('the resent mail arrives', () =>
      /イベントお申し込み受付のお知らせ/.test(h.smtp.latestTo('demo-agent@portal.example.jp')?.subject ?? ''),
    );
    await until('and is marked sent', async () => nth(await rowsOf(h, 'event_application'), 0).status === 'sent');
    t.same((await provider.call('/api/MailError/getMailErrorList')).json().mailErrorList, [], 'no dead letter left');
    const audit = await h.db.selectFrom('audit_logs').selectAll().where('entity', '=', 'mail_outbox').execute();
    t.equal(audit.length, 1, 'the resend is in the audit trail');

    // A one-time code past its validity is never sent late: expired, not dead.
    const codeId = nth(
      await enqueueMail(h.db, {
        kind: 'one_time_code',
        to: 'demo-agent@portal.example.jp',
        subject: 'code',
        text: 'x',
        validForMs: 60_000,
      }),
      0,
    );
    await h.db
      .updateTable('mail_outbox')
      .set({ expires_at: sql<Date>`now() - interval '1 second'`, next_attempt_at: sql<Date>`now()` })
      .where('mail_id', '=', codeId)
      .execute();
    const before = h.smtp.mails.length;
    await h.app.mailOutbox.runOnce();
    const expired = await h.db
      .selectFrom('mail_outbox')
      .select('status')
      .where('mail_id', '=', codeId)
      .executeTakeFirstOrThrow();
    t.equal(expired.status, 'expired');
    t.equal(h.smtp.mails.length, before, 'and nothing was sent');
  },
);

t.test('two senders on one database never send a row twice', async (t) => {
  const h = await createTestApp();
  t.teardown(h.close);
  // Another instance: its own pool on the same PostgreSQL database (PGlite is one process: the same one).
  let otherDb = h.db;
  if (process.env.DATABASE_URL) {
    const name = nth((await sql<{ name: string }>`select current_database() as name`.execute(h.db)).rows, 0).name;
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    const other = await openDatabase({ kind: 'postgres', url: url.toString() });
    t.teardown(other.close);
    otherDb = other.db;
  }
  const mailer = createMailer({
    smtpUrl: h.smtp.url,
    outboxDir: '/nonexistent',
    from: 'portal <no-reply@portal.example.jp>',
    log: h.app.log,
  });
  const settings = { ...DEFAULT_OUTBOX_SETTINGS, batchSize: 5 };
  const senders = [
    new MailSender(h.db, mailer, settings, h.app.log),
    new MailSender(otherDb, mailer, settings, h.app.log),
  ];
  t.teardown(() => Promise.all(senders.map((s) => s.close())));

  const N = 40;
  const ids = await enqueueMail(
    h.db,
    ...Array.from({ length: N }, (_, i) => ({
      kind: 'content_notice' as const,
      to: `race${i}@portal.example.jp`,
      subject: `race ${i}`,
      text: `mail ${i}`,
    })),
  );
  await h.db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: sql<Date>`now()` })
    .where('mail_id', 'in', ids)
    .execute();
  // Both instances' background passes and a request's first try, all at once, twice over.
  await Promise.all([
    nth(senders, 0).runOnce(),
    nth(senders, 1).runOnce(),
    nth(senders, 0).deliverNow(ids.slice(0, 20)),
    nth(senders, 1).deliverNow(ids.slice(10, 30)),
    nth(senders, 1).runOnce(),
    nth(senders, 0).runOnce(),
  ]);
  await until(
    'every row is sent',
    async () =>
      (
        await h.db
          .selectFrom('mail_outbox')
          .select('mail_id')
          .where('mail_id', 'in', ids)
          .where('status', '!=', 'sent')
          .execute()
      ).length === 0,
  );
  const received = h.smtp.mails.filter((m) => /^race \d+$/.test(m.subject)).map((m) => m.subject);
  t.equal(received.length, N, 'one mail per row');
  t.equal(new Set(received).size, N, 'none twice');
  const attempts = await h.db.selectFrom('mail_outbox').select('attempts').where('mail_id', 'in', ids).execute();
  t.ok(
    attempts.every((r) => r.attempts === 1),
    'each row tried once',
  );
});
