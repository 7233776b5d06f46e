// The change feed: every instance hears, through PostgreSQL LISTEN/NOTIFY on portal_changes,
// which rows of the watched tables changed (triggers of migrations/0014_change_feed.ts send
// "<table>:<key>"), so the data it keeps in memory (api/cache/tagged-cache.ts) is dropped the
// moment anyone changes it. While the listening connection is down nothing is cached at all:
// a missed message must never leave a revoked session or a removed target alive.
//
// The writer's own next request sees its change at once: a route that changed watched rows
// calls settle(), which sends a marker through the same channel and waits for it to come back;
// notifications arrive in commit order, so by then this instance has dropped what the write
// changed. Other instances drop it when the message arrives (milliseconds).
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { changeFeedEvents } from '../metrics/metrics';

export const CHANGE_CHANNEL = 'portal_changes';
const SETTLE_PREFIX = 'settle:';
const SETTLE_TIMEOUT_MS = 2000;

/** Subscribes to the channel; `onState(false)` when the subscription is lost, `(true)` once (again) live. */
export type Listen = (
  onMessage: (payload: string) => void,
  onState: (live: boolean) => void,
) => Promise<() => Promise<void>>;

export type ChangeListener = (change: string) => void;
/** Sent to listeners instead of a change when messages may have been missed: drop everything. */
export const RESET = '*reset*';

export class ChangeFeed {
  /** Bumped by every message and reset: a load that saw it move must not store its result. */
  version = 0;
  private live = false;
  private listeners = new Set<ChangeListener>();
  private settling = new Map<string, () => void>();
  private stop: (() => Promise<void>) | null = null;

  constructor(private readonly db: Kysely<never>) {}

  async start(listen: Listen): Promise<void> {
    this.stop = await listen(
      (payload) => this.receive(payload),
      (live) => this.setLive(live),
    );
  }

  /** Whether changes are being heard; caches keep nothing while it is false. */
  isLive(): boolean {
    return this.live;
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once every change committed before the call has reached this instance. */
  async settle(): Promise<void> {
    if (!this.live) return;
    const marker = `${SETTLE_PREFIX}${randomUUID()}`;
    const arrived = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        // The marker did not come back: the channel is not trustworthy; cache nothing until it is.
        this.settling.delete(marker);
        this.setLive(false);
        resolve();
      }, SETTLE_TIMEOUT_MS);
      this.settling.set(marker, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    try {
      await sql`select pg_notify(${CHANGE_CHANNEL}, ${marker})`.execute(this.db);
    } catch {
      this.settling.get(marker)?.();
      this.settling.delete(marker);
      return;
    }
    await arrived;
  }

  async close(): Promise<void> {
    this.setLive(false);
    for (const done of this.settling.values()) done();
    this.settling.clear();
    await this.stop?.();
    this.stop = null;
  }

  private receive(payload: string): void {
    if (payload.startsWith(SETTLE_PREFIX)) {
      const done = this.settling.get(payload);
      this.settling.delete(payload);
      done?.();
      return;
    }
    this.version++;
    changeFeedEvents.inc();
    for (const l of this.listeners) l(payload);
  }

  private setLive(live: boolean): void {
    // Both ways drop everything: going down, nothing may be served from memory; coming back,
    // messages sent meanwhile were missed.
    this.version++;
    this.live = live;
    for (const l of this.listeners) l(RESET);
  }
}

// The feed of each database (one per Kysely instance, registered by api/db/connect.ts), so the
// code that reads through `db` finds its caches without being handed a feed. A transaction's
// `trx` has none: reads inside a transaction always go to the database.
const feeds = new WeakMap<object, ChangeFeed>();

export function registerChangeFeed(db: object, feed: ChangeFeed): void {
  feeds.set(db, feed);
}

export function changeFeedOf(db: object): ChangeFeed | null {
  return feeds.get(db) ?? null;
}

/**
 * For a route that changed watched rows: answers once this instance's caches have dropped what
 * the change made stale, so the writer's next call (a logout, then the old token) sees it.
 */
export async function settleChanges(db: object): Promise<void> {
  await changeFeedOf(db)?.settle();
}
