// The login popup form (schemas/forms/login-popup-reg.json): a login popup is a content of
// category 15 whose check pattern and check display target live in `login_popups` (store.also),
// so the agents' sign-in popups (api/resources/login-popup, contentVisibleTo) see a saved popup at
// once. The content hook does targets, links, the attachment and image sections, sanitised rich
// text and the search index. What differs: the category is always 15, the body is `contentsBody`
// (spec 001 section 3), no sub-category, important flag, tags or thumbnail, the last update is
// the day of the save, and the initial data carries only segments, default period and file size.
import { targetDateFor } from '../../authority/caller';
import { tokyoDate } from '../../clock';
import { problem } from '../../http/problems';
import { listPopups } from './admin-repository';
import { popupListItem } from './wire';
import type { FormHook } from '../../forms/hook';
import { contentHook } from '../content/hook';
import { CATEGORY } from '../../../schemas/categories';

// The content parts without the notice's own further calls (the click mailer).
const { calls: _noticeCalls, ...contentParts } = contentHook;

export const loginPopupHook: FormHook = {
  ...contentParts,

  scope: () => ({ category_id: CATEGORY.LOGIN_POPUP }),

  authorize(_ctx, record) {
    record.categoryId = String(CATEGORY.LOGIN_POPUP);
  },

  // The management list: every popup (isUnlimitDate) or those displayed on the target date (a
  // provider administrator's business date), newest display start first, targets in words.
  async list(ctx, conditions) {
    const { categoryId, isUnlimitDate, targetDate } = conditions;
    if (categoryId !== undefined && Number(categoryId) !== CATEGORY.LOGIN_POPUP)
      throw problem.validation([{ messageId: 'ERR_0006', args: ['カテゴリ'] }]);
    const unlimited = isUnlimitDate === true || isUnlimitDate === 'true' || isUnlimitDate === '1';
    const date = unlimited
      ? null
      : targetDateFor(ctx.caller, typeof targetDate === 'string' ? targetDate : undefined, ctx.app.clock);
    return (await listPopups(ctx.app.db, CATEGORY.LOGIN_POPUP, date)).map(popupListItem);
  },

  async check(ctx, record, mode, id) {
    // The content checks read the category from contentsCategoryId.
    const out = await contentHook.check!(
      ctx,
      { ...record, contentsCategoryId: String(CATEGORY.LOGIN_POPUP) },
      mode,
      id,
    );
    // Only the spec's codes reach the table's check constraint (a 400, never a 500).
    if (!['1', '2'].includes(String(record.checkPatern ?? '')))
      out.push({ field: 'checkPatern', messageId: 'ERR_0003', args: ['チェックパターン'] });
    if (!['1', '2'].includes(String(record.checkDispTarget ?? '')))
      out.push({ field: 'checkDispTarget', messageId: 'ERR_0003', args: ['チェック表示対象'] });
    return out;
  },

  async columns(ctx, record, mode) {
    const base = await contentHook.columns!(ctx, { ...record, body: record.contentsBody, jyuyoFlg: false }, mode);
    return {
      ...base,
      category_id: CATEGORY.LOGIN_POPUP,
      sub_category_id: null,
      last_update: tokyoDate(ctx.app.clock.now()),
    };
  },

  async data(ctx, body) {
    const base = await contentHook.data!(ctx, { ...body, contentsCategoryId: CATEGORY.LOGIN_POPUP });
    return {
      categoryId: CATEGORY.LOGIN_POPUP,
      categoryName: base.categoryName,
      agSegmentList: base.agSegmentList,
      keisaiKikanStart: base.keisaiKikanStart,
      keisaiKikanEnd: base.keisaiKikanEnd,
      maxFileSize: base.maxFileSize,
    };
  },
};
