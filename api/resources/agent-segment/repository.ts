// SQL for agent segments: the list with affiliated agent counts, members, create, re-upload,
// rename, delete, and where a segment is used as a display target.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface SegmentRow {
  ag_segment_id: number;
  ag_segment_name: string;
  last_upload_date: Date | null;
  upload_file_name: string;
  upload_data_cnt: number;
  syozoku_ag_cnt: number;
  /** The fields the segment form declares beyond the columns (0005). */
  extra_data: Record<string, unknown>;
}

const MEMBER_BATCH = 1000;

/** Segments with the number of their members that are registered agents. */
export async function listSegments(db: Db, ids?: readonly number[]): Promise<SegmentRow[]> {
  if (ids && ids.length === 0) return [];
  // The counts in one pass over the members (grouped), not one count per segment: with
  // thousands of segments a count per row planned a scan of the agents for each.
  let counts = db
    .selectFrom('agent_segment_members as m')
    .innerJoin('agents as a', 'a.ag_code', 'm.ag_code')
    .select(['m.ag_segment_id', sql<number>`count(*)::int`.as('n')])
    .groupBy('m.ag_segment_id');
  if (ids) counts = counts.where('m.ag_segment_id', 'in', ids);
  let q = db
    .selectFrom('agent_segments as s')
    .leftJoin(counts.as('k'), 'k.ag_segment_id', 's.ag_segment_id')
    .select([
      's.ag_segment_id',
      's.ag_segment_name',
      's.last_upload_date',
      's.upload_file_name',
      's.upload_data_cnt',
      's.extra_data',
      'k.n as syozoku_ag_cnt',
    ])
    .orderBy('s.ag_segment_id');
  if (ids) q = q.where('s.ag_segment_id', 'in', ids);
  const rows = await q.execute();
  return rows.map((r) => ({
    ...r,
    syozoku_ag_cnt: Number(r.syozoku_ag_cnt ?? 0),
    extra_data: typeof r.extra_data === 'object' && r.extra_data !== null ? r.extra_data : {},
  }));
}

export async function findSegment(db: Db, id: number): Promise<SegmentRow | undefined> {
  return (await listSegments(db, [id]))[0];
}

export async function memberCodes(db: Db, id: number): Promise<string[]> {
  const rows = await db
    .selectFrom('agent_segment_members')
    .select('ag_code')
    .where('ag_segment_id', '=', id)
    .orderBy('ag_code')
    .execute();
  return rows.map((r) => r.ag_code);
}

/** Segments (other than `except`) already named one of the names. */
export async function segmentsNamed(
  db: Db,
  names: readonly string[],
  except: readonly number[] = [],
): Promise<{ ag_segment_id: number; ag_segment_name: string }[]> {
  if (names.length === 0) return [];
  let q = db
    .selectFrom('agent_segments')
    .select(['ag_segment_id', 'ag_segment_name'])
    .where('ag_segment_name', 'in', names);
  if (except.length) q = q.where('ag_segment_id', 'not in', except);
  return q.execute();
}

async function insertMembers(db: Db, id: number, codes: readonly string[]): Promise<void> {
  for (let i = 0; i < codes.length; i += MEMBER_BATCH) {
    await db
      .insertInto('agent_segment_members')
      .values(codes.slice(i, i + MEMBER_BATCH).map((ag_code) => ({ ag_segment_id: id, ag_code })))
      .execute();
  }
}

export interface Import {
  fileName: string;
  /** Distinct agent codes. */
  codes: readonly string[];
  /** Non-blank lines of the file. */
  lineCount: number;
  at: Date;
}

/** Replaces the members with the import's. */
export async function replaceMembers(db: Db, id: number, imp: Import): Promise<void> {
  await db.deleteFrom('agent_segment_members').where('ag_segment_id', '=', id).execute();
  await insertMembers(db, id, imp.codes);
  await db
    .updateTable('agent_segments')
    .set({
      last_upload_date: imp.at,
      upload_file_name: imp.fileName,
      upload_data_cnt: imp.lineCount,
      updated_at: imp.at,
    })
    .where('ag_segment_id', '=', id)
    .execute();
}

export async function renameSegment(db: Db, id: number, name: string, at: Date): Promise<void> {
  await db
    .updateTable('agent_segments')
    .set({ ag_segment_name: name, updated_at: at })
    .where('ag_segment_id', '=', id)
    .execute();
}

/** Ids among `ids` used as a display target (contents, global navigation, icon menu settings). */
export async function segmentsInUse(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const asText = ids.map(String);
  const [contents, navi, icons] = await Promise.all([
    db.selectFrom('contents').select('ag_segment_id').where('ag_segment_id', 'in', ids).execute(),
    db
      .selectFrom('global_navi_settings')
      .select('target_code')
      .where('target_kbn', '=', '1')
      .where('target_code', 'in', asText)
      .execute(),
    db
      .selectFrom('icon_menu_settings')
      .select('target_code')
      .where('target_kbn', '=', '1')
      .where('target_code', 'in', asText)
      .execute(),
  ]);
  return new Set([
    ...contents.map((r) => Number(r.ag_segment_id)),
    ...navi.map((r) => Number(r.target_code)),
    ...icons.map((r) => Number(r.target_code)),
  ]);
}
