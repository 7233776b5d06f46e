// The calls of the definition playground (api/dev/routes.ts; they exist in dev mode only).
import { apiGet } from '../../api/client';

export type DefinitionKind = 'forms' | 'lists';

export interface DefinitionSummary {
  kind: DefinitionKind;
  id: string;
  title: string;
  problems: number;
}

export interface DefinitionDetail {
  kind: DefinitionKind;
  id: string;
  /** The file's text as it is on disk now. */
  text: string;
  /** Its JSON, null when it does not parse. */
  definition: unknown;
  /** The schema check's problems (npm run schemas:check) of this file. */
  problems: string[];
  /** Whether the API serves this very content (false: a problem kept the previous one). */
  served: boolean;
  context: { serverDate: string; maxFileSize: number };
}

export const listDefinitions = (signal?: AbortSignal) =>
  apiGet<{ definitions: DefinitionSummary[]; version: number }>('/api/dev/definitions', { signal });

export const loadDefinition = (kind: DefinitionKind, id: string, signal?: AbortSignal) =>
  apiGet<DefinitionDetail>(`/api/dev/definitions/${kind}/${encodeURIComponent(id)}`, { signal });
