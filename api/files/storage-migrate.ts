// Copies the files of a local directory (DATA_DIR/files) into a storage (the bucket), key by key
// (the relative path), for `npm run storage:migrate` (api/files/storage-migrate-cli.ts).
// Idempotent and resumable: a key already there with the same size is skipped, so a run that
// was stopped (or failed for some files) is simply started again. A failed file is reported and
// the others go on.
import fs from 'node:fs';
import path from 'node:path';
import { assertValidKey, type FileStorage } from './storage';

export interface MigrationProgress {
  total: number;
  copied: number;
  skipped: number;
  failed: number;
  /** Bytes copied so far. */
  bytes: number;
}

export interface MigrationResult extends MigrationProgress {
  failures: Array<{ key: string; reason: string }>;
}

/** The stored files under root: relative keys with "/" (temporary files of interrupted writes left out). */
export function listStoredFiles(root: string): Array<{ key: string; size: number }> {
  const out: Array<{ key: string; size: number }> = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(abs);
      else if (entry.isFile() && !/\.[0-9a-f-]{36}\.part$/.test(entry.name))
        out.push({ key: path.relative(root, abs).split(path.sep).join('/'), size: fs.statSync(abs).size });
    }
  };
  if (fs.existsSync(root)) walk(root);
  return out;
}

export async function migrateFiles(
  root: string,
  target: FileStorage,
  opts: { concurrency?: number; onProgress?: (p: MigrationProgress) => void } = {},
): Promise<MigrationResult> {
  const files = listStoredFiles(root);
  const result: MigrationResult = { total: files.length, copied: 0, skipped: 0, failed: 0, bytes: 0, failures: [] };
  const tell = () =>
    opts.onProgress?.({
      total: result.total,
      copied: result.copied,
      skipped: result.skipped,
      failed: result.failed,
      bytes: result.bytes,
    });
  tell();
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const f = files[next++];
      if (!f) break;
      try {
        assertValidKey(f.key);
        if ((await target.size(f.key)) === f.size) {
          result.skipped++;
        } else {
          await target.put(f.key, fs.createReadStream(path.join(root, ...f.key.split('/'))));
          result.copied++;
          result.bytes += f.size;
        }
      } catch (err) {
        result.failed++;
        result.failures.push({ key: f.key, reason: err instanceof Error ? err.message : String(err) });
      }
      tell();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 4) }, worker));
  return result;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(1)} ${units[i]}`;
}

/** One line: "[#######-------]  47% 120/256 files, 12.0 MiB copied". */
export function progressLine(p: MigrationProgress, width = 30): string {
  const done = p.copied + p.skipped + p.failed;
  const ratio = p.total === 0 ? 1 : done / p.total;
  const filled = Math.round(ratio * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.floor(ratio * 100)).padStart(3)}% ${done}/${p.total} files, ${formatBytes(p.bytes)} copied`;
}

export function summaryLine(r: MigrationResult): string {
  return `storage:migrate: ${r.total} files, ${r.copied} copied (${formatBytes(r.bytes)}), ${r.skipped} already in the bucket, ${r.failed} failed`;
}
