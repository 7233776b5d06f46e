// Walks the audit chain (api/audit/chain.ts) from its anchor to its head in batches and names the
// first row that breaks it (docs/audit.md, "Checking the chain"):
//   changed      the row's hash is not the hash of its content (a column was edited)
//   relinked     its prev_hash is not the previous row's hash (a row before it was replaced)
//   missing      its seq is not the previous seq + 1 (rows were deleted before it)
//   unchained    a row without a seq (written past recordAudit, e.g. by SQL)
//   head         the last row is not the head the writers recorded (rows were deleted at the end)
// Memory stays at one batch whatever the size; time is linear in the rows (docs/audit.md, "Scale").
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { rowHash } from './chain';

export type ChainBreak = 'changed' | 'relinked' | 'missing' | 'unchained' | 'head';

export type ChainReport =
  | { ok: true; rows: number; fromSeq: number; headSeq: number }
  | {
      ok: false;
      rows: number;
      reason: ChainBreak;
      /** The row where the chain breaks (null when rows at the end are gone). */
      auditId: number | null;
      seq: number | null;
      detail: string;
    };

const DEFAULT_BATCH = 5000;

export async function verifyAuditChain(db: Kysely<Database>, opts: { batchSize?: number } = {}): Promise<ChainReport> {
  const batchSize = opts.batchSize ?? DEFAULT_BATCH;
  // Head and anchor first: a writer that commits during the walk only adds rows past the head read here.
  const head = await db.selectFrom('audit_chain_head').select(['seq', 'hash']).where('id', '=', 1).executeTakeFirst();
  const anchor = await db
    .selectFrom('audit_chain_anchor')
    .select(['seq', 'hash'])
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!head || !anchor)
    return {
      ok: false,
      rows: 0,
      reason: 'head',
      auditId: null,
      seq: null,
      detail: 'the chain head or anchor row is gone',
    };

  const unchained = await db
    .selectFrom('audit_logs')
    .select(['audit_id'])
    .where('seq', 'is', null)
    .orderBy('audit_id')
    .limit(1)
    .executeTakeFirst();
  if (unchained)
    return {
      ok: false,
      rows: 0,
      reason: 'unchained',
      auditId: Number(unchained.audit_id),
      seq: null,
      detail: `audit_id ${unchained.audit_id} has no place in the chain (inserted past the application)`,
    };

  const headSeq = Number(head.seq);
  const fromSeq = Number(anchor.seq);
  let prevSeq = fromSeq;
  let prevHash = anchor.hash;
  let rows = 0;
  for (;;) {
    const batch = await db
      .selectFrom('audit_logs')
      .selectAll()
      .where('seq', '>', prevSeq)
      .where('seq', '<=', headSeq)
      .orderBy('seq')
      .limit(batchSize)
      .execute();
    if (!batch.length) break;
    for (const row of batch) {
      const seq = Number(row.seq);
      const at = { auditId: Number(row.audit_id), seq };
      if (seq !== prevSeq + 1)
        return {
          ok: false,
          rows,
          reason: 'missing',
          ...at,
          detail: `seq ${prevSeq + 1}${seq - 1 > prevSeq + 1 ? `–${seq - 1}` : ''} before audit_id ${row.audit_id} is gone`,
        };
      if (row.prev_hash !== prevHash)
        return {
          ok: false,
          rows,
          reason: 'relinked',
          ...at,
          detail: `audit_id ${row.audit_id} does not follow the row before it`,
        };
      if (row.hash !== rowHash({ ...row, seq }, prevHash))
        return {
          ok: false,
          rows,
          reason: 'changed',
          ...at,
          detail: `audit_id ${row.audit_id} was changed after it was written`,
        };
      prevSeq = seq;
      prevHash = row.hash;
      rows += 1;
    }
  }
  if (prevSeq !== headSeq || prevHash !== head.hash)
    return {
      ok: false,
      rows,
      reason: 'head',
      auditId: null,
      seq: prevSeq + 1,
      detail: `the chain ends at seq ${prevSeq}, but ${headSeq} rows were written: the last rows are gone`,
    };
  return { ok: true, rows, fromSeq, headSeq };
}
