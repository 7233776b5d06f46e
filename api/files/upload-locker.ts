// The per-upload lock of tus (@tus/server's Locker) shared by every instance: PostgreSQL advisory
// locks, so that the chunks of one upload may land on any instance and two instances never write
// the same upload at once (docs/decisions.md section 7; docs/operations.md, "File storage").
//
// Each instance holds one connection of its own for them (session-level locks belong to the
// connection that took them; a pooled one would be handed to other queries). Within the instance
// a map says which request holds which upload, as tus's MemoryLocker does. A request that finds
// the upload locked asks the holder to let go — within the instance directly, on another one by
// NOTIFY on a channel every locker LISTENs to (tus then ends the holder's request, which unlocks)
// — and tries again until it gets the lock or its time is up (ERR_LOCK_TIMEOUT).
// If the connection breaks, the server has dropped its locks: every holder of this instance is
// asked to stop, and the next lock opens a new connection.
import pg from 'pg';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';

/** First key of the two-key advisory locks ("tus\0"); the second is hashtext(upload id). */
export const UPLOAD_LOCK_NAMESPACE = 0x74757300;
export const UPLOAD_LOCK_CHANNEL = 'portal_upload_lock_release';

export interface AdvisoryLockerOptions {
  connectionString: string;
  /** How long a request waits for an upload another request holds (default 30 s, as tus's own locker). */
  acquireLockTimeoutMs?: number;
  /** Pause between two tries while waiting (default 100 ms). */
  retryMs?: number;
}

interface Holder {
  release: RequestRelease;
}

export class AdvisoryLocker implements Locker {
  readonly holders = new Map<string, Holder>();
  private client: Promise<pg.Client> | null = null;
  private closed = false;

  constructor(private readonly opts: AdvisoryLockerOptions) {}

  newLock(id: string): Lock {
    return new AdvisoryLock(this, id, this.opts.acquireLockTimeoutMs ?? 30_000, this.opts.retryMs ?? 100);
  }

  private connection(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error('the upload locker is closed'));
    this.client ??= (async () => {
      const c = new pg.Client({ connectionString: this.opts.connectionString, connectionTimeoutMillis: 5000 });
      const lost = () => {
        if (!this.client) return;
        this.client = null;
        c.end().catch(() => undefined);
        // The server released every lock of the connection: no holder may go on writing.
        for (const h of this.holders.values()) void Promise.resolve(h.release()).catch(() => undefined);
      };
      c.on('error', lost);
      c.on('end', lost);
      c.on('notification', (msg) => {
        if (msg.channel !== UPLOAD_LOCK_CHANNEL || !msg.payload) return;
        const holder = this.holders.get(msg.payload);
        if (holder) void Promise.resolve(holder.release()).catch(() => undefined);
      });
      try {
        await c.connect();
        await c.query(`listen ${UPLOAD_LOCK_CHANNEL}`);
      } catch (err) {
        this.client = null;
        c.end().catch(() => undefined);
        throw err;
      }
      return c;
    })();
    return this.client;
  }

  /** Takes the advisory lock of the upload without waiting; false when someone holds it. */
  async tryLock(id: string): Promise<boolean> {
    const c = await this.connection();
    const r = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [
      UPLOAD_LOCK_NAMESPACE,
      id,
    ]);
    return r.rows[0]?.ok === true;
  }

  async unlock(id: string): Promise<void> {
    const c = await this.client?.catch(() => null);
    // A lost connection already released it on the server.
    if (c)
      await c.query('select pg_advisory_unlock($1, hashtext($2))', [UPLOAD_LOCK_NAMESPACE, id]).catch(() => undefined);
  }

  /** Asks whoever holds the upload on another instance to let go. */
  async askRelease(id: string): Promise<void> {
    const c = await this.connection();
    await c.query('select pg_notify($1, $2)', [UPLOAD_LOCK_CHANNEL, id]);
  }

  async close(): Promise<void> {
    this.closed = true;
    const c = await this.client?.catch(() => null);
    this.client = null;
    if (c) await c.end().catch(() => undefined);
  }
}

class AdvisoryLock implements Lock {
  private holder: Holder | null = null;

  constructor(
    private readonly locker: AdvisoryLocker,
    private readonly id: string,
    private readonly timeoutMs: number,
    private readonly retryMs: number,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.timeoutMs;
    let askedAt = 0;
    for (;;) {
      // tus answers the errors it throws itself: a { status_code, body } object, not an Error.
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the tus server's own error shape
      if (signal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      const local = this.locker.holders.get(this.id);
      if (local) {
        // Another request of this instance has it (or is taking it): ask it to stop, as tus's own locker does.
        await local.release();
      } else {
        const mine: Holder = { release: requestRelease };
        this.locker.holders.set(this.id, mine); // set before the query: no other local request tries meanwhile
        let got = false;
        try {
          got = await this.locker.tryLock(this.id);
        } finally {
          if (!got && this.locker.holders.get(this.id) === mine) this.locker.holders.delete(this.id);
        }
        if (got) {
          this.holder = mine;
          return;
        }
        // Held on another instance: ask it to let go (again every second while waiting).
        if (Date.now() - askedAt >= 1000) {
          askedAt = Date.now();
          await this.locker.askRelease(this.id);
        }
      }
      await pause(this.retryMs, signal);
    }
  }

  async unlock(): Promise<void> {
    if (!this.holder) throw new Error('Releasing an unlocked lock!');
    const mine = this.holder;
    this.holder = null;
    await this.locker.unlock(this.id);
    if (this.locker.holders.get(this.id) === mine) this.locker.holders.delete(this.id);
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
