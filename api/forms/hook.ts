// What truly differs per declared form, as a small named hook (docs/decisions.md section 6). A
// definition names its hook in `store.hook`; the engine's operations (api/forms/operations/) call
// whichever parts the hook has. Everything else — reading the record from the body, the rules,
// the columns and the JSON column, audit, answers — is the engine's.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { RuleResult } from '../../schemas/rules/engine';
import type { FormDefinition } from '../../schemas/meta/types';
import type { Caller } from '../authority/caller';
import type { Database } from '../db/schema';
import type { Attach } from '../files/attach';
import type { AnySelect } from './list/query';
import type { FormRecord, RecordId, Scope } from './record-store';

export type SaveMode = 'new' | 'update';

export interface HookContext {
  app: FastifyInstance;
  request: FastifyRequest;
  caller: Caller;
  form: FormDefinition;
  /** Shared by the steps of one call (e.g. a token made in `write` and mailed in `committed`). */
  state: Record<string, unknown>;
}

export interface WriteContext extends HookContext {
  trx: Transaction<Database>;
  /** Checks, claims and stores finished uploads of a file field in this transaction. */
  attach: Attach;
  /** Storage keys to delete once the transaction has committed (replaced or removed files). */
  discard: (storageKey: string) => void;
}

export interface FormHook {
  /** Whose permissions the form's category is checked against (default the caller; an agent form: the agent a provider administrator acts as). */
  permissionHolder?(caller: Caller): Caller | NonNullable<Caller['pseudo']>;
  /** Before anything else on every call of the form: 403 when the caller is not of the form's side (an agent form refuses staff). */
  admits?(ctx: HookContext): Promise<void> | void;
  /**
   * After authorize and the workflow step, before the rules, when the save stores fields: settles
   * fields the rules read from the server's facts (attachments' names and sizes from uploads).
   */
  prepare?(ctx: HookContext, record: FormRecord, mode: SaveMode, id: RecordId | null): Promise<void>;
  /** Record fields the hook stores itself (child rows, files): neither columns nor JSON. */
  fields?: readonly string[];
  /**
   * The key of the record a save updates when the call's body does not carry it (the one-stop
   * confirm names its block only in each entry of its list); throws 400 when there is none.
   */
  key?(ctx: HookContext, record: FormRecord): RecordId | Promise<RecordId>;
  /** Before the rules: 403 when the caller may not write this record; may settle fields (the caller's own agent). */
  authorize?(
    ctx: HookContext,
    record: FormRecord,
    mode: SaveMode | 'load' | 'delete',
    before?: FormRecord,
  ): Promise<void> | void;
  /**
   * Conditions (column → value) a stored record must meet for this caller, from the fields the
   * call names (the key's neighbours in a load body, the record in a save): e.g. the agent the
   * caller may manage (403 for another). A record outside them is "not there" (400 ERR_0009).
   */
  scope?(ctx: HookContext, fields: FormRecord): Scope | Promise<Scope>;
  /** Checks only the server can make (existence, uniqueness); their messages join the rules'. */
  check?(ctx: HookContext, record: FormRecord, mode: SaveMode, id: RecordId | null): Promise<RuleResult[]>;
  /** The message for a unique index (by name) that a concurrent save took after `check` passed. */
  duplicates?: Record<string, RuleResult>;
  /** Column values the record does not carry (who wrote it, sanitised HTML, derived flags). */
  columns?(
    ctx: HookContext,
    record: FormRecord,
    mode: SaveMode,
  ): Record<string, unknown> | Promise<Record<string, unknown>>;
  /** After the row is written, in its transaction: child rows, files, search index. */
  write?(ctx: WriteContext, id: RecordId, record: FormRecord, mode: SaveMode): Promise<void>;
  /** Adds what the hook stores to a loaded record (db: the save's transaction while saving). */
  read?(
    ctx: HookContext,
    db: Kysely<Database>,
    id: RecordId,
    record: FormRecord,
    row: Record<string, unknown>,
  ): Promise<void>;
  /** What the audit trail records beyond the record (e.g. a segment's member codes). */
  audit?(db: Kysely<Database>, id: RecordId): Promise<Record<string, unknown>>;
  /** After a delete, in its transaction (search index, child rows). */
  removed?(ctx: WriteContext, id: RecordId): Promise<void>;
  /** After the commit: mail, and anything else that must not roll the save back. */
  committed?(ctx: HookContext, id: RecordId, record: FormRecord, mode: SaveMode): Promise<void>;
  /**
   * The rows of the form's list call when its SQL is more than the definition's `where`,
   * `lookups` and `order` express (counts, computed texts, several sides): at most `limit` + 1
   * records for the conditions, already checked by the list's rules and within `scope`.
   */
  list?(ctx: HookContext, conditions: FormRecord, scope: Scope, limit: number | undefined): Promise<FormRecord[]>;
  /**
   * A paged list's rows when they are more than the declared `where` and `lookups` (joins,
   * computed columns, conditions on several columns): a selection of the rows the conditions
   * select within `scope`, without order or limit, holding the key and the list's
   * `paging.columns` (none NULL). The engine reads it as the subquery `t`, counts, orders and
   * seeks (docs/forms.md "Paged lists"); null: no row can match.
   */
  selection?(ctx: HookContext, conditions: FormRecord, scope: Scope): AnySelect | null | Promise<AnySelect | null>;
  /**
   * The records of one page's rows, in their order, when the hook answers its list itself
   * (`list`): figures computed for these rows only (a segment's member count), not for every row.
   */
  pageRecords?(ctx: HookContext, rows: Record<string, unknown>[]): Promise<FormRecord[]>;
  /** Checks of a list call's conditions only the server makes; their messages join the search rules'. */
  searchCheck?(ctx: HookContext, conditions: FormRecord): RuleResult[];
  /** Adds to a listed record what is computed from its row (a signed image address). */
  listed?(ctx: HookContext, record: FormRecord, row: Record<string, unknown>): void;
  /** The largest list answered, when it is set at run time rather than by `calls.list.max.rows`. */
  listLimit?(): number;
  /** The answer of the definition's initial-data call (`data.call`). */
  data?(ctx: HookContext, body: Record<string, unknown>): Promise<Record<string, unknown>>;
  /**
   * Further calls of the form by path (mail, checks). They get the form's permission check and
   * the stored record named by the body's key (answering 400 ERR_0009 when there is none).
   */
  calls?: Record<
    string,
    (
      ctx: HookContext,
      record: FormRecord,
      row: Record<string, unknown>,
      body: Record<string, unknown>,
    ) => Promise<unknown>
  >;
}
