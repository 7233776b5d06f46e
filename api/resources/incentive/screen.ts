// The incentive and commendation performance screen (spec 002 sections 2.1, 3, 4, 7):
// initial data, the figures (both parts, or the reward part alone) and the performance file.
// Identity is the token's (the pseudo agent's while a provider administrator acts as one);
// daihyoCode in a body is only checked against it (plugins/auth.ts), never used to choose.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { effectiveIds, targetDateFor, type Caller } from '../../authority/caller';
import { yearMonthOf } from '../../clock';
import { contentDisposition } from '../../files/content-disposition';
import { csvFile } from '../../files/csv-writer';
import { commendationPart, fiscalYearOf, JissekiType, rewardPart, type TableRow } from './figures';
import { problem } from '../../http/problems';
import {
  IncentiveDownloadBody,
  IncentiveInitialBody,
  IncentiveInitialData,
  JissekiAnswer,
  JissekiBody,
  RewardAnswer,
  type JissekiRequest,
} from '../../../schemas/wire/incentive';
import { OperationType, recordOperation } from '../../logs/operation-log';
import { incentiveDaihyoCode } from './access';
import * as repo from './repository';
import { perUserPerMinute } from '../../security/rate-limit';

const SYSTEM_LABEL = '対象システム';

/** A table cell as a spreadsheet number ("-1,234" → -1234, "103.2%" → 103.2); '' stays empty. */
const cellNumber = (cell: string): number | string => (cell === '' ? '' : Number(cell.replace(/[,%]/g, '')));

export default async function incentiveScreenRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  /** The period asked for: the calendar year (reward) and fiscal year (commendation), current or previous. */
  async function period(caller: Caller, body: JissekiRequest) {
    if (!(await repo.targetSystemExists(app.db, body.targetSystem)))
      throw problem.validation([{ messageId: 'ERR_0009', args: [SYSTEM_LABEL] }]);
    const limit = yearMonthOf(targetDateFor(caller, body.targetDate, app.clock));
    const { year: y, month: m } = limit;
    const back = Number(body.targetYear);
    // A past year is complete; the current one runs up to the target date's month.
    return { limit, calendarYear: y - back, fiscalYear: fiscalYearOf(y, m) - back };
  }

  app.post(
    '/api/Incentive/getInitialDisplayData',
    {
      schema: {
        body: IncentiveInitialBody,
        response: { 200: IncentiveInitialData },
      },
    },
    async (request) => {
      await incentiveDaihyoCode(app.db, request.caller!);
      const systems = await repo.listTargetSystems(app.db);
      return {
        targetSystemList: systems.map((s) => ({ value: s.target_system, text: s.system_name })),
        ...(await repo.settings(app.db)),
      };
    },
  );

  app.post(
    '/api/Incentive/getIncentiveJisseki',
    { schema: { body: JissekiBody, response: { 200: JissekiAnswer } } },
    async (request) => {
      const caller = request.caller!;
      const daihyoCode = await incentiveDaihyoCode(app.db, caller);
      const p = await period(caller, request.body);
      const figures = await repo.figuresOf(
        app.db,
        daihyoCode,
        request.body.targetSystem,
        Math.min(p.calendarYear, p.fiscalYear) - 1,
        p.limit.year,
      );
      return { ...rewardPart(figures, p.calendarYear, p.limit), ...commendationPart(figures, p.fiscalYear, p.limit) };
    },
  );

  app.post(
    '/api/Incentive/getIncentiveJisseki/shorei',
    { schema: { body: JissekiBody, response: { 200: RewardAnswer } } },
    async (request) => {
      const caller = request.caller!;
      const daihyoCode = await incentiveDaihyoCode(app.db, caller);
      const p = await period(caller, request.body);
      const figures = await repo.figuresOf(
        app.db,
        daihyoCode,
        request.body.targetSystem,
        p.calendarYear - 1,
        p.limit.year,
      );
      return rewardPart(figures, p.calendarYear, p.limit);
    },
  );

  app.post(
    '/api/download/incentive',
    {
      config: { rateLimit: perUserPerMinute('csv') },
      schema: {
        description:
          'The performance file: both tables of every target system, current and previous year, as CSV (UTF-8 with BOM, CRLF, cells neutralised against formulas). The name is in Content-Disposition.',
        body: IncentiveDownloadBody,
      },
    },
    async (request, reply) => {
      const caller = request.caller!;
      const daihyoCode = await incentiveDaihyoCode(app.db, caller);
      const limit = yearMonthOf(targetDateFor(caller, request.body.targetDate, app.clock));
      const { year: y, month: m } = limit;
      const fiscal = fiscalYearOf(y, m);
      const header = [
        '対象システム',
        '区分',
        '対象期間',
        '報告月',
        'グループ',
        '項目',
        ...Array.from({ length: 12 }, (_, i) => `${i + 1}月`),
        '上期計',
        '下期計',
        '当月累計',
        '年間計',
      ];
      const lines: Array<Array<string | number>> = [header];
      const put = (system: string, kind: string, span: string, rows: TableRow[]) => {
        for (const r of rows) {
          const months = Array.from(
            { length: 12 },
            (_, i) => r[`month${String(i + 1).padStart(2, '0')}` as keyof TableRow] as string,
          );
          const title = r.jissekiType === JissekiType.percent ? `${r.rowTitle}（%）` : r.rowTitle;
          const cells = [...months, r.kamikiTotal, r.shimokiTotal, r.togetsuRuikei, r.yearTotal].map(cellNumber);
          lines.push([system, kind, span, r.hokokuMonth ? `${r.hokokuMonth}月` : '', r.groupTitle, title, ...cells]);
        }
      };
      for (const s of await repo.listTargetSystems(app.db)) {
        const figures = await repo.figuresOf(app.db, daihyoCode, s.target_system, Math.min(y, fiscal) - 2, y);
        for (const back of [0, 1]) {
          put(s.system_name, '奨励金', `${y - back}年1月〜12月`, rewardPart(figures, y - back, limit).shoreiList);
        }
        for (const back of [0, 1]) {
          const f = fiscal - back;
          put(s.system_name, '表彰', `${f}年8月〜${f + 1}年7月`, commendationPart(figures, f, limit).hyoshoList);
        }
      }
      const { jissekiFileName } = await repo.settings(app.db);
      const stem = jissekiFileName.replace(/\.csv$/i, '');
      const name = `${stem}_${daihyoCode}_${y}${String(m).padStart(2, '0')}.csv`;
      const ids = effectiveIds(caller);
      await recordOperation(app.db, {
        source: 'server',
        userId: caller.userId,
        agCode: caller.agCode,
        pseudoUserId: caller.pseudo?.userId,
        pseudoAgCode: caller.pseudo?.agCode,
        actionTime: app.clock.now(),
        operationType: OperationType.file,
        fromScreenName: request.body.screenName,
        controlName: 'incentive-download',
        actionDetail: name,
        genericField1: ids.daihyoCode,
        ip: request.ip,
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(name))
        .header('cache-control', 'no-store')
        .send(csvFile(lines));
    },
  );
}
