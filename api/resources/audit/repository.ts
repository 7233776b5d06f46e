// The audit viewer's SQL: the filtered rows newest first, a page at a time by keyset on
// (created_at, audit_id) — the index audit_logs_time_idx walked backwards, never an OFFSET.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface AuditFilter {
  from: Date;
  /** Exclusive. */
  to: Date;
  actor?: string;
  entity?: string;
  entityId?: string;
  text?: string;
}

export interface Cursor {
  at: Date;
  id: number;
}

export const cursorText = (c: Cursor) => `${c.at.toISOString()}_${c.id}`;

export function parseCursor(text: string): Cursor | null {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_(\d{1,15})$/.exec(text);
  if (!m) return null;
  const at = new Date(m[1]!);
  return Number.isNaN(at.getTime()) ? null : { at, id: Number(m[2]) };
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function findAuditRows(db: Kysely<Database>, f: AuditFilter, limit: number, after?: Cursor) {
  let q = db
    .selectFrom('audit_logs as l')
    .leftJoin('users as u', 'u.user_id', 'l.actor_user_id')
    .select([
      'l.audit_id',
      'l.seq',
      'l.created_at',
      'l.actor_user_id',
      'l.actor_ag_code',
      'l.pseudo_user_id',
      'l.pseudo_ag_code',
      'l.action',
      'l.entity',
      'l.entity_id',
      'l.before_data',
      'l.after_data',
      'u.user_name',
    ])
    .where('l.created_at', '>=', f.from)
    .where('l.created_at', '<', f.to);
  if (f.actor) {
    const actor = f.actor;
    q = q.where((eb) =>
      eb.or([
        eb('l.actor_user_id', '=', actor),
        eb('l.actor_ag_code', '=', actor),
        eb('l.pseudo_user_id', '=', actor),
        eb('l.pseudo_ag_code', '=', actor),
      ]),
    );
  }
  if (f.entity) q = q.where('l.entity', '=', f.entity);
  if (f.entityId) q = q.where('l.entity_id', '=', f.entityId);
  if (f.text) {
    // A scan of the period's rows (docs/audit.md, "Scale"): the period bounds it.
    const p = likePattern(f.text);
    q = q.where((eb) =>
      eb.or([
        eb(sql<string>`l.before_data::text`, 'ilike', p),
        eb(sql<string>`l.after_data::text`, 'ilike', p),
        eb('l.entity_id', 'ilike', p),
      ]),
    );
  }
  if (after) q = q.where((eb) => eb(eb.refTuple('l.created_at', 'l.audit_id'), '<', eb.tuple(after.at, after.id)));
  return q.orderBy('l.created_at', 'desc').orderBy('l.audit_id', 'desc').limit(limit).execute();
}

export type AuditRowRecord = Awaited<ReturnType<typeof findAuditRows>>[number];
