// Request (application) management, spec 002 sections 2.6, 4, 5, 7 (issue 13). Agents (applicant
// side, permission 13) file requests and see only their own agent's (the token's agent code, the
// pseudo agent during pseudo-login; a representative code never widens it); supplier staff
// (receiver side, isProvider and permission 14) see every request but drafts. Every status change
// is one of the transitions declared in schemas/workflows/application.json; any other is 403.
// Saves, submits, withdrawals and deletes carry the display time (dispDateTime) and the status
// the screen showed (beforeAppStatus): a record changed since is 409 CNF_0009. Editing locks are
// advisory (CNF_0011 on the screen) and lapse after 30 minutes without activity. The internal
// memo (providerMemo) is never selected for the applicant side, never searched for it and never
// mailed.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Transaction } from 'kysely';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import { checkMailList, cleanMailList } from '../../../schemas/rules/mail-list';
import { APPLICATION_WORKFLOW as W, isEditable, isVisibleTo, statusText, transition, type Side } from '../../../schemas/workflows/workflow';
import { recordAudit } from '../../audit/record';
import { effectiveIds, parseWireDate, type Caller } from '../../authority/caller';
import { can } from '../../authority/permissions';
import type { Database } from '../../db/schema';
import { tokyoDate } from '../../clock';
import { attachUploads, finishedUpload } from '../../files/attach';
import { contentDisposition } from '../../files/content-disposition';
import { zipStream } from '../../files/zip';
import { enforceListSearch, formFailures } from '../../forms/enforce';
import { HttpProblem, messagesBody, problem } from '../../http/problems';
import { Body, CallerIds } from '../../http/wire';
import * as repo from './repository';
import { ApplicantRecord, AttachmentIn, CategoryData, categoryWire, applicantWire, isoOf, ListItem, listItemWire, Option, receiverWire, ReceiverRecord, WireNo } from './wire';

export const APPLICANT_CATEGORY = 13;
export const RECEIVER_CATEGORY = 14;
/** The largest list answered; more is 416 ERR_0023. Tests lower it. */
export const applicationListSettings = { maxResults: 1000 };
const LIST_NAME = '申請一覧';
const RECORD_NAME = '申請';
/** The list's default period: the last three months up to today. */
const DEFAULT_PERIOD_MONTHS = 3;

const stale = () => new HttpProblem(409, messagesBody([{ messageId: 'CNF_0009' }]));
const notThere = () => problem.validation([{ messageId: 'ERR_0009', args: [RECORD_NAME] }]);

const Ids = {
  ...CallerIds,
  daihyoCode: Type.Optional(Type.String({ maxLength: 20 })),
  pseudoUserId: Type.Optional(Type.String({ maxLength: 20 })),
  pseudoAgCode: Type.Optional(Type.String({ maxLength: 20 })),
  pseudoDaihyoCode: Type.Optional(Type.String({ maxLength: 20 })),
};
const Text = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const Check = {
  dispDateTime: Type.Optional(Type.String({ maxLength: 40, description: 'When the screen loaded the record (its lastUpdDate): a newer record is 409 CNF_0009' })),
  beforeAppStatus: Type.Optional(Type.String({ maxLength: 2, description: 'The status the screen showed: another one is 409 CNF_0009' })),
};
// Wire limits are generous: the declared rules answer the catalogue's messages for the real limits.
const ApplicantFields = {
  appNo: WireNo('Request number (update)'),
  appStatus: Type.Optional(Type.String({ maxLength: 2, description: 'The status the button sets (schemas/workflows/application.json)' })),
  appUser: Text(200),
  appTitle: Text(400),
  wishDate: Text(10),
  appCategoryId: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 12 })])),
  appTempFileList: Type.Optional(Type.Array(AttachmentIn, { maxItems: 50 })),
  targetAgCode: Text(400),
  targetCompanyId: Text(200),
  appMemo: Text(4000),
};
const ReceiverFields = {
  appNo: WireNo('Request number'),
  appStatus: Type.Optional(Type.String({ maxLength: 2 })),
  loginName: Text(200),
  targetAgCode: Text(400),
  targetCompanyId: Text(200),
  operateUser: Text(200),
  providerUser: Text(200),
  providerComment: Text(4000),
  providerMemo: Text(4000),
};
const MailAddresses = Type.Array(Type.Union([Type.String({ maxLength: 320 }), Type.Null()]), { maxItems: 10 });
const MailListBody = { to: Type.Optional(MailAddresses), cc: Type.Optional(MailAddresses), bcc: Type.Optional(MailAddresses) };

const ListCommon = {
  ...Ids,
  appDateFrom: Text(10),
  appDateTo: Text(10),
  appType: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 12 })])),
  status: Text(2),
  keyword: Text(400),
  wishDate: Text(10),
  isDisableFinished: Type.Optional(Type.Boolean()),
};

