// The hash chain of the audit trail (docs/audit.md, "Tamper evidence"): every row carries seq
// (1, 2, 3 … with no gap), the previous row's hash and its own hash, SHA-256 over a canonical
// serialisation of its content plus that previous hash. Changing, deleting or slipping in a row
// breaks the chain at that row, which api/audit/verify.ts finds.
//
// audit_chain_head (one row) holds the last seq and hash. A writer takes it FOR UPDATE inside
// the writing transaction, so instances append one after another and a rolled-back change takes
// its audit row and its place in the chain with it. audit_chain_anchor (one row) holds the seq
// and hash of the last pruned row (api/audit/prune.ts): the chain that remains starts after it.
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The prev_hash of the first row ever written. */
export const GENESIS_HASH = '0'.repeat(64);

/** What a row's hash covers: every column but audit_id (a sequence number the database hands out) and the hash itself. */
export interface ChainedContent {
  seq: number;
  created_at: Date;
  actor_user_id: string;
  actor_ag_code: string;
  pseudo_user_id: string;
  pseudo_ag_code: string;
  action: string;
  entity: string;
  entity_id: string;
  before_data: unknown;
  after_data: unknown;
}

/**
 * JSON with object keys sorted, so a value reads the same after a round trip through jsonb (which
 * reorders keys). Numbers, strings and booleans are JSON's own; undefined members are left out as
 * JSON.stringify leaves them.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The row's hash: hex SHA-256 of [content in a fixed order, prev_hash] as canonical JSON. */
export function rowHash(row: ChainedContent, prevHash: string): string {
  const content = [
    row.seq,
    new Date(row.created_at).toISOString(),
    row.actor_user_id,
    row.actor_ag_code,
    row.pseudo_user_id,
    row.pseudo_ag_code,
    row.action,
    row.entity,
    row.entity_id,
    row.before_data ?? null,
    row.after_data ?? null,
    prevHash,
  ];
  return createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex');
}

const jsonText = (v: unknown): string | null => (v === undefined || v === null ? null : (JSON.stringify(v) ?? null));

/** A row as the writer hands it over, without its place in the chain. */
export type UnchainedRow = Omit<ChainedContent, 'seq'>;

/**
 * Appends one row at the chain's head. `trx` must be a transaction: the head stays locked until it
 * commits, so the next writer (on any instance) chains after this row, or after its predecessor
 * if this transaction rolls back.
 */
export async function appendChained(trx: Kysely<Database>, row: UnchainedRow): Promise<void> {
  const head = await sql<{ seq: number; hash: string }>`select seq, hash from audit_chain_head where id = 1 for update`
    .execute(trx)
    .then((r) => r.rows[0]);
  if (!head) throw new Error('audit_chain_head has no row (migration 0024 not applied?)');
  const seq = Number(head.seq) + 1;
  const before = jsonText(row.before_data);
  const after = jsonText(row.after_data);
  // Hashed as the verifier will read them back: the JSON as jsonb returns it, the time in milliseconds.
  const chained: ChainedContent = {
    ...row,
    seq,
    created_at: new Date(new Date(row.created_at).getTime()),
    before_data: before === null ? null : JSON.parse(before),
    after_data: after === null ? null : JSON.parse(after),
  };
  const hash = rowHash(chained, head.hash);
  await trx
    .insertInto('audit_logs')
    .values({
      ...row,
      before_data: before,
      after_data: after,
      created_at: chained.created_at,
      seq,
      prev_hash: head.hash,
      hash,
    })
    .execute();
  await trx.updateTable('audit_chain_head').set({ seq, hash }).where('id', '=', 1).execute();
}
