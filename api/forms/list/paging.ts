// Server-side pages of a declared list (docs/forms.md, "Paged lists"). A list definition that
// declares `paging` sends `paging: { page, pageSize, sort, anchor }` beside its load body; the
// answer is that page of rows and `paging: { page, pageSize, totalCount, first, last }`. A call
// without `paging` in its body is answered as before (every row up to `max`).
//
// Pages are reached by keyset seeks: the rows are ordered by the sort column and the key (so
// equal values keep one order), and a page is read after (or before) the first/last row of the
// page the screen shows (`anchor`, the cursors of the last answer), from the start, or backwards
// from the end, whichever skips the fewest rows. The pager only jumps a few pages from the one
// shown, or to the first or last, so no read skips more than a few pages whatever the page
// number; an index on (scope, sort column, key) makes each read a seek.
//
// The rows are the declared query's (query.ts) or a hook's selection (its own joins and
// computed columns, read as a subquery `t`); the sort columns are store fields or the list's
// `paging.columns`. What the page's rows need beyond them is the caller's (serve.ts).
import { sql } from 'kysely';
import type { ListCallSpec, ListDefinition } from '../../../schemas/meta/types';
import { problem } from '../../http/problems';
import type { StoreShape } from '../record-store';
import type { AnySelect } from './query';

type Direction = 'asc' | 'desc';
type Cursor = (string | number)[];

export interface PageRequest {
  page: number;
  pageSize: number;
  sort?: { column: string; direction: Direction };
  anchor?: { page: number; first: Cursor; last: Cursor };
}

export interface PageAnswer {
  page: number;
  pageSize: number;
  totalCount: number;
  first?: Cursor;
  last?: Cursor;
}

type ColumnType = 'text' | 'integer' | 'timestamp';

interface OrderColumn {
  column: string;
  direction: Direction;
  type: ColumnType;
}

const MAX_PAGE = 1_000_000_000;
const MAX_CURSOR_TEXT = 1000;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A whole number, also as its digits (the wire's leniency, docs/wire-contract.md). */
function wholeNumber(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\d{1,10}$/.test(v)) return Number(v);
  return undefined;
}

/** The paged list whose load call this is (definitions may be reloaded in dev mode: read at each call). */
export function pagedListOf(lists: Map<string, ListDefinition>, call: ListCallSpec): ListDefinition | undefined {
  for (const list of lists.values()) if (list.paging && list.load.call === call.call) return list;
  return undefined;
}

/** The body's `paging`, or undefined when the body asks for every row; 400 ERR_0025 for a bad one. */
export function readPageRequest(list: ListDefinition, body: Record<string, unknown>): PageRequest | undefined {
  const raw = body.paging;
  // null and "" are not sent (docs/wire-contract.md): every row, as without paging.
  if (raw === undefined || raw === null || raw === '') return undefined;
  const bad = (title: string) => problem.validation([{ messageId: 'ERR_0025', args: [title] }]);
  if (!isObject(raw)) throw bad('ページ');
  const page = wholeNumber(raw.page ?? 1);
  if (page === undefined || page < 1 || page > MAX_PAGE) throw bad('ページ');
  const pageSize = wholeNumber(raw.pageSize ?? list.pageSize);
  if (pageSize === undefined || !(list.pageSizes ?? [list.pageSize]).includes(pageSize)) throw bad('表示件数');
  const out: PageRequest = { page, pageSize };
  if (raw.sort !== undefined && raw.sort !== null) {
    const s = raw.sort;
    if (
      !isObject(s) ||
      typeof s.column !== 'string' ||
      !list.paging!.order.includes(s.column) ||
      (s.direction !== 'asc' && s.direction !== 'desc')
    )
      throw bad('並び順');
    out.sort = { column: s.column, direction: s.direction };
  }
  if (raw.anchor !== undefined && raw.anchor !== null) {
    const a = raw.anchor;
    const anchorPage = isObject(a) ? wholeNumber(a.page) : undefined;
    const cursor = (c: unknown): c is Cursor =>
      Array.isArray(c) &&
      c.length >= 1 &&
      c.length <= 2 &&
      c.every(
        (v) =>
          (typeof v === 'string' && v.length <= MAX_CURSOR_TEXT) || (typeof v === 'number' && Number.isSafeInteger(v)),
      );
    if (
      !isObject(a) ||
      anchorPage === undefined ||
      anchorPage < 1 ||
      anchorPage > MAX_PAGE ||
      !cursor(a.first) ||
      !cursor(a.last)
    )
      throw bad('ページ');
    out.anchor = { page: anchorPage, first: a.first, last: a.last };
  }
  return out;
}

