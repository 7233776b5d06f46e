// The generic form (DESIGN.md section 8): a definition of schemas/forms drawn with rjsf and our
// widget registry, checked by the shared rule engine (a field on blur, the whole record on
// submit; rjsf's own validation and messages are off), messages only from the catalogue, one
// per line above the form. Buttons follow the definition's `actions`:
//   back    → CNF_0002 (when the definition asks), then its `to` (or closes the modal)
//   cancel  → closes the modal
//   clear   → empties the editable fields (and `clears`), then goes to its `to` when it has one
//   delete  → update mode with calls.delete: CNF_0004, the call, INF_0001, then `to`, else
//             (with mode.id) back to new mode, else the form is loaded again
//   submit  → rules; CNF_0001; the create (new, copy) or update call; INF_0001; then CNF_0005
//             when the definition has actions.continue (yes = a blank new form, no = its `to`,
//             else update mode on the created id), else `to`, else the form is loaded again
//   preview → (update mode) the agent's content page in preview mode, in a dialog
//   <other> → a custom button with its own `call` (the click mailer): confirm, call, done;
//             without a call, its `to` after `validate` (the one-stop search opens result mode);
//             `validate` checks the rules first (a search, a download of the chosen record),
//             an empty answer (a 204 file, a result of 0 or nothing) shows the call's `empty`
//             message above the form, `assign` writes the answer into fields, `primary` draws it
//             as the main button (and Enter runs it when the form has no create or update call)
// A `guard` on submit or delete (an event with applicants) asks its own confirmation instead when
// its call answers true. `modes` and `when` limit where a button shows (visibility.ts). Mode
// preview (editMode 9) shows the content page instead of the form.
// A processing flag blocks double submits; a failed save keeps everything typed and scrolls to
// the messages. A 403 (an agent administrator on another agent) reads ERR_SYS998.
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams, type NavigateOptions, type To } from 'react-router-dom';
import Form, { type IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { formatMessage } from '../../schemas/messages/format';
import { ruleFields, validateForm, type RuleResult } from '../../schemas/rules/engine';
import { errorMessageText, isApiError, type ErrorPolicy } from '../api/client';
import { alertMessage, confirmMessage } from '../app/dialog';
import { ensureValidSession } from '../components/session-check';
import { useRemote } from '../components/use-remote';
import { useRouteHandle } from '../app/route-handle';
import { resultOf, runCall } from './calls';
import { SubmissionKeys } from './submission-key';
import { ContentPreview, type PreviewTarget } from './ContentPreview';
import { ruleContext, type CallSpec, type FormAction, type MessageRef } from './definitions';
import { MailDialog } from './MailDialog';
import type { MailList } from '../../schemas/rules/mail-list';
import { ErrorList } from './ErrorList';
import { Summary, summaryLines } from './Summary';
import { evaluate, fillPlaceholders, interpolatePath, isFilledValue, messageArgs, type Scope } from './expressions';
import { formFields } from './fields/WidgetField';
import { FormStore, ID_SEPARATOR, useFormMessages, type FormRecord } from './form-store';
import { setUpForm, type FormSetup } from './form-setup';
import { Modal } from './Modal';
import { MissingHandoff, storeHandoffQuery } from './handoff';
import { confirmationFor, createsRecord, queryForMode, queryParamOf, type EditMode } from './modes';
import { FORM_ACTIONS } from '../../schemas/meta/widgets';
import { actionShown, viewContext } from './visibility';
import { formTemplates } from './templates';
import { translateString } from './translate';
import { useProcessing } from '../app/use-processing';
import { formWidgets } from './widgets';
import { displayTime, isStaleError, leaveEditLock, locksOf, releaseEditLock, stillFresh, takeEditLock, type Post } from './edit-lock';
import { LeaveGuard } from './leave-guard';
import { storedStatus, workflowBody, workflowState, type WorkflowButton } from './workflow';
import { apiPost } from '../api/client';
import { WayBack } from '../app/errors/RefusedScreen';
import { effectiveIds } from '../app/session';
import styles from './FormLayout.module.css';

/** Load and save failures of agent-scoped forms: 403 is "agent not permitted". */
export const FORM_ERROR_POLICY: ErrorPolicy = { byStatus: { 403: 'ERR_SYS998' } };

const DEFAULT_FORM_STATE = { emptyObjectFields: 'skipDefaults' as const };

/** The id a create answered (the key `mode.id` of its answer). */
const createdIdOf = (idField: string | undefined, after: Scope) => (idField ? evaluate(`=result.${idField}`, after) : undefined);

export interface FormViewProps {
  formId: string;
  display: 'page' | 'modal';
  /** Modal: close without saving. */
  onClose?: () => void;
  /** Modal: saved. */
  onSaved?: () => void;
  /** The title once the definition is loaded (the modal shows it in its frame). */
  onTitle?: (title: string) => void;
}

export function FormView(props: FormViewProps) {
  const { formId } = props;
  const [search] = useSearchParams();
  const params = useParams();
  // Parameters of the route (/shinseiform-ag/appNo/:appNo) read as the query's (=query.appNo).
  const query = useMemo(() => {
    const q = new URLSearchParams(search);
    for (const [k, v] of Object.entries(params)) if (v && !q.has(k)) q.set(k, v);
    return q;
  }, [search, params]);
  const [generation, setGeneration] = useState(0);
  const key = `${formId}?${props.display === 'page' ? query.toString() : ''}#${generation}`;
  const remote = useRemote<FormSetup>(
    key,
    () => setUpForm(formId, props.display === 'page' ? query : new URLSearchParams()),
    (error) => (error instanceof MissingHandoff ? formatMessage('ERR_SYS998') : errorMessageText(error, FORM_ERROR_POLICY)),
  );
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  // Records whose edit lock this screen holds: a reload (CNF_0009, after a save) keeps the lock
  // rather than asking CNF_0011 about it again.
  const heldKeys = useRef(new Set<string>());
  const screenName = useRouteHandle()?.screenName ?? '';

  if (remote.status === 'failed') {
    // On the first load the screen shows only the message (spec 001 section 8).
    return (
      <Frame display={props.display} title={props.display === 'page' ? screenName : ''}>
        <p className={styles.loadError} role="alert">
          {remote.message}
        </p>
        {props.display === 'page' && (
          <div className={styles.loadErrorActions}>
            <WayBack />
          </div>
        )}
        {props.display === 'modal' && (
          <div className={styles.loadErrorActions}>
            <button type="button" className="btn btn-secondary" onClick={props.onClose}>
              閉じる
            </button>
          </div>
        )}
      </Frame>
    );
  }
  if (remote.status !== 'ready') {
    return (
      <Frame display={props.display} title={props.display === 'page' ? screenName : ''}>
        <div className={styles.loading} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          読み込み中です…
        </div>
      </Frame>
    );
  }
  return <LoadedForm key={key} setup={remote.data} reload={reload} heldKeys={heldKeys.current} query={props.display === 'page' ? remote.data.query : query} {...props} />;
}

function Frame({ display, title, children }: { display: 'page' | 'modal'; title: string; children: ReactNode }) {
  if (display === 'modal') return <div>{children}</div>;
  return (
    <section className={styles.panel} aria-label={title || undefined}>
      {title && (
        <div className={styles.panelHeader}>
          <h1 className={styles.title}>{title}</h1>
        </div>
      )}
      <div className={title ? styles.panelBody : undefined}>{children}</div>
    </section>
  );
}

interface LoadedProps extends FormViewProps {
  setup: FormSetup;
  reload: () => void;
  query: URLSearchParams;
  heldKeys: Set<string>;
}

/** Fields of the record the user edits (not hidden, not read-only): what clear empties. */
function editableFields(uiSchema: UiSchema, fields: string[]): string[] {
  return fields.filter((f) => {
    const ui = (uiSchema as Record<string, Record<string, unknown> | undefined>)[f];
    const widget = ui?.['ui:widget'];
    return widget !== 'hidden' && widget !== 'readOnlyText' && ui?.['ui:readonly'] !== true && ui?.['ui:disabled'] !== true;
  });
}

/**
 * A record as text for "was anything changed": empty values ('' / null / undefined / empty
 * objects and lists) are left out, so a field typed into and emptied again, or a default rjsf
 * filled in, does not count as a change.
 */
export function comparable(record: unknown): string {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      const items = value.map(strip);
      return items.every((i) => i === undefined) ? undefined : items;
    }
    if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => [k, strip(v)] as const)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return entries.length === 0 ? undefined : Object.fromEntries(entries);
    }
    return value === '' || value === null ? undefined : value;
  };
  return JSON.stringify(strip(record) ?? null);
}

