// The sign-in history (docs/security.md "Sign-in history"): POST /api/SignInHistory/list (a page
// of events, newest first) and /api/SignInHistory/csv (every event the filters match, as CSV).
// Who may ask: the permission of category 102 (AGユーザーメンテナンス) and an administrator; a
// provider administrator for any agent's users, an agent administrator for his own agent's users
// only (the agent and the user asked for are checked against the token, else 403).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Caller } from '../../authority/caller';
import { parseWireDate } from '../../authority/caller';
import { can } from '../../authority/permissions';
import { contentDisposition } from '../../files/content-disposition';
import { csvFile } from '../../files/csv-writer';
import { invalid } from '../../forms/enforce';
import { problem } from '../../http/problems';
import { mayManage } from '../agent-user/rules';
import { CATEGORY } from '../../../schemas/categories';
import {
  SIGN_IN_EVENT_KINDS,
  SignInHistoryAnswer,
  SignInHistoryBody,
  type SignInHistoryRequest,
} from '../../../schemas/wire/signin-history';
import * as repo from './repository';

const PAGE_SIZE = 50;
/** More rows than this in one CSV is a 416 (ERR_0023): narrow the period. */
const CSV_MAX_ROWS = 100_000;
const TOKYO_MS = 9 * 3600 * 1000;

/** yyyy/MM/dd HH:mm:ss in Tokyo. */
function tokyoDateTime(d: Date): string {
  const iso = new Date(d.getTime() + TOKYO_MS).toISOString();
  return `${iso.slice(0, 10).replaceAll('-', '/')} ${iso.slice(11, 19)}`;
}

/** Midnight in Tokyo of a yyyy-MM-dd date, plus `days`. */
const tokyoMidnight = (iso: string, days = 0) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) - TOKYO_MS + days * 86_400_000);

const kindName = (kind: string) => (SIGN_IN_EVENT_KINDS as Record<string, string>)[kind] ?? kind;

function parseCursor(cursor: string | undefined): { at: Date; eventId: number } | undefined {
  if (!cursor) return undefined;
  const m = /^(\d{1,15})\.(\d{1,18})$/.exec(cursor);
  if (!m) throw invalid({ field: 'cursor', messageId: 'ERR_0025', args: ['ページ位置'] });
  return { at: new Date(Number(m[1])), eventId: Number(m[2]) };
}

export default async function signInHistoryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  // Administrators with the permission of the user maintenance, before anything else is read.
  app.addHook('onRequest', async (request) => {
    const caller = request.caller;
    if (caller && !(caller.isAdmin && (await can(app.db, caller, CATEGORY.USERS)))) throw problem.forbidden();
  });

  /** The checked filters of a request: 403 for an agent or user outside the caller's authority. */
  async function filters(caller: Caller, body: SignInHistoryRequest) {
    const agCode = body.targetAgCode;
    if (!mayManage(caller, agCode)) throw problem.forbidden();
    const agent = await repo.findAgent(app.db, agCode);
    if (!agent) throw invalid({ field: 'targetAgCode', messageId: 'ERR_0006', args: ['代理店コード'] });
    let userName = '';
    const userId = body.targetUserId || undefined;
    if (userId !== undefined) {
      const user = await repo.findUser(app.db, userId);
      // A user of another agent is outside what was allowed above, whatever the agent code says.
      if (!user || user.ag_code !== agCode) throw problem.forbidden();
      userName = user.user_name;
    }
    const from = body.from ? parseWireDate(body.from) : null;
    const to = body.to ? parseWireDate(body.to) : null;
    const errors = [];
    if (body.from && !from) errors.push({ field: 'from', messageId: 'ERR_0020', args: ['期間（開始）'] });
    if (body.to && !to) errors.push({ field: 'to', messageId: 'ERR_0020', args: ['期間（終了）'] });
    if (from && to && from > to)
      errors.push({ field: 'from', messageId: 'ERR_0005', args: ['期間（開始）', '期間（終了）'] });
    const kinds = body.kinds ?? [];
    if (kinds.some((k) => !(k in SIGN_IN_EVENT_KINDS)))
      errors.push({ field: 'kinds', messageId: 'ERR_0025', args: ['種別'] });
    if (errors.length) throw invalid(...errors);
    return {
      agName: agent.ag_name,
      userName,
      query: {
        agCode,
        userId,
        from: from ? tokyoMidnight(from) : undefined,
        to: to ? tokyoMidnight(to, 1) : undefined,
        kinds,
      },
    };
  }

  app.post(
    '/api/SignInHistory/list',
    { schema: { body: SignInHistoryBody, response: { 200: SignInHistoryAnswer } } },
    async (request) => {
      const { agName, userName, query } = await filters(request.caller!, request.body);
      const limit = request.body.pageSize ?? PAGE_SIZE;
      const rows = await repo.listEvents(app.db, {
        ...query,
        after: parseCursor(request.body.cursor),
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        agName,
        userName,
        events: page.map((r) => ({
          eventId: r.event_id,
          at: tokyoDateTime(r.at),
          userId: r.user_id,
          loginId: r.login_id,
          userName: r.user_name,
          agCode: r.ag_code,
          kind: r.kind,
          kindName: kindName(r.kind),
          ip: r.ip,
          userAgent: r.user_agent,
          detail: r.detail,
        })),
        nextCursor: rows.length > limit && last ? `${last.at.getTime()}.${last.event_id}` : '',
      };
    },
  );

  app.post(
    '/api/SignInHistory/csv',
    {
      schema: {
        description:
          'Every event the filters match as CSV (UTF-8 with BOM, CRLF, formula cells neutralised); the name is in Content-Disposition.',
        body: SignInHistoryBody,
      },
    },
    async (request, reply) => {
      const { query } = await filters(request.caller!, request.body);
      const rows = await repo.listEvents(app.db, { ...query, limit: CSV_MAX_ROWS + 1 });
      if (rows.length > CSV_MAX_ROWS) throw problem.tooManyResults('ログイン履歴');
      const header = [
        '日時',
        '代理店コード',
        'ユーザーID',
        'ログインID',
        '氏名',
        '種別',
        '詳細',
        '接続元アドレス',
        'ブラウザ',
      ];
      const lines = rows.map((r) => [
        tokyoDateTime(r.at),
        r.ag_code,
        r.user_id,
        r.login_id,
        r.user_name,
        kindName(r.kind),
        r.detail,
        r.ip,
        r.user_agent,
      ]);
      const name = `signin-history_${query.agCode}${query.userId ? `_${query.userId}` : ''}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(name))
        .header('cache-control', 'no-store')
        .send(csvFile([header, ...lines]));
    },
  );
}
