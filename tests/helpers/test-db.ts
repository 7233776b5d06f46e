// A fresh, migrated database per test file — and, when asked, one already holding the demo
// seeds: PGlite in memory by default, or a new database on the PostgreSQL server of
// DATABASE_URL (UTF-8 / C.UTF-8, dropped afterwards).
//
// Migrating and seeding take seconds per file, and an empty PGlite cluster costs an initdb on
// top, so both are done once into a template that every test file then copies: on PGlite a
// tar of the data directory (dumpDataDir / loadDataDir) kept in the system's temporary
// directory, on PostgreSQL a database `portal_tpl_…` used as `create database … template`.
// A template is named by a hash of everything that shapes it (migrations, seeds, the API code
// they call, the schemas, the PGlite version, the seeding day and today's date), so a change
// to any of them builds a new one; the first process to need it builds it under a lock while
// the others wait.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../api/db/connect';
import { migrateToLatest } from '../../api/db/migrate';
import { seedIfEmpty } from '../../seeds/index';

export interface TestDatabaseOptions {
  /** Load the demo seeds (rows only, placed around this yyyy-MM-dd); the caller writes the seed files to its storage. */
  seed?: { today: string };
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCES = ['migrations', 'seeds', 'api', 'schemas'];
const BUILD_WAIT_MS = 180_000;

export async function openTestDatabase(opts: TestDatabaseOptions = {}): Promise<DatabaseHandle> {
  const key = templateKey(opts);
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl ? openPostgresClone(serverUrl, key, opts) : openPgliteClone(key, opts);
}

async function prepare(handle: DatabaseHandle, opts: TestDatabaseOptions): Promise<void> {
  await migrateToLatest(handle.db);
  if (opts.seed) await seedIfEmpty(handle.db, { today: opts.seed.today });
}

// ---- the template's name -----------------------------------------------------------------

let sourceHash: string | undefined;

function hashSources(): string {
  if (sourceHash) return sourceHash;
  const h = createHash('sha256');
  const walk = (rel: string) => {
    const abs = path.join(root, rel);
    for (const entry of fs.readdirSync(abs, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) h.update(child).update('\0').update(fs.readFileSync(path.join(root, child))).update('\0');
    }
  };
  for (const dir of SOURCES) walk(dir);
  h.update(fs.readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json')));
  sourceHash = h.digest('hex');
  return sourceHash;
}

function templateKey(opts: TestDatabaseOptions): string {
  const today = new Date().toISOString().slice(0, 10); // database defaults such as now() age with the template
  const seeded = opts.seed ? `seed-${opts.seed.today}` : 'bare';
  return createHash('sha256').update(`${hashSources()}|${seeded}|${today}`).digest('hex').slice(0, 20);
}

// ---- PGlite: a tar of the data directory ---------------------------------------------------

const templateDir = path.join(os.tmpdir(), 'portal-test-templates');

async function openPgliteClone(key: string, opts: TestDatabaseOptions): Promise<DatabaseHandle> {
  const file = path.join(templateDir, `${key}.tar`);
  const tar = await readOrBuild(file, async () => {
    const fresh = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      await prepare(fresh, opts);
      return Buffer.from(await (await fresh.dumpDataDir!()).arrayBuffer());
    } finally {
      await fresh.close();
    }
  });
  return openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: new Blob([new Uint8Array(tar.buffer as ArrayBuffer, tar.byteOffset, tar.byteLength)]) });
}

/** The template file, built by this process under an exclusive lock file if nobody has yet. */
async function readOrBuild(file: string, build: () => Promise<Buffer>): Promise<Buffer> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const lock = `${file}.lock`;
  const deadline = Date.now() + BUILD_WAIT_MS;
  for (;;) {
    if (fs.existsSync(file)) return fs.readFileSync(file);
    let fd: number | undefined;
    try {
      fd = fs.openSync(lock, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    if (fd !== undefined) {
      try {
        const bytes = await build();
        const partial = `${file}.${process.pid}.partial`;
        fs.writeFileSync(partial, bytes);
        fs.renameSync(partial, file); // whole or absent, never half written
        pruneOldTemplates(file);
        return bytes;
      } finally {
        fs.closeSync(fd);
        fs.rmSync(lock, { force: true });
      }
    }
    // Another process is building it; a lock older than the wait is left by a killed run.
    const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > BUILD_WAIT_MS) fs.rmSync(lock, { force: true });
    if (Date.now() > deadline) throw new Error(`test database template ${file} was not built within ${BUILD_WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Templates of other days or sources unused for a day go, so the temporary directory does not fill up. */
function pruneOldTemplates(keep: string) {
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of fs.readdirSync(templateDir)) {
    const p = path.join(templateDir, name);
    if (p === keep || !name.endsWith('.tar')) continue;
    const st = fs.statSync(p, { throwIfNoEntry: false });
    if (st && st.atimeMs < dayAgo && st.mtimeMs < dayAgo) fs.rmSync(p, { force: true });
  }
}

// ---- PostgreSQL: a template database -------------------------------------------------------

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function openPostgresClone(serverUrl: string, key: string, opts: TestDatabaseOptions): Promise<DatabaseHandle> {
  const template = `portal_tpl_${key}`;
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await ensurePostgresTemplate(admin, serverUrl, template, opts);
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ kind: 'postgres', url: withDatabase(serverUrl, name) });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Builds the template database once per key; an advisory lock keeps concurrent files from building it twice. */
async function ensurePostgresTemplate(admin: pg.Client, serverUrl: string, template: string, opts: TestDatabaseOptions) {
  const exists = async () => (await admin.query(`select 1 from pg_database where datname = $1 and datallowconn`, [template])).rowCount === 1;
  if (await exists()) return;
  await admin.query(`select pg_advisory_lock(hashtext('portal test templates'))`);
  try {
    if (await exists()) return;
    const building = `${template}_b`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building} template template0 encoding 'UTF8' lc_collate 'C.UTF-8' lc_ctype 'C.UTF-8'`);
    const handle = await openDatabase({ kind: 'postgres', url: withDatabase(serverUrl, building) });
    try {
      await prepare(handle, opts);
    } finally {
      await handle.close();
    }
    // Renamed only when complete, so a build cut short is never cloned.
    await admin.query(`alter database ${building} rename to ${template}`);
    await admin.query(`comment on database ${template} is '${new Date().toISOString()}'`);
    await dropOldPostgresTemplates(admin, template);
  } finally {
    await admin.query(`select pg_advisory_unlock(hashtext('portal test templates'))`);
  }
}

async function dropOldPostgresTemplates(admin: pg.Client, keep: string) {
  const { rows } = await admin.query<{ datname: string; built: string | null }>(
    `select datname, shobj_description(oid, 'pg_database') as built from pg_database where datname like 'portal\\_tpl\\_%' and datname <> $1`,
    [keep],
  );
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const r of rows) {
    if (r.built && Date.parse(r.built) > dayAgo) continue; // another checkout's, still fresh
    await admin.query(`drop database if exists ${r.datname}`).catch(() => {}); // in use: left for a later run
  }
}
