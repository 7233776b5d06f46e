// npm run bench:bundle [-- --no-build]: builds the renderer and prints the JavaScript the first
// page (/login, or any address: every page loads the same index.html) downloads before it can
// run — index.html's module scripts and modulepreload links, and everything those chunks import
// statically, transitively — with each file's gzipped size. Chunks reached only through
// import() load when a screen needs them and are listed apart. Exit code 1 above the budget.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { nth, present } from '../helpers/indexing';

const BUDGET_KB = 150;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'dist/renderer');
const BASE = '/with-ag/';

if (!process.argv.includes('--no-build')) {
  execFileSync('npx', ['vite', 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const fileOf = (href: string) => path.join(dist, href.startsWith(BASE) ? href.slice(BASE.length) : href);
const entries = [
  ...[...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]),
  ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
].map((href) => fileOf(present(href, 'a script or modulepreload href')));
const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => fileOf(nth(m, 1)));

// Static imports in the minified ES module output: `import"./a.js"`, `import{x as y}from"./b.js"`,
// `export{…}from"./c.js"`; never `import(` (a dynamic import).
const STATIC = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
const DYNAMIC = /import\(\s*["'](\.{1,2}\/[^"']+\.js)["']\s*\)/g;

const initial = new Set<string>();
const lazy = new Set<string>();
const queue = [...entries];
while (queue.length) {
  const file = queue.shift()!;
  if (initial.has(file)) continue;
  initial.add(file);
  const code = fs.readFileSync(file, 'utf8');
  for (const m of code.matchAll(STATIC)) queue.push(path.resolve(path.dirname(file), nth(m, 1)));
  for (const m of code.matchAll(DYNAMIC)) lazy.add(path.resolve(path.dirname(file), nth(m, 1)));
}
// Vite lists a dynamic import's dependencies in a map of its own (__vite__mapDeps); any chunk
// file not loaded up front is, by construction, loaded later.
for (const name of fs.readdirSync(path.join(dist, 'assets'))) {
  const file = path.join(dist, 'assets', name);
  if (name.endsWith('.js') && !initial.has(file)) lazy.add(file);
}
for (const f of initial) lazy.delete(f);

const gz = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const rows = (files: Iterable<string>) =>
  [...files]
    .map((f) => ({ name: path.relative(dist, f), raw: fs.statSync(f).size, gzip: gz(f) }))
    .sort((a, b) => b.gzip - a.gzip);

const first = rows(initial);
const total = first.reduce((s, r) => s + r.gzip, 0);
console.log('First page JavaScript (index.html scripts, modulepreload and their static imports):');
for (const r of first) console.log(`  ${r.name.padEnd(48)} ${kb(r.raw).padStart(10)}  gzip ${kb(r.gzip).padStart(9)}`);
console.log(
  `  ${'total'.padEnd(48)} ${kb(first.reduce((s, r) => s + r.raw, 0)).padStart(10)}  gzip ${kb(total).padStart(9)}`,
);
const css = rows(styles);
console.log(`First page CSS: gzip ${kb(css.reduce((s, r) => s + r.gzip, 0))} (${css.map((r) => r.name).join(', ')})`);
const later = rows(lazy);
console.log(
  `Loaded on demand (${later.length} chunks): gzip ${kb(later.reduce((s, r) => s + r.gzip, 0))}; largest: ${later
    .slice(0, 5)
    .map((r) => `${r.name} ${kb(r.gzip)}`)
    .join(', ')}`,
);
const ok = total <= BUDGET_KB * 1024;
console.log(`${ok ? 'within' : 'OVER'} the budget of ${BUDGET_KB} KB gzipped JavaScript for the first page`);
process.exitCode = ok ? 0 : 1;
