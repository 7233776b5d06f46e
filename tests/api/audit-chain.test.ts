// Tamper evidence of the audit trail (docs/audit.md): rows chained at insert, also when several
// writers append at once; an edit, a deletion, a row slipped in by SQL and a cut-off tail are each
// found at the right row by the verifier (and the viewer's chain check says so); pruning keeps the
// rest verifiable and never prunes a broken part; migration 0024 chains the rows already there.
import { Migrator, sql, type Kysely } from 'kysely';
import t from 'tap';
import { GENESIS_HASH } from '../../api/audit/chain';
import { pruneAuditLogs } from '../../api/audit/prune';
import { recordAudit } from '../../api/audit/record';
import { verifyAuditChain } from '../../api/audit/verify';
import type { Caller } from '../../api/authority/caller';
import { openDatabase, type DatabaseHandle } from '../../api/db/connect';
import type { Database } from '../../api/db/schema';
import { migrations } from '../../migrations/index';
import { openTestDatabase } from '../helpers/test-db';

const caller: Caller = {
  sessionId: 's',
  userId: '0000000001',
  agCode: 'P0000001',
  daihyoCode: 'P0000001',
  roleId: '01',
  isAdmin: true,
  isProvider: true,
  pseudo: null,
};
const T0 = Date.parse('2026-01-01T00:00:00Z');
const DAY = 86_400_000;

async function write(db: Kysely<Database>, n: number, opts: { day?: number; entity?: string } = {}) {
  for (let i = 0; i < n; i++)
    await recordAudit(db, {
      caller,
      action: 'update',
      entity: opts.entity ?? 'banner',
      entityId: `${opts.day ?? 0}-${i}`,
      before: { title: `前 ${i}`, nested: { b: 1, a: [1, 'x'] } },
      after: { title: `後 ${i}`, body: '一行目\n二行目', flag: true },
      at: new Date(T0 + (opts.day ?? 0) * DAY + i),
    });
}

const idAt = async (db: Kysely<Database>, seq: number) =>
  Number(
    (await db.selectFrom('audit_logs').select('audit_id').where('seq', '=', seq).executeTakeFirstOrThrow()).audit_id,
  );

