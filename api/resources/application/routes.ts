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
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { checkMailList, cleanMailList } from '../../../schemas/rules/mail-list';
import { enqueueMail } from '../../mail/outbox';
import { APPLICATION_WORKFLOW as W, isVisibleTo, statusText, type Side } from '../../../schemas/workflows/workflow';
import { effectiveIds, type Caller } from '../../authority/caller';
import { tokyoDate } from '../../clock';
import { contentDisposition } from '../../files/content-disposition';
import { zipStream } from '../../files/zip';
import { HttpProblem, messagesBody, problem } from '../../http/problems';
import { EmptyResponse } from '../../http/wire';
import { categoryData as categoryDataOf, categoryOptions as categoryOptionsOf, isApplicant, isStaff } from './rules';
import * as repo from './repository';
import {
  AgInitialAnswer,
  ApplicationDownloadBody,
  ApplicationIdsBody,
  CategoryDataAnswer,
  CategoryDataBody,
  EscalationMailBody,
  EscalationMailAnswer,
  MailCheckAnswer,
  MailCheckBody,
  ProviderInitialAnswer,
  SendMailBody,
  UpdNotificationBody,
} from '../../../schemas/wire/application';
import { CATEGORY } from '../../../schemas/categories';
import { perUserPerMinute } from '../../security/rate-limit';

const RECORD_NAME = '申請';
/** The list's default period: the last three months up to today. */
const DEFAULT_PERIOD_MONTHS = 3;

const notThere = () => problem.validation([{ messageId: 'ERR_0009', args: [RECORD_NAME] }]);

