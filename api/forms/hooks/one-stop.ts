// The one-stop guide top management (spec 001 section 5; schemas/forms/one-stop-gide-kanri.json):
// the record is a one-stop category block and its display targets are child rows in their order
// (store.rows). What differs from a plain record: the spec's confirm body
// (/api/OneStopGideKanri/createDisplayTarget { contentsList: [{ categoryId, contentsId }] }) carries
// no key of its own, so the key is the one category every entry names; every content must be a
// live content of that category; the rows remember who set them.
import { formFailures } from '../enforce';
import { ONE_STOP_CATEGORIES } from './content';
import { problem } from '../../http/problems';
import { contentsOfCategory } from '../../routes/one-stop/repository';
import type { FormHook } from '../hook';
import type { FormRecord } from '../record-store';
import { parseKey } from '../wire-record';

const entriesOf = (record: FormRecord): Record<string, unknown>[] =>
  Array.isArray(record.contentsList) ? record.contentsList.filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null) : [];

const wrongCategory = () => problem.validation([{ messageId: 'ERR_0006', args: ['カテゴリ'] }]);

export const oneStopHook: FormHook = {
  key(ctx, record) {
    const entries = entriesOf(record);
    // Without entries there is no category to name: the rule (ERR_0004) says what is missing.
    if (entries.length === 0) throw problem.validation(formFailures(ctx.app, ctx.form, record, { fields: ['contentsList'] }));
    const ids = new Set(entries.map((e) => parseKey(e.categoryId, true)));
    const [id] = ids;
    if (ids.size !== 1 || id === null || !ONE_STOP_CATEGORIES.has(Number(id))) throw wrongCategory();
    return id;
  },

  // The block's category is the stored one (the rules read it as the search did).
  authorize(_ctx, record, _mode, before) {
    if (before) record.categoryId = before.categoryId;
  },

  async check(ctx, record, _mode, id) {
    const ids = entriesOf(record).map((e) => parseKey(e.contentsId, true));
    const known = ids.every((x) => x !== null) ? await contentsOfCategory(ctx.app.db, Number(id), ids as number[]) : new Set<number>();
    // A content of another category, deleted or unknown is not one the block may show.
    return ids.some((x) => x === null || !known.has(Number(x))) ? [{ field: 'contentsList', messageId: 'ERR_0009', args: ['コンテンツ'] }] : [];
  },

  async write(ctx, id) {
    await ctx.trx.updateTable('one_stop_display_targets').set({ updated_by: ctx.caller.userId, updated_at: ctx.app.clock.now() }).where('category_id', '=', Number(id)).execute();
  },
};
