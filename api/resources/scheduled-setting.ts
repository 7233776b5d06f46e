// What the per-target settings with a scheduled list (global navigation, icon menu; spec 001
// sections 3–5, schemas/forms/glovalnavi-kanri.json, iconmenu-kanri.json) do beyond their
// columns and child rows (store.rows):
//   - the target: a segment or agent that exists; its name is the server's, never the body's;
//     the forms make no second default setting (the default radio is disabled when one exists;
//     the tables themselves allow several, each from its own reflection date);
//   - a row's URL is its category's unless the category is その他 (CATEGORY.OTHER);
//   - no scheduled date without a scheduled list (the portal would switch to an empty list);
//   - the initial data (categories, segments, the default setting, today) and the preview call.
// The portal reads what is stored here per agent and date (api/authority/scheduled-settings.ts).
import type { Kysely } from 'kysely';
import type { RuleResult } from '../../schemas/rules/engine';
import { targetDateFor } from '../authority/caller';
import type { Database } from '../db/schema';
import { problem } from '../http/problems';
import type { FormHook, HookContext } from '../forms/hook';
import type { FormRecord } from '../forms/record-store';
import { parseKey } from '../forms/wire-record';
import { CATEGORY } from '../../schemas/categories';

/** The その他 category: its rows keep a typed URL (spec 001 section 3, sonotaCategoryId). */

type SettingsTable = 'global_navi_settings' | 'icon_menu_settings';

/** A segment's id in the target code (a text column that also holds agent codes); 0, never found, when it is not one. */
const segmentIdOf = (code: string) => Number(parseKey(code, true) ?? 0);
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const rowsOf = (v: unknown): FormRecord[] =>
  Array.isArray(v) ? v.filter((r): r is FormRecord => typeof r === 'object' && r !== null && !Array.isArray(r)) : [];

export interface ScheduledSettingOptions {
  table: SettingsTable;
  /** The record's current and scheduled list fields (the wire names differ per form). */
  nowList: string;
  scheduledList: string;
  /** The preview call (spec 001 section 7) and what it answers for one list. */
  preview: {
    call: string;
    result: string;
    items: (ctx: HookContext, kanriId: number, detailKbn: '01' | '02') => Promise<unknown[]>;
  };
  /** Extra initial data (the icon menu's maxFileSize). */
  data?: (ctx: HookContext) => Record<string, unknown>;
  /** Further hook parts of the form (the icon menu's images). */
  extend?: Partial<FormHook>;
}

async function categoryUrls(db: Kysely<Database>): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('categories')
    .select(['category_id', 'category_url'])
    .where('kind', '!=', 'admin')
    .execute();
  return new Map(rows.map((r) => [String(r.category_id), r.category_url]));
}

async function defaultKanriId(db: Kysely<Database>, table: SettingsTable): Promise<string> {
  const row = await db
    .selectFrom(`${table} as s` as 'global_navi_settings as s')
    .select('s.kanri_id')
    .where('s.target_kbn', '=', '0')
    .orderBy('s.kanri_id')
    .executeTakeFirst();
  return row ? String(row.kanri_id) : '';
}

