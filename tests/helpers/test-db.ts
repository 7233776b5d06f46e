// A fresh, migrated database per test file — and, when asked, one already holding the demo
// seeds: PGlite in memory by default, or a new database on the PostgreSQL server of
// DATABASE_URL (UTF-8 / C.UTF-8, dropped afterwards).
//
// On PostgreSQL, migrating and seeding are done once into a template database `portal_tpl_…`
// that every test file copies (`create database … template`). A template is named by a hash of
// everything that shapes it (migrations, seeds, the API code they call, the schemas, the seeding
// day and today's date), so a change to any of them builds a new one; the first process to need
// it builds it under an advisory lock while the others wait. On PGlite the same key names a
// dumped cluster in the temporary directory that every file loads (see openPgliteClone).
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

/** The database; `url` names it on a PostgreSQL server (for a second connection of a test's own). */
export async function openTestDatabase(opts: TestDatabaseOptions = {}): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl ? openPostgresClone(serverUrl, templateKey(opts), opts) : openPgliteClone(templateKey(opts), opts);
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
      else if (entry.isFile())
        h.update(child)
          .update('\0')
          .update(fs.readFileSync(path.join(root, child)))
          .update('\0');
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

// ---- PGlite: a template cluster per key ------------------------------------------------------
// The migrated (and seeded) cluster is dumped once (dumpDataDir, uncompressed: ~40 MB) to a file
// in the temporary directory named by the same key as the PostgreSQL template, and each file
// starts its PGlite from it (loadDataDir, which also skips initdb): ~0.8 s instead of ~3 s of
// migrating and seeding. Two processes that find no file both build it and rename it into place
// (the same bytes either way); no lock, so nothing waits on another process.

const pgliteTemplates = new Map<string, Buffer>();

async function openPgliteClone(key: string, opts: TestDatabaseOptions): Promise<DatabaseHandle> {
  const file = path.join(os.tmpdir(), `portal-pglite-tpl-${key}.tar`);
  let bytes = pgliteTemplates.get(key) ?? readIfThere(file);
  if (!bytes) {
    const handle = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      await prepare(handle, opts);
      bytes = Buffer.from(await (await handle.dumpDataDir!()).arrayBuffer());
    } finally {
      await handle.close();
    }
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, bytes);
    fs.renameSync(partial, file); // complete or absent: a build cut short is never loaded
    dropOldPgliteTemplates(file);
  }
  pgliteTemplates.set(key, bytes);
  return openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: new Blob([new Uint8Array(bytes)]) });
}

function readIfThere(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

function dropOldPgliteTemplates(keep: string) {
  const dir = path.dirname(keep);
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith('portal-pglite-tpl-') || path.join(dir, name) === keep) continue;
    try {
      if (fs.statSync(path.join(dir, name)).mtimeMs < dayAgo) fs.unlinkSync(path.join(dir, name));
    } catch {
      // another process removed it first
    }
  }
}

// ---- PostgreSQL: a template database -------------------------------------------------------

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function openPostgresClone(
  serverUrl: string,
  key: string,
  opts: TestDatabaseOptions,
): Promise<DatabaseHandle & { url: string }> {
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
  const url = withDatabase(serverUrl, name);
  const handle = await openDatabase({ kind: 'postgres', url });
  return {
    ...handle,
    url,
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
async function ensurePostgresTemplate(
  admin: pg.Client,
  serverUrl: string,
  template: string,
  opts: TestDatabaseOptions,
) {
  const exists = async () =>
    (await admin.query(`select 1 from pg_database where datname = $1 and datallowconn`, [template])).rowCount === 1;
  if (await exists()) return;
  await admin.query(`select pg_advisory_lock(hashtext('portal test templates'))`);
  try {
    if (await exists()) return;
    const building = `${template}_b`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(
      `create database ${building} template template0 encoding 'UTF8' lc_collate 'C.UTF-8' lc_ctype 'C.UTF-8'`,
    );
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
