// The skill-up form (schemas/forms/skilup-reg.json): a content form of the skill-up categories
// (6 videos, 8 playbook) whose program and phase live in `skilup_contents` (store.also). What
// differs: the phase must belong to the chosen program and the program to the category, and the
// initial data carries the programs and their phases (spec 002 sections 3, 4).
import type { RuleResult } from '../../../schemas/rules/engine';
import type { FormHook } from '../../forms/hook';
import { contentHook } from '../content/hook';

// The content parts without the notice's own further calls (the click mailer).
const { calls: _noticeCalls, ...contentParts } = contentHook;

const num = (v: unknown) => Number(typeof v === 'string' || typeof v === 'number' ? v : NaN);

export const skilupHook: FormHook = {
  ...contentParts,

  async check(ctx, record, mode, id) {
    const out: RuleResult[] = [...(await contentHook.check!(ctx, record, mode, id))];
    const skilupId = num(record.skilupId);
    const phaseId = num(record.phaseId);
    if (!Number.isSafeInteger(skilupId) || !Number.isSafeInteger(phaseId)) return out;
    const phase = await ctx.app.db
      .selectFrom('skilup_phases as p')
      .innerJoin('skilup_programs as s', 's.skilup_id', 'p.skilup_id')
      .select(['p.phase_id', 's.category_id'])
      .where('p.phase_id', '=', phaseId)
      .where('p.skilup_id', '=', skilupId)
      .executeTakeFirst();
    if (!phase) out.push({ field: 'phaseId', messageId: 'ERR_0006', args: ['フェーズ'] });
    else if (phase.category_id !== num(record.contentsCategoryId))
      out.push({ field: 'skilupId', messageId: 'ERR_0006', args: ['スキルアップ名'] });
    return out;
  },

  async write(ctx, id, record, mode) {
    await contentHook.write!(ctx, id, record, mode);
    if (mode !== 'new') return;
    // A new content goes to the end of its phase.
    const last = await ctx.trx
      .selectFrom('skilup_contents')
      .select((eb) => eb.fn.max('display_order').as('n'))
      .where('phase_id', '=', num(record.phaseId))
      .where('content_id', '<>', Number(id))
      .executeTakeFirst();
    await ctx.trx
      .updateTable('skilup_contents')
      .set({ display_order: Number(last?.n ?? 0) + 1 })
      .where('content_id', '=', Number(id))
      .execute();
  },

  async data(ctx, body) {
    const base = await contentHook.data!(ctx, body);
    const db = ctx.app.db;
    const categoryId = Number(base.categoryId);
    const programs = await db
      .selectFrom('skilup_programs')
      .select(['skilup_id', 'skilup_name'])
      .where('category_id', '=', categoryId)
      .orderBy('display_order')
      .orderBy('skilup_id')
      .execute();
    const phases = programs.length
      ? await db
          .selectFrom('skilup_phases')
          .select(['phase_id', 'phase_name', 'skilup_id'])
          .where(
            'skilup_id',
            'in',
            programs.map((p) => p.skilup_id),
          )
          .orderBy('skilup_id')
          .orderBy('display_order')
          .execute()
      : [];
    return {
      ...base,
      skilupNameList: programs.map((p) => ({ skilupId: String(p.skilup_id), skilupName: p.skilup_name })),
      phaseList: phases.map((p) => ({
        phaseId: String(p.phase_id),
        phaseName: p.phase_name,
        skilupId: String(p.skilup_id),
      })),
    };
  },
};
