// What the content forms (notices, FAQ, forms, proposals, manuals, administrator announcements,
// events, skill-up contents) store beyond their columns: display targets, the three links, the
// file sections (uploads moved into place in the save's transaction), search tags and the
// thumbnail; the rich text sanitised; the search index in the same transaction; the initial
// data of the form and the click mailer. One hook for every content form: the differences
// between them are in their definitions.
import type { Kysely } from 'kysely';
import { parseCsvList } from '../../../schemas/rules/csv';
import type { RuleResult } from '../../../schemas/rules/engine';
import { tokyoDate } from '../../clock';
import { sanitizeRichText } from './sanitize-html';
import type { ContentFileKind, Database } from '../../db/schema';
import type { AttachedFile } from '../../files/attach';
import { enqueueMail } from '../../mail/outbox';
import { contentNoticeMail } from '../../mail/templates';
import { reindexContent } from '../../search/index-content';
import type { FormDefinition } from '../../../schemas/meta/types';
import type { FormHook, HookContext, WriteContext } from '../../forms/hook';
import type { FormRecord } from '../../forms/record-store';
import { attachOne } from '../../files/attach';
import { ONE_STOP_CATEGORIES } from './rules';

/** The file sections of a content form: record field, its explanation field, the stored kind. */
export const FILE_SECTIONS: readonly { field: string; explanation?: string; kind: ContentFileKind }[] = [
  { field: 'contentsTempFileList', explanation: 'contentsTempFileExp', kind: 'file' },
  { field: 'contentsImgList', explanation: 'contentsImgFileExp', kind: 'image' },
  { field: 'contentsVideoList', explanation: 'contentsVideoFileExp', kind: 'video' },
];

const LINK_ROWS = 3;

type Entry = {
  fileId?: unknown;
  rowNo?: unknown;
  fileName?: unknown;
  size?: unknown;
  uploadId?: unknown;
  isUpload?: unknown;
};
const entries = (v: unknown): Entry[] =>
  Array.isArray(v) ? (v as Entry[]).filter((e) => e && typeof e === 'object') : [];
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const num = (v: unknown) => Number(str(v));

/** Every agent code the record targets: the typed code, the code list and the uploaded CSV (read again here). */
export function targetCodes(record: FormRecord): string[] {
  const codes = [
    str(record.targetAgCode),
    ...(Array.isArray(record.hyojiTaishoCodeList) ? record.hyojiTaishoCodeList.map(str) : []),
  ];
  const csv = record.agCodeList as { text?: unknown } | undefined;
  if (csv && typeof csv.text === 'string') codes.push(...parseCsvList(csv.text).map((e) => e.value));
  return [...new Set(codes.map((c) => c.trim()).filter((c) => c !== ''))];
}

const checkedTagIds = (record: FormRecord) =>
  [
    ...new Set(
      entries(record.kensakuTagList)
        .filter((t) => (t as { isChecked?: unknown }).isChecked === true)
        .map((t) => num((t as { tagId?: unknown }).tagId)),
    ),
  ].filter(Number.isSafeInteger);

