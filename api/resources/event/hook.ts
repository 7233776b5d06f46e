// The event form (schemas/forms/event-reg.json) is a content form of category 7 (the content
// hook does targets, links, files, tags, thumbnail, search) whose event fields live in `events`
// (store.also). What differs: the category is always 7, the posting starts the day after the
// registration and has no end (spec 001 section 2), the entry download gets a CSV name, and
// checkEventApplied tells the form whether anyone has applied (CNF_0007 / CNF_0008).
import { tokyoDate } from '../../clock';
import type { FormHook } from '../../forms/hook';
import { contentHook } from '../content/hook';
import { CATEGORY } from '../../../schemas/categories';

// The content parts without the notice's own further calls (the click mailer).
const { calls: _noticeCalls, ...contentParts } = contentHook;

const DEFAULT_MAIL_MESSAGE = [
  'このたびはイベントにお申し込みいただき、誠にありがとうございます。',
  '当日は開始時刻の10分前までに受付をお済ませください。',
  'ご都合が悪くなった場合は、イベント詳細画面からキャンセルをお願いいたします。',
].join('\n');

/** The file name of the entry download: the title without characters a file name cannot hold. */
export const entryFileName = (title: string, id: number) =>
  `${title.replace(/[\\/:*?"<>|]/g, '').slice(0, 80) || 'イベント'}_申込者一覧_${id}.csv`;

export const eventHook: FormHook = {
  ...contentParts,

  scope: () => ({ category_id: CATEGORY.EVENTS }),

  authorize(_ctx, record) {
    record.contentsCategoryId = String(CATEGORY.EVENTS);
  },

  async columns(ctx, record, mode) {
    const base = await contentHook.columns!(ctx, record, mode);
    if (mode === 'update') return { ...base, category_id: CATEGORY.EVENTS };
    const tomorrow = tokyoDate(new Date(ctx.app.clock.now().getTime() + 24 * 3600 * 1000));
    return { ...base, category_id: CATEGORY.EVENTS, keisai_start: tomorrow, keisai_end: '9999-12-31' };
  },

  async write(ctx, id, record, mode) {
    await contentHook.write!(ctx, id, record, mode);
    await ctx.trx
      .updateTable('events')
      .set({ csv_file_name: entryFileName(String(record.title ?? ''), Number(id)) })
      .where('content_id', '=', Number(id))
      .execute();
  },

  async data(ctx, body) {
    const base = await contentHook.data!(ctx, { ...body, contentsCategoryId: CATEGORY.EVENTS });
    return { ...base, kaisaiDate: '', registrationEndDate: '', defaultMailMessage: DEFAULT_MAIL_MESSAGE };
  },

  calls: {
    '/api/EventReg/checkEventApplied': async (ctx, _record, row) => {
      const live = await ctx.app.db
        .selectFrom('event_entries')
        .select('entry_id')
        .where('content_id', '=', Number(row.content_id))
        .where('cancelled_at', 'is', null)
        .limit(1)
        .executeTakeFirst();
      return { isEventApplied: live !== undefined };
    },
  },
};
