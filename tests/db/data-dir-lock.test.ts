// The lock of the embedded database's data directory (api/db/data-dir-lock.ts): PGlite does not
// lock its files, so a second opener (another process, or a second open in this one) must be
// refused, while a lock left by a dead process is taken over.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { DataDirLockedError, lockDataDir } from '../../api/db/data-dir-lock';
import { openDatabase } from '../../api/db/connect';

const tempDir = (t: { teardown(fn: () => void): void }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};
const lockFile = (dir: string) => path.join(dir, 'portal.lock');

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};
/** A pid that no process has (999999 unless, by chance, it is taken). */
const deadPid = () => {
  for (let pid = 999_999; pid > 900_000; pid--) if (!isAlive(pid)) return pid;
  throw new Error('no free pid found');
};

const thrownBy = (fn: () => unknown): unknown => {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return undefined;
};

t.test('taking the lock writes our pid; release removes the file and may be called twice', async (t) => {
  const dir = tempDir(t);
  const release = lockDataDir(dir);
  t.equal(fs.readFileSync(lockFile(dir), 'utf8'), String(process.pid));
  release();
  t.notOk(fs.existsSync(lockFile(dir)), 'released');
  t.doesNotThrow(release, 'a second release is harmless');
  const again = lockDataDir(dir);
  t.ok(fs.existsSync(lockFile(dir)), 'the directory can be locked again after release');
  again();
});

t.test('the directory is created when it does not exist', async (t) => {
  const dir = path.join(tempDir(t), 'nested', 'data');
  const release = lockDataDir(dir);
  t.ok(fs.existsSync(lockFile(dir)));
  release();
});

t.test('a second lock in the same process is refused while the first is held', async (t) => {
  const dir = tempDir(t);
  const release = lockDataDir(dir);
  t.teardown(release);
  const err = thrownBy(() => lockDataDir(dir));
  t.ok(err instanceof DataDirLockedError, 'DataDirLockedError');
  t.match(String((err as Error).message), dir, 'the message names the directory');
  const viaOtherPath = thrownBy(() => lockDataDir(path.join(dir, '.', '..', path.basename(dir))));
  t.ok(viaOtherPath instanceof DataDirLockedError, 'also when the same directory is named another way');
  t.equal(fs.readFileSync(lockFile(dir), 'utf8'), String(process.pid), 'the first lock is intact');
});

t.test('a lock held by another live process is refused and left alone', async (t) => {
  const dir = tempDir(t);
  const other = process.ppid;
  t.ok(isAlive(other), `the parent process ${other} is alive`);
  fs.writeFileSync(lockFile(dir), String(other));
  const err = thrownBy(() => lockDataDir(dir));
  t.ok(err instanceof DataDirLockedError, 'DataDirLockedError');
  t.match(String((err as Error).message), `pid ${other}`, 'the message names the other process');
  t.equal(fs.readFileSync(lockFile(dir), 'utf8'), String(other), 'the other process keeps its lock');
});

t.test('a stale lock (dead pid, or not a pid at all) is taken over', async (t) => {
  for (const stale of [String(deadPid()), 'not-a-pid', '']) {
    const dir = tempDir(t);
    fs.writeFileSync(lockFile(dir), stale);
    const release = lockDataDir(dir);
    t.equal(fs.readFileSync(lockFile(dir), 'utf8'), String(process.pid), `"${stale}" replaced by our pid`);
    release();
    t.notOk(fs.existsSync(lockFile(dir)), 'and removed on release');
  }
});

t.test(
  'a lock file with our own pid that this process does not hold is stale (a restart with the same pid)',
  async (t) => {
    const dir = tempDir(t);
    fs.writeFileSync(lockFile(dir), String(process.pid));
    const release = lockDataDir(dir);
    t.ok(fs.existsSync(lockFile(dir)));
    release();
    t.notOk(fs.existsSync(lockFile(dir)));
  },
);

t.test('release leaves a lock file that is no longer ours', async (t) => {
  const dir = tempDir(t);
  const release = lockDataDir(dir);
  fs.writeFileSync(lockFile(dir), String(process.ppid)); // someone else took over meanwhile
  release();
  t.equal(fs.readFileSync(lockFile(dir), 'utf8'), String(process.ppid));
});

t.test('release does not pile up exit listeners', async (t) => {
  const dir = tempDir(t);
  const before = process.listenerCount('exit');
  for (let i = 0; i < 20; i++) lockDataDir(dir)();
  t.equal(process.listenerCount('exit'), before);
});

t.test('openDatabase on a data directory holds the lock until close', async (t) => {
  const dir = tempDir(t);
  const first = await openDatabase({ kind: 'pglite', dataDir: dir });
  let closed = false;
  t.teardown(async () => {
    if (!closed) await first.close();
  });
  t.equal(fs.readFileSync(lockFile(dir), 'utf8'), String(process.pid));
  const refused = await openDatabase({ kind: 'pglite', dataDir: dir }).then(
    async (h) => (await h.close(), undefined),
    (err: unknown) => err,
  );
  t.ok(refused instanceof DataDirLockedError, 'a second open of the same directory is refused with DataDirLockedError');
  await first.close();
  closed = true;
  t.notOk(fs.existsSync(lockFile(dir)), 'close releases the lock');
  const second = await openDatabase({ kind: 'pglite', dataDir: dir });
  t.equal(
    Number((await second.db.selectNoFrom((eb) => eb.val(1).as('one')).executeTakeFirstOrThrow()).one),
    1,
    'and the directory opens again',
  );
  await second.close();
});
