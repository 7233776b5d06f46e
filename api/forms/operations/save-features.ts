// The options of a declared form's save, as features: an ordered list of steps, each with one
// job, that the save (save.ts) calls at fixed points instead of branching on the options.
//   check      before the rules, the stored record loaded and authorized (may refuse the save)
//   columns    column values the feature sets          guard  conditions of the update on the stored row
//   begin      in the transaction, before the row      written  after the row, its fields and the hook's writes
//   saved      with the saved record read back and the call's answer
//   recover    a failure of the transaction the feature answers      committed  after the commit
import type { Transaction } from 'kysely';
import { recordAudit } from '../../audit/record';
import { claimUpload } from '../../files/attach';
import type { Database } from '../../db/schema';
import { HttpProblem, problem } from '../../http/problems';
import type { SaveMode } from '../hook';
import { claimKey, keepAnswer, KeyAlreadyUsed, storedAnswer } from '../idempotency';
import type { FormRecord, RecordId, Scope } from '../record-store';
import {
  checkFresh,
  editableAfter,
  nextStamp,
  releaseLock,
  saveStep,
  staleRecord,
  touchLock,
  type Step,
} from '../workflow-store';
import type { Opened, Served } from './opening';

/** One save as it goes: what the opening read, the stored record, and what the features settle. */
export interface SaveRun extends Omit<Opened, 'scope'> {
  s: Served;
  mode: SaveMode;
  /** The action a workflow call takes (`workflow.calls`). */
  forcedAction?: string;
  id: RecordId | null;
  scope: Scope;
  loaded?: { record: FormRecord; row: Record<string, unknown> };
  /** The workflow's step (undefined without a workflow). */
  step?: Step;
  /** The time of the change (the optimistic check keeps it after the stored one). */
  at: Date;
  /** Storage keys to delete once the save has committed (replaced or removed files). */
  discarded: string[];
  auditBefore?: FormRecord;
}

interface SaveFeature {
  name: string;
  /** Whether the feature takes part in this form's saves of this mode. */
  applies(s: Served, mode: SaveMode): boolean;
  check?(run: SaveRun): void;
  columns?(run: SaveRun): Record<string, unknown>;
  guard?(run: SaveRun): Scope;
  /** The answer when the conditional update finds no row (default 400 ERR_0009). */
  lost?(run: SaveRun): HttpProblem;
  begin?(run: SaveRun, trx: Transaction<Database>): Promise<void>;
  written?(run: SaveRun, trx: Transaction<Database>, key: RecordId): Promise<void>;
  saved?(run: SaveRun, trx: Transaction<Database>, key: RecordId, saved: FormRecord, answer: unknown): Promise<void>;
  recover?(run: SaveRun, err: unknown): Promise<{ answer: unknown } | undefined>;
  committed?(run: SaveRun, key: RecordId): Promise<void>;
}

/** A create sent with an Idempotency-Key keeps its answer for a repeat (idempotency.ts; the repeat is answered by the opening). */
const idempotency: SaveFeature = {
  name: 'idempotency',
  applies: (_s, mode) => mode === 'new',
  // The key first: a concurrent duplicate waits here until this one commits.
  begin: async (run, trx) => void (run.idem && (await claimKey(trx, run.idem, run.at))),
  saved: async (run, trx, _key, _saved, answer) => void (run.idem && (await keepAnswer(trx, run.idem, answer))),
  // The same key committed by a concurrent duplicate: its answer (nothing of this one was kept).
  recover: async (run, err) =>
    err instanceof KeyAlreadyUsed && run.idem
      ? { answer: await storedAnswer(run.ctx.app.db, run.idem, run.ctx.app.clock.now()) }
      : undefined,
};

