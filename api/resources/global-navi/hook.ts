// The global navigation form (schemas/forms/glovalnavi-kanri.json): a per-target setting with a
// scheduled list; its preview answers a list's items as the header draws them.
import { scheduledSettingHook } from '../scheduled-setting';

export const globalNaviHook = scheduledSettingHook({
  table: 'global_navi_settings',
  nowList: 'nowSettingList',
  scheduledList: 'scheduleSettingList',
  preview: {
    call: '/api/GlovalNaviManegment/getPreviewData',
    result: 'gloNaviPreviewDataList',
    items: async (ctx, kanriId, detailKbn) => {
      const rows = await ctx.app.db
        .selectFrom('global_navi_rows')
        .select(['category_id', 'parent_id', 'disp_name', 'url', 'is_separate_tab'])
        .where('kanri_id', '=', kanriId)
        .where('detail_kbn', '=', detailKbn)
        .orderBy('disp_no')
        .orderBy('row_id')
        .execute();
      return rows.map((r) => ({
        categoryId: String(r.category_id),
        parentId: r.parent_id === null ? '' : String(r.parent_id),
        itemName: r.disp_name,
        url: r.url,
        isSeparateTab: r.is_separate_tab,
      }));
    },
  },
});
