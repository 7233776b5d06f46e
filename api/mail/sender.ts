// The outbox sender of one instance (docs/operations.md, "Mail"). It claims due rows of
// mail_outbox with FOR UPDATE SKIP LOCKED and marks them `sending` until a lease ends, so across
// any number of instances on one database each row has one sender; it hands each mail to the
// mailer (the one place a mail reaches nodemailer), then marks it sent, or schedules the next
// try with exponential backoff, or after the last try leaves it dead for the administrators.
//
// It wakes when the earliest pending row is due (never later than the poll interval), and when
// nudged. A request that enqueued mails calls deliverNow() after its commit to try them at once,
// so a mail that can be sent goes out before the answer, as before the outbox.
// Its logs carry counts, ids and errors: never a mail's body or a code.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Selectable, type UpdateObject } from 'kysely';
import type { Database, MailOutboxTable } from '../db/schema';
import type { Mailer } from './mailer';
import { retryDelayMs, type OutboxSettings } from './settings';

type Row = Selectable<MailOutboxTable>;

export interface RunCounts {
  sent: number;
  retried: number;
  dead: number;
  expired: number;
}

export interface FirstTry {
  /** Mails handed to the mail server (or the file outbox). */
  sent: number;
  /** Mails left for a later try (refused, not answered in time, or taken by another sender). */
  waiting: number;
}

const PRUNE_EVERY_MS = 3_600_000;
const CLOSE_WAIT_MS = 10_000;

const ms = (n: number) => sql<Date>`now() + ${n} * interval '1 millisecond'`;

/** What an administrator may read of a failure: the transport's message, never the mail. */
function errorText(err: unknown): string {
  const e = err as { code?: string; responseCode?: number; message?: string };
  const text = [e.code, e.responseCode, e.message].filter((x) => x !== undefined && x !== '').join(' ');
  return (text || String(err)).replace(/\s+/g, ' ').slice(0, 500);
}

