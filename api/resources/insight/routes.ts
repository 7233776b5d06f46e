// The administrators' insight screen (/kanri-insight, docs/insight.md): one call per section, the
// drill-down lists and their CSV. Provider administrators only, by the admin category's
// permission (category 119, audience provider administrators): every other caller gets 403.
// Each call takes the same filter: the period (Tokyo dates, default the last 30 days up to
// today) and the scope (a segment and/or an agent code).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Message } from '../../../schemas/messages/format';
import { CATEGORY } from '../../../schemas/categories';
import { Body, CallerIds } from '../../../schemas/wire/common';
import { APPLICATION_WORKFLOW, statusText } from '../../../schemas/workflows/workflow';
import {
  ActivityAnswer,
  CsvBody,
  DrillBody,
  InsightBody,
  PendingAnswer,
  PopupsAnswer,
  ReachAnswer,
  RequestsAnswer,
  SearchAnswer,
  SegmentsAnswer,
  SkilupAnswer,
  UnopenedAnswer,
  type InsightRequest,
} from '../../../schemas/wire/insight';
import type { Caller } from '../../authority/caller';
import { parseWireDate } from '../../authority/caller';
import { can } from '../../authority/permissions';
import { tokyoDate } from '../../clock';
import { contentDisposition } from '../../files/content-disposition';
import { csvFile } from '../../files/csv-writer';
import { invalid } from '../../forms/enforce';
import { HttpProblem, messagesBody, problem } from '../../http/problems';
import { slashDateTime } from '../content/wire';
import * as repo from './repository';

const FROM_LABEL = '期間From';
const TO_LABEL = '期間To';
const AGENT_LABEL = '代理店コード';
/** The default period: today and the 29 days before it. */
const DEFAULT_DAYS = 30;
/** The longest period one call reads. */
const MAX_DAYS = 366;

const notFound = () => new HttpProblem(404, messagesBody([{ messageId: 'ERR_0009', args: ['コンテンツ'] }]));
const dayMs = 86_400_000;
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
const compact = (iso: string) => iso.replaceAll('-', '');