/** Rule messages of a 400 answer (with their fields when the server gave them). */
function resultsOfError(error: unknown): RuleResult[] | null {
  if (!isApiError(error) || error.status !== 400) return null;
  const body = error.body as { messages?: { field?: string; messageId?: string; args?: unknown[] }[] } | undefined;
  if (!Array.isArray(body?.messages) || body.messages.length === 0) return null;
  return body.messages
    .filter((m) => typeof m.messageId === 'string')
    .map((m) => ({ field: typeof m.field === 'string' ? m.field : '', messageId: m.messageId!, args: (m.args ?? []).map(String) }));
}

/** An answer with nothing in it: a 204 file, or a result of 0, '', [] or none. */
function isEmptyAnswer(value: unknown, response: 'json' | 'file' | undefined): boolean {
  if (response === 'file') return false;
  return value === undefined || value === null || value === '' || value === 0 || (Array.isArray(value) && value.length === 0);
}

/** A text of the definition's content preview (its expressions evaluated). */
function previewTarget(action: FormAction | undefined, s: Scope): PreviewTarget | null {
  if (!action?.content) return null;
  const categoryId = evaluate(action.content.categoryId, s);
  const contentsId = evaluate(action.content.contentsId, s);
  if (categoryId === undefined || categoryId === null || contentsId === undefined || contentsId === null || contentsId === '') return null;
  return { categoryId: String(categoryId), contentsId: String(contentsId), page: action.content.page ?? 'content' };
}

