// The daily purge (docs/operations.md "Retention"): once a day, from RETENTION_PURGE_AT (Tokyo),
// one instance deletes the rows of every registry kind (api/retention/kinds.ts) older than its
// retention, a batch at a time with a pause between batches so the portal never waits on it.
//
// One instance at a time, on PGlite as on PostgreSQL: the job's row in job_leases is taken with
// one atomic upsert that succeeds only when no other holder's lease is running and the day's run
// has not finished yet. The holder renews the lease between batches (a purge of a large backlog
// outlasts one lease) and gives it up at the end; a holder that dies leaves a lease that runs
// out, and the next instance to look takes over. Time comes from the app's clock, so tests move it.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import { retentionDeletedRows } from '../metrics/metrics';
import type { Pause } from './batches';
import { retentionKinds, type RetentionKind } from './kinds';
import type { RetentionSettings } from './settings';

export const PURGE_JOB = 'retention-purge';
/** How long a lease holds without renewal. */
export const LEASE_MS = 10 * 60_000;
/** How often each instance looks whether the day's purge is due. */
const CHECK_EVERY_MS = 15 * 60_000;
const TOKYO_MS = 9 * 3600_000;
const DAY_MS = 86_400_000;

export interface PurgeResult {
  /** Rows deleted per kind. */
  removed: Record<string, number>;
  /** The cutoff used per kind (rows before it went). */
  cutoffs: Record<string, Date>;
}

/** The instant of today's purge time in Tokyo (the day's run is due from then). */
export function dueFrom(now: Date, purgeAtMinute: number): Date {
  const tokyoMidnight = Math.floor((now.getTime() + TOKYO_MS) / DAY_MS) * DAY_MS - TOKYO_MS;
  return new Date(tokyoMidnight + purgeAtMinute * 60_000);
}

export class RetentionPurge {
  private readonly holder = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly settings: RetentionSettings,
    private readonly log: FastifyBaseLogger,
    private readonly kinds: readonly RetentionKind[] = retentionKinds,
  ) {}

  /** Looks every 15 minutes whether the day's purge is due (server.ts; tests call runOnce). */
  start(): void {
    if (this.closed || this.timer) return;
    const look = () => {
      // A purge still running here (a large backlog) is not started twice by this instance.
      if (!this.running)
        this.running = this.runIfDue()
          .catch((err: unknown) => this.log.error({ err }, 'retention purge failed'))
          .finally(() => {
            this.running = null;
          });
      if (!this.closed) this.timer = setTimeout(look, CHECK_EVERY_MS).unref();
    };
    // The first look a minute after start-up (not while the instance is still warming up).
    this.timer = setTimeout(look, 60_000).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** The day's purge when it is due and no other instance runs it; null when nothing was done. */
  async runIfDue(): Promise<PurgeResult | null> {
    const now = this.clock.now();
    const due = dueFrom(now, this.settings.purgeAtMinute);
    if (now < due) return null;
    return this.runOnce(due);
  }

  /**
   * Runs the purge if this instance gets the lease and no run has finished since `doneSince`
   * (default: now, so an explicit call always runs unless another instance is running).
   */
  async runOnce(doneSince: Date = this.clock.now()): Promise<PurgeResult | null> {
    if (!(await this.takeLease(doneSince))) return null;
    const result: PurgeResult = { removed: {}, cutoffs: {} };
    try {
      const pause: Pause = async () => {
        if (this.settings.pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, this.settings.pauseMs));
        if (!(await this.renewLease())) throw new Error('retention purge: the lease was lost to another instance');
      };
      for (const kind of this.kinds) {
        if (this.closed) break;
        const days = this.settings.days[kind.kind] ?? kind.defaultDays;
        const cutoff = new Date(this.clock.now().getTime() - days * DAY_MS);
        const started = performance.now();
        const removed = await kind.prune(this.db, cutoff, this.settings.batchSize, pause);
        result.removed[kind.kind] = removed;
        result.cutoffs[kind.kind] = cutoff;
        if (removed > 0) retentionDeletedRows.inc({ kind: kind.kind }, removed);
        this.log.info(
          { kind: kind.kind, removed, before: cutoff.toISOString(), ms: Math.round(performance.now() - started) },
          'retention purge: old rows deleted',
        );
        await this.renewLease();
      }
      await this.finish(!this.closed);
    } catch (err) {
      await this.finish(false).catch(() => undefined);
      throw err;
    }
    return result;
  }

  /** Takes the job's lease: free (run out) and the day's run not yet finished since `doneSince`. */
  private async takeLease(doneSince: Date): Promise<boolean> {
    const now = this.clock.now();
    const until = new Date(now.getTime() + LEASE_MS);
    const r = await sql<{ job: string }>`
      insert into job_leases (job, holder, lease_until) values (${PURGE_JOB}, ${this.holder}, ${until})
      on conflict (job) do update set holder = excluded.holder, lease_until = excluded.lease_until
      where job_leases.lease_until <= ${now}
        and (job_leases.last_finished_at is null or job_leases.last_finished_at < ${doneSince})
      returning job`.execute(this.db);
    return r.rows.length === 1;
  }

  private async renewLease(): Promise<boolean> {
    const until = new Date(this.clock.now().getTime() + LEASE_MS);
    const r = await this.db
      .updateTable('job_leases')
      .set({ lease_until: until })
      .where('job', '=', PURGE_JOB)
      .where('holder', '=', this.holder)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Gives the lease up; a completed run records when it finished. */
  private async finish(completed: boolean): Promise<void> {
    const now = this.clock.now();
    await this.db
      .updateTable('job_leases')
      .set(completed ? { lease_until: now, last_finished_at: now } : { lease_until: now })
      .where('job', '=', PURGE_JOB)
      .where('holder', '=', this.holder)
      .execute();
  }
}
