// Retention of the audit trail (docs/audit.md, "Pruning"): deletes the oldest rows written before
// a cutoff, a batch per transaction so no lock is held long, and moves the chain's anchor to the
// last deleted row, so the rows that remain still verify (api/audit/verify.ts starts at the anchor).
// Only a prefix of the chain goes: pruning stops at the first row at or after the cutoff, and a
// batch whose rows do not verify is left in place (the evidence of tampering is never pruned).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { rowHash } from './chain';

export class AuditPruneRefused extends Error {}

/** Deletes audit rows written before `before`, oldest first, `batchSize` per transaction; answers how many. */
export async function pruneAuditLogs(
  db: Kysely<Database>,
  { before, batchSize }: { before: Date; batchSize: number },
): Promise<number> {
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError('batchSize must be a positive integer');
  let pruned = 0;
  for (;;) {
    const deleted = await db.transaction().execute(async (trx) => {
      // The anchor locked: two purges (two instances) never move it past each other.
      const anchor = await trx
        .selectFrom('audit_chain_anchor')
        .select(['seq', 'hash'])
        .where('id', '=', 1)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const rows = await trx
        .selectFrom('audit_logs')
        .selectAll()
        .where('seq', '>', Number(anchor.seq))
        .orderBy('seq')
        .limit(batchSize)
        .execute();
      let prevSeq = Number(anchor.seq);
      let prevHash = anchor.hash;
      let last = -1;
      for (const [i, row] of rows.entries()) {
        if (new Date(row.created_at).getTime() >= before.getTime()) break;
        const seq = Number(row.seq);
        if (seq !== prevSeq + 1 || row.prev_hash !== prevHash || row.hash !== rowHash({ ...row, seq }, prevHash))
          throw new AuditPruneRefused(
            `audit chain broken at audit_id ${row.audit_id}: not pruned (npm run audit:verify)`,
          );
        prevSeq = seq;
        prevHash = row.hash;
        last = i;
      }
      if (last < 0) return 0;
      await trx.deleteFrom('audit_logs').where('seq', '>', Number(anchor.seq)).where('seq', '<=', prevSeq).execute();
      await trx
        .updateTable('audit_chain_anchor')
        .set({ seq: prevSeq, hash: prevHash, pruned_before: before })
        .where('id', '=', 1)
        .execute();
      return last + 1;
    });
    pruned += deleted;
    if (deleted < batchSize) return pruned;
  }
}
