// `npm test` runs the API and unit test files in groups (tests/groups/group.ts): every such file
// is in exactly one group, the group files are numbered 1…n with no gap, and package.json's tap
// include runs the groups and the ungrouped folders, not the grouped files a second time.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { filesOfGroup, groupCount, GROUPED_FOLDERS } from '../groups/group';

t.test('every grouped test file runs in exactly one group', async (t) => {
  const count = groupCount();
  t.ok(count >= 2, `${count} groups`);
  for (let n = 1; n <= count; n++)
    t.ok(fs.existsSync(path.resolve('tests/groups', `${n}.test.ts`)), `group ${n} has its file`);
  const grouped = Array.from({ length: count }, (_x, i) => filesOfGroup(i + 1, count)).flat();
  const expected = GROUPED_FOLDERS.flatMap((d) =>
    fs
      .readdirSync(path.resolve('tests', d))
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => path.resolve('tests', d, f)),
  );
  t.same([...grouped].sort(), [...expected].sort(), 'the groups together hold every file');
  t.equal(new Set(grouped).size, grouped.length, 'no file in two groups');
  t.ok(grouped.includes(path.resolve('tests/unit/test-groups.test.ts')), 'this file too');
});

// Folders whose tests need services that `npm test` does not start (the two-instance test: an
// S3-compatible store and a load balancer, docs/operations.md): .ci/run runs them in a step of their own.
const OWN_CI_STEP = ['cluster'];

t.test("tap's include: the groups and the folders not grouped", async (t) => {
  const ciScript = fs.readFileSync('.ci/run', 'utf8');
  const include = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { tap: { include: string[] } }).tap.include;
  const folders = fs
    .readdirSync('tests', { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.readdirSync(path.join('tests', d.name)).some((f) => f.endsWith('.test.ts')));
  for (const d of folders) {
    const pattern = `tests/${d.name}/*.test.ts`;
    if (GROUPED_FOLDERS.includes(d.name)) t.notOk(include.includes(pattern), `${d.name} runs through the groups only`);
    else if (OWN_CI_STEP.includes(d.name))
      t.ok(ciScript.includes(`tests/${d.name}/`), `${d.name} runs in its own step of .ci/run`);
    else t.ok(include.includes(pattern), `${d.name} runs`);
  }
});
