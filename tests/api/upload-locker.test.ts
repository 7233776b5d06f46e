// The lock of resumable uploads shared by the instances (api/files/upload-locker.ts): two lockers
// on two connections of one PostgreSQL database, as two instances would hold them. While one
// holds an upload the other waits, asks the holder to let go (tus then ends the holder's request),
// is refused when its request ends first, and gets the lock once the holder unlocks.
// PGlite runs one instance: tus's own in-memory locker serves it, so this file skips there.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import t from 'tap';
import { ERRORS } from '@tus/server';
import { AdvisoryLocker, UPLOAD_LOCK_NAMESPACE } from '../../api/files/upload-locker';

const url = process.env.DATABASE_URL;

/** A promise with its resolve function (to wait for a callback, not for time). */
function signal<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

t.test(
  'PostgreSQL advisory locks for uploads',
  { skip: url ? false : "needs PostgreSQL (DATABASE_URL): on PGlite one instance uses tus's in-memory locker" },
  async (t) => {
    const a = new AdvisoryLocker({ connectionString: url!, retryMs: 10 });
    const b = new AdvisoryLocker({ connectionString: url!, retryMs: 10 });
    t.teardown(async () => {
      await a.close();
      await b.close();
    });
    const never = new AbortController().signal;

    t.test('the second instance waits, asks the holder to let go, and gets it when the holder unlocks', async (t) => {
      const id = randomBytes(16).toString('hex');
      const asked = signal();
      const lockA = a.newLock(id);
      await lockA.lock(never, () => asked.resolve());

      let bHasIt = false;
      const lockB = b.newLock(id);
      const gotB = lockB.lock(never, () => {}).then(() => (bHasIt = true));
      await asked.promise; // the holder on the other connection heard the request (NOTIFY)
      t.notOk(bHasIt, 'not while the first holds it');

      const check = new pg.Client({ connectionString: url });
      await check.connect();
      t.teardown(() => check.end());
      const holders = async () =>
        (
          await check.query(
            `select count(*)::int as n from pg_locks where locktype = 'advisory' and classid = $1::oid and granted and database = (select oid from pg_database where datname = current_database())`,
            [UPLOAD_LOCK_NAMESPACE],
          )
        ).rows[0].n;
      t.equal(await holders(), 1, 'one advisory lock granted');

      await lockA.unlock();
      await gotB;
      t.ok(bHasIt, 'the second gets it once the first unlocks');
      await lockB.unlock();
      t.equal(await holders(), 0, 'released');
    });

    t.test('a request that ends while waiting is refused (ERR_LOCK_TIMEOUT), the holder keeps the lock', async (t) => {
      const id = randomBytes(16).toString('hex');
      const asked = signal();
      const lockA = a.newLock(id);
      await lockA.lock(never, () => asked.resolve());
      const ended = new AbortController();
      const attempt = b.newLock(id).lock(ended.signal, () => {});
      await asked.promise;
      ended.abort();
      t.equal(await attempt.catch((e: unknown) => e), ERRORS.ERR_LOCK_TIMEOUT, 'refused');
      t.ok(a.holders.has(id), 'the holder keeps it');
      t.equal(
        await a.tryLock(id).then(async (again) => (again ? (await a.unlock(id), 'reentrant') : 'refused')),
        'reentrant',
        'its own connection still holds it',
      );
      t.equal(await b.tryLock(id), false, 'the other connection still cannot take it');
      await lockA.unlock();
      t.equal(await b.tryLock(id), true, 'free once unlocked');
      await b.unlock(id);
    });

    t.test('two requests of one instance: the second asks the first to stop and waits for it', async (t) => {
      const id = randomBytes(16).toString('hex');
      const asked = signal();
      const first = a.newLock(id);
      await first.lock(never, () => asked.resolve());
      let secondHasIt = false;
      const second = a.newLock(id);
      const got = second.lock(never, () => {}).then(() => (secondHasIt = true));
      await asked.promise;
      t.notOk(secondHasIt, 'not while the first holds it');
      await first.unlock();
      await got;
      t.ok(secondHasIt);
      await second.unlock();
      t.notOk(a.holders.has(id));
    });

    t.test('the time to wait is bounded', async (t) => {
      const id = randomBytes(16).toString('hex');
      const lockA = a.newLock(id);
      await lockA.lock(never, () => {});
      const impatient = new AdvisoryLocker({ connectionString: url!, acquireLockTimeoutMs: 50, retryMs: 10 });
      t.teardown(() => impatient.close());
      t.equal(
        await impatient
          .newLock(id)
          .lock(never, () => {})
          .catch((e: unknown) => e),
        ERRORS.ERR_LOCK_TIMEOUT,
        'refused while the other holds it',
      );
      await lockA.unlock();
      const free = impatient.newLock(id);
      await free.lock(never, () => {});
      t.pass('taken once free');
      await free.unlock();
    });
  },
);