async function writeFiles(ctx: WriteContext, contentId: number, record: FormRecord): Promise<void> {
  const copyOf = Number(str(record.copyContentsId)) || null;
  for (const section of FILE_SECTIONS) {
    const wanted = entries(record[section.field]);
    const existing = await ctx.trx
      .selectFrom('content_files')
      .selectAll()
      .where('content_id', '=', contentId)
      .where('kind', '=', section.kind)
      .execute();
    // A copy starts with the source's files (same bytes, new rows); the source must be a content of the same form scope.
    const source =
      copyOf && existing.length === 0
        ? await ctx.trx
            .selectFrom('content_files')
            .selectAll()
            .where('content_id', '=', copyOf)
            .where('kind', '=', section.kind)
            .execute()
        : [];
    // A stored file is kept by its stable id (fileId), never by its place in the list or its name.
    const known = new Map([...source, ...existing].map((f) => [f.file_id, f]));
    const kept = [
      ...new Set(
        wanted.filter((e) => !str(e.uploadId) && known.has(num(e.fileId))).map((e) => known.get(num(e.fileId))!),
      ),
    ];
    const uploads = wanted.map((e) => str(e.uploadId)).filter((id) => id !== '');
    const attached = uploads.length
      ? await ctx.attach({
          form: ctx.form,
          field: section.field,
          uploadIds: uploads,
          existingNames: kept.map((f) => f.file_name),
          keyPrefix: `contents/${contentId}/${section.kind}`,
        })
      : [];
    const removed = existing.filter((f) => !kept.includes(f));
    for (const f of removed) if (!(await keyUsedElsewhere(ctx.trx, f.stored_key, f.file_id))) ctx.discard(f.stored_key);
    if (removed.length)
      await ctx.trx
        .deleteFrom('content_files')
        .where(
          'file_id',
          'in',
          removed.map((f) => f.file_id),
        )
        .execute();
    const explanation = section.explanation ? str(record[section.explanation]).slice(0, 1000) : '';
    // Kept rows keep their id and take their new place: negative places first, as (content, kind, row_no) is unique.
    const own = kept.filter((f) => f.content_id === contentId);
    for (const [i, f] of own.entries())
      await ctx.trx
        .updateTable('content_files')
        .set({ row_no: -(i + 1) })
        .where('file_id', '=', f.file_id)
        .execute();
    for (const [i, f] of own.entries())
      await ctx.trx
        .updateTable('content_files')
        .set({ row_no: i + 1, explanation })
        .where('file_id', '=', f.file_id)
        .execute();
    const rows = [
      ...kept
        .filter((f) => f.content_id !== contentId)
        .map((f) => ({
          file_name: f.file_name,
          stored_key: f.stored_key,
          file_size: Number(f.file_size),
          content_type: f.content_type,
        })),
      ...attached.map((a) => ({
        file_name: a.fileName.slice(0, 255),
        stored_key: a.storageKey,
        file_size: a.size,
        content_type: a.contentType,
      })),
    ];
    if (rows.length)
      await ctx.trx
        .insertInto('content_files')
        .values(
          rows.map((r, i) => ({
            ...r,
            content_id: contentId,
            kind: section.kind,
            row_no: own.length + i + 1,
            explanation,
          })),
        )
        .execute();
  }
}

/** The field the thumbnail picker writes the chosen name into (its ui:options.nameField). */
export function thumbnailNameField(form: FormDefinition): string {
  const ui = form.uiSchema.thumbnailFileList as { 'ui:options'?: { nameField?: unknown } } | undefined;
  const name = ui?.['ui:options']?.nameField;
  return typeof name === 'string' && name !== '' ? name : 'tumbnailName';
}

/** An uploaded image as a thumbnail of its own (not the library's); its id. */
export async function insertOwnThumbnail(trx: Kysely<Database>, file: AttachedFile): Promise<number> {
  const name = file.fileName.slice(0, 255);
  const row = await trx
    .insertInto('thumbnails')
    .values({
      thumbnail_name: name,
      file_name: name,
      stored_key: file.storageKey,
      file_size: file.size,
      content_type: file.contentType,
      is_library: false,
    })
    .returning('thumbnail_id')
    .executeTakeFirstOrThrow();
  return row.thumbnail_id;
}

/**
 * The thumbnail: an upload becomes the content's own row of `thumbnails`; a kept entry keeps the
 * current one (a copy shares its source's); otherwise the library thumbnail picked by name.
 */
async function writeThumbnail(ctx: WriteContext, contentId: number, record: FormRecord): Promise<void> {
  const entry = entries(record.thumbnailFileList)[0];
  const { trx } = ctx;
  let thumbnailId: number | null = null;
  if (entry && str(entry.uploadId)) {
    const file = await attachOne(ctx.attach, {
      form: ctx.form,
      field: 'thumbnailFileList',
      uploadIds: [str(entry.uploadId)],
      keyPrefix: `contents/${contentId}/thumbnail`,
    });
    thumbnailId = await insertOwnThumbnail(trx, file);
  } else if (entry && str(entry.fileName)) {
    const source = Number(str(record.copyContentsId)) || contentId;
    const current = await trx
      .selectFrom('contents as c')
      .innerJoin('thumbnails as t', 't.thumbnail_id', 'c.thumbnail_id')
      .select('t.thumbnail_id')
      .where('c.content_id', 'in', [contentId, source])
      .where('t.file_name', '=', str(entry.fileName))
      .executeTakeFirst();
    thumbnailId = current?.thumbnail_id ?? null;
  } else if (str(record[thumbnailNameField(ctx.form)])) {
    const library = await trx
      .selectFrom('thumbnails')
      .select('thumbnail_id')
      .where('is_library', '=', true)
      .where('file_name', '=', str(record[thumbnailNameField(ctx.form)]))
      .executeTakeFirst();
    thumbnailId = library?.thumbnail_id ?? null;
  }
  await trx.updateTable('contents').set({ thumbnail_id: thumbnailId }).where('content_id', '=', contentId).execute();
}