export function scheduledSettingHook(o: ScheduledSettingOptions): FormHook {
  const keyOf = (ctx: HookContext) => ctx.form.store!.key.field;
  return {
    ...o.extend,

    // The URL of a row follows its category (editable only for その他): settled before the rules run.
    async authorize(ctx, record, mode) {
      if (mode !== 'new' && mode !== 'update') return;
      const urls = await categoryUrls(ctx.app.db);
      for (const list of [o.nowList, o.scheduledList]) {
        for (const row of rowsOf(record[list])) {
          const category = str(row.categoryId);
          if (category && category !== String(CATEGORY.OTHER) && urls.has(category)) row.url = urls.get(category);
        }
      }
      // Only the update carries a scheduled list (spec 001 section 7: regGlobalNavi has the current one).
      if (mode === 'new') {
        delete record[o.scheduledList];
        delete record.scheduledDate;
      }
    },

    async check(ctx, record, _mode, id): Promise<RuleResult[]> {
      const db = ctx.app.db;
      const out: RuleResult[] = [];
      const kbn = str(record.settingTargetKbn);
      const code = str(record.settingTargetCode);
      if (!['0', '1', '2'].includes(kbn))
        out.push({ field: 'settingTargetKbn', messageId: 'ERR_0003', args: ['設定対象'] });
      if (kbn === '0') {
        const taken = await defaultKanriId(db, o.table);
        if (taken && taken !== String(id ?? ''))
          out.push({ field: 'settingTargetKbn', messageId: 'ERR_0017', args: ['デフォルト設定'] });
      }
      if (
        kbn === '1' &&
        code &&
        !(await db
          .selectFrom('agent_segments')
          .select('ag_segment_id')
          .where('ag_segment_id', '=', segmentIdOf(code))
          .executeTakeFirst())
      )
        out.push({ field: 'settingTargetCode', messageId: 'ERR_0006', args: ['AGセグメント'] });
      if (
        kbn === '2' &&
        code &&
        code.length <= 8 &&
        !(await db.selectFrom('agents').select('ag_code').where('ag_code', '=', code).executeTakeFirst())
      )
        out.push({ field: 'settingTargetCode', messageId: 'ERR_0006', args: ['代理店コード'] });
      const urls = await categoryUrls(db);
      for (const list of [o.nowList, o.scheduledList]) {
        rowsOf(record[list]).forEach((row, i) => {
          for (const f of ['categoryId', 'pairentId']) {
            const v = str(row[f]);
            if (v && !urls.has(v))
              out.push({
                field: `${list}.${i}.${f}`,
                messageId: 'ERR_0006',
                args: [f === 'categoryId' ? 'カテゴリ' : '親カテゴリ'],
              });
          }
        });
      }
      return out;
    },

    async columns(ctx, record) {
      const db = ctx.app.db;
      const kbn = str(record.settingTargetKbn);
      const code = str(record.settingTargetCode);
      let name = '';
      if (kbn === '1')
        name =
          (
            await db
              .selectFrom('agent_segments')
              .select('ag_segment_name')
              .where('ag_segment_id', '=', segmentIdOf(code))
              .executeTakeFirst()
          )?.ag_segment_name ?? '';
      if (kbn === '2')
        name =
          (await db.selectFrom('agents').select('ag_name').where('ag_code', '=', code).executeTakeFirst())?.ag_name ??
          '';
      const scheduled = rowsOf(record[o.scheduledList]).length > 0;
      return {
        target_code: kbn === '0' ? '' : code,
        target_name: name,
        scheduled_date: scheduled && str(record.scheduledDate) ? str(record.scheduledDate).replaceAll('/', '-') : null,
      };
    },

    async data(ctx, body) {
      const db = ctx.app.db;
      const categories = await db
        .selectFrom('categories')
        .select(['category_id', 'category_name', 'category_url'])
        .where('kind', '!=', 'admin')
        .orderBy('display_order')
        .orderBy('category_id')
        .execute();
      const segments = await db
        .selectFrom('agent_segments')
        .select(['ag_segment_id', 'ag_segment_name'])
        .orderBy('ag_segment_id')
        .execute();
      const taken = await defaultKanriId(db, o.table);
      return {
        categoryList: categories.map((c) => ({
          categoryId: String(c.category_id),
          categoryName: c.category_name,
          categoryUrl: c.category_url,
        })),
        agSegmentList: segments.map((s) => ({
          agSegmentCode: String(s.ag_segment_id),
          agSegmentName: s.ag_segment_name,
        })),
        defaultKanriId: taken,
        // On new, the target is preset to segment when a default exists (spec 001 section 4).
        settingTargetKbn: taken ? '1' : '0',
        reflectionDate: targetDateFor(ctx.caller, str(body.targetDate) || undefined, ctx.app.clock),
        sonotaCategoryId: String(CATEGORY.OTHER),
        ...o.data?.(ctx),
      };
    },

    calls: {
      ...o.extend?.calls,
      [o.preview.call]: async (ctx, _record, row, body) => {
        const kbn = str(body.detailKbn);
        if (kbn !== '01' && kbn !== '02') throw problem.validation([{ messageId: 'ERR_0003', args: ['表示区分'] }]);
        return {
          [o.preview.result]: await o.preview.items(ctx, Number(row[ctx.form.store!.key.column]), kbn),
          [keyOf(ctx)]: String(row[ctx.form.store!.key.column]),
        };
      },
    },
  };
}
