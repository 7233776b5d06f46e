// Before a list draws: its definition, the initial-data call of its search (`search.data`) for
// initial values and select choices, and the search restored from session storage (with the
// page, page size and sort the table showed) when the page is opened with ?isResearch=true.
import type { UiSchema } from '@rjsf/utils';
import { resultOf, runCall } from '../calls';
import { loadListDefinition, type DefinitionContext, type ListDefinition } from '../definitions';
import type { Scope } from '../expressions';
import type { FormRecord } from '../form-store';
import { initialRecord, loadChoices, withChoices } from '../form-setup';
import type { SortState } from './rows';

export interface ListSetup {
  definition: ListDefinition;
  context: DefinitionContext;
  searchUiSchema: UiSchema;
  restored: FormRecord | null;
  /** The page, page size and sort of the restored search. */
  restoredView: SavedView | null;
  initialSearch: FormRecord;
  /** The answer of `search.data` (initial values read it again on clear). */
  data: Record<string, unknown>;
}

/** What the table showed, kept beside the search conditions (`<storageKey>:view`). */
export interface SavedView {
  page: number;
  pageSize: number;
  sort: SortState | null;
}

export const viewKey = (storageKey: string) => `${storageKey}:view`;

function savedView(def: ListDefinition, value: FormRecord | null): SavedView | null {
  if (!value) return null;
  const sizes = def.pageSizes ?? [def.pageSize];
  const size = typeof value.pageSize === 'number' && sizes.includes(value.pageSize) ? value.pageSize : def.pageSize;
  const page = typeof value.page === 'number' && Number.isInteger(value.page) && value.page > 0 ? value.page : 1;
  const s = value.sort as Partial<SortState> | null | undefined;
  const sortable =
    s && def.columns.some((c) => c.sortable && c.key === s.column) && (s.direction === 'asc' || s.direction === 'desc');
  return {
    page,
    pageSize: size,
    sort: sortable ? { column: s.column!, direction: s.direction! } : (def.defaultSort ?? null),
  };
}

function storageGet(key: string): FormRecord | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as FormRecord) : null;
  } catch {
    return null;
  }
}

export function storageSet(key: string, value: FormRecord | null): void {
  try {
    if (value) window.sessionStorage.setItem(key, JSON.stringify(value));
    else window.sessionStorage.removeItem(key);
  } catch {
    // storage unavailable: the search is simply not restored
  }
}

export async function setUpList(listId: string, query: URLSearchParams): Promise<ListSetup> {
  const { definition, context } = await loadListDefinition(listId);
  const search = definition.search;
  const base: Scope = { query, context: { ...context } };
  const answer = search?.data ? resultOf(search.data, (await runCall(search.data, base)).data) : undefined;
  const data =
    answer && typeof answer === 'object' && !Array.isArray(answer) ? (answer as Record<string, unknown>) : {};
  const scope: Scope = { ...base, data };
  const initialSearch = search ? initialRecord({ initial: search.initial } as never, scope) : {};
  const choices = search ? await loadChoices(search.options, data, scope) : {};
  const restore = search?.restore;
  const restoring = Boolean(restore?.storageKey && restore.query && query.get(restore.query) === 'true');
  const restored = restoring ? storageGet(restore!.storageKey!) : null;
  const restoredView = restored ? savedView(definition, storageGet(viewKey(restore!.storageKey!))) : null;
  return {
    definition,
    context,
    searchUiSchema: withChoices(search?.uiSchema ?? {}, choices),
    restored,
    restoredView,
    initialSearch,
    data,
  };
}