async function keyUsedElsewhere(db: Kysely<Database>, storedKey: string, fileId: number): Promise<boolean> {
  const other = await db
    .selectFrom('content_files')
    .select('file_id')
    .where('stored_key', '=', storedKey)
    .where('file_id', '<>', fileId)
    .executeTakeFirst();
  return other !== undefined;
}

async function tagList(db: Kysely<Database>, checked: ReadonlySet<number>) {
  const rows = await db
    .selectFrom('tags as t')
    .leftJoin('categories as c', 'c.category_id', 't.category_id')
    .select(['t.tag_id', 't.tag_name', 't.category_id', 'c.category_name'])
    .orderBy('t.category_id')
    .orderBy('t.display_order')
    .orderBy('t.tag_id')
    .execute();
  return rows.map((t) => ({
    tagId: t.tag_id,
    tagName: t.tag_name,
    categoryId: t.category_id ?? 0,
    categoryName: t.category_name ?? '共通',
    isChecked: checked.has(t.tag_id),
  }));
}

async function recipients(db: Kysely<Database>, row: Record<string, unknown>, adminOnly: boolean) {
  let q = db
    .selectFrom('users as u')
    .select(['u.email', 'u.user_name', 'u.user_id'])
    .where('u.deleted_at', 'is', null)
    .where('u.is_provider', '=', false)
    .where('u.email', '<>', '');
  if (adminOnly) q = q.where('u.is_admin', '=', true);
  const contentId = Number(row.content_id);
  if (row.display_target === '1')
    q = q.where(
      'u.ag_code',
      'in',
      db.selectFrom('agent_segment_members').select('ag_code').where('ag_segment_id', '=', Number(row.ag_segment_id)),
    );
  else if (row.display_target === '2')
    q = q.where(
      'u.ag_code',
      'in',
      db.selectFrom('content_agents').select('ag_code').where('content_id', '=', contentId),
    );
  return q.orderBy('u.user_id').execute();
}

