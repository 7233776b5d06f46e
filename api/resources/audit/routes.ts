// The audit viewer (監査ログ, category 120, provider administrators; docs/audit.md): the filtered
// rows a page at a time with each change field by field under the form's own titles, the same
// rows as CSV, and the chain check behind the viewer's warning banner.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { parseDate } from '../../../schemas/rules/auth-forms';
import type { Message } from '../../../schemas/messages/format';
import {
  AuditCsvBody,
  AuditListBody,
  AuditListResponse,
  ChainBody,
  ChainStatus,
  type AuditRowWire,
  type ChainStatusWire,
} from '../../../schemas/wire/audit';
import { CATEGORY } from '../../../schemas/categories';
import { fieldChanges } from '../../audit/diff';
import { ACTION_LABELS, entityLabeller } from '../../audit/labels';
import { verifyAuditChain } from '../../audit/verify';
import type { Caller } from '../../authority/caller';
import { can } from '../../authority/permissions';
import { tokyoDate } from '../../clock';
import { contentDisposition } from '../../files/content-disposition';
import { csvFile } from '../../files/csv-writer';
import { problem } from '../../http/problems';
import { cursorText, findAuditRows, parseCursor, type AuditFilter, type AuditRowRecord } from './repository';

const DEFAULT_PAGE = 50;
const DEFAULT_DAYS = 30;
const CSV_MAX_ROWS = 20_000;
/** How long a chain check answers the banner before the chain is walked again. */
const CHAIN_CACHE_MS = 5 * 60_000;
/** How long a request waits for a walk before it answers the last one (a long chain takes minutes). */
const CHAIN_WAIT_MS = 10_000;
const DAY = 86_400_000;

/** yyyy/MM/dd HH:mm:ss in Tokyo. */
function tokyoTime(at: Date): string {
  const t = new Date(at.getTime() + 9 * 3600_000).toISOString();
  return `${t.slice(0, 10).replaceAll('-', '/')} ${t.slice(11, 19)}`;
}

const tokyoMidnight = (isoDate: string) => new Date(`${isoDate}T00:00:00+09:00`);

interface FilterInput {
  dateFrom?: string;
  dateTo?: string;
  actor?: string;
  entity?: string;
  entityId?: string;
  text?: string;
}

/** The period (Tokyo days, default the last 30 including today) and the other filters, trimmed. */
function filterOf(body: FilterInput, now: Date): { filter: AuditFilter; from: string; to: string } {
  const errors: Message[] = [];
  const day = (v: string | undefined, label: string) => {
    if (!v?.trim()) return undefined;
    const d = parseDate(v.trim());
    if (!d) errors.push({ messageId: 'ERR_0020', args: [label] });
    return d;
  };
  const toGiven = day(body.dateTo, '期間To');
  const fromGiven = day(body.dateFrom, '期間From');
  if (errors.length) throw problem.validation(errors);
  const to = toGiven ?? tokyoDate(now);
  const from = fromGiven ?? tokyoDate(new Date(tokyoMidnight(to).getTime() - (DEFAULT_DAYS - 1) * DAY + 12 * 3600_000));
  if (from > to) throw problem.validation([{ messageId: 'ERR_0005', args: ['期間From', '期間To'] }]);
  const t = (v?: string) => v?.trim() || undefined;
  return {
    filter: {
      from: tokyoMidnight(from),
      to: new Date(tokyoMidnight(to).getTime() + DAY),
      actor: t(body.actor),
      entity: t(body.entity),
      entityId: t(body.entityId),
      text: t(body.text),
    },
    from: from.replaceAll('-', '/'),
    to: to.replaceAll('-', '/'),
  };
}

