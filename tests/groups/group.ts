// `npm test` runs the API and unit test files in a few processes rather than one each: a test
// process spends ~4 s of CPU starting (Node, the TypeScript loader, the app's modules) before
// its first test, which was half of the suite's CPU (docs/performance.md, "Test loop").
//
// The groups are the files tests/groups/<n>.test.ts; each imports its share of the test files,
// one after the other, so their tests run in that process in file order. The share is taken
// from the folders' listing, so a new test file joins a group by itself and no file is left
// out (tests/unit/test-groups.test.ts). Every file still runs alone too: `npx tap <file>`.
// Each test file builds its own app and database as before; nothing is shared but the modules.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const TESTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The folders whose files run in groups (tests/db's files check process-wide locks: alone). */
export const GROUPED_FOLDERS = ['api', 'unit'];

const testFilesIn = (dir: string) =>
  fs
    .readdirSync(path.join(TESTS, dir))
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
    .map((f) => path.join(TESTS, dir, f));

/** The group files, by number (1.test.ts, 2.test.ts, …). */
export function groupCount(): number {
  return fs.readdirSync(path.join(TESTS, 'groups')).filter((f) => /^[0-9]+\.test\.ts$/.test(f)).length;
}

/** The test files of group `n` (1-based) of `count`: dealt round robin, folder by folder. */
export function filesOfGroup(n: number, count = groupCount()): string[] {
  const all = GROUPED_FOLDERS.flatMap(testFilesIn);
  return all.filter((_f, i) => i % count === n - 1);
}

/** Runs group `n`: imports its test files in order (each registers its tests with tap). */
export async function runGroup(n: number): Promise<void> {
  for (const file of filesOfGroup(n)) await import(pathToFileURL(file).href);
}
