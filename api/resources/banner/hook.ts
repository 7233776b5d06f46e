// What the banner form (schemas/forms/banner-reg.json, spec 001 /banner-touroku) stores beyond
// its columns: the one banner image (an upload moved into place in the save's transaction, the
// replaced one discarded after the commit), the default display period (2001-01-01 to
// 9999-12-31, spec 001 section 9) when a date is left empty, a new banner's place at the end of
// its area, and the image address with its cache-busting parameter when a banner is read.
import type { Kysely } from 'kysely';
import type { RuleResult } from '../../../schemas/rules/engine';
import type { Database } from '../../db/schema';
import { bannerImageUrl } from './image-url';
import { isBannerArea } from './rules';
import type { FormHook, HookContext } from '../../forms/hook';
import { attachOne } from '../../files/attach';

const IMAGE_FIELD = 'bannerImageFileList';
const FIRST_DAY = '2001-01-01';
const LAST_DAY = '9999-12-31';

type Entry = { fileName?: unknown; uploadId?: unknown };
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const imageEntry = (record: Record<string, unknown>): Entry | undefined => {
  const list = record[IMAGE_FIELD];
  return Array.isArray(list) ? (list as Entry[]).find((e) => e && typeof e === 'object') : undefined;
};

async function storedImage(db: Kysely<Database>, bannerId: number) {
  return db
    .selectFrom('banners')
    .select(['image_file_name', 'image_key'])
    .where('banner_id', '=', bannerId)
    .executeTakeFirst();
}

const imageUrl = (ctx: HookContext, row: Record<string, unknown>) =>
  row.image_key ? bannerImageUrl(ctx.app, Number(row.banner_id), row.updated_at as Date | string) : '';

export const bannerHook: FormHook = {
  fields: [IMAGE_FIELD, 'bannerImgFileName'],

  // A banner is found within its area: the area a call names must be the banner's own.
  scope(_ctx, fields) {
    return isBannerArea(fields.bannerKbn) ? { banner_kbn: fields.bannerKbn } : {};
  },

  async check(ctx, record, mode, id) {
    const out: RuleResult[] = [];
    if (!isBannerArea(record.bannerKbn))
      out.push({ field: 'bannerKbn', messageId: 'ERR_0003', args: ['バナーエリア'] });
    // The portal links only an http(s) address or an in-app path (SmartLink); anything else would be a dead banner.
    const url = str(record.bannerUrl).trim();
    if (url && !/^https?:\/\/[^\s/]+/i.test(url) && !/^\/(?!\/)/.test(url))
      out.push({ field: 'bannerUrl', messageId: 'ERR_0020', args: ['リンクURL'] });
    // An image entry without an upload keeps the stored image: only the banner's own, by name.
    const entry = imageEntry(record);
    if (entry && !str(entry.uploadId)) {
      const stored = mode === 'update' && id !== null ? await storedImage(ctx.app.db, Number(id)) : undefined;
      if (!stored || stored.image_key === '' || stored.image_file_name !== str(entry.fileName))
        out.push({ field: IMAGE_FIELD, messageId: 'ERR_0003', args: ['バナー画像'] });
    }
    return out;
  },

  async columns(ctx, record, mode) {
    const out: Record<string, unknown> = {
      disp_start: str(record.dispDtFrom) || FIRST_DAY,
      disp_end: str(record.dispDtTo) || LAST_DAY,
      updated_by: ctx.caller.userId,
    };
    if (mode === 'new') {
      // The image columns are filled by write() once the row has its id (the storage key names it).
      out.image_file_name = '';
      out.image_key = '';
      if (!str(record.dispOrder) && isBannerArea(record.bannerKbn)) {
        const last = await ctx.app.db
          .selectFrom('banners')
          .select((eb) => eb.fn.max('display_order').as('max'))
          .where('banner_kbn', '=', record.bannerKbn)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        out.display_order = Math.min(999, Number(last?.max ?? 0) + 1);
      }
    }
    return out;
  },

  async write(ctx, id, record) {
    const entry = imageEntry(record);
    const uploadId = entry ? str(entry.uploadId) : '';
    if (!uploadId) return;
    const bannerId = Number(id);
    const before = await storedImage(ctx.trx, bannerId);
    const file = await attachOne(ctx.attach, {
      form: ctx.form,
      field: IMAGE_FIELD,
      uploadIds: [uploadId],
      keyPrefix: `banners/${bannerId}`,
    });
    await ctx.trx
      .updateTable('banners')
      .set({
        image_file_name: file.fileName.slice(0, 255),
        image_key: file.storageKey,
        image_size: file.size,
        image_content_type: file.contentType,
      })
      .where('banner_id', '=', bannerId)
      .execute();
    // Only images this form stored are removed (seeded banners share the demo files).
    const old = before?.image_key ?? '';
    if (old.startsWith('banners/') && old !== file.storageKey) {
      const other = await ctx.trx
        .selectFrom('banners')
        .select('banner_id')
        .where('image_key', '=', old)
        .where('banner_id', '<>', bannerId)
        .executeTakeFirst();
      if (!other) ctx.discard(old);
    }
  },

  // Who deleted it, beside the engine's soft delete (the row stays for the audit trail).
  async removed(ctx, id) {
    await ctx.trx
      .updateTable('banners')
      .set({ updated_at: ctx.app.clock.now(), updated_by: ctx.caller.userId })
      .where('banner_id', '=', Number(id))
      .execute();
  },

  // A listed banner shows its image through the signed address (changed with every save).
  listed(ctx, record, row) {
    record.bannerImgFileName = imageUrl(ctx, row);
  },

  async read(ctx, _db, _id, record, row) {
    const url = imageUrl(ctx, row);
    record.bannerImgFileName = url;
    record[IMAGE_FIELD] = row.image_key
      ? [{ rowNo: 1, fileName: str(row.image_file_name), size: Number(row.image_size), fileUrl: url, isUpload: false }]
      : [];
  },

  async audit(db, id) {
    const image = await storedImage(db, Number(id));
    return { bannerImgFileName: image?.image_file_name ?? '' };
  },

  async data(ctx) {
    return { maxFileSize: ctx.app.config.maxFileSize };
  },
};
