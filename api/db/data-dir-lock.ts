// PGlite does not lock its data directory, and a second process opening it can corrupt it.
// A lock file holding our pid refuses a second start; a stale file (dead pid) is taken over.
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Directories this process holds. A lock file with our own pid that is not in here is stale
// (a container restarted with the same pid); one that is in here is a second open in this process.
const heldHere = new Set<string>();

export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'portal.lock');
  const key = fs.realpathSync(dir);
  if (heldHere.has(key))
    throw new DataDirLockedError(`The embedded database in ${dir} is already open in this process.`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      heldHere.add(key);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(key);
        process.removeListener('exit', release);
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The embedded database in ${dir} is in use by another process (pid ${pid}). Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      fs.unlinkSync(file); // stale lock from a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}`);
}
