// npm run storage:migrate: copies the files kept on local disk (DATA_DIR/files) into the bucket
// of S3_BUCKET … (docs/operations.md, "File storage"). Safe to run again at any time: files
// already in the bucket with the same size are skipped. A progress bar on a terminal, one
// summary line at the end; exits 1 when a file could not be copied (run it again).
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { s3Storage } from './s3-storage';
import { migrateFiles, progressLine, summaryLine } from './storage-migrate';

async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.s3)
    throw new ConfigError(
      'storage:migrate copies DATA_DIR/files into the bucket: set S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
  const root = path.join(config.dataDir, 'files');
  const bucket = s3Storage(config.s3);
  try {
    await bucket.probe();
  } catch (err) {
    console.error(`Cannot reach the bucket: ${(err as Error).message}`);
    return 1;
  }
  console.error(`Copying ${root} to bucket ${config.s3.bucket} at ${config.s3.endpoint} …`);
  const tty = process.stderr.isTTY;
  let last = 0;
  const result = await migrateFiles(root, bucket, {
    onProgress: (p) => {
      if (!tty) return;
      const now = Date.now();
      const finished = p.copied + p.skipped + p.failed === p.total;
      if (now - last < 100 && !finished) return; // redraw at most ten times a second
      last = now;
      process.stderr.write(`\r${progressLine(p)}`);
    },
  });
  if (tty) process.stderr.write('\n');
  for (const f of result.failures) console.error(`  failed: ${f.key}: ${f.reason}`);
  console.log(summaryLine(result));
  return result.failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? `Cannot start: ${err.message}` : err);
    process.exit(1);
  },
);