export default async function insightRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  async function admit(caller: Caller) {
    if (!(await can(app.db, caller, CATEGORY.KANRI_INSIGHT))) throw problem.forbidden();
  }

  /** The filter of a body, checked; defaults filled in. */
  function scopeOf(b: InsightRequest): repo.Scope {
    const messages: Message[] = [];
    const today = tokyoDate(app.clock.now());
    const to = b.to ? parseWireDate(b.to) : today;
    if (to === null) messages.push({ messageId: 'ERR_0025', args: [TO_LABEL] });
    const from = b.from ? parseWireDate(b.from) : addDays(to ?? today, 1 - DEFAULT_DAYS);
    if (from === null) messages.push({ messageId: 'ERR_0025', args: [FROM_LABEL] });
    if (from && to && from > to) messages.push({ messageId: 'ERR_0005', args: [FROM_LABEL, TO_LABEL] });
    if (from && to && from <= to && Date.parse(to) - Date.parse(from) >= MAX_DAYS * dayMs)
      messages.push({ messageId: 'ERR_0025', args: [FROM_LABEL] });
    const agentCode = (b.agentCode ?? '').trim();
    if (agentCode !== '' && !/^[0-9A-Za-z]{1,8}$/.test(agentCode))
      messages.push({ messageId: 'ERR_0025', args: [AGENT_LABEL] });
    if (messages.length) throw problem.validation(messages);
    return {
      from: from!,
      to: to!,
      segmentId: b.segmentId === undefined || b.segmentId === '' ? null : Number(b.segmentId),
      agentCode: agentCode === '' ? null : agentCode,
    };
  }

  /**
   * The key a drill-down page starts after: its cursor is the JSON array of the previous page's
   * last row's agent code (and user id); anything else is 400 ERR_0025 naming the page position.
   */
  function afterOf(cursor: string | undefined, withUser: boolean): repo.DrillKey | null {
    if (!cursor) return null;
    let key: unknown;
    try {
      key = JSON.parse(cursor);
    } catch {
      key = null;
    }
    const text = (v: unknown, max: number): v is string => typeof v === 'string' && v !== '' && v.length <= max;
    if (!Array.isArray(key) || key.length !== (withUser ? 2 : 1) || !text(key[0], 8) || (withUser && !text(key[1], 10)))
      throw invalid({ field: 'cursor', messageId: 'ERR_0025', args: ['ページ位置'] });
    return withUser ? { agCode: key[0], userId: key[1] as string } : { agCode: key[0] };
  }
  const cursorOf = (next: repo.DrillKey | null) =>
    next === null ? '' : JSON.stringify(next.userId === undefined ? [next.agCode] : [next.agCode, next.userId]);

  async function opened(caller: Caller, b: InsightRequest) {
    await admit(caller);
    const s = scopeOf(b);
    return { s, period: { from: s.from, to: s.to, agents: await repo.scopeSize(app.db, s) } };
  }

  app.post(
    '/api/Insight/segments',
    { schema: { body: Body(CallerIds), response: { 200: SegmentsAnswer } } },
    async (request) => {
      await admit(request.caller!);
      return { segments: await repo.segments(app.db) };
    },
  );

  app.post('/api/Insight/reach', { schema: { body: InsightBody, response: { 200: ReachAnswer } } }, async (request) => {
    const { s, period } = await opened(request.caller!, request.body);
    return { period, ...(await repo.reach(app.db, s)) };
  });

  app.post(
    '/api/Insight/reachUnopened',
    { schema: { body: DrillBody, response: { 200: UnopenedAnswer } } },
    async (request) => {
      await admit(request.caller!);
      const s = scopeOf(request.body);
      const after = afterOf(request.body.cursor, false);
      const id = Number(request.body.contentId);
      const title = await repo.contentTitle(app.db, id);
      if (title === undefined) throw notFound();
      const page = await repo.unopenedAgentsPage(app.db, s, id, after);
      return { title, total: page.total, agents: page.rows, nextCursor: cursorOf(page.next) };
    },
  );

  app.post(
    '/api/Insight/popups',
    { schema: { body: InsightBody, response: { 200: PopupsAnswer } } },
    async (request) => {
      const { s, period } = await opened(request.caller!, request.body);
      return { period, popups: await repo.popups(app.db, s) };
    },
  );

  app.post(
    '/api/Insight/popupPending',
    { schema: { body: DrillBody, response: { 200: PendingAnswer } } },
    async (request) => {
      await admit(request.caller!);
      const s = scopeOf(request.body);
      const after = afterOf(request.body.cursor, true);
      const id = Number(request.body.contentId);
      const title = await repo.contentTitle(app.db, id);
      if (title === undefined || !(await repo.isCheckPopup(app.db, id))) throw notFound();
      const page = await repo.pendingUsersPage(app.db, s, id, after);
      return { title, total: page.total, users: page.rows, nextCursor: cursorOf(page.next) };
    },
  );

  app.post(
    '/api/Insight/search',
    { schema: { body: InsightBody, response: { 200: SearchAnswer } } },
    async (request) => {
      const { s, period } = await opened(request.caller!, request.body);
      const r = await repo.search(app.db, s);
      const wire = (k: (typeof r.top)[number]) => ({
        keyword: k.keyword,
        count: k.count,
        agents: k.agents,
        lastSearched: slashDateTime(k.last),
      });
      return {
        period,
        searches: r.searches,
        searchesOpened: r.searchesOpened,
        topKeywords: r.top.map(wire),
        zeroKeywords: r.zero.map(wire),
      };
    },
  );

  app.post(
    '/api/Insight/skilup',
    { schema: { body: InsightBody, response: { 200: SkilupAnswer } } },
    async (request) => {
      const { s, period } = await opened(request.caller!, request.body);
      const [phases, events] = await Promise.all([repo.skilupPhases(app.db, s, period.agents), repo.events(app.db, s)]);
      return { period, phases, events: events.map((e) => ({ ...e, heldAt: slashDateTime(e.heldAt) })) };
    },
  );

  app.post(
    '/api/Insight/requests',
    { schema: { body: InsightBody, response: { 200: RequestsAnswer } } },
    async (request) => {
      const { s, period } = await opened(request.caller!, request.body);
      const [counts, durations] = await Promise.all([
        repo.openRequests(app.db, s, app.clock.now()),
        repo.requestDurations(app.db, s),
      ]);
      const open = ['20', '30'].flatMap((status) =>
        repo.AGE_LABELS.map((age) => ({
          statusKbn: status,
          statusName: statusText(APPLICATION_WORKFLOW, status),
          age,
          count: counts.get(`${status}|${age}`) ?? 0,
        })),
      );
      return { period, open, durations };
    },
  );

  app.post(
    '/api/Insight/activity',
    { schema: { body: InsightBody, response: { 200: ActivityAnswer } } },
    async (request) => {
      const { s, period } = await opened(request.caller!, request.body);
      const [a, idleAgents] = await Promise.all([repo.activity(app.db, s), repo.idleAgents(app.db, s)]);
      return { period, ...a, idleAgents };
    },
  );

  app.post(
    '/api/Insight/csv',
    {
      schema: {
        description:
          'A drill-down list as CSV (UTF-8 with BOM, CRLF, cells neutralised against formulas), named after the section and period; the name is in Content-Disposition.',
        body: CsvBody,
      },
    },
    async (request, reply) => {
      await admit(request.caller!);
      const b = request.body;
      const s = scopeOf(b);
      const span = `${compact(s.from)}-${compact(s.to)}`;
      let name: string;
      let lines: (string | number)[][];
      if (b.list === 'idle-agents') {
        name = `insight_activity_idle-agents_${span}.csv`;
        lines = [['代理店コード', '代理店名'], ...(await repo.idleAgents(app.db, s)).map((a) => [a.agCode, a.agName])];
      } else {
        const id = Number(b.contentId ?? NaN);
        if (!Number.isSafeInteger(id)) throw problem.validation([{ messageId: 'ERR_0003', args: ['コンテンツ'] }]);
        const title = await repo.contentTitle(app.db, id);
        if (title === undefined) throw notFound();
        if (b.list === 'reach-unopened') {
          name = `insight_reach_unopened_${id}_${span}.csv`;
          lines = [
            ['コンテンツID', 'タイトル', '代理店コード', '代理店名'],
            ...(await repo.unopenedAgents(app.db, s, id)).map((a) => [id, title, a.agCode, a.agName]),
          ];
        } else {
          if (!(await repo.isCheckPopup(app.db, id))) throw notFound();
          name = `insight_popup_unconfirmed_${id}_${span}.csv`;
          lines = [
            ['コンテンツID', 'タイトル', '代理店コード', '代理店名', 'ユーザーID', 'ユーザー名'],
            ...(await repo.pendingUsers(app.db, s, id)).map((u) => [
              id,
              title,
              u.agCode,
              u.agName,
              u.userId,
              u.userName,
            ]),
          ];
        }
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(name))
        .header('cache-control', 'no-store')
        .send(csvFile(lines));
    },
  );
}
