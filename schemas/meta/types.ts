// TypeScript view of form and list definitions (the JSON files are checked against
// form.schema.json and list.schema.json by schemas/check.ts and at API start-up).
import type { Condition, Rule } from '../rules/engine';
import type { EditMode } from './widgets';

export type { EditMode };

export type Title = string | Record<string, string>;

export interface MessageRef {
  message: string;
  args?: string[];
}

/** The items of a list of the answer that satisfy `where`, in the order of `orderBy` (the one-stop display targets among a category's contents). */
export interface ProvidedItems {
  key: string;
  where?: Condition | Condition[];
  orderBy?: string;
}

/** A call of spec section 7. Body values are expressions: see docs/forms.md. */
export interface CallSpec {
  call: string;
  encoding?: 'json' | 'multipart';
  body?: unknown;
  result?: string;
  response?: 'json' | 'file';
  defaultFileName?: string;
  /** Names of the initial data: a key of the answer, or some items of a list in it (ProvidedItems). */
  provides?: Record<string, string | ProvidedItems>;
  file?: { form: string; field: string; accept?: string };
  confirm?: MessageRef;
  done?: MessageRef;
  empty?: MessageRef;
  unchanged?: MessageRef;
  to?: string;
  /** Initial-data calls: made only in these edit modes (a form may have several). */
  modes?: EditMode[];
  /** A load call: without the key it answers its template with no record (the initial data of a new record). */
  allowNew?: boolean;
  /** Server side: the answer of a create / update, as expressions over the saved record (`=record`, `=record.contentsId`); default: the key. */
  answer?: unknown;
}

/** How a search condition selects rows: equal, starts with, contains, on or after / on or before, or the hook's scope (blank: the caller's own). */
export type ConditionMatch = 'exact' | 'prefix' | 'contains' | 'from' | 'to' | 'scope';

/** A condition of a list call: a match on the field's store column, or on another column of the table; `values` are the only ones allowed. */
export type ListCondition = ConditionMatch | { match: ConditionMatch; column?: string; values?: string[] };

/** A form's `calls.list` (api/forms/list/): the call's body template names the conditions (`"=record"` at their place). */
export interface ListCallSpec extends CallSpec {
  /** The list definition (schemas/lists) whose `search.rules` the server runs on the conditions. */
  search?: string;
  /** The conditions by field: how each selects rows. */
  where?: Record<string, ListCondition>;
  /** Fields read from another table by a column of the row (an agent's name by its code). */
  lookups?: Record<string, { table: string; key: string; by: string; column: string }>;
  /** The order of the rows, by columns of the table (default: the key). */
  order?: { column: string; direction?: 'asc' | 'desc' }[];
  /** At most `rows` rows; more is 416 ERR_0023 naming `name`. */
  max?: { rows: number; name: string };
}

export interface OptionSource {
  source?: string;
  call?: string;
  body?: unknown;
  result?: string;
  value: string;
  label: string;
  /**
   * Dependent options: only the items whose `key` equals the record's `field` (the phases of the
   * chosen skill-up); the select is disabled while `field` is empty.
   */
  dependsOn?: { field: string; key: string };
}

