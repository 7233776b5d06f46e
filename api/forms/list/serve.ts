// The list call of a declared form (`calls.list`, docs/forms.md "List calls"): the stored
// records the search conditions select, within the caller's scope, each answered by the call's
// `answer` template.
//   permission  the form's category (and its byField), the hook's side (`admits`)
//   conditions  read by the call's body template; the list definition's search rules (`search`)
//   scope       the hook's `scope` over the conditions (an agent administrator: his own agent)
//   query       the declared `where`, `lookups` and `order` (query.ts), or the hook's `list`
//   limit       `max.rows` (or the hook's `listLimit`): more is 416 ERR_0023 naming `max.name`
//   paging      a list definition loading by this call declares `paging` and the body asks for a
//               page: that page and its count (paging.ts), no limit; a body without it as above.
//               The rows are the declared query's or the hook's `selection`; the page's records
//               are the hook's `pageRecords` (figures computed for these rows only) or the store's
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FormDefinition, ListCallSpec } from '../../../schemas/meta/types';
import { problem } from '../../http/problems';
import type { FormHook, HookContext } from '../hook';
import type { FormRecord, Scope, StoreShape } from '../record-store';
import { answerOf } from '../wire-record';
import { checkConditions, readConditions } from './conditions';
import { pagedListOf, queryPage, readPageRequest } from './paging';
import { listedOf, queryRecords, rowsOfSelection, selectedRows, withLookups, type AnySelect } from './query';

type Body = Record<string, unknown>;

/** What the engine's opening step gives a list call (api/forms/routes.ts). */
export interface ListServing {
  app: FastifyInstance;
  form: FormDefinition;
  hook: FormHook;
  call: ListCallSpec;
  shape: () => StoreShape;
  route: (
    path: string,
    description: string,
    handler: (request: FastifyRequest, body: Body) => Promise<unknown>,
  ) => unknown;
  ctxOf: (request: FastifyRequest) => HookContext;
  /** The form's permission for the body's category (403), and the scope of its byField. */
  open: (request: FastifyRequest, body: Body) => Promise<Scope>;
}

export function serveList({ app, form, hook, call, shape, route, ctxOf, open }: ListServing): void {
  if (call.search !== undefined && !app.definitions.lists.get(call.search)?.search)
    throw new Error(`form ${form.id}: calls.list.search names no list with a search ("${call.search}")`);
  route(call.call, 'Lists the records the search conditions select', async (request, body) => {
    const byField = await open(request, body);
    const ctx = ctxOf(request);
    await hook.admits?.(ctx);
    const conditions = readConditions(call, body);
    checkConditions(app, call, conditions, hook.searchCheck?.(ctx, conditions));
    const scope = { ...byField, ...(await hook.scope?.(ctx, conditions)) };
    const paged = pagedListOf(app.definitions.lists, call);
    const pageRequest = paged && readPageRequest(paged, body);
    if (paged && pageRequest) {
      // A hook's own `list` answers records the store does not make: it pages only with its `pageRecords`.
      if (hook.list && !hook.pageRecords)
        throw new Error(`form ${form.id}: a paged list whose hook has its own list needs the hook's pageRecords`);
      const own = hook.selection ? await hook.selection(ctx, conditions, scope) : undefined;
      const selected =
        own === undefined
          ? selectedRows(app.db, shape(), call, conditions, scope)
          : own && rowsOfSelection(app.db, own);
      const columns = (q: AnySelect) => (own === undefined ? withLookups(q, call) : q.selectAll('t'));
      const { rows, paging } = await queryPage(shape(), call, paged, pageRequest, selected, columns);
      let records: FormRecord[];
      if (hook.pageRecords) records = await hook.pageRecords(ctx, rows);
      else
        records = listedOf(shape(), call, rows).map(({ record, row }) => {
          hook.listed?.(ctx, record, row);
          return record;
        });
      const list = records.map((record) => answerOf(call.answer ?? '=record', record));
      return { [call.result ?? 'list']: list, paging };
    }
    const limit = hook.listLimit?.() ?? call.max?.rows;
    let records: FormRecord[];
    if (hook.list) records = await hook.list(ctx, conditions, scope, limit);
    else
      records = (await queryRecords(app.db, shape(), call, conditions, scope, limit)).map(({ record, row }) => {
        hook.listed?.(ctx, record, row);
        return record;
      });
    if (limit !== undefined && records.length > limit) throw problem.tooManyResults(call.max?.name ?? '');
    const list = records.map((record) => answerOf(call.answer ?? '=record', record));
    return call.result ? { [call.result]: list } : list;
  });
}
