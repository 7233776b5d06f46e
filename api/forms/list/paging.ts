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
import { sql, type Kysely } from 'kysely';
import type { ListCallSpec, ListDefinition } from '../../../schemas/meta/types';
import type { Database } from '../../db/schema';
import { problem } from '../../http/problems';
import type { FormRecord, Scope, StoreShape } from '../record-store';
import { listedOf, selectedRows, withLookups, type AnySelect, type Listed } from './query';

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

interface OrderColumn {
  column: string;
  direction: Direction;
  type: 'text' | 'integer';
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
 * declared order column), then the key so equal values keep one order.
 */
function orderOf(shape: StoreShape, call: ListCallSpec, list: ListDefinition, request: PageRequest): OrderColumn[] {
  const key = shape.spec.key;
  const keyType: OrderColumn['type'] = key.type === 'text' ? 'text' : 'integer';
  const typeOf = (column: string): OrderColumn['type'] => {
    if (column === key.column) return keyType;
    const c = [...shape.columns.values()].find((x) => x.column === column);
    if (!c || (c.type !== 'text' && c.type !== 'integer'))
      throw new Error(`list ${list.id}: the paged order "${column}" is not a text or integer column`);
    return c.type;
  };
  const columnOf = (field: string) => (field === key.field ? key.column : shape.columns.get(field)?.column);
  const sort = request.sort ?? list.defaultSort;
  const declared = call.order?.[0];
  let first: { column: string; direction: Direction } | undefined;
  if (sort) {
    const column = columnOf(sort.column);
    if (!column) throw new Error(`list ${list.id}: paging.order "${sort.column}" is not a store field`);
    first = { column, direction: sort.direction };
  } else if (declared) first = { column: declared.column, direction: declared.direction ?? 'asc' };
  const direction = first?.direction ?? 'asc';
  const head = first ? [{ ...first, type: typeOf(first.column) }] : [];
  return first?.column === key.column ? head : [...head, { column: key.column, direction, type: keyType }];
}

/** The cursor's values fit the order's columns (an integer column's value as a number or digits). */
function fits(cursor: Cursor, order: OrderColumn[]): boolean {
  return (
    cursor.length === order.length &&
    order.every((o, i) => {
      const v = cursor[i];
      return o.type === 'integer'
        ? wholeNumber(v) !== undefined || (typeof v === 'number' && Number.isSafeInteger(v))
        : typeof v === 'string';
    })
  );
}

/** Rows strictly after (or from, `inclusive`) the cursor in the order. */
function seek(q: AnySelect, order: OrderColumn[], cursor: Cursor, inclusive: boolean): AnySelect {
  const refs = order.map((o) => sql.ref(`t.${o.column}`));
  const values = cursor.map((v) => sql`${v}`);
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

const cursorOf = (row: Record<string, unknown>, order: OrderColumn[]): Cursor =>
  order.map((o) => {
    const v = row[o.column];
    return typeof v === 'number' ? v : String(v);
  });

export async function queryPage(
  db: Kysely<Database>,
  shape: StoreShape,
  call: ListCallSpec,
  list: ListDefinition,
  request: PageRequest,
  conditions: FormRecord,
  scope: Scope,
): Promise<{ listed: Listed[]; paging: PageAnswer }> {
  const order = orderOf(shape, call, list, request);
  const selected = selectedRows(db, shape, call, conditions, scope);
  const counted = selected
    ? Number(((await selected.select(sql<string>`count(*)`.as('n')).executeTakeFirst()) as { n: string | number }).n)
    : 0;
  const size = request.pageSize;
  const page = Math.min(request.page, Math.max(1, Math.ceil(counted / size)));
  if (!selected || counted === 0) return { listed: [], paging: { page, pageSize: size, totalCount: counted } };
  const plan = planOf(request, order, page, counted);
  let q = withLookups(plan.cursor ? seek(selected, plan.order, plan.cursor, plan.inclusive === true) : selected, call);
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
  return { listed: listedOf(shape, call, rows), paging };
}