/** The body's display time against the stored update time (409 CNF_0009); update times strictly increase; the write is conditional on the stored time. */
const optimistic: SaveFeature = {
  name: 'optimistic',
  applies: (s) => !!s.form.store?.optimistic,
  check(run) {
    const o = run.s.form.store!.optimistic!;
    if (run.loaded) checkFresh(run.s.form, run.loaded.row, run.body);
    run.at = nextStamp(run.at, run.loaded?.row[o.column]);
  },
  columns: (run) => ({ [run.s.form.store!.optimistic!.column]: run.at }),
  // Of two racing saves, the later one finds no row.
  guard: (run) =>
    run.loaded ? { [run.s.form.store!.optimistic!.column]: run.loaded.row[run.s.form.store!.optimistic!.column] } : {},
  lost: () => staleRecord(),
};

/** The transition of the status workflow (403 outside its table); it may store the status alone. */
const workflow: SaveFeature = {
  name: 'workflow',
  applies: (s) => !!s.form.store?.workflow,
  check(run) {
    const status = run.s.form.store!.workflow!.status;
    run.step = saveStep(
      run.s.form,
      run.loaded ? String(run.loaded.row[status.column]) : 'new',
      run.body[status.field],
      run.forcedAction,
    );
  },
  columns: (run) => (run.step ? { [run.s.form.store!.workflow!.status.column]: run.step.to } : {}),
};

/** A single file read into the record (a CSV import) is used once: claimed in the save's transaction, removed after it. */
const uploads: SaveFeature = {
  name: 'uploads',
  applies: () => true,
  async begin(run, trx) {
    for (const f of run.files.values()) {
      if (f.upload && !(await claimUpload(trx, run.ctx.caller, f.upload, '', run.at)))
        throw problem.validation([{ messageId: 'ERR_SYS003', args: ['ファイルアップロード'] }]);
    }
  },
  async committed(run) {
    const { app } = run.ctx;
    await Promise.all(run.discarded.map((k) => app.storage.delete(k).catch(() => undefined)));
    for (const f of run.files.values()) if (f.upload) await app.uploads.remove(f.upload.id);
  },
};

/** A save after which the side may no longer edit gives its lock back; otherwise it is activity. */
const locks: SaveFeature = {
  name: 'locks',
  applies: (s, mode) => !!s.form.store?.locks && mode === 'update',
  async written(run, trx, key) {
    const l = run.s.form.store!.locks!;
    if (!run.step?.to || editableAfter(run.s.form, run.step.to))
      await touchLock(trx, l, key, run.ctx.caller.userId, run.at);
    else await releaseLock(trx, l, key, run.ctx.caller.userId);
  },
};

/** Who changed what: the record before and after, with what the hook adds (a segment's member codes). */
const audit: SaveFeature = {
  name: 'audit',
  applies: () => true,
  async begin(run, trx) {
    const before = run.loaded?.record;
    if (before && run.id !== null) run.auditBefore = { ...before, ...(await run.s.hook.audit?.(trx, run.id)) };
  },
  async saved(run, trx, key, saved) {
    const after = { ...saved, ...(await run.s.hook.audit?.(trx, key)) };
    await recordAudit(trx, {
      caller: run.ctx.caller,
      action: run.mode === 'new' ? 'create' : 'update',
      entity: run.s.shape.spec.audit,
      entityId: key,
      before: run.auditBefore,
      after,
      at: run.at,
    });
  },
};

/** The hook's after-commit step (mail): its failure is logged, the save stands. */
const mail: SaveFeature = {
  name: 'mail',
  applies: (s) => !!s.hook.committed,
  async committed(run, key) {
    try {
      await run.s.hook.committed?.(run.ctx, key, run.record, run.mode);
    } catch (err) {
      run.ctx.request.log.error({ err, form: run.s.form.id, id: key }, 'after-save step failed');
    }
  },
};

/** In the order the save calls them at each point. */
const SAVE_FEATURES: readonly SaveFeature[] = [idempotency, optimistic, workflow, uploads, locks, audit, mail];

export const featuresOf = (s: Served, mode: SaveMode) => SAVE_FEATURES.filter((f) => f.applies(s, mode));