const Binary = Type.String({
  format: 'binary',
  description: 'The file (or application/zip); its name in Content-Disposition',
});

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
    if (!(await isApplicant(app.db, caller))) throw problem.forbidden();
    return effectiveIds(caller);
  }
  /** The receiver: supplier staff with permission 14 (not while acting as an agent). */
  async function receiver(caller: Caller) {
    if (!(await isStaff(app.db, caller))) throw problem.forbidden();
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

  const categoryData = (categoryId: number | null) => categoryDataOf(app.db, categoryId);
  const categoryOptions = () => categoryOptionsOf(app.db);
  const statusOptions = (side: Side) =>
    W.statuses.filter((s) => isVisibleTo(W, side, s.value)).map((s) => ({ value: s.value, text: s.text }));

  // ---- initial data of the lists ---------------------------------------------------------------
  // The lists themselves (GetApplicationList) are the forms' calls.list (schemas/forms/shinseiform-*.json,
  // the hook's `list`); their screens and search rules: schemas/lists/shinsei-kanri-{ag,provider}.json.

  function period() {
    const today = tokyoDate(app.clock.now());
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() - DEFAULT_PERIOD_MONTHS);
    return { shinseiKikanStart: d.toISOString().slice(0, 10), shinseiKikanEnd: today };
  }

  app.post(
    '/api/ApplicationMgtAg/getInitialData',
    { schema: { body: ApplicationIdsBody, response: { 200: AgInitialAnswer } } },
    async (request) => {
      await applicant(request.caller!);
      return { categoryList: await categoryOptions(), statusList: statusOptions('applicant'), ...period() };
    },
  );

  app.post(
    '/api/ApplicationMgtProvider/getInitialData',
    {
      schema: {
        body: ApplicationIdsBody,
        response: { 200: ProviderInitialAnswer },
      },
    },
    async (request) => {
      await receiver(request.caller!);
      const agents = await app.db
        .selectFrom('agents')
        .select(['ag_code', 'ag_name'])
        .where('ag_code', 'not like', 'P%')
        .orderBy('ag_code')
        .execute();
      const staff = await app.db
        .selectFrom('users')
        .select(['user_name'])
        .where('is_provider', '=', true)
        .where('deleted_at', 'is', null)
        .orderBy('user_id')
        .execute();
      return {
        categoryList: await categoryOptions(),
        statusList: statusOptions('receiver'),
        ...period(),
        agCodeList: agents.map((a) => ({ value: a.ag_code, text: `${a.ag_code} ${a.ag_name}` })),
        userList: [...new Set(staff.map((s) => s.user_name))].map((n) => ({ value: n, text: n })),
      };
    },
  );

  // ---- the forms -------------------------------------------------------------------------------
  // getAppFormInitialData, regApplicationData, updApplicationData, cancelApplicationData,
  // deleteApplicationData and the edit locks are served by the form engine from
  // schemas/forms/shinseiform-ag.json and shinseiform-provider.json (hook api/resources/application/hook.ts).

  // ---- common calls: category data ------------------------------------------------------------

  app.post(
    '/api/ApplicationMgtCommon/getAppCagetoryData',
    {
      schema: {
        body: CategoryDataBody,
        response: { 200: CategoryDataAnswer },
      },
    },
    async (request) => {
      await sideOf(request.caller!);
      const id = Number(request.body.appCategoryId);
      if (!Number.isSafeInteger(id) || !(await repo.category(app.db, id)))
        throw problem.validation([{ messageId: 'ERR_0003', args: ['申請種別'] }]);
      return { appCategoryData: await categoryData(id) };
    },
  );

  // ---- downloads -------------------------------------------------------------------------------

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

  app.post(
    '/api/download/downloadKanrenFile',
    {
      config: { rateLimit: perUserPerMinute('download') },
      schema: { body: ApplicationDownloadBody, response: { 200: Binary } },
    },
    async (request, typedReply) => {
      const reply = typedReply as unknown as FastifyReply;
      await sideOf(request.caller!);
      const id = Number(request.body.categoryId);
      const cat = Number.isSafeInteger(id) ? await repo.category(app.db, id) : undefined;
      if (!cat) throw noFile();
      const files = await repo.categoryFiles(app.db, id);
      if (blank(request.body.fileName)) {
        if (!files.length) throw noFile();
        // Every file is there before the first byte is sent (a missing one is 404, an unreachable store 503).
        for (const f of files) if ((await app.storage.size(f.stored_key)) === null) throw noFile();
        const modified = app.clock.now();
        const zip = zipStream(
          files.map((f) => ({ name: f.file_name, modified, open: () => app.storage.get(f.stored_key) })),
        );
        zip.on('error', (err) => request.log.error({ err }, 'ZIP stream failed'));
        return reply
          .header('Content-Type', 'application/zip')
          .header('Content-Disposition', contentDisposition(`${cat.category_name}_関連資料.zip`))
          .header('Cache-Control', 'no-store')
          .send(zip);
      }
      const f = files.find((x) => x.file_name === request.body.fileName);
      if (!f) throw noFile();
      return sendFile(reply, f);
    },
  );

  app.post(
    '/api/download/downloadAppTempFile',
    {
      config: { rateLimit: perUserPerMinute('download') },
      schema: { body: ApplicationDownloadBody, response: { 200: Binary } },
    },
    async (request, typedReply) => {
      const reply = typedReply as unknown as FastifyReply;
      const who = await sideOf(request.caller!);
      const row = await requestFor(who.side, parseNo(request.body.appNo), who.agCode);
      const f = (await repo.filesOf(app.db, row.app_no)).find((x) => x.file_name === request.body.fileName);
      if (!f) throw noFile();
      return sendFile(reply, f);
    },
  );

  // ---- the navigation badge --------------------------------------------------------------------

  app.post(
    '/api/NotificationManagement/updNotification',
    {
      schema: {
        body: UpdNotificationBody,
        response: { 200: EmptyResponse },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const categoryId = Number(request.body.categoryId);
      const appNo = parseNo(request.body.notificationNo);
      if (categoryId === CATEGORY.APPLICATIONS_AGENT) {
        const ids = await applicant(caller);
        await ownRequest(appNo, ids.agCode);
        await repo.markRead(app.db, appNo, ids.userId, app.clock.now());
      } else if (categoryId === CATEGORY.APPLICATIONS_PROVIDER) {
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
    if (failures.length)
      throw problem.validation(failures.map((f) => ({ field: f.field, messageId: f.messageId, args: f.args })));
    return cleanMailList(list);
  }

  app.post(
    '/api/ApplicationMgtProvider/mailCheck',
    {
      schema: {
        body: MailCheckBody,
        response: { 200: MailCheckAnswer },
      },
    },
    async (request) => {
      await receiver(request.caller!);
      checkAddresses(request.body);
      return { checkResult: true };
    },
  );

  const agentLink = (appNo: number) => `${app.config.publicUrl}/with-ag/shinseiform-ag/appNo/${appNo}`;
  const staffLink = (appNo: number) => `${app.config.publicUrl}/with-ag/shinseiform-provider/appNo/${appNo}`;
  const SIGNATURE = ['', '--', '代理店ポータル（オフィスサプライ株式会社）'].join('\n');

  app.post(
    '/api/ApplicationMgtProvider/sendMail',
    {
      schema: {
        body: SendMailBody,
        response: { 200: EmptyResponse },
      },
    },
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
      // Nothing else changes here: the enqueue is the write; the outbox retries a refused send.
      const mailIds = await enqueueMail(app.db, {
        kind: 'request_notification',
        to: list.to.join(', '),
        cc: list.cc.length ? list.cc.join(', ') : undefined,
        bcc: list.bcc.length ? list.bcc.join(', ') : undefined,
        subject: `【代理店ポータル】申請「${row.app_title}」のご連絡（申請No.${row.app_no}）`,
        text,
      });
      await app.mailOutbox.deliverNow(mailIds);
      request.log.info(
        { appNo: row.app_no, to: list.to.length, cc: list.cc.length, bcc: list.bcc.length },
        'request notification mailed',
      );
      return {};
    },
  );

  app.post(
    '/api/ApplicationMgtProvider/getEscalationMailInfo',
    {
      schema: {
        body: EscalationMailBody,
        response: { 200: EscalationMailAnswer },
      },
    },
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