export const contentHook: FormHook = {
  fields: [
    'targetAgCode',
    'agCodeList',
    'hyojiTaishoCodeList',
    'contentsLinkList',
    'kensakuTagList',
    'thumbnailFileList',
    'tumbnailName',
    'thumbnailFile',
    ...FILE_SECTIONS.map((s) => s.field),
  ],

  async check(ctx, record) {
    const out: RuleResult[] = [];
    const db = ctx.app.db;
    const categoryId = Number(str(record.contentsCategoryId));
    const sub = str(record.subCategoryId);
    if (
      sub &&
      !(await db
        .selectFrom('sub_categories')
        .select('sub_category_id')
        .where('sub_category_id', '=', Number(sub) || 0)
        .where('category_id', '=', categoryId)
        .executeTakeFirst())
    )
      out.push({ field: 'subCategoryId', messageId: 'ERR_0006', args: ['サブカテゴリ'] });
    const segment = str(record.agSegmentId);
    if (
      record.hyojiTaisho === '1' &&
      segment &&
      !(await db
        .selectFrom('agent_segments')
        .select('ag_segment_id')
        .where('ag_segment_id', '=', Number(segment) || 0)
        .executeTakeFirst())
    )
      out.push({ field: 'agSegmentId', messageId: 'ERR_0006', args: ['AGセグメント'] });
    if (!['0', '1', '2'].includes(str(record.hyojiTaisho)))
      out.push({ field: 'hyojiTaisho', messageId: 'ERR_0003', args: ['表示対象'] });
    const tags = checkedTagIds(record);
    if (
      tags.length &&
      (await db.selectFrom('tags').select('tag_id').where('tag_id', 'in', tags).execute()).length !== tags.length
    )
      out.push({ field: 'kensakuTagList', messageId: 'ERR_0006', args: ['検索タグ'] });
    const thumb = str(record[thumbnailNameField(ctx.form)]);
    if (
      thumb &&
      entries(record.thumbnailFileList).length === 0 &&
      !(await db
        .selectFrom('thumbnails')
        .select('thumbnail_id')
        .where('is_library', '=', true)
        .where('file_name', '=', thumb)
        .executeTakeFirst())
    )
      out.push({ field: thumbnailNameField(ctx.form), messageId: 'ERR_0006', args: ['サムネイル'] });
    const copyOf = str(record.copyContentsId);
    if (
      copyOf &&
      !(await db
        .selectFrom('contents')
        .select('content_id')
        .where('content_id', '=', Number(copyOf) || 0)
        .where('category_id', '=', categoryId)
        .executeTakeFirst())
    )
      out.push({ field: 'copyContentsId', messageId: 'ERR_0009', args: ['コピー元のコンテンツ'] });
    return out;
  },

  columns(ctx, record, mode) {
    const important = record.jyuyoFlg === true;
    return {
      body_html: sanitizeRichText(str(record.body)),
      display_target: str(record.hyojiTaisho),
      ag_segment_id: record.hyojiTaisho === '1' ? Number(str(record.agSegmentId)) : null,
      jyuyo_flg: important,
      jyuyo_start: important ? str(record.jyuyoKikanStart) : null,
      jyuyo_end: important ? str(record.jyuyoKikanEnd) : null,
      updated_by: ctx.caller.userId,
      ...(mode === 'new' ? { created_by: ctx.caller.userId } : {}),
    };
  },

  async write(ctx, id, record) {
    const contentId = Number(id);
    const { trx } = ctx;
    await trx.deleteFrom('content_agents').where('content_id', '=', contentId).execute();
    const codes = record.hyojiTaisho === '2' ? targetCodes(record) : [];
    if (codes.length)
      await trx
        .insertInto('content_agents')
        .values(codes.map((ag_code) => ({ content_id: contentId, ag_code })))
        .execute();

    await trx.deleteFrom('content_links').where('content_id', '=', contentId).execute();
    const links = entries(record.contentsLinkList)
      .map((l) => ({ url: str((l as { url?: unknown }).url), caption: str((l as { caption?: unknown }).caption) }))
      .filter((l) => l.url !== '')
      .slice(0, LINK_ROWS);
    if (links.length)
      await trx
        .insertInto('content_links')
        .values(links.map((l, i) => ({ content_id: contentId, row_no: i + 1, ...l })))
        .execute();

    await writeFiles(ctx, contentId, record);
    await writeThumbnail(ctx, contentId, record);

    await trx.deleteFrom('content_tags').where('content_id', '=', contentId).execute();
    const tags = checkedTagIds(record);
    if (tags.length)
      await trx
        .insertInto('content_tags')
        .values(tags.map((tag_id) => ({ content_id: contentId, tag_id })))
        .execute();

    await reindexContent(trx, contentId);
  },

  async read(ctx, db, id, record, row) {
    const contentId = Number(id);
    const codes = await db
      .selectFrom('content_agents')
      .select('ag_code')
      .where('content_id', '=', contentId)
      .orderBy('ag_code')
      .execute();
    record.hyojiTaishoCodeList = codes.map((c) => c.ag_code);
    const links = await db
      .selectFrom('content_links')
      .selectAll()
      .where('content_id', '=', contentId)
      .orderBy('row_no')
      .execute();
    record.contentsLinkList = Array.from({ length: LINK_ROWS }, (_, i) => {
      const l = links.find((x) => x.row_no === i + 1);
      return { rowNo: i + 1, caption: l?.caption ?? '', url: l?.url ?? '' };
    });
    const files = await db
      .selectFrom('content_files')
      .selectAll()
      .where('content_id', '=', contentId)
      .orderBy('kind')
      .orderBy('row_no')
      .execute();
    for (const section of FILE_SECTIONS) {
      record[section.field] = files
        .filter((f) => f.kind === section.kind)
        .map((f) => ({
          fileId: f.file_id,
          rowNo: f.row_no,
          fileName: f.file_name,
          size: Number(f.file_size),
          isUpload: false,
        }));
    }
    const thumbnail = row.thumbnail_id
      ? await db
          .selectFrom('thumbnails')
          .selectAll()
          .where('thumbnail_id', '=', Number(row.thumbnail_id))
          .executeTakeFirst()
      : undefined;
    record[thumbnailNameField(ctx.form)] = thumbnail?.file_name ?? '';
    record.thumbnailFileList =
      thumbnail && !thumbnail.is_library
        ? [{ rowNo: 1, fileName: thumbnail.file_name, size: Number(thumbnail.file_size), isUpload: false }]
        : [];
    const tags = await db.selectFrom('content_tags').select('tag_id').where('content_id', '=', contentId).execute();
    record.kensakuTagList = await tagList(db, new Set(tags.map((t) => t.tag_id)));
    record.kanriTagList = String(row.kanri_tag ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t !== '')
      .map((tagName) => ({ tagName }));
  },

  async removed(ctx, id) {
    await reindexContent(ctx.trx, Number(id));
  },

  async data(ctx: HookContext, body) {
    const db = ctx.app.db;
    const categoryId = Number(str(body[ctx.form.permission.byField ?? 'contentsCategoryId'] ?? body.categoryId));
    const category = await db
      .selectFrom('categories')
      .select('category_name')
      .where('category_id', '=', categoryId)
      .executeTakeFirst();
    const subCategories = await db
      .selectFrom('sub_categories')
      .select(['sub_category_id', 'sub_category_name'])
      .where('category_id', '=', categoryId)
      .orderBy('display_order')
      .orderBy('sub_category_id')
      .execute();
    const segments = await db
      .selectFrom('agent_segments')
      .select(['ag_segment_id', 'ag_segment_name'])
      .orderBy('ag_segment_id')
      .execute();
    const thumbnails = await db
      .selectFrom('thumbnails')
      .select(['thumbnail_id', 'thumbnail_name', 'file_name'])
      .where('is_library', '=', true)
      .orderBy('display_order')
      .orderBy('thumbnail_id')
      .execute();
    const today = tokyoDate(ctx.app.clock.now());
    return {
      categoryId,
      categoryName: category?.category_name ?? '',
      isOneStopGide: ONE_STOP_CATEGORIES.has(categoryId),
      subCategoryList: subCategories.map((s) => ({
        subCategoryId: String(s.sub_category_id),
        subCategoryName: s.sub_category_name,
      })),
      agSegmentList: segments.map((s) => ({
        agSegmentCode: String(s.ag_segment_id),
        agSegmentName: s.ag_segment_name,
      })),
      kensakuTagList: await tagList(db, new Set()),
      keisaiKikanStart: today,
      keisaiKikanEnd: '9999-12-31',
      lastUpdate: today,
      serverDate: today,
      maxFileSize: ctx.app.config.maxFileSize,
      thumbNailList: thumbnails.map((t) => ({
        thumbnailId: t.thumbnail_id,
        thumbnailName: t.thumbnail_name,
        thumbnailFileName: t.file_name,
      })),
    };
  },

  calls: {
    // To the users of the targeted agents, or to their administrators only (spec 001 section 7).
    '/api/ContentsReg/sendClickMailer': async (ctx, record, row, body) => {
      if (ONE_STOP_CATEGORIES.has(Number(row.category_id))) return { sendCount: 0 };
      const adminOnly = body.isAdminOnly === true || body.isAdminOnly === 'true';
      const category = await ctx.app.db
        .selectFrom('categories')
        .select(['category_name', 'detail_path'])
        .where('category_id', '=', Number(row.category_id))
        .executeTakeFirst();
      const link = `${ctx.app.config.publicUrl}/with-ag/contents/categoryId/${String(row.category_id)}/contentsId/${String(row.content_id)}`;
      const users = await recipients(ctx.app.db, row, adminOnly);
      // One write for all recipients (all queued or none); the outbox sends and retries them.
      const mailIds = await enqueueMail(
        ctx.app.db,
        ...users.map((user) => ({
          kind: 'content_notice' as const,
          to: user.email,
          ...contentNoticeMail(user.user_name || user.user_id, category?.category_name ?? '', str(record.title), link),
        })),
      );
      const sent = mailIds.length;
      await ctx.app.mailOutbox.deliverNow(mailIds);
      ctx.request.log.info({ contentId: row.content_id, sent, adminOnly }, 'click mailer queued');
      return { sendCount: sent };
    },
  },
};