export interface JsonSchemaObject {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

/** The permission category of a definition; `byField` picks it per record (content forms shared by several categories). */
export interface Permission {
  categoryId: number;
  byField?: string;
  categories?: Record<string, number>;
}

/**
 * How the edit mode is chosen. `update`: an expression whose value (an id in the URL) means the
 * record exists; `editMode`: the spec's editMode code (0 new, 1 update, 2 copy, 9 preview; an id
 * without a code is update). `id`: the record's id field, which is also its query parameter and
 * the key of the create answer. `copyTo`: in copy mode the loaded id moves to this field.
 */
/** A page context kept in session storage instead of the URL (spec 001: /login-popup-reg). */
export interface HandoffSource {
  storageKey: string;
}

/** Values written to session storage before a navigation (a list's edit or new button). */
export interface Handoff {
  storageKey: string;
  values: Record<string, unknown>;
}

export interface ModeSpec {
  update?: string;
  editMode?: string;
  id?: string;
  copyTo?: string;
  labels?: Record<string, string>;
  /** A form with a workflow: an expression whose value (`=query.preview`) shows the record read-only. */
  readOnly?: string;
  /** The page of a created record when its id is a route parameter ("/shinseiform-ag/appNo/{result.appNo}"). */
  path?: string;
}

/** A check made before an action; when its answer (`call.result`) is true, `confirm` is asked instead of the action's own. */
export interface ActionGuard {
  call: CallSpec;
  confirm: MessageRef;
}

/** The agent's content page shown in preview mode (no breadcrumb, nothing recorded). */
export interface PreviewSpec {
  categoryId: string;
  contentsId: string;
  /** Which agent page: the content page (default) or the event detail with its date and entry box. */
  page?: 'content' | 'event';
}

export interface FormAction {
  label?: string;
  to?: string;
  confirm?: MessageRef;
  done?: MessageRef;
  /** A custom button: the call it makes (e.g. the click mailer). */
  call?: CallSpec;
  /** Shown only in these edit modes. */
  modes?: EditMode[];
  /** Shown only when this holds; `context` names the initial data and `mode`. */
  when?: Condition | Condition[];
  guard?: ActionGuard;
  /** The preview action: which content page to show. */
  content?: PreviewSpec;
  /** A custom button drawn as the main button (Enter runs it when the form saves nothing); a workflow button drawn as the main one. */
  primary?: boolean;
  /** A workflow button (store.workflow) drawn as a dangerous one (the withdrawal). */
  danger?: boolean;
  /** A workflow button that asks the notification addresses first (MailDialog): the dialog's list reads as =result. */
  mail?: MailDialogSpec;
  /** A custom button whose answer opens a mail draft (mailto: with an empty recipient). */
  mailto?: { subject: string; body: string };
  /** A custom button that checks the form's rules (of these fields only) before its call. */
  validate?: boolean | string[];
  /** After a custom call: record fields set from the answer (`=result.customerCount`). */
  assign?: Record<string, unknown>;
  /** The clear action: fields emptied besides the editable ones (a shown result). */
  clears?: string[];
}

/** The notification-address dialog of a workflow button: `to` proposes the first To; `check` runs before CNF_0010, `send` after the save; `sent` replaces its done message. */
export interface MailDialogSpec {
  to?: string;
  check: CallSpec;
  send: CallSpec;
  sent?: MessageRef;
}

/** A change of `on` (when `when` holds for the new record) clears fields or copies its value. */
export interface FieldEffect {
  on: string;
  when?: Condition | Condition[];
  clear?: string[];
  copyTo?: string[];
}

/** Fields not shown (and not sent) when `when` holds; `context` names the initial data and `mode`. */
export interface VisibilityRule {
  hide?: string[];
  /** Shown but not editable. */
  disable?: string[];
  when: Condition | Condition[];
}

/** How a record field maps to a column: the column name, or the column with the value's SQL type. */
export type StoreColumn = string | { column: string; type?: 'text' | 'integer' | 'date' | 'datetime' | 'boolean' };

/**
 * Where the server keeps a form's records (api/forms/record-store.ts): the table and its key,
 * the fields with columns of their own (what SQL reads), the JSON column for every other
 * declared field, soft delete, and the named hook (api/forms/hooks/) for what truly differs.
 */
export interface StoreSpec {
  table: string;
  /** The record's key; `type` text for codes the hook makes (user ids), integer (serial) by default. */
  key: { field: string; column: string; type?: 'integer' | 'text' };
  columns: Record<string, StoreColumn>;
  /** One-to-one tables keyed by the record's key, each with its column fields (events, skill-up contents). */
  also?: { table: string; key: string; columns: Record<string, StoreColumn> }[];
  /**
   * One-to-many child rows (docs/forms.md, Storage): the list field `field` of the record is kept
   * in `table`, keyed by the record's key in `key`, one list per `kind` value (a setting's current
   * and scheduled lists share a table), read back in `order`; each row field of `columns` has its
   * column. Written by replacing the record's rows of that kind in the save's transaction.
   */
  rows?: StoreRows[];
  extra?: string;
  softDelete?: string;
  updatedAt?: string;
  hook?: string;
  /** The entity name of the audit trail (agent_user, content …). */
  audit: string;
  /** The status workflow the saves follow (docs/forms.md, "Workflow, optimistic check and edit locks"). */
  workflow?: StoreWorkflow;
  /** Column fields an update keeps as stored when its body leaves them out (a spec body that carries part of the record); every other declared field left out is cleared. */
  keepsAbsent?: string[];
  /** Update-time optimistic check: 409 CNF_0009 for a record changed since the screen loaded it. */
  optimistic?: { column: string; field: string; status?: string };
  /** Advisory edit locks in `table` (by the record's key in `key`), lapsing `minutes` after the holder's last activity. */
  locks?: { table: string; key: string; minutes: number; bodyKey: string; calls: { check: string; set: string; release: string; latest: string } };
}

export interface StoreWorkflow {
  /** schemas/workflows/<id>.json */
  id: string;
  /** The side of the workflow this form's caller is (`by` of its actions). */
  side: string;
  /** The body field carrying the requested status, the column keeping it and (renderer) the loaded field with the stored code. */
  status: { field: string; column: string; current?: string };
  /** Further paths, each taking one action (the first status it sets) with the update call's body. */
  calls?: Record<string, string>;
}

export interface StoreRows {
  field: string;
  table: string;
  key: string;
  kind?: { column: string; value: string };
  order?: string[];
  /** Type `file`: an uploaded file kept in <column>_name, <column>_key (storage) and <column>_type. */
  columns: Record<string, StoreColumn | { column: string; type: 'file' }>;
  /** Storage key prefix of the rows' files (`iconMenu`: iconMenu/<record key>/…). */
  filePrefix?: string;
  /** The column that keeps each row's place in the list (1, 2, …): the one-stop display order. */
  position?: string;
}

/** A read-only line of the summary above a form: a label and an expression (=record.appNo) or a template ({record.appAgCode} {record.appAgName}). */
export interface SummaryItem {
  label: string;
  value: string;
  /** `date`: a yyyy-MM-dd value shown yyyy/MM/dd, as the lists show it. */
  format?: 'date';
}

export interface FormDefinition {
  id: string;
  title: Title;
  description?: string;
  /** Read-only values shown above the fields (a request's number, date and status), in the modes given (default update). */
  summary?: { modes?: EditMode[]; items: SummaryItem[] };
  permission: Permission;
  handoff?: HandoffSource;
  mode?: ModeSpec;
  schema: JsonSchemaObject;
  uiSchema: Record<string, unknown>;
  initial?: Record<string, unknown>;
  data?: CallSpec | CallSpec[];
  options?: Record<string, OptionSource>;
  /** `deleteMany`: a delete by a list's selection (`=selected{…}`), not offered on the form's screen. `list`: the stored records the conditions select, each answered by the call's `answer` (docs/forms.md, List calls). */
  calls?: { load?: CallSpec; create?: CallSpec; update?: CallSpec; delete?: CallSpec; deleteMany?: CallSpec; list?: ListCallSpec };
  actions?: Record<string, FormAction>;
  effects?: FieldEffect[];
  visibility?: VisibilityRule[];
  rules: Rule[];
  store?: StoreSpec;
}

export interface ListColumn {
  key: string;
  label?: string;
  kind?: 'text' | 'number' | 'date' | 'datetime' | 'input' | 'select' | 'action' | 'image' | 'dateRange' | 'flag' | 'link';
  /** dateRange: the row key of the end date (`key` is the start, and what the column sorts by). */
  endKey?: string;
  sortable?: boolean;
  defaultDirection?: 'asc' | 'desc';
  maxLength?: number;
  action?: string;
  width?: string;
  align?: 'left' | 'center' | 'right';
  /** The text shown for each value (a code: the setting target kind 0/1/2). */
  labels?: Record<string, string>;
  /** text and link: what the cell shows, from keys of the row ("{appAgCode} {appAgName}"); it sorts by `key`. */
  template?: string;
  /** flag: the mark shown when the value is truthy (default NEW); screen readers hear the column's label. */
  mark?: string;
  /** link: the link's accessible name from keys of the row ("申請No {applicationNo} を開く"). */
  linkLabel?: string;
}

export interface RowCondition {
  changed?: string;
  field?: string;
  equals?: unknown;
  before?: string;
  after?: string;
}

export interface ListDefinition {
  id: string;
  title: Title;
  description?: string;
  permission: { categoryId: number };
  form?: string;
  load: CallSpec;
  rowKey: string;
  pageSize: number;
  /** Page sizes the user chooses from (a select beside the count); `pageSize` is the first shown. */
  pageSizes?: number[];
  searchMode?: boolean;
  search?: {
    schema: JsonSchemaObject;
    uiSchema?: Record<string, unknown>;
    initial?: Record<string, unknown>;
    options?: Record<string, OptionSource>;
    restore?: { query?: string; storageKey?: string };
    rules?: Rule[];
    clear?: Record<string, string>;
    /** One initial-data call: its answer is `data` for `initial` ("=data.x") and `options` (`source`). */
    data?: CallSpec;
    /** The conditions stay editable in result mode, and a search there runs again. */
    editableInResult?: boolean;
  };
  columns: ListColumn[];
  defaultSort?: { column: string; direction: 'asc' | 'desc' };
  /** `label`: said to screen readers in the row's first cell when the style applies. */
  rowStyles?: { when: RowCondition; className: string; label?: string }[];
  rowActions?: Record<string, CallSpec | { to: string; handoff?: Handoff }>;
  selection?: { column: string; delete?: CallSpec };
  edit?: { columns: string[]; form?: string; update: CallSpec };
  buttons?: { action: string; label: string; to?: string; handoff?: Handoff; form?: string; display?: 'page' | 'modal'; modes?: ('search' | 'result')[] }[];
}

export interface DefinitionSet {
  forms: Map<string, FormDefinition>;
  lists: Map<string, ListDefinition>;
}

export type { Condition };
