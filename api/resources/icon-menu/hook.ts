// The icon menu form (schemas/forms/iconmenu-kanri.json): a per-target setting with a scheduled
// list whose rows carry a normal and a hover image (store.rows file columns). Saved images are
// shown through the signed media addresses the portal uses; the preview answers the grid.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { HookContext } from '../../forms/hook';
import type { FormRecord } from '../../forms/record-store';
import { scheduledSettingHook } from '../scheduled-setting';

const LISTS = [
  ['nowSettingList', '01'],
  ['scheduledSettingList', '02'],
] as const;

function rowsOf(db: Kysely<Database>, kanriId: number, detailKbn: '01' | '02') {
  return db
    .selectFrom('icon_menu_rows')
    .select(['row_id', 'menu_name'])
    .where('kanri_id', '=', kanriId)
    .where('detail_kbn', '=', detailKbn)
    .orderBy('disp_no')
    .orderBy('row_id')
    .execute();
}

export const iconMenuHook = scheduledSettingHook({
  table: 'icon_menu_settings',
  nowList: 'nowSettingList',
  scheduledList: 'scheduledSettingList',
  preview: {
    call: '/api/IconMenuManegment/getPreviewData',
    result: 'iconMenuPreviewData',
    items: async (ctx, kanriId, detailKbn) =>
      (await rowsOf(ctx.app.db, kanriId, detailKbn)).map((r) => ({
        menuId: r.row_id,
        menuName: r.menu_name,
        imageFileNomal: ctx.app.mediaUrls.pathFor({ kind: 'icon', id: r.row_id }),
        imageFileOver: ctx.app.mediaUrls.pathFor({ kind: 'iconOver', id: r.row_id }),
      })),
  },
  data: (ctx: HookContext) => ({ maxFileSize: ctx.app.config.maxFileSize }),
  extend: {
    // The saved images of each row, by the rows' order (the same order store.rows reads them in).
    async read(ctx, db, id, record) {
      for (const [field, kbn] of LISTS) {
        const stored = await rowsOf(db, Number(id), kbn);
        const rows = Array.isArray(record[field]) ? (record[field] as FormRecord[]) : [];
        rows.forEach((row, i) => {
          const rowId = stored[i]?.row_id;
          if (rowId === undefined) return;
          for (const [key, kind] of [
            ['imgPathNomal', 'icon'],
            ['imgPathHover', 'iconOver'],
          ] as const) {
            const entry = row[key] as FormRecord | undefined;
            if (entry && typeof entry.fileName === 'string' && entry.fileName)
              row[key] = { ...entry, fileUrl: ctx.app.mediaUrls.pathFor({ kind, id: rowId }) };
          }
        });
      }
    },
  },
});