/**
 * The order of the rows: the sort asked for (else the list's defaultSort, else the call's first
 * declared order column), then the key so equal values keep one order. A sort field is one of
 * the list's `paging.columns` (a column of the rows outside the store fields) or a store field.
 */
function orderOf(shape: StoreShape, call: ListCallSpec, list: ListDefinition, request: PageRequest): OrderColumn[] {
  const key = shape.spec.key;
  const keyType: ColumnType = key.type === 'text' ? 'text' : 'integer';
  const declared = Object.values(list.paging?.columns ?? {});
  const typeOf = (column: string): ColumnType => {
    if (column === key.column) return keyType;
    const d = declared.find((x) => x.column === column);
    if (d) return d.type;
    const c = [...shape.columns.values()].find((x) => x.column === column);
    if (!c || (c.type !== 'text' && c.type !== 'integer'))
      throw new Error(`list ${list.id}: the paged order "${column}" is not a text or integer column`);
    return c.type;
  };
  const columnOf = (field: string) =>
    list.paging?.columns?.[field]?.column ?? (field === key.field ? key.column : shape.columns.get(field)?.column);
  const sort = request.sort ?? list.defaultSort;
  const first = call.order?.[0];
  let head: { column: string; direction: Direction } | undefined;
  if (sort) {
    const column = columnOf(sort.column);
    if (!column) throw new Error(`list ${list.id}: paging.order "${sort.column}" is not a store field`);
    head = { column, direction: sort.direction };
  } else if (first) head = { column: first.column, direction: first.direction ?? 'asc' };
  const direction = head?.direction ?? 'asc';
  const order = head ? [{ ...head, type: typeOf(head.column) }] : [];
  return head?.column === key.column ? order : [...order, { column: key.column, direction, type: keyType }];
}

/** A timestamp as the database writes it (`2026-11-27 09:47:04.123456+00`), a real date and time. */
function isTimestamp(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  const m =
    /^([1-9]\d{3})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-](0\d|1[0-5])(:?[0-5]\d)?|Z)$/.exec(v);
  if (!m) return false;
  const parts = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const [y, mo, d, h, mi, se] = parts;
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, se));
  const back = [
    t.getUTCFullYear(),
    t.getUTCMonth() + 1,
    t.getUTCDate(),
    t.getUTCHours(),
    t.getUTCMinutes(),
    t.getUTCSeconds(),
  ];
  return back.every((x, i) => x === parts[i]);
}

/** The cursor's values fit the order's columns (an integer column's value as a number or digits). */
function fits(cursor: Cursor, order: OrderColumn[]): boolean {
  return (
    cursor.length === order.length &&
    order.every((o, i) => {
      const v = cursor[i];
      if (o.type === 'timestamp') return isTimestamp(v);
      return o.type === 'integer'
        ? wholeNumber(v) !== undefined || (typeof v === 'number' && Number.isSafeInteger(v))
        : typeof v === 'string';
    })
  );
}

/** Rows strictly after (or from, `inclusive`) the cursor in the order. */
function seek(q: AnySelect, order: OrderColumn[], cursor: Cursor, inclusive: boolean): AnySelect {
  const refs = order.map((o) => sql.ref(`t.${o.column}`));
  const values = cursor.map((v, i) => (order[i]!.type === 'timestamp' ? sql`cast(${v} as timestamptz)` : sql`${v}`));
  // One direction throughout (the usual case): a row comparison, which an index on the columns serves.
  if (order.every((o) => o.direction === order[0]!.direction)) {
    const op = sql.raw(`${order[0]!.direction === 'asc' ? '>' : '<'}${inclusive ? '=' : ''}`);
    return q.where(sql<boolean>`(${sql.join(refs)}) ${op} (${sql.join(values)})`);
  }
  const branches = order.map((o, i) => {
    const op = sql.raw(`${o.direction === 'asc' ? '>' : '<'}${inclusive && i === order.length - 1 ? '=' : ''}`);
    const equal = order.slice(0, i).map((_, j) => sql`${refs[j]} = ${values[j]}`);
    return sql.join([...equal, sql`${refs[i]} ${op} ${values[i]}`], sql` and `);
  });
  return q.where(
    sql<boolean>`(${sql.join(
      branches.map((b) => sql`(${b})`),
      sql` or `,
    )})`,
  );
}