t.test('audit chain', async (t) => {
  const handle = await openTestDatabase();
  t.teardown(handle.close);
  const db = handle.db;

  t.test('rows are chained at insert, also by concurrent writers', async (t) => {
    t.match(await verifyAuditChain(db), { ok: true, rows: 0 }, 'an empty chain is intact');
    await write(db, 5);
    // Several transactions at once (on PostgreSQL, several connections): each waits for the head.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        db.transaction().execute((trx) =>
          recordAudit(trx, {
            caller,
            action: 'create',
            entity: 'icon_menu',
            entityId: i,
            after: { i },
            at: new Date(T0),
          }),
        ),
      ),
    );
    const rows = await db.selectFrom('audit_logs').select(['seq', 'prev_hash', 'hash']).orderBy('seq').execute();
    t.same(
      rows.map((r) => Number(r.seq)),
      Array.from({ length: 17 }, (_, i) => i + 1),
      'seq 1..17 without gap',
    );
    t.equal(rows[0]!.prev_hash, GENESIS_HASH);
    t.ok(
      rows.every((r, i) => i === 0 || r.prev_hash === rows[i - 1]!.hash),
      'each row names the one before',
    );
    t.match(await verifyAuditChain(db, { batchSize: 4 }), { ok: true, rows: 17, headSeq: 17 }, 'in batches of 4');
    // A rolled-back write takes its place in the chain with it.
    await db
      .transaction()
      .execute(async (trx) => {
        await recordAudit(trx, { caller, action: 'delete', entity: 'banner', entityId: 'x', at: new Date(T0) });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    t.match(await verifyAuditChain(db), { ok: true, rows: 17 });
  });

  t.test('an edit in SQL is found at that row, and so is a deleted row', async (t) => {
    const seven = await idAt(db, 7);
    const original = await db
      .selectFrom('audit_logs')
      .select('after_data')
      .where('audit_id', '=', seven)
      .executeTakeFirstOrThrow();
    await sql`update audit_logs set after_data = jsonb_set(after_data, '{title}', '"改ざん"') where audit_id = ${seven}`.execute(
      db,
    );
    t.match(await verifyAuditChain(db, { batchSize: 3 }), { ok: false, reason: 'changed', auditId: seven, seq: 7 });
    await sql`update audit_logs set after_data = ${JSON.stringify(original.after_data)}::jsonb where audit_id = ${seven}`.execute(
      db,
    );
    t.match(await verifyAuditChain(db), { ok: true }, 'put back: intact again (jsonb key order does not matter)');

    await sql`update audit_logs set actor_user_id = '0000000009' where audit_id = ${await idAt(db, 3)}`.execute(db);
    t.match(await verifyAuditChain(db), { ok: false, reason: 'changed', seq: 3 }, 'any column');
    await sql`update audit_logs set actor_user_id = '0000000001' where seq = 3`.execute(db);

    const eleven = await idAt(db, 11);
    const twelve = await idAt(db, 12);
    await sql`delete from audit_logs where audit_id = ${eleven}`.execute(db);
    t.match(
      await verifyAuditChain(db),
      { ok: false, reason: 'missing', auditId: twelve, seq: 12 },
      'the row after the gap',
    );
  });

  t.test('a row slipped in, and a cut-off tail', async (t) => {
    const other = await openTestDatabase();
    t.teardown(other.close);
    await write(other.db, 4);
    await sql`insert into audit_logs (actor_user_id, actor_ag_code, action, entity, entity_id) values ('x', 'x', 'update', 'banner', 'forged')`.execute(
      other.db,
    );
    const forged = Number(
      (
        await other.db
          .selectFrom('audit_logs')
          .select('audit_id')
          .where('entity_id', '=', 'forged')
          .executeTakeFirstOrThrow()
      ).audit_id,
    );
    t.match(await verifyAuditChain(other.db), { ok: false, reason: 'unchained', auditId: forged });
    await sql`delete from audit_logs where audit_id = ${forged}`.execute(other.db);
    // A forged row given the next place: its hash cannot be made without going through the head.
    await sql`delete from audit_logs where seq = 4`.execute(other.db);
    t.match(
      await verifyAuditChain(other.db),
      { ok: false, reason: 'head', auditId: null, seq: 4 },
      'the last row deleted',
    );
  });

  t.test('pruning keeps the rest verifiable', async (t) => {
    const p = await openTestDatabase();
    t.teardown(p.close);
    for (let day = 0; day < 5; day++) await write(p.db, 3, { day });
    const cutoff = new Date(T0 + 3 * DAY); // days 0, 1, 2: nine rows
    t.equal(await pruneAuditLogs(p.db, { before: cutoff, batchSize: 2 }), 9);
    t.equal(
      Number(
        (
          await p.db
            .selectFrom('audit_logs')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      6,
    );
    const anchor = await p.db.selectFrom('audit_chain_anchor').selectAll().executeTakeFirstOrThrow();
    t.equal(Number(anchor.seq), 9);
    t.match(
      await verifyAuditChain(p.db),
      { ok: true, rows: 6, fromSeq: 9, headSeq: 15 },
      'verify starts at the anchor',
    );
    t.equal(await pruneAuditLogs(p.db, { before: cutoff, batchSize: 2 }), 0, 'nothing more before the cutoff');
    await write(p.db, 1, { day: 9 });
    t.match(await verifyAuditChain(p.db), { ok: true, rows: 7 }, 'and the chain goes on');

    // A row that does not verify is never pruned: the evidence stays.
    await sql`update audit_logs set entity_id = 'changed' where seq = 11`.execute(p.db);
    await t.rejects(pruneAuditLogs(p.db, { before: new Date(T0 + 20 * DAY), batchSize: 100 }), /audit_id \d+/);
    t.equal(
      Number((await p.db.selectFrom('audit_chain_anchor').select('seq').executeTakeFirstOrThrow()).seq),
      9,
      'anchor kept',
    );
    t.match(await verifyAuditChain(p.db), { ok: false, reason: 'changed', seq: 11 });
    // A pruned row edited before pruning: the next row no longer follows the anchor.
    await sql`update audit_logs set entity_id = '4-1' where seq = 11`.execute(p.db);
    await sql`update audit_chain_anchor set hash = ${'f'.repeat(64)}`.execute(p.db);
    t.match(await verifyAuditChain(p.db), { ok: false, reason: 'relinked', seq: 10 }, 'an anchor changed by hand');
  });
});

t.test('migration 0024 chains the rows already written', async (t) => {
  const serverUrl = process.env.DATABASE_URL;
  let handle: DatabaseHandle;
  let drop: (() => Promise<void>) | undefined;
  if (serverUrl) {
    const name = `portal_audit_mig_${process.pid}`;
    const admin = await openDatabase({ kind: 'postgres', url: serverUrl });
    await sql.raw(`drop database if exists ${name}`).execute(admin.db);
    await sql.raw(`create database ${name} template template0 encoding 'UTF8'`).execute(admin.db);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    handle = await openDatabase({ kind: 'postgres', url: url.toString() });
    drop = async () => {
      await sql.raw(`drop database if exists ${name}`).execute(admin.db);
      await admin.close();
    };
  } else handle = await openDatabase({ kind: 'pglite', dataDir: null });
  t.teardown(async () => {
    await handle.close();
    await drop?.();
  });
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
  const before = await migrator.migrateTo('0023_global_navi_order_per_list');
  t.notOk(before.error);
  for (let i = 0; i < 5; i++)
    await sql`insert into audit_logs (actor_user_id, actor_ag_code, action, entity, entity_id, before_data, after_data)
      values ('0000000001', 'P0000001', 'update', 'content', ${String(i)}, ${JSON.stringify({ z: i, a: 'あ' })}::jsonb, null)`.execute(
      handle.db,
    );
  const after = await migrator.migrateToLatest();
  t.notOk(after.error, String(after.error));
  t.match(await verifyAuditChain(handle.db), { ok: true, rows: 5, headSeq: 5 });
  await write(handle.db, 2);
  t.match(await verifyAuditChain(handle.db), { ok: true, rows: 7 }, 'new rows follow the migrated ones');
});