export class MailSender {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private lastPrune = 0;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly mailer: Mailer,
    private readonly settings: OutboxSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.nudge();
  }

  /** Look for due rows now (another look follows if one is running). */
  nudge(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /** Stops the timer and waits (a bounded time) for the sends in progress. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const pending = [...this.inFlight, ...(this.running ? [this.running] : [])];
    let cap: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(pending),
      new Promise((resolve) => (cap = setTimeout(resolve, CLOSE_WAIT_MS))),
    ]);
    clearTimeout(cap);
  }

  /**
   * Tries the given new rows at once (the enqueuing request, after its commit) and waits at most
   * firstTryTimeoutMs; sends still running then finish in the background.
   */
  async deliverNow(ids: number[]): Promise<FirstTry> {
    if (ids.length === 0 || this.closed) return { sent: 0, waiting: ids.length };
    const rows = await this.claim(ids);
    if (rows.length === 0) return { sent: 0, waiting: ids.length };
    const counts: RunCounts = { sent: 0, retried: 0, dead: 0, expired: 0 };
    const work = this.track(
      this.sendAll(rows, counts).then(() => {
        this.report(counts);
        // The background sender learns when the retry is due (it may be sooner than its poll).
        if (counts.retried > 0) this.nudge();
      }),
    );
    let cap: NodeJS.Timeout | undefined;
    await Promise.race([work, new Promise((resolve) => (cap = setTimeout(resolve, this.settings.firstTryTimeoutMs)))]);
    clearTimeout(cap);
    return { sent: counts.sent, waiting: ids.length - counts.sent };
  }

  /** One pass: expire, claim and send every due row, prune. Answers what it did. */
  async runOnce(): Promise<RunCounts> {
    const counts: RunCounts = { sent: 0, retried: 0, dead: 0, expired: 0 };
    const expired = await this.db
      .updateTable('mail_outbox')
      .set({ status: 'expired', claim_id: null, updated_at: sql`now()` })
      .where('status', 'in', ['pending', 'sending'])
      .where('expires_at', '<=', sql<Date>`now()`)
      .executeTakeFirst();
    counts.expired = Number(expired.numUpdatedRows);
    while (!this.closed) {
      const rows = await this.claim();
      if (rows.length === 0) break;
      await this.track(this.sendAll(rows, counts));
    }
    await this.prune();
    this.report(counts);
    return counts;
  }

  // ---- inside --------------------------------------------------------------------------------

  private track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p)).catch(() => {});
    return p;
  }

  /**
   * Takes up to batchSize rows that no other sender holds: the given new rows, or else every due
   * row. Locked with SKIP LOCKED, then marked `sending` with a lease and the try counted, in one
   * statement.
   */
  private async claim(ids?: number[]): Promise<Row[]> {
    const claimId = randomUUID();
    let candidates = this.db
      .selectFrom('mail_outbox')
      .select('mail_id')
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]));
    candidates = ids
      ? candidates.where('mail_id', 'in', ids).where('status', '=', 'pending')
      : candidates.where('status', 'in', ['pending', 'sending']).where('next_attempt_at', '<=', sql<Date>`now()`);
    return this.db
      .updateTable('mail_outbox')
      .set({
        status: 'sending',
        claim_id: claimId,
        attempts: sql`attempts + 1`,
        next_attempt_at: ms(this.settings.leaseMs),
        updated_at: sql`now()`,
      })
      .where(
        'mail_id',
        'in',
        candidates
          .orderBy('next_attempt_at')
          .orderBy('mail_id')
          .limit(this.settings.batchSize)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
  }

  private async sendAll(rows: Row[], counts: RunCounts): Promise<void> {
    for (const row of rows) {
      try {
        await this.mailer.send({
          to: row.to_address,
          cc: row.cc_address || undefined,
          bcc: row.bcc_address || undefined,
          subject: row.subject,
          text: row.body,
        });
      } catch (err) {
        await this.failed(row, errorText(err), counts);
        continue;
      }
      await this.finish(row, { status: 'sent', sent_at: sql<Date>`now()`, last_error: '' }).catch((err) =>
        this.log.warn({ err, mailId: row.mail_id }, 'mail outbox: sent mail not marked'),
      );
      counts.sent++;
    }
  }

  private async failed(row: Row, error: string, counts: RunCounts): Promise<void> {
    const dead = row.attempts >= this.settings.maxAttempts;
    try {
      await this.finish(
        row,
        dead
          ? { status: 'dead', last_error: error }
          : { status: 'pending', last_error: error, next_attempt_at: ms(retryDelayMs(this.settings, row.attempts)) },
      );
    } catch (err) {
      // The database is away: the lease runs out and another try follows.
      this.log.warn({ err, mailId: row.mail_id }, 'mail outbox: failed try not recorded');
    }
    if (dead) counts.dead++;
    else counts.retried++;
    this.log.warn(
      { mailId: row.mail_id, kind: row.kind, attempt: row.attempts, dead, error },
      'mail outbox: try failed',
    );
  }

  /** Only the holder of the claim records the outcome (a sender whose lease ran out does not). */
  private async finish(row: Row, set: UpdateObject<Database, 'mail_outbox'>): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({ ...set, claim_id: null, updated_at: sql`now()` })
      .where('mail_id', '=', row.mail_id)
      .where('claim_id', '=', row.claim_id)
      .execute();
  }

  private async prune(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    const r = await this.db
      .deleteFrom('mail_outbox')
      .where('status', 'in', ['sent', 'expired'])
      .where('updated_at', '<', sql<Date>`now() - ${this.settings.keepSentDays} * interval '1 day'`)
      .executeTakeFirst();
    const pruned = Number(r.numDeletedRows);
    if (pruned > 0) this.log.info({ pruned }, 'mail outbox: old rows deleted');
  }

  private report(c: RunCounts): void {
    if (c.sent + c.retried + c.dead + c.expired > 0) this.log.info({ ...c }, 'mail outbox');
  }

  /** Milliseconds until the earliest row a sender could take, at most the poll interval. */
  private async nextDueIn(): Promise<number> {
    const r = await this.db
      .selectFrom('mail_outbox')
      .select(sql<number | null>`extract(epoch from (min(next_attempt_at) - now())) * 1000`.as('wait'))
      .where('status', 'in', ['pending', 'sending'])
      .executeTakeFirst();
    const wait = r?.wait === null || r?.wait === undefined ? this.settings.pollMs : Number(r.wait);
    return Math.max(0, Math.min(this.settings.pollMs, Math.ceil(wait)));
  }

  private schedule(delay: number): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.cycle().finally(() => {
        this.running = null;
      });
    }, delay);
    this.timer.unref();
  }

  private async cycle(): Promise<void> {
    let delay = this.settings.pollMs;
    try {
      this.again = false;
      await this.runOnce();
      delay = this.again ? 0 : await this.nextDueIn();
    } catch (err) {
      // The database is away or the pass failed: look again after the poll interval.
      if (!this.closed) this.log.warn({ err }, 'mail outbox: pass failed');
    }
    this.schedule(delay);
  }
}
