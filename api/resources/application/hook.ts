// What the two request forms (schemas/forms/shinseiform-ag.json, applicant side, and
// shinseiform-provider.json, receiver side; docs/requests.md) do beyond the engine's workflow,
// optimistic check and edit locks:
//  - sides: an agent (or a provider administrator acting as one) with permission 13 is the
//    applicant and sees only its own agent code's requests (403 for another's); staff with
//    permission 14, not while acting as an agent, are the receiver and see every request but drafts;
//  - the internal memo (providerMemo) is read for the receiver's record only;
//  - attachments (appTempFileList) through the upload widget, with their names and sizes from the
//    uploads and the stored rows; the related-info box of the category;
//  - new flags and the agent's 申請管理 notification when staff answer.
import { APPLICATION_WORKFLOW as W, isVisibleTo } from '../../../schemas/workflows/workflow';
import { effectiveIds, parseWireDate } from '../../authority/caller';
import { finishedUpload } from '../../files/attach';
import { problem } from '../../http/problems';
import * as repo from './repository';
import { applicationListSettings, categoryData, categoryOptions, isApplicant, isStaff } from './rules';
import { applicantWire, listItemWire, receiverWire } from './wire';
import type { FormHook, HookContext } from '../../forms/hook';
import type { FormRecord } from '../../forms/record-store';
import type { Step } from '../../forms/workflow-store';

const blank = (v: unknown) => v === undefined || v === null || v === '';
const isReceiver = (ctx: HookContext) => ctx.form.store?.workflow?.side === 'receiver';

