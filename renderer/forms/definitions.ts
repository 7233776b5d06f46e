// Form and list definitions as the API serves them (GET /api/forms/:id, GET /api/lists/:id):
// the JSON of schemas/forms/*.json or schemas/lists/*.json plus the context its rules need.
// A definition does not change while the app runs, so each is fetched once per page load; in dev
// mode (npm run dev) the API reloads edited files, so each visit fetches it afresh.
import { apiGet } from '../api/client';
import type { FormDefinition, ListDefinition, Title } from '../../schemas/meta/types';
import type { RuleContext } from '../../schemas/rules/engine';

export type {
  CallSpec,
  FormAction,
  FormDefinition,
  ListColumn,
  ListDefinition,
  MessageRef,
  OptionSource,
  Title,
} from '../../schemas/meta/types';

export interface DefinitionContext {
  /** Today on the server, yyyy-MM-dd (Asia/Tokyo). */
  serverDate: string;
  /** Largest file in bytes. */
  maxFileSize: number;
}

export interface Loaded<T> {
  definition: T;
  context: DefinitionContext;
}

const cache = new Map<string, Promise<Loaded<unknown>>>();

function load<T>(kind: 'forms' | 'lists', id: string): Promise<Loaded<T>> {
  const key = `${kind}/${id}`;
  let entry = import.meta.env.DEV ? undefined : cache.get(key);
  if (!entry) {
    entry = apiGet<Loaded<unknown>>(`/api/${kind}/${encodeURIComponent(id)}`);
    // A failed load is not kept: the next visit asks again.
    entry.catch(() => cache.delete(key));
    cache.set(key, entry);
  }
  return entry as Promise<Loaded<T>>;
}

export function loadFormDefinition(id: string): Promise<Loaded<FormDefinition>> {
  return load<FormDefinition>('forms', id);
}

export function loadListDefinition(id: string): Promise<Loaded<ListDefinition>> {
  return load<ListDefinition>('lists', id);
}

/** The title for a mode: a plain string, or the entry of the mode (new / update / copy / preview; copy falls back to new). */
export function titleFor(title: Title, mode: string): string {
  if (typeof title === 'string') return title;
  return title[mode] ?? (mode === 'copy' ? title.new : undefined) ?? Object.values(title)[0] ?? '';
}

/** The context the rule engine runs with in the browser: the server's date and limits, the mode. */
export function ruleContext(context: DefinitionContext, mode: string): RuleContext {
  return { serverDate: context.serverDate, maxFileSize: context.maxFileSize, mode };
}