export default async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const labels = entityLabeller(app.definitions);

  async function admit(caller: Caller) {
    if (!(await can(app.db, caller, CATEGORY.KANRI_AUDIT))) throw problem.forbidden();
  }

  /** category_id → name, for the content forms' titles ({categoryName}登録); read once a request. */
  async function categoryNames(): Promise<(id: number) => string | undefined> {
    const rows = await app.db.selectFrom('categories').select(['category_id', 'category_name']).execute();
    const names = new Map(rows.map((r) => [Number(r.category_id), r.category_name]));
    return (id) => names.get(id);
  }

  function toWire(r: AuditRowRecord, categoryName: (id: number) => string | undefined): AuditRowWire {
    const asRecord = (v: unknown) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? v : {});
    const record = { ...asRecord(r.before_data), ...asRecord(r.after_data) } as Record<string, unknown>;
    const { screen, label, choice, order } = labels.forRow(r.entity, record, categoryName);
    return {
      auditId: Number(r.audit_id),
      seq: r.seq === null ? null : Number(r.seq),
      at: tokyoTime(new Date(r.created_at)),
      actorUserId: r.actor_user_id,
      actorName: r.user_name ?? '',
      actorAgCode: r.actor_ag_code,
      pseudoAgCode: r.pseudo_ag_code,
      pseudoUserId: r.pseudo_user_id,
      entity: r.entity,
      screen,
      entityId: r.entity_id,
      action: r.action,
      actionLabel: ACTION_LABELS[r.action] ?? r.action,
      changes: fieldChanges(r.before_data, r.after_data, label, order, choice),
    };
  }

  app.post(
    '/api/Audit/getAuditLogList',
    { schema: { body: AuditListBody, response: { 200: AuditListResponse } } },
    async (request) => {
      await admit(request.caller!);
      const body = request.body;
      const { filter, from, to } = filterOf(body, app.clock.now());
      let after;
      if (body.cursor) {
        after = parseCursor(body.cursor);
        if (!after) throw problem.validation([{ messageId: 'ERR_0025', args: ['ページ位置'] }]);
      }
      const size = body.pageSize ?? DEFAULT_PAGE;
      const rows = await findAuditRows(app.db, filter, size + 1, after);
      const page = rows.slice(0, size);
      const names = await categoryNames();
      const last = page[page.length - 1];
      return {
        auditList: page.map((r) => toWire(r, names)),
        nextCursor:
          rows.length > size && last ? cursorText({ at: new Date(last.created_at), id: Number(last.audit_id) }) : '',
        entityOptions: labels.options(),
        dateFrom: from,
        dateTo: to,
      };
    },
  );

  app.post('/api/Audit/downloadAuditLogCsv', { schema: { body: AuditCsvBody } }, async (request, reply) => {
    await admit(request.caller!);
    const { filter, from, to } = filterOf(request.body, app.clock.now());
    const rows = await findAuditRows(app.db, filter, CSV_MAX_ROWS + 1);
    if (rows.length > CSV_MAX_ROWS) throw problem.tooManyResults('監査ログ');
    const lines: (string | number)[][] = [
      [
        '日時',
        '操作者ID',
        '操作者名',
        '操作者代理店',
        '代理ログイン先代理店',
        '代理ログイン先ユーザー',
        '画面',
        '種別',
        '対象ID',
        '操作',
        '項目',
        '変更前',
        '変更後',
      ],
    ];
    const names = await categoryNames();
    for (const r of rows.map((row) => toWire(row, names))) {
      const head = [
        r.at,
        r.actorUserId,
        r.actorName,
        r.actorAgCode,
        r.pseudoAgCode,
        r.pseudoUserId,
        r.screen,
        r.entity,
        r.entityId,
        r.actionLabel,
      ];
      if (!r.changes.length) lines.push([...head, '', '', '']);
      for (const c of r.changes) lines.push([...head, c.label, c.before, c.after]);
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        contentDisposition(`audit_${from.replaceAll('/', '')}-${to.replaceAll('/', '')}.csv`),
      )
      .header('cache-control', 'no-store')
      .send(csvFile(lines));
  });

  // One walk at a time per instance, in the background: a request waits for it a few seconds at
  // most and otherwise answers the last finished walk marked `checking` (docs/audit.md, "Scale").
  // A finished walk answers the banner for CHAIN_CACHE_MS before another starts.
  let last: { until: number; status: ChainStatusWire } | undefined;
  let walking: Promise<ChainStatusWire> | undefined;
  const walk = (): Promise<ChainStatusWire> => {
    const started = app.clock.now();
    const checkedAt = tokyoTime(started);
    walking ??= verifyAuditChain(app.db)
      .then((r): ChainStatusWire => {
        const status: ChainStatusWire = r.ok
          ? {
              ok: true,
              checking: false,
              rows: r.rows,
              checkedAt,
              brokenAuditId: null,
              brokenSeq: null,
              reason: '',
              detail: '',
            }
          : {
              ok: false,
              checking: false,
              rows: r.rows,
              checkedAt,
              brokenAuditId: r.auditId,
              brokenSeq: r.seq,
              reason: r.reason,
              detail: r.detail,
            };
        last = { until: started.getTime() + CHAIN_CACHE_MS, status };
        return status;
      })
      .catch((err: unknown) => {
        app.log.error({ err }, 'audit chain check failed');
        throw err;
      })
      .finally(() => {
        walking = undefined;
      });
    return walking;
  };
  async function chainStatus(refresh: boolean): Promise<ChainStatusWire> {
    if (!refresh && last && last.until > app.clock.now().getTime()) return last.status;
    const running = walk();
    const waited = await Promise.race([
      running,
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), CHAIN_WAIT_MS).unref()),
    ]);
    if (waited) return waited;
    running.catch(() => undefined); // finished later; logged above
    return last
      ? { ...last.status, checking: true }
      : {
          ok: true,
          checking: true,
          rows: 0,
          checkedAt: '',
          brokenAuditId: null,
          brokenSeq: null,
          reason: '',
          detail: '',
        };
  }

  app.post(
    '/api/Audit/verifyChain',
    { schema: { body: ChainBody, response: { 200: ChainStatus } } },
    async (request) => {
      await admit(request.caller!);
      return chainStatus(request.body.refresh === true);
    },
  );
}