interface FileChanges {
  kept: repo.AttachmentRow[];
  removed: repo.AttachmentRow[];
  uploadIds: string[];
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const categoryOf = (v: unknown) => (blank(v) ? undefined : Number(v));
const sideOf = (ctx: HookContext) => (isReceiver(ctx) ? 'receiver' : 'applicant');

/** The request list's conditions, checked by its search rules, as the repository's criteria. */
function criteriaOf(ctx: HookContext, c: FormRecord): repo.ListCriteria {
  const side = sideOf(ctx);
  const ids = side === 'receiver' ? { userId: ctx.caller.userId, agCode: undefined } : effectiveIds(ctx.caller);
  const sideOnly =
    side === 'receiver'
      ? {
          targetAgCode: text(c.targetAgCode) || undefined,
          operater: text(c.operater) || undefined,
          providerUser: text(c.providerUser) || undefined,
        }
      : { appUserName: text(c.appUserName) || undefined };
  // The search rules require both ends of the period as dates; a body that slips past them is refused the same way.
  const from = parseWireDate(text(c.appDateFrom));
  const to = parseWireDate(text(c.appDateTo));
  if (!from || !to) throw problem.validation([{ messageId: 'ERR_0020', args: [from ? '申請期間To' : '申請期間From'] }]);
  return {
    side,
    agCode: ids.agCode,
    userId: ids.userId,
    statuses: W.visibleTo[side],
    finished: W.finished,
    from,
    to,
    wishDate: parseWireDate(text(c.wishDate)) ?? undefined,
    categoryId: categoryOf(c.appType),
    status: text(c.status) || undefined,
    keyword: text(c.keyword).trim() || undefined,
    hideFinished: c.isDisableFinished === true,
    ...sideOnly,
  };
}

export const applicationHook: FormHook = {
  fields: ['appTempFileList'],

  // While a provider administrator acts as an agent, the agent's permissions count on the applicant form.
  permissionHolder: (caller) => caller.pseudo ?? caller,

  // The request lists (calls.list): the side's statuses, the applicant's own agent only; the
  // applicant side never searches the internal memo (repository.ts).
  searchCheck: (_ctx, c) => {
    const type = categoryOf(c.appType);
    return type !== undefined && !Number.isSafeInteger(type)
      ? [{ field: 'appType', messageId: 'ERR_0003', args: ['申請種別'] }]
      : [];
  },
  listLimit: () => applicationListSettings.maxResults,
  async list(ctx, c, _scope, limit) {
    const rows = await repo.listApplications(
      ctx.app.db,
      criteriaOf(ctx, c),
      limit ?? applicationListSettings.maxResults,
    );
    return rows.map((r) => listItemWire(r, sideOf(ctx)));
  },
  // The screens' lists are paged on the server (docs/requests.md): the same rows, a page at a time.
  selection: (ctx, c) => repo.selectApplications(ctx.app.db, criteriaOf(ctx, c)),
  pageRecords: async (ctx, rows) => rows.map((r) => listItemWire(r as unknown as repo.ListRow, sideOf(ctx))),

  async admits(ctx) {
    const ok = isReceiver(ctx) ? await isStaff(ctx.app.db, ctx.caller) : await isApplicant(ctx.app.db, ctx.caller);
    if (!ok) throw problem.forbidden();
  },

  authorize(ctx, record, _mode, before) {
    const target = before ?? (_mode === 'new' ? undefined : record);
    if (!target) return;
    if (isReceiver(ctx)) {
      // A draft is the agent's own until submitted: not there for staff.
      if (!isVisibleTo(W, 'receiver', String(target.appStatusKbn)))
        throw problem.validation([{ messageId: 'ERR_0009', args: ['申請'] }]);
    } else if (target.appAgCode !== effectiveIds(ctx.caller).agCode) throw problem.forbidden();
  },

  async prepare(ctx, record, _mode, id) {
    if (isReceiver(ctx)) return;
    // Names and sizes come from the stored rows and the caller's finished uploads, never from the
    // body. A stored file is kept by its stable fileId, never by its place in the list (the screen
    // renumbers rowNo when a file is removed).
    const list = Array.isArray(record.appTempFileList)
      ? (record.appTempFileList as { fileId?: unknown; uploadId?: unknown }[])
      : [];
    const existing = id === null ? [] : await repo.filesOf(ctx.app.db, Number(id));
    const keptIds = new Set(list.filter((f) => blank(f.uploadId) && !blank(f.fileId)).map((f) => Number(f.fileId)));
    const kept = existing.filter((f) => keptIds.has(Number(f.file_id)));
    const uploads = [];
    for (const f of list)
      if (!blank(f.uploadId)) uploads.push(await finishedUpload(ctx.app, ctx.caller, String(f.uploadId)));
    record.appTempFileList = [
      ...kept.map((f) => ({ fileName: f.file_name, size: Number(f.file_size) })),
      ...uploads.map((u) => ({ fileName: u.fileName, size: u.size, uploadId: u.id })),
    ];
    ctx.state.attachments = {
      kept,
      removed: existing.filter((f) => !keptIds.has(Number(f.file_id))),
      uploadIds: uploads.map((u) => u.id),
    } satisfies FileChanges;
  },

  async check(ctx, record) {
    if (isReceiver(ctx) || blank(record.appCategoryId)) return [];
    const id = Number(record.appCategoryId);
    return Number.isSafeInteger(id) && (await repo.category(ctx.app.db, id))
      ? []
      : [{ field: 'appCategoryId', messageId: 'ERR_0003', args: ['申請種別'] }];
  },

  columns(ctx, record, mode) {
    const step = ctx.state.step as Step;
    const at = ctx.state.at as Date;
    if (isReceiver(ctx)) {
      const before = ctx.state.beforeRow as { provider_comment?: string } | undefined;
      // The agent is told of a changed status or reply (its new flag and badge).
      const answered = step.to !== step.from || (record.providerComment ?? '') !== (before?.provider_comment ?? '');
      ctx.state.answered = answered;
      return { updated_by: ctx.caller.userId, ...(answered ? { provider_updated_at: at } : {}) };
    }
    const ids = effectiveIds(ctx.caller);
    // The owner is the token's agent (a body's appAgCode is ignored); a draft is not news for staff.
    return {
      updated_by: ctx.caller.userId,
      ag_updated_at: step.to === '10' ? null : at,
      ...(mode === 'new' ? { ag_code: ids.agCode, user_id: ids.userId, app_date: at, provider_updated_at: null } : {}),
    };
  },

  async write(ctx, id) {
    const appNo = Number(id);
    if (isReceiver(ctx)) {
      if (ctx.state.answered) {
        const row = ctx.state.beforeRow as { ag_code: string; app_title: string };
        await repo.notifyAgent(ctx.trx, appNo, row.ag_code, row.app_title);
      }
      return;
    }
    const files = ctx.state.attachments as FileChanges | undefined;
    if (!files) return;
    if (files.removed.length) {
      await ctx.trx
        .deleteFrom('application_files')
        .where('app_no', '=', appNo)
        .where(
          'file_id',
          'in',
          files.removed.map((f) => Number(f.file_id)),
        )
        .execute();
      // The seeds' shared files stay.
      for (const f of files.removed) if (!f.stored_key.startsWith('seed/')) ctx.discard(f.stored_key);
    }
    if (!files.uploadIds.length) return;
    const attached = await ctx.attach({
      form: ctx.form,
      field: 'appTempFileList',
      uploadIds: files.uploadIds,
      existingNames: files.kept.map((f) => f.file_name),
      keyPrefix: `applications/${appNo}`,
    });
    let next = Math.max(0, ...files.kept.map((f) => f.row_no), ...files.removed.map((f) => f.row_no)) + 1;
    const at = ctx.state.at as Date;
    await ctx.trx
      .insertInto('application_files')
      .values(
        attached.map((f) => ({
          app_no: appNo,
          row_no: next++,
          file_name: f.fileName,
          stored_key: f.storageKey,
          file_size: f.size,
          content_type: f.contentType,
          uploaded_by: ctx.caller.userId,
          uploaded_at: at,
        })),
      )
      .execute();
  },

  async read(ctx, db, id, record) {
    // The shown record: the applicant's has no internal memo at all (serialisation cannot leak it).
    const appNo = Number(id);
    const row = isReceiver(ctx) ? await repo.loadForReceiver(db, appNo) : await repo.loadForApplicant(db, appNo);
    if (!row) return;
    const files = await repo.filesOf(db, appNo);
    const cat = await categoryData(db, row.app_category_id);
    const shown = isReceiver(ctx) ? receiverWire(row as repo.ReceiverRow, files, cat) : applicantWire(row, files, cat);
    Object.assign(record, shown);
  },

  async removed(ctx, id) {
    const linked = await ctx.trx
      .selectFrom('application_notifications')
      .select('notification_id')
      .where('app_no', '=', Number(id))
      .execute();
    if (linked.length)
      await ctx.trx
        .deleteFrom('notifications')
        .where(
          'notification_id',
          'in',
          linked.map((l) => l.notification_id),
        )
        .execute();
  },

  async committed(ctx) {
    const files = ctx.state.attachments as FileChanges | undefined;
    for (const uploadId of files?.uploadIds ?? []) await ctx.app.uploads.remove(uploadId).catch(() => undefined);
  },

  async data(ctx) {
    const base = { categoryList: await categoryOptions(ctx.app.db), maxFileSize: ctx.app.config.maxFileSize };
    if (!isReceiver(ctx)) return base;
    return {
      ...base,
      statusList: W.statuses
        .filter((s) => isVisibleTo(W, 'receiver', s.value))
        .map((s) => ({ value: s.value, text: s.text })),
    };
  },
};
