// npm run bench:search-rebuild  (DATABASE_URL: the database to rebuild, e.g. a copy of a data set
// of tests/bench/scale/dataset.ts)
//
// Times rebuildSearchIndex (docs/performance.md "The index build") on an existing database: the
// documents written, then the GIN build with the statistics, and the CPU each phase took of this
// process and of the database's backends (read from /proc: on the database's own machine only).
import fs from 'node:fs';
import os from 'node:os';
import { loadConfig } from '../../api/config';
import { openDatabase } from '../../api/db/connect';
import { rebuildSearchIndex } from '../../api/search/index-content';

const config = loadConfig();
if (!config.databaseUrl) throw new Error('DATABASE_URL names the database to rebuild');
const dbName = new URL(config.databaseUrl).pathname.slice(1);
const handle = await openDatabase({ kind: 'postgres', url: config.databaseUrl });

const TICKS = 100; // USER_HZ: /proc counts CPU time in these on Linux

/** CPU seconds (user + system) of a process, or 0 when it is gone. */
function cpuOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** CPU seconds of every backend of this database (their process titles name it), by process id. */
function backends(): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let title: string;
    try {
      title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (title.startsWith('postgres: ') && title.split(' ').includes(dbName))
      out.set(Number(entry), cpuOf(Number(entry)));
  }
  return out;
}

/** The CPU the backends took since `since` (a backend started meanwhile counts from zero). */
function backendCpuSince(since: Map<number, number>): number {
  let sum = 0;
  for (const [pid, cpu] of backends()) sum += cpu - (since.get(pid) ?? 0);
  return sum;
}

const nodeCpu = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;

try {
  const load = () => os.loadavg()[0]!.toFixed(2);
  const loadBefore = load();
  const pg0 = backends();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let t1 = 0;
  let pg1 = new Map<number, number>();
  let cpu1 = cpu0;
  const r = await rebuildSearchIndex(handle.db, {
    onProgress: ({ phase }) => {
      if (phase !== 'index' || t1) return;
      t1 = performance.now();
      pg1 = backends();
      cpu1 = process.cpuUsage();
    },
  });
  const t2 = performance.now();
  const s = (x: number) => x.toFixed(1);
  console.log(
    JSON.stringify({
      documents: r.documents,
      writingS: s((t1 - t0) / 1000),
      indexS: s((t2 - t1) / 1000),
      totalS: s((t2 - t0) / 1000),
      writingCpu: {
        node: s(nodeCpu(process.cpuUsage(cpu0)) - nodeCpu(process.cpuUsage(cpu1))),
        postgres: s(backendCpuSince(pg0) - backendCpuSince(pg1)),
      },
      indexCpu: { node: s(nodeCpu(process.cpuUsage(cpu1))), postgres: s(backendCpuSince(pg1)) },
      load: `${loadBefore} → ${load()}`,
    }),
  );
} finally {
  await handle.close();
}
