// The one-stop guide top management (spec 001 section 5; schemas/forms/one-stop-gide-kanri.json):
// the record is a one-stop category block and its display targets are child rows in their order
// (store.rows). What differs from a plain record: the spec's confirm body
// (/api/OneStopGideKanri/createDisplayTarget { contentsList: [{ categoryId, contentsId }] }) carries
// no key of its own, so the key is the one category every entry names; every content must be a
// live content of that category; the rows remember who set them. The block's image (a row of
// `thumbnails`, shown by the agent page) and its explanatory text are edited on the same screen
// (docs/admin-maintenance.md): the description is a column, a new image an upload stored here.
import { formFailures } from '../../forms/enforce';
import { insertOwnThumbnail } from '../content/hook';
import { ONE_STOP_CATEGORIES } from '../content/rules';
import { problem } from '../../http/problems';
import { contentsOfCategory } from './repository';
import type { FormHook } from '../../forms/hook';
import type { FormRecord } from '../../forms/record-store';
import { parseKey } from '../../forms/wire-record';
import { attachOne } from '../../files/attach';

const IMAGE_FIELD = 'imgFileList';

const imageEntry = (record: FormRecord): Record<string, unknown> | undefined => {
  const list = record[IMAGE_FIELD];
  return Array.isArray(list)
    ? (list as unknown[]).find((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
    : undefined;
};

const entriesOf = (record: FormRecord): Record<string, unknown>[] =>
  Array.isArray(record.contentsList)
    ? record.contentsList.filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
    : [];

const wrongCategory = () => problem.validation([{ messageId: 'ERR_0006', args: ['カテゴリ'] }]);

export const oneStopHook: FormHook = {
  fields: [IMAGE_FIELD],

  key(ctx, record) {
    const entries = entriesOf(record);
    // Without entries there is no category to name: the rule (ERR_0004) says what is missing.
    if (entries.length === 0)
      throw problem.validation(formFailures(ctx.app, ctx.form, record, { fields: ['contentsList'] }));
    const ids = new Set(entries.map((e) => parseKey(e.categoryId, true)));
    const [id] = ids;
    if (ids.size !== 1 || id === null || id === undefined || !ONE_STOP_CATEGORIES.has(Number(id)))
      throw wrongCategory();
    return id;
  },

  // The block's category is the stored one (the rules read it as the search did).
  authorize(_ctx, record, _mode, before) {
    if (before) record.categoryId = before.categoryId;
  },

  async check(ctx, record, _mode, id) {
    const ids = entriesOf(record).map((e) => parseKey(e.contentsId, true));
    const known = ids.every((x) => x !== null)
      ? await contentsOfCategory(ctx.app.db, Number(id), ids as number[])
      : new Set<number>();
    // A content of another category, deleted or unknown is not one the block may show.
    return ids.some((x) => x === null || !known.has(Number(x)))
      ? [{ field: 'contentsList', messageId: 'ERR_0009', args: ['コンテンツ'] }]
      : [];
  },

  async write(ctx, id, record) {
    const categoryId = Number(id);
    await ctx.trx
      .updateTable('one_stop_display_targets')
      .set({ updated_by: ctx.caller.userId, updated_at: ctx.app.clock.now() })
      .where('category_id', '=', categoryId)
      .execute();
    // An entry without an upload is the stored image, kept as it is.
    const uploadId = imageEntry(record)?.uploadId;
    if (typeof uploadId !== 'string' || uploadId === '') return;
    const file = await attachOne(ctx.attach, {
      form: ctx.form,
      field: IMAGE_FIELD,
      uploadIds: [uploadId],
      keyPrefix: `oneStop/${categoryId}`,
    });
    const before = await ctx.trx
      .selectFrom('one_stop_categories as o')
      .innerJoin('thumbnails as t', 't.thumbnail_id', 'o.thumbnail_id')
      .select(['t.thumbnail_id', 't.stored_key', 't.is_library'])
      .where('o.category_id', '=', categoryId)
      .executeTakeFirst();
    const thumbnailId = await insertOwnThumbnail(ctx.trx, file);
    await ctx.trx
      .updateTable('one_stop_categories')
      .set({ thumbnail_id: thumbnailId })
      .where('category_id', '=', categoryId)
      .execute();
    // The replaced image goes when it was this block's own (a library image stays for others).
    if (before && !before.is_library) {
      const [content, block] = await Promise.all([
        ctx.trx
          .selectFrom('contents')
          .select('content_id')
          .where('thumbnail_id', '=', before.thumbnail_id)
          .executeTakeFirst(),
        ctx.trx
          .selectFrom('one_stop_categories')
          .select('category_id')
          .where('thumbnail_id', '=', before.thumbnail_id)
          .executeTakeFirst(),
      ]);
      if (!content && !block) {
        await ctx.trx.deleteFrom('thumbnails').where('thumbnail_id', '=', before.thumbnail_id).execute();
        ctx.discard(before.stored_key);
      }
    }
  },

  async read(ctx, db, _id, record, row) {
    const thumbnailId = row.thumbnail_id === null || row.thumbnail_id === undefined ? null : Number(row.thumbnail_id);
    const image =
      thumbnailId === null
        ? undefined
        : await db
            .selectFrom('thumbnails')
            .select(['file_name', 'file_size'])
            .where('thumbnail_id', '=', thumbnailId)
            .executeTakeFirst();
    record[IMAGE_FIELD] = image
      ? [
          {
            rowNo: 1,
            fileName: image.file_name,
            size: Number(image.file_size),
            fileUrl: ctx.app.mediaUrls.pathFor({ kind: 'thumbnail', id: thumbnailId! }),
            isUpload: false,
          },
        ]
      : [];
  },
};