function LoadedForm({ setup, display, onClose, onSaved, onTitle, reload: reloadForm, query, formId, heldKeys }: LoadedProps) {
  const routerNavigate = useNavigate();
  // The form's own moves (after a save, after 戻る) are never asked about by the leave guard.
  const allowLeave = useRef(false);
  const navigate = useCallback(
    (to: To, options?: NavigateOptions) => {
      allowLeave.current = true;
      void routerNavigate(to, options);
    },
    [routerNavigate],
  );
  // A reload shows the same record again: the edit lock this screen holds is kept.
  const keepLock = useRef(false);
  const reload = useCallback(() => {
    keepLock.current = true;
    reloadForm();
  }, [reloadForm]);
  const screenName = useRouteHandle()?.screenName ?? '';
  const { definition, mode, modeLabel, title } = setup;
  const viewCtx = useMemo(() => viewContext(mode, setup.data), [mode, setup.data]);
  const [store] = useState(
    () =>
      new FormStore({
        idPrefix: `f-${formId}`,
        rules: definition,
        context: ruleContext(setup.context, mode),
        record: setup.record,
        data: setup.data,
        effects: definition.effects,
        effectContext: viewCtx,
      }),
  );
  const { processing, run } = useProcessing();
  // One Idempotency-Key per submission of a create: a retry of the same body reuses it.
  const [submissionKeys] = useState(() => new SubmissionKeys());
  const { lines, scrollRequest } = useFormMessages(store);
  const [previewing, setPreviewing] = useState<PreviewTarget | null>(null);
  const actions = definition.actions ?? {};

  useLayoutEffect(() => onTitle?.(title), [onTitle, title]);

  // A form with a workflow (store.workflow): its buttons, status choices, optimistic check and edit lock.
  const recordKey = definition.mode?.id ? setup.record[definition.mode.id] : undefined;
  const readOnlyParam = definition.mode?.readOnly ? queryParamOf(definition.mode.readOnly) : null;
  const readOnly = definition.mode?.readOnly ? isFilledValue(evaluate(definition.mode.readOnly, { query })) : false;
  const flow = useMemo(() => {
    const spec = definition.store?.workflow;
    return spec ? workflowState(definition, storedStatus(spec, setup.record, mode === 'update' && isFilledValue(recordKey)), readOnly) : undefined;
  }, [definition, setup.record, mode, recordKey, readOnly]);
  // A preview of a record its side may still act on offers 編集する (the same route without the parameter).
  const editFromPreview = useMemo(() => {
    const spec = definition.store?.workflow;
    if (!spec || !readOnly || !readOnlyParam) return false;
    return (workflowState(definition, storedStatus(spec, setup.record, mode === 'update' && isFilledValue(recordKey)), false)?.buttons.length ?? 0) > 0;
  }, [definition, setup.record, mode, recordKey, readOnly, readOnlyParam]);
  const [chosenStatus, setChosenStatus] = useState(flow?.from ?? '');
  const locks = locksOf(definition);
  const held = useRef(false);
  const post: Post = useCallback((path, body) => apiPost<unknown>(path, { ...effectiveIds(), ...body }), []);
  const ask = useCallback((messageId: string) => confirmMessage(formatMessage(messageId)), []);
  useEffect(() => {
    if (!flow?.locks || !locks || !isFilledValue(recordKey)) return;
    if (heldKeys.has(String(recordKey))) {
      held.current = true;
      return;
    }
    let live = true;
    void (async () => {
      try {
        const outcome = await takeEditLock(locks, String(recordKey), post, ask);
        if (!live) return;
        if (outcome === 'preview' && readOnlyParam) {
          const next = new URLSearchParams(window.location.search);
          next.set(readOnlyParam, '1');
          navigate({ search: `?${next.toString()}` }, { replace: true });
        } else {
          held.current = outcome === 'locked';
          if (held.current) heldKeys.add(String(recordKey));
        }
      } catch (error) {
        await alertMessage(errorMessageText(error, FORM_ERROR_POLICY));
      }
    })();
    return () => {
      live = false;
    };
  }, [flow?.locks, locks, recordKey, post, ask, navigate, readOnlyParam, heldKeys]);

  // The lock goes back when the screen is left without 戻る: another screen (unmount), or the page
  // hidden — a closed tab, a reload, another address — by a keep-alive fetch that still carries the
  // bearer token (sendBeacon cannot). Back from the browser's page cache, the form loads again and
  // asks for the lock anew. The lock's expiry stays the fallback.
  const releaseHeld = useCallback(
    (keepalive: boolean) => {
      if (!held.current || !locks || !isFilledValue(recordKey)) return;
      held.current = false;
      heldKeys.delete(String(recordKey));
      void releaseEditLock(locks, String(recordKey), (path, body) => apiPost<unknown>(path, { ...effectiveIds(), ...body }, { keepalive }));
    },
    [locks, recordKey, heldKeys],
  );
  useEffect(() => {
    const onHide = () => releaseHeld(true);
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) reload();
    };
    window.addEventListener('pagehide', onHide);
    window.addEventListener('pageshow', onShow);
    return () => {
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('pageshow', onShow);
    };
  }, [releaseHeld, reload]);
  useEffect(
    () => () => {
      if (!keepLock.current) releaseHeld(false);
    },
    [releaseHeld],
  );

  const scope = useCallback(
    (extra: Partial<Scope> = {}): Scope => ({
      record: store.getRecord(),
      query,
      mode: { name: mode, label: modeLabel },
      context: { ...setup.context },
      data: setup.data,
      ...extra,
    }),
    [store, query, mode, modeLabel, setup.context, setup.data],
  );
  const text = useCallback((ref: MessageRef, s: Scope) => formatMessage(ref.message, messageArgs(ref.args, s)), []);

  const failed = async (error: unknown) => {
    const results = resultsOfError(error);
    if (results) store.showResults(results);
    else await alertMessage(errorMessageText(error, FORM_ERROR_POLICY));
  };

  const leave = (to: string | undefined, s: Scope) => {
    if (display === 'modal') onClose?.();
    else if (to) navigate(interpolatePath(to, s));
  };

  /** This page in another mode (modes.ts); the same URL loads the form again. */
  const goToMode = (next: EditMode, id?: unknown) => {
    const search = queryForMode(query, definition.mode, next, id).toString();
    if (definition.handoff) {
      // The context lives in session storage (handoff.ts): write the new mode there and load again.
      storeHandoffQuery(definition.handoff, new URLSearchParams(search));
      reload();
    } else if (search === query.toString()) reload();
    else navigate({ search: search ? `?${search}` : '' }, { replace: true });
    if (display === 'page') window.scrollTo({ top: 0 });
  };

  /**
   * The confirmation before an action: the guard's when its call answers true (an event with
   * applicants: CNF_0008 before an update, CNF_0007 before a delete), else the action's own.
   * Undefined: a failed guard call (already reported).
   */
  const confirmationOf = async (action: FormAction, fallback: MessageRef | undefined, s: Scope): Promise<MessageRef | null | undefined> => {
    try {
      return await confirmationFor(action, mode, fallback ?? null, async (call) => resultOf(call, (await runCall(call, s)).data));
    } catch (error) {
      await failed(error);
      return undefined;
    }
  };

  const submit = (record: FormRecord) =>
    run(async () => {
      store.changed(record);
      await store.uploadsSettled();
      const results = store.validateAll();
      store.showResults(results);
      if (results.length > 0) return;
      const action = actions.submit ?? {};
      const s = scope();
      if (!(await ensureValidSession())) return;
      const confirmation = await confirmationOf(action, action.confirm, s);
      if (confirmation === undefined) return;
      if (confirmation && !(await confirmMessage(text(confirmation, s)))) return;
      const call = createsRecord(mode) ? definition.calls?.create : definition.calls?.update;
      if (!call) return;
      let answer: unknown;
      try {
        answer = (await runCall(call, s, undefined, createsRecord(mode) ? submissionKeys : undefined)).data;
      } catch (error) {
        await failed(error);
        return;
      }
      const after: Scope = { ...s, result: answer };
      if (action.done) await alertMessage(text(action.done, after));
      const more = actions.continue;
      if (createsRecord(mode) && more?.confirm && display === 'page') {
        if (await confirmMessage(text(more.confirm, after))) {
          goToMode('new');
          return;
        }
        if (more.to) {
          navigate(interpolatePath(more.to, after), { replace: true });
          return;
        }
        const createdId = definition.mode?.id ? evaluate(`=result.${definition.mode.id}`, after) : undefined;
        if (createdId !== undefined && createdId !== null && createdId !== '') {
          goToMode('update', createdId);
          return;
        }
      }
      if (display === 'modal') {
        onSaved?.();
        return;
      }
      if (action.to) navigate(interpolatePath(action.to, after));
      else if (createsRecord(mode) && isFilledValue(createdIdOf(definition.mode?.id, after))) {
        // Without `continue` a register switches to update mode on the created id (spec 001: login popups).
        goToMode('update', createdIdOf(definition.mode?.id, after));
      } else reload();
    });

  // Leaving asks to confirm (CNF_0002) only when something was changed since the form loaded.
  const [loaded] = useState(() => comparable(setup.record));
  const edited = useCallback(() => comparable(store.getRecord()) !== loaded, [store, loaded]);
  // Leaving the page otherwise (reload, the browser's back, a link) asks too while something is unsaved.
  const leaveAgreed = useCallback(() => releaseHeld(false), [releaseHeld]);

  const back = () =>
    run(async () => {
      const action = actions.back ?? actions.cancel ?? {};
      if (held.current && locks && isFilledValue(recordKey)) {
        // A record held for edit: CNF_0002 whatever was changed, then the lock is given back.
        if (!(await leaveEditLock(locks, String(recordKey), post, ask))) return;
        held.current = false;
        heldKeys.delete(String(recordKey));
      } else if (flow?.editable && flow.from === 'new' ? !(await ask('CNF_0002')) : action.confirm && edited() && !(await confirmMessage(text(action.confirm, scope())))) return;
      leave(action.to, scope());
    });

  const clear = () => {
    if (processing) return;
    const record = { ...store.getRecord() };
    for (const field of editableFields(setup.uiSchema, Object.keys(definition.schema.properties))) record[field] = undefined;
    for (const field of actions.clear?.clears ?? []) record[field] = undefined;
    store.replace(record);
    store.clearResults();
    // A clear that leaves (the one-stop result mode back to its search mode).
    if (actions.clear?.to) navigate(interpolatePath(actions.clear.to, scope()));
  };

  const remove = () =>
    run(async () => {
      const call = definition.calls?.delete;
      if (!call) return;
      const action = actions.delete ?? {};
      const s = scope();
      if (!(await ensureValidSession())) return;
      const confirmation = await confirmationOf(action, action.confirm ?? { message: 'CNF_0004' }, s);
      if (!confirmation || !(await confirmMessage(text(confirmation, s)))) return;
      try {
        await runCall(call, s);
      } catch (error) {
        await failed(error);
        return;
      }
      if (action.done) await alertMessage(text(action.done, s));
      if (action.to || display === 'modal') leave(action.to, s);
      else if (definition.mode?.id) goToMode('new');
      else reload();
    });

  /** A button of the workflow: rules (when it stores fields), its confirm, the optimistic check, its call, done, then on. */
  const step = (button: WorkflowButton) =>
    run(async () => {
      if (!flow) return;
      if (button.fields) {
        store.changed(store.getRecord());
        await store.uploadsSettled();
        const results = store.validateAll();
        store.showResults(results);
        if (results.length > 0) return;
      }
      const s = scope();
      if (!(await ensureValidSession())) return;
      if (button.confirm && !(await confirmMessage(text(button.confirm, s)))) return;
      const shown = displayTime(definition, setup.data);
      const optimistic = definition.store?.optimistic;
      const extra = { ...workflowBody(definition, flow, flow.choices.length > 1 ? chosenStatus : button.status), ...(optimistic && shown !== undefined ? { [optimistic.field]: shown } : {}) };
      const path = button.call.kind === 'path' ? button.call.path : undefined;
      const call = button.call.kind === 'delete' ? definition.calls?.delete : path ? { ...definition.calls!.update!, call: path } : createsRecord(mode) ? definition.calls?.create : definition.calls?.update;
      if (!call) return;
      try {
        if (locks && isFilledValue(recordKey)) {
          const check = await stillFresh(locks, String(recordKey), shown, post, ask);
          if (!check.fresh) {
            if (check.reload) reload();
            return;
          }
        }
      } catch (error) {
        await failed(error);
        return;
      }
      const write: PendingWrite = { button, scope: s, call, extra };
      // A button with a mail dialog writes from the dialog (with or without a mail).
      if (actions[button.name]?.mail) setMailing(write);
      else await finishWrite(write, null);
    });

  /** The write of a workflow button, the mail after it when the dialog gave a list, done, then on. */
  const finishWrite = async ({ button, scope: s, call, extra }: PendingWrite, list: MailList | null) => {
    const mail = actions[button.name]?.mail;
    let answer: unknown;
    try {
      answer = (await runCall(call, s, extra, call === definition.calls?.create ? submissionKeys : undefined)).data;
      if (list && mail) await runCall(mail.send, { ...s, result: list });
    } catch (error) {
      setMailing(null);
      if (isStaleError(error)) {
        if (await ask('CNF_0009')) reload();
      } else await failed(error);
      return;
    }
    setMailing(null);
    // A write after which the side may no longer edit gave the lock back on the server.
    held.current = false;
    const after: Scope = { ...s, result: answer };
    const done = list && mail?.sent ? mail.sent : button.done;
    if (done) await alertMessage(text(done, after));
    if (button.to) navigate(interpolatePath(button.to, after));
    else if (createsRecord(mode) && isFilledValue(createdIdOf(definition.mode?.id, after))) {
      if (definition.mode?.path) navigate(interpolatePath(definition.mode.path, after), { replace: true });
      else goToMode('update', createdIdOf(definition.mode?.id, after));
    } else reload();
  };
  const [mailing, setMailing] = useState<PendingWrite | null>(null);
  const mailSpec = mailing ? actions[mailing.button.name]?.mail : undefined;

  /** A custom button (actions with their own call, e.g. the click mailer, a search, a download). */
  const custom = (action: FormAction) =>
    run(async () => {
      if (!action.call && !action.to) return;
      if (action.validate) {
        // `validate` may name the fields whose rules apply (a search of some fields only).
        const results = Array.isArray(action.validate) ? validateForm({ rules: definition.rules.filter((r) => ruleFields(r).some((f) => (action.validate as string[]).includes(f))) }, store.getRecord(), ruleContext(setup.context, mode)) : store.validateAll();
        store.showResults(results);
        if (results.length > 0) return;
      }
      const s = scope();
      if (!action.call) {
        // A button that only moves on (the one-stop search: result mode is the same page with the category in its URL).
        store.clearResults();
        navigate(interpolatePath(action.to!, s));
        return;
      }
      if (!(await ensureValidSession())) return;
      if (action.confirm && !(await confirmMessage(text(action.confirm, s)))) return;
      try {
        const outcome = await runCall(action.call, s);
        const answer = outcome.data;
        const after: Scope = { ...s, result: answer };
        if (action.assign) store.patch(Object.fromEntries(Object.entries(action.assign).map(([field, expr]) => [field, evaluate(expr, after)])));
        const empty = action.call.empty && (outcome.empty || isEmptyAnswer(resultOf(action.call, answer), action.call.response));
        if (empty) store.showResults([{ field: '', messageId: action.call.empty!.message, args: messageArgs(action.call.empty!.args, after) }]);
        else if (action.validate) store.clearResults();
        if (action.done && !empty) await alertMessage(text(action.done, after));
        // A mail draft from the answer, with an empty recipient (the escalation).
        if (action.mailto && !empty) window.location.href = `mailto:?subject=${encodeURIComponent(String(evaluate(action.mailto.subject, after) ?? ''))}&body=${encodeURIComponent(String(evaluate(action.mailto.body, after) ?? ''))}`;
      } catch (error) {
        await failed(error);
      }
    });

  const shown = (action: FormAction | undefined) => actionShown(action, mode, store.getRecord(), viewCtx);
  const workflowNames = new Set(flow ? Object.keys(flow.workflow.actions) : []);
  const customActions = Object.entries(actions).filter(([name, a]) => !(FORM_ACTIONS as readonly string[]).includes(name) && !workflowNames.has(name) && (a.call || a.to) && shown(a) && !readOnly);
  // The save button follows the submit action's `modes` and `when` like any button; a workflow draws its own.
  const savesRecord = !flow && Boolean(definition.calls?.create || definition.calls?.update || actions.submit) && (!actions.submit || shown(actions.submit));
  const primaryAction = customActions.find(([, a]) => a.primary)?.[1];
  // A form that saves nothing (a search, a download) runs its main button on Enter instead.
  // A workflow form saves through its buttons only (Enter in a field does nothing).
  const onSubmit = flow ? () => undefined : savesRecord || !primaryAction ? submit : () => custom(primaryAction);
  const preview = actions.preview && mode === 'update' && shown(actions.preview) ? actions.preview : undefined;

  if (mode === 'preview') {
    const target = previewTarget(actions.preview, scope());
    return (
      <Frame display={display} title={display === 'page' ? title : ''}>
        {target ? <ContentPreview {...target} screenName={screenName} /> : <p className={styles.loadError} role="alert">{formatMessage('ERR_SYS998')}</p>}
      </Frame>
    );
  }

  const buttons = (
    <div className={styles.buttons}>
      {actions.back && (
        <button type="button" className="btn btn-secondary" onClick={back} disabled={processing}>
          {actions.back.label ?? '戻る'}
        </button>
      )}
      {actions.cancel && (
        <button type="button" className="btn btn-secondary" onClick={() => (display === 'modal' ? onClose?.() : back())} disabled={processing}>
          {actions.cancel.label ?? 'キャンセル'}
        </button>
      )}
      {customActions
        .filter(([, action]) => !action.primary)
        .map(([name, action]) => (
          <button key={name} type="button" className="btn btn-secondary" onClick={() => custom(action)} disabled={processing} data-action={name}>
            {action.label ?? name}
          </button>
        ))}
      <div className={styles.buttonsEnd}>
        {preview && (
          <button type="button" className="btn btn-secondary" onClick={() => setPreviewing(previewTarget(preview, scope()))} disabled={processing} aria-haspopup="dialog">
            {preview.label ?? 'プレビュー'}
          </button>
        )}
        {actions.clear && (
          <button type="button" className="btn btn-secondary" onClick={clear} disabled={processing}>
            {actions.clear.label ?? 'クリア'}
          </button>
        )}
        {flow && flow.choices.length > 1 && (
          <label className={styles.statusChoice}>
            ステータス
            <select className="input" aria-label="ステータス" value={chosenStatus} onChange={(e) => setChosenStatus(e.target.value)} disabled={processing}>
              {flow.choices.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.text}
                </option>
              ))}
            </select>
          </label>
        )}
        {editFromPreview && readOnlyParam && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              const next = new URLSearchParams(window.location.search);
              next.delete(readOnlyParam);
              const search = next.toString();
              navigate({ search: search ? `?${search}` : '' });
            }}
            disabled={processing}
          >
            編集する
          </button>
        )}
        {flow?.buttons.map((b) => (
          <button key={b.name} type="button" className={`btn ${b.kind === 'danger' ? styles.btnDanger : b.kind === 'primary' ? 'btn-primary' : 'btn-secondary'}`} onClick={() => step(b)} disabled={processing} data-action={b.name}>
            {b.label}
          </button>
        ))}
        {!flow && mode === 'update' && definition.calls?.delete && (
          <button type="button" className={`btn ${styles.btnDanger}`} onClick={remove} disabled={processing}>
            {actions.delete?.label ?? '削除'}
          </button>
        )}
        {customActions
          .filter(([, action]) => action.primary)
          .map(([name, action]) => (
            // In a form that saves nothing the main button submits, so Enter in a field runs it too.
            <button
              key={name}
              type={savesRecord ? 'button' : 'submit'}
              className="btn btn-primary"
              onClick={savesRecord ? () => custom(action) : undefined}
              disabled={processing}
              aria-busy={processing || undefined}
              data-action={name}
            >
              {action.label ?? name}
            </button>
          ))}
        {savesRecord && (
          <button type="submit" className="btn btn-primary" disabled={processing} aria-busy={processing || undefined}>
            {actions.submit?.label ?? modeLabel}
          </button>
        )}
      </div>
    </div>
  );

  return (
    <Frame display={display} title={display === 'page' ? title + (readOnly ? '（プレビュー）' : '') : ''}>
      {definition.description && !readOnly && <p className={styles.lead}>{fillPlaceholders(definition.description, setup.data)}</p>}
      {display === 'page' && <LeaveGuard enabled={!readOnly} dirty={edited} allowLeave={allowLeave} onLeave={leaveAgreed} />}
      <ErrorList lines={lines} scrollRequest={scrollRequest} />
      <Summary lines={summaryLines(definition.summary, mode, scope())} />
      <FormBody store={store} schema={definition.schema as RJSFSchema} uiSchema={setup.uiSchema} onSubmit={onSubmit} disabled={flow ? !flow.editable : undefined}>
        {buttons}
      </FormBody>
      {mailSpec && mailing && (
        <MailDialog
          open
          defaultTo={String(evaluate(mailSpec.to ?? '', mailing.scope) ?? '')}
          check={(list) => runCall(mailSpec.check, { ...mailing.scope, result: list })}
          onClose={() => setMailing(null)}
          onSend={(list) => finishWrite(mailing, list)}
          onSaveOnly={() => finishWrite(mailing, null)}
        />
      )}
      {preview && (
        <Modal open={previewing !== null} title={`${title}（プレビュー）`} onClose={() => setPreviewing(null)} width={1100}>
          {previewing && <ContentPreview {...previewing} screenName={screenName} onClose={() => setPreviewing(null)} />}
        </Modal>
      )}
    </Frame>
  );
}

