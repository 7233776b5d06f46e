// The audit trail of admin writes (docs/decisions.md section 3, docs/audit.md): who (the signed-in user, and the agent a
// provider administrator acted as), when, what (action, entity, id) and the record before and
// after. Call it inside the write's transaction so the trail and the change commit together; each
// row is chained to the one before (api/audit/chain.ts), so a call outside a transaction opens one.
import type { Kysely } from 'kysely';
import type { Caller } from '../authority/caller';
import type { Database } from '../db/schema';
import { appendChained } from './chain';

// import: a bulk replacement from a file (registered companies); download: a file of personal data handed out (event entries).
export type AuditAction = 'create' | 'update' | 'delete' | 'upload' | 'import' | 'download';

export interface AuditEntry {
  caller: Caller;
  action: AuditAction;
  /** What was changed, in English: agent_segment, agent_user … */
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
  at: Date;
}

export async function recordAudit(db: Kysely<Database>, e: AuditEntry): Promise<void> {
  const row = {
    actor_user_id: e.caller.userId,
    actor_ag_code: e.caller.agCode,
    pseudo_user_id: e.caller.pseudo?.userId ?? '',
    pseudo_ag_code: e.caller.pseudo?.agCode ?? '',
    action: e.action,
    entity: e.entity,
    entity_id: String(e.entityId).slice(0, 100),
    before_data: e.before,
    after_data: e.after,
    created_at: e.at,
  };
  if (db.isTransaction) await appendChained(db, row);
  else await db.transaction().execute((trx) => appendChained(trx, row));
}