const Binary = Type.String({ format: 'binary', description: 'The file (or application/zip); its name in Content-Disposition' });

function parseNo(v: unknown): number {
  const n = typeof v === 'number' ? v : /^\d{1,9}$/.test(String(v ?? '')) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw notThere();
  return n;
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

export default async function applicationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  /** The applicant: the agent (or the agent a provider administrator acts as) with permission 13. */
  async function applicant(caller: Caller) {
    const holder = caller.pseudo ?? caller;
    if (holder.isProvider || !(await can(app.db, holder, APPLICANT_CATEGORY))) throw problem.forbidden();
    return effectiveIds(caller);
  }
  /** The receiver: supplier staff with permission 14 (not while acting as an agent). */
  async function receiver(caller: Caller) {
    if (caller.pseudo || !caller.isProvider || !(await can(app.db, caller, RECEIVER_CATEGORY))) throw problem.forbidden();
    return { userId: caller.userId, agCode: caller.agCode };
  }
  /** The side of the caller for the calls both sides make. */
  async function sideOf(caller: Caller): Promise<{ side: Side; userId: string; agCode: string }> {
    if (caller.isProvider && !caller.pseudo) return { side: 'receiver', ...(await receiver(caller)) };
    return { side: 'applicant', ...(await applicant(caller)) };
  }

  /** A request the applicant's agent owns: another agent's is 403. */
  async function ownRequest(appNo: number, agCode: string) {
    const row = await repo.loadForApplicant(app.db, appNo);
    if (!row) throw notThere();
    if (row.ag_code !== agCode) throw problem.forbidden();
    return row;
  }
  /** A request the receiver sees: drafts are not there yet. */
  async function receivedRequest(appNo: number) {
    const row = await repo.loadForReceiver(app.db, appNo);
    if (!row || !isVisibleTo(W, 'receiver', row.status_kbn)) throw notThere();
    return row;
  }
  async function requestFor(side: Side, appNo: number, agCode: string) {
    return side === 'receiver' ? receivedRequest(appNo) : ownRequest(appNo, agCode);
  }

  function checkFresh(row: { status_kbn: string; updated_at: Date }, body: { dispDateTime?: string; beforeAppStatus?: string }) {
    if (!blank(body.beforeAppStatus) && body.beforeAppStatus !== row.status_kbn) throw stale();
    if (!blank(body.dispDateTime)) {
      const shown = new Date(body.dispDateTime!);
      if (Number.isNaN(shown.getTime()) || shown.getTime() !== new Date(row.updated_at).getTime()) throw stale();
    }
  }

  /** The update time of a change: now, but always after the previous one (the optimistic check compares them). */
  const nextStamp = (previous?: Date) => {
    const now = app.clock.now();
    return previous && now.getTime() <= new Date(previous).getTime() ? new Date(new Date(previous).getTime() + 1) : now;
  };

  async function categoryData(categoryId: number | null) {
    if (categoryId === null) return categoryWire(undefined, []);
    return categoryWire(await repo.category(app.db, categoryId), await repo.categoryFiles(app.db, categoryId));
  }

  async function applicantRecord(row: repo.ApplicationRow) {
    return applicantWire(row, await repo.filesOf(app.db, row.app_no), await categoryData(row.app_category_id));
  }
  async function receiverRecord(row: repo.ReceiverRow) {
    return receiverWire(row, await repo.filesOf(app.db, row.app_no), await categoryData(row.app_category_id));
  }

  const categoryOptions = async () => (await repo.categories(app.db)).map((c) => ({ value: String(c.app_category_id), text: c.category_name }));
  const statusOptions = (side: Side) => W.statuses.filter((s) => isVisibleTo(W, side, s.value)).map((s) => ({ value: s.value, text: s.text }));

  // ---- initial data and lists ------------------------------------------------------------------
  // The lists' screens and search rules: schemas/lists/shinsei-kanri-{ag,provider}.json.
  const APPLICANT_LIST = 'shinsei-kanri-ag';
  const RECEIVER_LIST = 'shinsei-kanri-provider';

  const InitialAnswer = {
    categoryList: Type.Array(Option),
    statusList: Type.Array(Option),
    shinseiKikanStart: Type.String({ description: 'yyyy-MM-dd' }),
    shinseiKikanEnd: Type.String({ description: 'yyyy-MM-dd' }),
  };
  function period() {
    const today = tokyoDate(app.clock.now());
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() - DEFAULT_PERIOD_MONTHS);
    return { shinseiKikanStart: d.toISOString().slice(0, 10), shinseiKikanEnd: today };
  }

  app.post('/api/ApplicationMgtAg/getInitialData', { schema: { body: Body(Ids), response: { 200: Type.Object(InitialAnswer) } } }, async (request) => {
    await applicant(request.caller!);
    return { categoryList: await categoryOptions(), statusList: statusOptions('applicant'), ...period() };
  });

  app.post(
    '/api/ApplicationMgtProvider/getInitialData',
    { schema: { body: Body(Ids), response: { 200: Type.Object({ ...InitialAnswer, agCodeList: Type.Array(Option), userList: Type.Array(Option) }) } } },
    async (request) => {
      await receiver(request.caller!);
      const agents = await app.db.selectFrom('agents').select(['ag_code', 'ag_name']).where('ag_code', 'not like', 'P%').orderBy('ag_code').execute();
      const staff = await app.db.selectFrom('users').select(['user_name']).where('is_provider', '=', true).where('deleted_at', 'is', null).orderBy('user_id').execute();
      return {
        categoryList: await categoryOptions(),
        statusList: statusOptions('receiver'),
        ...period(),
        agCodeList: agents.map((a) => ({ value: a.ag_code, text: `${a.ag_code} ${a.ag_name}` })),
        userList: [...new Set(staff.map((s) => s.user_name))].map((n) => ({ value: n, text: n })),
      };
    },
  );

  /**
   * The conditions of a list call, checked by the search rules of its list definition (the
   * browser runs the same ones), plus what only a malformed call can get wrong.
   */
  async function listCriteria(listId: string, b: Static<ReturnType<typeof Type.Object<typeof ListCommon>>> & Record<string, unknown>) {
    const type = blank(b.appType) ? undefined : Number(b.appType);
    await enforceListSearch(app, listId, b, {
      serverChecks: () => (type !== undefined && !Number.isSafeInteger(type) ? [{ field: 'appType', messageId: 'ERR_0003', args: ['申請種別'] }] : []),
    });
    const wish = blank(b.wishDate) ? undefined : parseWireDate(b.wishDate);
    return { from: parseWireDate(b.appDateFrom)!, to: parseWireDate(b.appDateTo)!, wishDate: wish ?? undefined, categoryId: type, status: b.status || undefined, keyword: b.keyword?.trim() || undefined, hideFinished: b.isDisableFinished === true };
  }

  async function answerList(criteria: repo.ListCriteria) {
    const rows = await repo.listApplications(app.db, criteria);
    if (rows.length > criteria.limit) throw problem.tooManyResults(LIST_NAME);
    return { appDataList: rows.map((r) => listItemWire(r, criteria.side)) };
  }

  app.post(
    '/api/ApplicationMgtAg/GetApplicationList',
    { config: { form: APPLICANT_LIST }, schema: { body: Body({ ...ListCommon, appUserName: Text(200) }), response: { 200: Type.Object({ appDataList: Type.Array(ListItem) }) } } },
    async (request) => {
      const ids = await applicant(request.caller!);
      const b = request.body;
      const c = await listCriteria(APPLICANT_LIST, b);
      return answerList({ ...c, side: 'applicant', agCode: ids.agCode, userId: ids.userId, statuses: W.visibleTo.applicant, finished: W.finished, appUserName: b.appUserName || undefined, limit: applicationListSettings.maxResults });
    },
  );

  app.post(
    '/api/ApplicationMgtProvider/GetApplicationList',
    { config: { form: RECEIVER_LIST }, schema: { body: Body({ ...ListCommon, targetAgCode: Text(20), operater: Text(200), providerUser: Text(200) }), response: { 200: Type.Object({ appDataList: Type.Array(ListItem) }) } } },
    async (request) => {
      const ids = await receiver(request.caller!);
      const b = request.body;
      const c = await listCriteria(RECEIVER_LIST, b);
      return answerList({
        ...c,
        side: 'receiver',
        userId: ids.userId,
        statuses: W.visibleTo.receiver,
        finished: W.finished,
        targetAgCode: b.targetAgCode || undefined,
        operater: b.operater || undefined,
        providerUser: b.providerUser || undefined,
        limit: applicationListSettings.maxResults,
      });
    },
  );

  // ---- the forms -------------------------------------------------------------------------------

  const FormInitBody = Body({ ...Ids, applicationNo: WireNo('Request number; absent for a new request') });
  const FormInitAnswer = { categoryList: Type.Array(Option), maxFileSize: Type.Number(), dispDateTime: Type.String({ description: 'The record\'s lastUpdDate (or now for a new request): sent back as dispDateTime' }) };

  app.post(
    '/api/ApplicationMgtAg/getAppFormInitialData',
    { schema: { body: FormInitBody, response: { 200: Type.Object({ ...FormInitAnswer, applicationData: Type.Optional(ApplicantRecord) }) } } },
    async (request) => {
      const ids = await applicant(request.caller!);
      const base = { categoryList: await categoryOptions(), maxFileSize: app.config.maxFileSize };
      if (blank(request.body.applicationNo)) return { ...base, dispDateTime: isoOf(app.clock.now()) };
      const row = await ownRequest(parseNo(request.body.applicationNo), ids.agCode);
      return { ...base, dispDateTime: isoOf(row.updated_at), applicationData: await applicantRecord(row) };
    },
  );

  app.post(
    '/api/ApplicationMgtProvider/getAppFormInitialData',
    { schema: { body: FormInitBody, response: { 200: Type.Object({ ...FormInitAnswer, statusList: Type.Array(Option), applicationData: ReceiverRecord }) } } },
    async (request) => {
      await receiver(request.caller!);
      const row = await receivedRequest(parseNo(request.body.applicationNo));
      return { categoryList: await categoryOptions(), maxFileSize: app.config.maxFileSize, statusList: statusOptions('receiver'), dispDateTime: isoOf(row.updated_at), applicationData: await receiverRecord(row) };
    },
  );

  type ApplicantBody = Static<ReturnType<typeof Type.Object<typeof ApplicantFields>>>;

  /** The applicant's fields, its attachments checked against the form's rules; 400 with every message. */
  async function applicantChanges(caller: Caller, b: ApplicantBody, existing: repo.FileRow[]) {
    const list = b.appTempFileList ?? [];
    const keptRows = new Set(list.filter((f) => blank(f.uploadId)).map((f) => Number(f.rowNo)));
    const kept = existing.filter((f) => keptRows.has(f.row_no));
    const uploads = [];
    for (const f of list) if (!blank(f.uploadId)) uploads.push(await finishedUpload(app, caller, f.uploadId!));
    const record = {
      appUser: b.appUser ?? '',
      appTitle: b.appTitle ?? '',
      wishDate: b.wishDate ?? '',
      appCategoryId: blank(b.appCategoryId) ? '' : String(b.appCategoryId),
      appTempFileList: [...kept.map((f) => ({ fileName: f.file_name, size: Number(f.file_size) })), ...uploads.map((u) => ({ fileName: u.fileName, size: u.size, uploadId: u.id }))],
      targetAgCode: b.targetAgCode ?? '',
      targetCompanyId: b.targetCompanyId ?? '',
      appMemo: b.appMemo ?? '',
    };
    const messages = formFailures(app, 'shinseiform-ag', record);
    const categoryId = record.appCategoryId === '' ? null : Number(record.appCategoryId);
    if (categoryId !== null && (!Number.isSafeInteger(categoryId) || !(await repo.category(app.db, categoryId)))) messages.push({ field: 'appCategoryId', messageId: 'ERR_0003', args: ['申請種別'] });
    if (messages.length) throw problem.validation(messages);
    return {
      columns: {
        app_user: record.appUser,
        app_title: record.appTitle,
        wish_date: parseWireDate(record.wishDate),
        app_category_id: categoryId,
        target_ag_code: record.targetAgCode,
        target_company_id: record.targetCompanyId,
        app_memo: record.appMemo,
      },
      kept,
      removed: existing.filter((f) => !keptRows.has(f.row_no)),
      uploadIds: uploads.map((u) => u.id),
    };
  }

  /** Stores the attachments of a save in its transaction; answers the storage keys to delete after the commit. */
  async function writeFiles(trx: Transaction<Database>, caller: Caller, appNo: number, changes: Awaited<ReturnType<typeof applicantChanges>>, at: Date, stored: string[]) {
    if (changes.removed.length) await trx.deleteFrom('application_files').where('app_no', '=', appNo).where('row_no', 'in', changes.removed.map((f) => f.row_no)).execute();
    if (!changes.uploadIds.length) return;
    const files = await attachUploads(app, trx, caller, { form: 'shinseiform-ag', field: 'appTempFileList', uploadIds: changes.uploadIds, existingNames: changes.kept.map((f) => f.file_name), keyPrefix: `applications/${appNo}` }, (k) => stored.push(k));
    let next = Math.max(0, ...changes.kept.map((f) => f.row_no), ...changes.removed.map((f) => f.row_no)) + 1;
    await trx
      .insertInto('application_files')
      .values(files.map((f) => ({ app_no: appNo, row_no: next++, file_name: f.fileName, stored_key: f.storageKey, file_size: f.size, content_type: f.contentType, uploaded_by: caller.userId, uploaded_at: at })))
      .execute();
  }

  /** Deletes replaced files once the record no longer names them (the seeds' shared files stay). */
  async function discard(keys: string[]) {
    await Promise.all(keys.filter((k) => !k.startsWith('seed/')).map((k) => app.storage.delete(k).catch(() => undefined)));
  }

  async function afterUploads(ids: string[]) {
    for (const id of ids) await app.uploads.remove(id).catch(() => undefined);
  }

  app.post(
    '/api/ApplicationMgtAg/regApplicationData',
    { schema: { body: Body({ ...Ids, ...ApplicantFields, ...Check }), response: { 200: Type.Object({ appNo: Type.String() }) } } },
    async (request) => {
      const caller = request.caller!;
      const ids = await applicant(caller);
      const b = request.body;
      if (blank(b.appStatus)) throw problem.validation([{ messageId: 'ERR_0001', args: ['ステータス'] }]);
      const to = String(b.appStatus);
      if (!transition(W, 'applicant', 'new', to)) throw problem.forbidden();
      const changes = await applicantChanges(caller, b, []);
      const at = app.clock.now();
      const stored: string[] = [];
      let appNo: number;
      try {
        appNo = await app.db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('applications')
            .values({ ...changes.columns, app_date: at, status_kbn: to, ag_code: ids.agCode, user_id: ids.userId, ag_updated_at: to === '10' ? null : at, provider_updated_at: null, updated_at: at, updated_by: caller.userId, deleted_at: null })
            .returning('app_no')
            .executeTakeFirstOrThrow();
          await writeFiles(trx, caller, row.app_no, changes, at, stored);
          await recordAudit(trx, { caller, action: 'create', entity: 'application', entityId: row.app_no, after: { ...changes.columns, status: to, files: changes.uploadIds.length }, at });
          return row.app_no;
        });
      } catch (err) {
        await discard(stored);
        throw err;
      }
      await afterUploads(changes.uploadIds);
      return { appNo: String(appNo) };
    },
  );

  async function applicantUpdate(caller: Caller, b: ApplicantBody & { dispDateTime?: string; beforeAppStatus?: string }, forcedStatus?: string) {
    const ids = await applicant(caller);
    const row = await ownRequest(parseNo(b.appNo), ids.agCode);
    checkFresh(row, b);
    const from = row.status_kbn;
    const to = forcedStatus ?? (blank(b.appStatus) ? from : String(b.appStatus));
    const t = transition(W, 'applicant', from, to);
    if (!t) throw problem.forbidden();
    const withFields = t.action.fields && isEditable(W, 'applicant', from);
    const changes = withFields ? await applicantChanges(caller, b, await repo.filesOf(app.db, row.app_no)) : undefined;
    const at = nextStamp(row.updated_at);
    const stored: string[] = [];
    try {
      await app.db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('applications')
          .set({ ...(changes?.columns ?? {}), status_kbn: to, ag_updated_at: to === '10' ? null : at, updated_at: at, updated_by: caller.userId })
          .where('app_no', '=', row.app_no)
          .where('updated_at', '=', row.updated_at) // a concurrent save in between loses here, not silently
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw stale();
        if (changes) await writeFiles(trx, caller, row.app_no, changes, at, stored);
        // A request the applicant can no longer edit frees its lock for the supplier's staff.
        if (isEditable(W, 'applicant', to)) await repo.touchLock(trx, row.app_no, caller.userId, at);
        else await repo.releaseLock(trx, row.app_no, caller.userId);
        await recordAudit(trx, { caller, action: 'update', entity: 'application', entityId: row.app_no, before: { status: from }, after: { ...(changes?.columns ?? {}), status: to, action: t.name }, at });
      });
    } catch (err) {
      await discard(stored);
      throw err;
    }
    if (changes) {
      await discard(changes.removed.map((f) => f.stored_key));
      await afterUploads(changes.uploadIds);
    }
    return { appNo: String(row.app_no) };
  }

  app.post(
    '/api/ApplicationMgtAg/updApplicationData',
    { schema: { body: Body({ ...Ids, ...ApplicantFields, ...Check }), response: { 200: Type.Object({ appNo: Type.String() }) } } },
    async (request) => applicantUpdate(request.caller!, request.body),
  );

  // Declared by the spec with its use not shown: the withdrawal (取下げ) as its own call.
  app.post(
    '/api/ApplicationMgtAg/cancelApplicationData',
    { schema: { body: Body({ ...Ids, appNo: WireNo('Request number'), ...Check }), response: { 200: Type.Object({ appNo: Type.String() }) } } },
    async (request) => applicantUpdate(request.caller!, request.body, W.actions.withdraw.to[0]),
  );

  app.post(
    '/api/ApplicationMgtProvider/updApplicationData',
    { schema: { body: Body({ ...Ids, ...ReceiverFields, ...Check }), response: { 200: Type.Object({ appNo: Type.String() }) } } },
    async (request) => {
      const caller = request.caller!;
      await receiver(caller);
      const b = request.body;
      const row = await receivedRequest(parseNo(b.appNo));
      checkFresh(row, b);
      const from = row.status_kbn;
      const to = blank(b.appStatus) ? from : String(b.appStatus);
      const t = transition(W, 'receiver', from, to);
      if (!t) throw problem.forbidden();
      const record = {
        targetAgCode: b.targetAgCode ?? '',
        targetCompanyId: b.targetCompanyId ?? '',
        operateUser: b.operateUser ?? '',
        providerUser: b.providerUser ?? '',
        providerComment: b.providerComment ?? '',
        providerMemo: b.providerMemo ?? '',
      };
      const messages = formFailures(app, 'shinseiform-provider', record);
      if (messages.length) throw problem.validation(messages);
      const columns = {
        target_ag_code: record.targetAgCode,
        target_company_id: record.targetCompanyId,
        operate_user: record.operateUser,
        provider_user: record.providerUser,
        provider_comment: record.providerComment,
        provider_memo: record.providerMemo,
      };
      const at = nextStamp(row.updated_at);
      const answered = to !== from || record.providerComment !== row.provider_comment;
      await app.db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('applications')
          .set({ ...columns, status_kbn: to, provider_updated_at: answered ? at : undefined, updated_at: at, updated_by: caller.userId })
          .where('app_no', '=', row.app_no)
          .where('updated_at', '=', row.updated_at)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw stale();
        if (answered) await repo.notifyAgent(trx, row.app_no, row.ag_code, row.app_title);
        if (isEditable(W, 'receiver', to)) await repo.touchLock(trx, row.app_no, caller.userId, at);
        else await repo.releaseLock(trx, row.app_no, caller.userId);
        await recordAudit(trx, {
          caller,
          action: 'update',
          entity: 'application',
          entityId: row.app_no,
          before: { status: from, provider_comment: row.provider_comment, provider_user: row.provider_user, operate_user: row.operate_user, provider_memo: row.provider_memo },
          after: { ...columns, status: to },
          at,
        });
      });
      return { appNo: String(row.app_no) };
    },
  );

  app.post(
    '/api/ApplicationMgtProvider/deleteApplicationData',
    { schema: { body: Body({ ...Ids, ApplicationNo: WireNo('Request number'), applicationNo: WireNo('Request number (alias)'), ...Check }), response: { 200: Type.Object({}) } } },
    async (request) => {
      const caller = request.caller!;
      await receiver(caller);
      const b = request.body;
      const row = await receivedRequest(parseNo(b.ApplicationNo ?? b.applicationNo));
      checkFresh(row, b);
      if (!W.actions.delete.from.includes(row.status_kbn)) throw problem.forbidden();
      const at = nextStamp(row.updated_at);
      await app.db.transaction().execute(async (trx) => {
        const r = await trx.updateTable('applications').set({ deleted_at: at, updated_at: at, updated_by: caller.userId }).where('app_no', '=', row.app_no).where('updated_at', '=', row.updated_at).where('deleted_at', 'is', null).executeTakeFirst();
        if (Number(r.numUpdatedRows) !== 1) throw stale();
        await trx.deleteFrom('application_locks').where('app_no', '=', row.app_no).execute();
        const linked = await trx.selectFrom('application_notifications').select('notification_id').where('app_no', '=', row.app_no).execute();
        if (linked.length) await trx.deleteFrom('notifications').where('notification_id', 'in', linked.map((l) => l.notification_id)).execute();
        await recordAudit(trx, { caller, action: 'delete', entity: 'application', entityId: row.app_no, before: { status: row.status_kbn, title: row.app_title, ag_code: row.ag_code }, at });
      });
      return {};
    },
  );

  // ---- common calls: locks, optimistic check, category data ------------------------------------

  const LockBody = Body({ ...Ids, applicationNo: WireNo('Request number') });

  app.post('/api/ApplicationMgtCommon/checkEditing', { schema: { body: LockBody, response: { 200: Type.Object({ checkResult: Type.Boolean({ description: 'true: someone else is editing (CNF_0011)' }) }) } } }, async (request) => {
    const who = await sideOf(request.caller!);
    const row = await requestFor(who.side, parseNo(request.body.applicationNo), who.agCode);
    return { checkResult: !!(await repo.otherLock(app.db, row.app_no, request.caller!.userId, app.clock.now())) };
  });

  app.post('/api/ApplicationMgtCommon/setEditing', { schema: { body: LockBody, response: { 200: Type.Object({}) } } }, async (request) => {
    const who = await sideOf(request.caller!);
    const row = await requestFor(who.side, parseNo(request.body.applicationNo), who.agCode);
    if (!isEditable(W, who.side, row.status_kbn)) return {};
    await repo.setLock(app.db, row.app_no, request.caller!.userId, app.clock.now());
    return {};
  });

  app.post('/api/ApplicationMgtCommon/releseEditing', { schema: { body: LockBody, response: { 200: Type.Object({}) } } }, async (request) => {
    const who = await sideOf(request.caller!);
    const row = await requestFor(who.side, parseNo(request.body.applicationNo), who.agCode);
    await repo.releaseLock(app.db, row.app_no, request.caller!.userId);
    return {};
  });

  app.post('/api/ApplicationMgtCommon/getLatestUpdDate', { schema: { body: LockBody, response: { 200: Type.Object({ latestUpdDate: Type.String() }) } } }, async (request) => {
    const who = await sideOf(request.caller!);
    const row = await requestFor(who.side, parseNo(request.body.applicationNo), who.agCode);
    await repo.touchLock(app.db, row.app_no, request.caller!.userId, app.clock.now());
    return { latestUpdDate: isoOf(row.updated_at) };
  });

  app.post(
    '/api/ApplicationMgtCommon/getAppCagetoryData',
    { schema: { body: Body({ ...Ids, appCategoryId: WireNo('Request category') }), response: { 200: Type.Object({ appCategoryData: CategoryData }) } } },
    async (request) => {
      await sideOf(request.caller!);
      const id = Number(request.body.appCategoryId);
      if (!Number.isSafeInteger(id) || !(await repo.category(app.db, id))) throw problem.validation([{ messageId: 'ERR_0003', args: ['申請種別'] }]);
      return { appCategoryData: await categoryData(id) };
    },
  );

  // ---- downloads -------------------------------------------------------------------------------

  const DownloadBody = Body({
    ...Ids,
    fileName: Type.Optional(Type.String({ maxLength: 255, description: 'The file; "" downloads every reference file as one ZIP (downloadKanrenFile)' })),
    categoryId: WireNo('Request category (downloadKanrenFile)'),
    contentId: WireNo('Not used: the category names the files'),
    appNo: WireNo('Request number (downloadAppTempFile)'),
    targetDate: Type.Optional(Type.String({ maxLength: 10 })),
    screenName: Type.Optional(Type.String({ maxLength: 255 })),
  });

  async function sendFile(reply: FastifyReply, f: repo.FileRow) {
    const size = await app.storage.size(f.stored_key);
    if (size === null) throw new HttpProblem(404, messagesBody([{ messageId: 'ERR_0009', args: ['ファイル'] }]));
    return reply
      .header('Content-Type', f.content_type)
      .header('Content-Length', size)
      .header('Content-Disposition', contentDisposition(f.file_name))
      .header('Cache-Control', 'no-store')
      .send(await app.storage.get(f.stored_key));
  }
  const noFile = () => new HttpProblem(404, messagesBody([{ messageId: 'ERR_0009', args: ['ファイル'] }]));

  app.post('/api/download/downloadKanrenFile', { schema: { body: DownloadBody, response: { 200: Binary } } }, async (request, typedReply) => {
    const reply = typedReply as unknown as FastifyReply;
    await sideOf(request.caller!);
    const id = Number(request.body.categoryId);
    const cat = Number.isSafeInteger(id) ? await repo.category(app.db, id) : undefined;
    if (!cat) throw noFile();
    const files = await repo.categoryFiles(app.db, id);
    if (blank(request.body.fileName)) {
      if (!files.length) throw noFile();
      const modified = app.clock.now();
      const zip = zipStream(files.map((f) => ({ name: f.file_name, modified, open: () => app.storage.get(f.stored_key) })));
      zip.on('error', (err) => request.log.error({ err }, 'ZIP stream failed'));
      return reply.header('Content-Type', 'application/zip').header('Content-Disposition', contentDisposition(`${cat.category_name}_関連資料.zip`)).header('Cache-Control', 'no-store').send(zip);
    }
    const f = files.find((x) => x.file_name === request.body.fileName);
    if (!f) throw noFile();
    return sendFile(reply, f);
  });

  app.post('/api/download/downloadAppTempFile', { schema: { body: DownloadBody, response: { 200: Binary } } }, async (request, typedReply) => {
    const reply = typedReply as unknown as FastifyReply;
    const who = await sideOf(request.caller!);
    const row = await requestFor(who.side, parseNo(request.body.appNo), who.agCode);
    const f = (await repo.filesOf(app.db, row.app_no)).find((x) => x.file_name === request.body.fileName);
    if (!f) throw noFile();
    return sendFile(reply, f);
  });

  // ---- the navigation badge --------------------------------------------------------------------

  app.post(
    '/api/NotificationManagement/updNotification',
    { schema: { body: Body({ ...Ids, categoryId: WireNo('13 (申請管理) or 14 (its provider side)'), notificationNo: WireNo('The request number') }), response: { 200: Type.Object({}) } } },
    async (request) => {
      const caller = request.caller!;
      const categoryId = Number(request.body.categoryId);
      const appNo = parseNo(request.body.notificationNo);
      if (categoryId === APPLICANT_CATEGORY) {
        const ids = await applicant(caller);
        await ownRequest(appNo, ids.agCode);
        await repo.markRead(app.db, appNo, ids.userId, app.clock.now());
      } else if (categoryId === RECEIVER_CATEGORY) {
        await receiver(caller);
        await receivedRequest(appNo);
        await repo.markRead(app.db, appNo, caller.userId, app.clock.now());
      } else throw problem.validation([{ messageId: 'ERR_0009', args: ['通知'] }]);
      return {};
    },
  );

  // ---- mail --------------------------------------------------------------------------------------

  function checkAddresses(list: { to?: (string | null)[]; cc?: (string | null)[]; bcc?: (string | null)[] }) {
    const failures = checkMailList(list);
    if (failures.length) throw problem.validation(failures.map((f) => ({ field: f.field, messageId: f.messageId, args: f.args })));
    return cleanMailList(list);
  }

  app.post('/api/ApplicationMgtProvider/mailCheck', { schema: { body: Body({ ...Ids, ...MailListBody }), response: { 200: Type.Object({ checkResult: Type.Boolean() }) } } }, async (request) => {
    await receiver(request.caller!);
    checkAddresses(request.body);
    return { checkResult: true };
  });

  const agentLink = (appNo: number) => `${app.config.publicUrl}/with-ag/shinseiform-ag/appNo/${appNo}`;
  const staffLink = (appNo: number) => `${app.config.publicUrl}/with-ag/shinseiform-provider/appNo/${appNo}`;
  const SIGNATURE = ['', '--', '代理店ポータル（オフィスサプライ株式会社）'].join('\n');

  app.post(
    '/api/ApplicationMgtProvider/sendMail',
    { schema: { body: Body({ ...Ids, appNo: WireNo('Request number'), mailList: Type.Object(MailListBody) }), response: { 200: Type.Object({}) } } },
    async (request) => {
      const caller = request.caller!;
      await receiver(caller);
      const row = await receivedRequest(parseNo(request.body.appNo));
      const list = checkAddresses(request.body.mailList);
      // Built from the stored request, never from the body; the internal memo is not part of it.
      const text = [
        `${row.ag_name ?? row.ag_code}`,
        `${row.app_user} 様`,
        '',
        'いつもお世話になっております。',
        `お申し込みいただいた申請（申請No.${row.app_no}）について、ご連絡いたします。`,
        '',
        `件名：${row.app_title}`,
        `申請種別：${row.category_name ?? ''}`,
        `ステータス：${statusText(W, row.status_kbn)}`,
        ...(row.provider_user ? [`担当営業：${row.provider_user}`] : []),
        '',
        '■ 回答',
        row.provider_comment || '（回答はありません）',
        '',
        '内容の確認は、代理店ポータルの申請管理から行えます。',
        agentLink(row.app_no),
        SIGNATURE,
      ].join('\n');
      await app.mailer.send({
        to: list.to.join(', '),
        cc: list.cc.length ? list.cc.join(', ') : undefined,
        bcc: list.bcc.length ? list.bcc.join(', ') : undefined,
        subject: `【代理店ポータル】申請「${row.app_title}」のご連絡（申請No.${row.app_no}）`,
        text,
      });
      request.log.info({ appNo: row.app_no, to: list.to.length, cc: list.cc.length, bcc: list.bcc.length }, 'request notification mailed');
      return {};
    },
  );

  app.post(
    '/api/ApplicationMgtProvider/getEscalationMailInfo',
    { schema: { body: Body({ ...Ids, appNo: WireNo('Request number') }), response: { 200: Type.Object({ mailSubject: Type.String(), mailBody: Type.String() }) } } },
    async (request) => {
      await receiver(request.caller!);
      const row = await receivedRequest(parseNo(request.body.appNo));
      // A draft the staff member addresses and may forward: the internal memo stays out of it too.
      return {
        mailSubject: `【エスカレーション】申請No.${row.app_no}「${row.app_title}」`,
        mailBody: [
          '以下の申請について、対応のご確認をお願いします。',
          '',
          `申請No：${row.app_no}`,
          `代理店：${row.ag_code} ${row.ag_name ?? ''}`,
          `申請者：${row.app_user}`,
          `件名：${row.app_title}`,
          `申請種別：${row.category_name ?? ''}`,
          `ステータス：${statusText(W, row.status_kbn)}`,
          `希望納期：${row.wish_date || '指定なし'}`,
          `対応者：${row.operate_user || '未設定'}`,
          '',
          '■ 申請内容',
          row.app_memo || '（なし）',
          '',
          staffLink(row.app_no),
        ].join('\n'),
      };
    },
  );
}