/** A workflow button's write waiting for the mail dialog. */
interface PendingWrite {
  button: WorkflowButton;
  scope: Scope;
  call: CallSpec;
  extra: Record<string, unknown>;
}

interface FormBodyProps {
  store: FormStore;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  onSubmit: (record: FormRecord) => void;
  children: ReactNode;
  /** "columns": fields two per row (the search of a list). */
  layout?: 'rows' | 'columns';
  disabled?: boolean;
}

/**
 * The rjsf form, controlled by the record of the store. Everything handed to rjsf is stable
 * (widgets, fields, templates, formContext, callbacks), so a change re-renders the changed field
 * only; nothing is validated while typing.
 */
export const FormBody = memo(function FormBody({ store, schema, uiSchema, onSubmit, children, layout = 'rows', disabled }: FormBodyProps) {
  const [formData, setFormData] = useState<FormRecord>(() => store.getRecord());
  const formContext = useMemo(() => ({ store, layout }), [store, layout]);
  useLayoutEffect(() => store.attach(setFormData), [store]);

  const onChange = useCallback(
    (event: IChangeEvent<FormRecord>, id?: string) => {
      // The definition's field effects (clearing the important period …) apply as the user changes a field.
      const record = store.withEffects(event.formData ?? {});
      store.changed(record);
      setFormData(record);
      // A field that shows a message is checked again as it is corrected (that field only).
      const path = id ? store.pathOfId(id) : '';
      if (path && store.hasResults(path)) store.validatePath(path, record);
    },
    [store],
  );
  // After the blur, rjsf has applied the last change (a widget may write and blur at once).
  const onBlur = useCallback((id: string) => void setTimeout(() => store.validatePath(store.pathOfId(id)), 0), [store]);
  const handleSubmit = useCallback((event: IChangeEvent<FormRecord>) => onSubmit(event.formData ?? store.getRecord()), [onSubmit, store]);

  return (
    <Form<FormRecord>
      schema={schema}
      uiSchema={uiSchema}
      formData={formData}
      validator={validator}
      widgets={formWidgets}
      fields={formFields}
      templates={formTemplates}
      formContext={formContext}
      idPrefix={store.idPrefix}
      idSeparator={ID_SEPARATOR}
      translateString={translateString}
      disabled={disabled}
      noValidate
      noHtml5Validate
      showErrorList={false}
      experimental_defaultFormStateBehavior={DEFAULT_FORM_STATE}
      onChange={onChange}
      onBlur={onBlur}
      onSubmit={handleSubmit}
    >
      {children}
    </Form>
  );
});
