// The audit trail made tamper-evident and readable (docs/audit.md): each row gets its place in a
// hash chain (seq, prev_hash, hash; api/audit/chain.ts), the chain's head and its anchor (the
// last pruned row) get a row each, the rows already written are chained in their order of
// writing, and the provider administrators get the 監査ログ screen (category 120).
import { sql, type Kysely } from 'kysely';
import { GENESIS_HASH, rowHash, type ChainedContent } from '../api/audit/chain';
import { runStatements } from './run-statements';

const BATCH = 1000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `alter table audit_logs add column seq bigint`,
    `alter table audit_logs add column prev_hash varchar(64)`,
    `alter table audit_logs add column hash varchar(64)`,
    // The hash covers the time in milliseconds (what a JavaScript Date holds): rows written by the
    // database's now() are brought to it once, before they are chained.
    `update audit_logs set created_at = date_trunc('milliseconds', created_at)`,
    `create table audit_chain_head (id smallint primary key check (id = 1), seq bigint not null, hash varchar(64) not null)`,
    `create table audit_chain_anchor (
      id smallint primary key check (id = 1),
      seq bigint not null,
      hash varchar(64) not null,
      pruned_before timestamptz
    )`,
    `insert into audit_chain_anchor (id, seq, hash) values (1, 0, '${GENESIS_HASH}')`,
  ]);

  // Chain what exists, oldest first (audit_id is the order of writing).
  let seq = 0;
  let prev = GENESIS_HASH;
  let after = 0;
  for (;;) {
    const rows = (
      await sql<Omit<ChainedContent, 'seq'> & { audit_id: number }>`
        select audit_id, created_at, actor_user_id, actor_ag_code, pseudo_user_id, pseudo_ag_code,
               action, entity, entity_id, before_data, after_data
        from audit_logs where audit_id > ${after} order by audit_id limit ${BATCH}`.execute(db)
    ).rows;
    if (!rows.length) break;
    for (const row of rows) {
      seq += 1;
      const hash = rowHash({ ...row, seq }, prev);
      await sql`update audit_logs set seq = ${seq}, prev_hash = ${prev}, hash = ${hash} where audit_id = ${row.audit_id}`.execute(
        db,
      );
      prev = hash;
      after = Number(row.audit_id);
    }
  }

  await runStatements(db, [
    `insert into audit_chain_head (id, seq, hash) values (1, ${seq}, '${prev}')`,
    `create unique index audit_logs_seq on audit_logs (seq)`,
    // The viewer's order and its keyset paging (created_at, audit_id), newest first.
    `create index audit_logs_time_idx on audit_logs (created_at, audit_id)`,
    `insert into categories (category_id, category_name, category_url, system_category_name, kind, audience, display_order)
      select 120, '監査ログ', '/kanri-audit', 'kanri-audit', 'admin', 'provider_admin', 120
      where exists (select 1 from categories where category_id = 100) and not exists (select 1 from categories where category_id = 120)`,
    `insert into role_permissions (role_id, category_id, parmition_flg)
      select r.role_id, 120, case when r.role_id = '01' then '1' else '0' end from roles r
      where exists (select 1 from categories where category_id = 120)
        and not exists (select 1 from role_permissions p where p.role_id = r.role_id and p.category_id = 120)`,
  ]);
}