const reversed = (order: OrderColumn[]): OrderColumn[] =>
  order.map((o) => ({ ...o, direction: o.direction === 'asc' ? 'desc' : 'asc' }));

interface Plan {
  order: OrderColumn[];
  cursor?: Cursor;
  inclusive?: boolean;
  skip: number;
  take: number;
  backwards: boolean;
}

/** The read that reaches the page skipping the fewest rows. */
function planOf(request: PageRequest, order: OrderColumn[], page: number, total: number): Plan {
  const size = request.pageSize;
  const take = Math.min(size, total - (page - 1) * size);
  const plans: Plan[] = [];
  const a = request.anchor;
  if (a && fits(a.first, order) && fits(a.last, order)) {
    if (a.page === page) plans.push({ order, cursor: a.first, inclusive: true, skip: 0, take, backwards: false });
    else if (a.page < page)
      plans.push({ order, cursor: a.last, skip: (page - a.page - 1) * size, take, backwards: false });
    else
      plans.push({
        order: reversed(order),
        cursor: a.first,
        skip: (a.page - page - 1) * size,
        take: size,
        backwards: true,
      });
  } else if (a) throw problem.validation([{ messageId: 'ERR_0025', args: ['ページ'] }]);
  plans.push({ order, skip: (page - 1) * size, take, backwards: false });
  plans.push({ order: reversed(order), skip: Math.max(0, total - page * size), take, backwards: true });
  return plans.reduce((best, p) => (p.skip < best.skip ? p : best));
}

/** The alias of the n-th order column's text in a row: a timestamp's cursor keeps its microseconds. */
const cursorAlias = (n: number) => `cursor ${n}`;

const cursorOf = (row: Record<string, unknown>, order: OrderColumn[]): Cursor =>
  order.map((o, n) => {
    const v = o.type === 'timestamp' ? row[cursorAlias(n)] : row[o.column];
    return typeof v === 'number' ? v : String(v);
  });

/**
 * One page of the selected rows (alias `t`, nothing selected yet; null: no row can match) and
 * its count. `columns` adds what a row holds (the table's columns and the lookups, or every
 * column of a hook's selection).
 */
export async function queryPage(
  shape: StoreShape,
  call: ListCallSpec,
  list: ListDefinition,
  request: PageRequest,
  selected: AnySelect | null,
  columns: (q: AnySelect) => AnySelect,
): Promise<{ rows: Record<string, unknown>[]; paging: PageAnswer }> {
  const order = orderOf(shape, call, list, request);
  const counted = selected
    ? Number(((await selected.select(sql<string>`count(*)`.as('n')).executeTakeFirst()) as { n: string | number }).n)
    : 0;
  const size = request.pageSize;
  const page = Math.min(request.page, Math.max(1, Math.ceil(counted / size)));
  if (!selected || counted === 0) return { rows: [], paging: { page, pageSize: size, totalCount: counted } };
  const plan = planOf(request, order, page, counted);
  let q = columns(plan.cursor ? seek(selected, plan.order, plan.cursor, plan.inclusive === true) : selected);
  order.forEach((o, n) => {
    if (o.type === 'timestamp') q = q.select(sql<string>`${sql.ref(`t.${o.column}`)}::text`.as(cursorAlias(n)));
  });
  for (const o of plan.order) q = q.orderBy(`t.${o.column}`, o.direction);
  q = q.limit(plan.take);
  if (plan.skip > 0) q = q.offset(plan.skip);
  let rows = (await q.execute()) as Record<string, unknown>[];
  if (plan.backwards) rows = rows.reverse();
  const paging: PageAnswer = { page, pageSize: size, totalCount: counted };
  if (rows.length) {
    paging.first = cursorOf(rows[0]!, order);
    paging.last = cursorOf(rows[rows.length - 1]!, order);
  }
  return { rows, paging };
}
