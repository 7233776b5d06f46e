// The generic form (DESIGN.md section 8): a definition of schemas/forms drawn with rjsf and our
// widget registry, checked by the shared rule engine (a field on blur, the whole record on
// submit; rjsf's own validation and messages are off), messages only from the catalogue, one
// per line above the form. Buttons follow the definition's `actions`:
//   back    → CNF_0002 (when the definition asks), then its `to` (or closes the modal)
//   cancel  → closes the modal
//   clear   → empties the editable fields
//   delete  → update mode with calls.delete: CNF_0004, the call, INF_0001, then `to`
//   submit  → rules; CNF_0001; the create or update call; INF_0001; then CNF_0005 when the
//             definition has actions.continue (new mode: yes = a blank form, no = its `to`),
//             else `to`, else the form is loaded again
// A processing flag blocks double submits; a failed save keeps everything typed and scrolls to
// the messages. A 403 (an agent administrator on another agent) reads ERR_SYS998.
import { memo, useCallback, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Form, { type IChangeEvent } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { formatMessage } from '../../schemas/messages/format';
import type { RuleResult } from '../../schemas/rules/engine';
import { errorMessageText, isApiError, type ErrorPolicy } from '../api/client';
import { alertMessage, confirmMessage } from '../app/dialog';
import { ensureValidSession } from '../components/session-check';
import { useRemote } from '../components/use-remote';
import { useRouteHandle } from '../app/route-handle';
import { runCall } from './calls';
import { ruleContext, type MessageRef } from './definitions';
import { ErrorList } from './ErrorList';
import { interpolatePath, messageArgs, type Scope } from './expressions';
import { formFields } from './fields/WidgetField';
import { FormStore, ID_SEPARATOR, useFormMessages, type FormRecord } from './form-store';
import { initialRecord, setUpForm, type FormSetup } from './form-setup';
import { formTemplates } from './templates';
import { translateString } from './translate';
import { useProcessing } from '../app/use-processing';
import { formWidgets } from './widgets';
import styles from './FormLayout.module.css';

/** Load and save failures of agent-scoped forms: 403 is "agent not permitted". */
export const FORM_ERROR_POLICY: ErrorPolicy = { byStatus: { 403: 'ERR_SYS998' } };

const DEFAULT_FORM_STATE = { emptyObjectFields: 'skipDefaults' as const };

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
  const [query] = useSearchParams();
  const [generation, setGeneration] = useState(0);
  const key = `${formId}?${props.display === 'page' ? query.toString() : ''}#${generation}`;
  const remote = useRemote<FormSetup>(
    key,
    () => setUpForm(formId, props.display === 'page' ? query : new URLSearchParams()),
    (error) => errorMessageText(error, FORM_ERROR_POLICY),
  );
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const screenName = useRouteHandle()?.screenName ?? '';

  if (remote.status === 'failed') {
    // On the first load the screen shows only the message (spec 001 section 8).
    return (
      <Frame display={props.display} title={props.display === 'page' ? screenName : ''}>
        <p className={styles.loadError} role="alert">
          {remote.message}
        </p>
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
  return <LoadedForm key={key} setup={remote.data} reload={reload} query={query} {...props} />;
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

function LoadedForm({ setup, display, onClose, onSaved, onTitle, reload, query, formId }: LoadedProps) {
  const navigate = useNavigate();
  const { definition, mode, modeLabel, title } = setup;
  const [store] = useState(
    () =>
      new FormStore({
        idPrefix: `f-${formId}`,
        rules: definition,
        context: ruleContext(setup.context, mode),
        record: setup.record,
        data: setup.data,
      }),
  );
  const { processing, run } = useProcessing();
  const { lines, scrollRequest } = useFormMessages(store);
  const actions = definition.actions ?? {};

  useLayoutEffect(() => onTitle?.(title), [onTitle, title]);

  const scope = useCallback(
    (extra: Partial<Scope> = {}): Scope => ({
      record: store.getRecord(),
      query,
      mode: { name: mode, label: modeLabel },
      context: { ...setup.context },
      ...extra,
    }),
    [store, query, mode, modeLabel, setup.context],
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

  const submit = (record: FormRecord) =>
    run(async () => {
      store.changed(record);
      await store.uploadsSettled();
      const results = store.validateAll();
      store.showResults(results);
      if (results.length > 0) return;
      const action = actions.submit ?? {};
      const s = scope();
      if (action.confirm && !(await confirmMessage(text(action.confirm, s)))) return;
      const call = mode === 'update' ? definition.calls?.update : definition.calls?.create;
      if (!call) return;
      if (!(await ensureValidSession())) return;
      let answer: unknown;
      try {
        answer = (await runCall(call, s)).data;
      } catch (error) {
        await failed(error);
        return;
      }
      const after: Scope = { ...s, result: answer };
      if (action.done) await alertMessage(text(action.done, after));
      const more = actions.continue;
      if (mode === 'new' && more?.confirm) {
        if (await confirmMessage(text(more.confirm, after))) {
          store.replace(initialRecord(definition, after));
          store.clearResults();
          if (display === 'page') window.scrollTo({ top: 0 });
          return;
        }
        if (more.to) {
          navigate(interpolatePath(more.to, after), { replace: true });
          return;
        }
      }
      if (display === 'modal') {
        onSaved?.();
        return;
      }
      if (action.to) navigate(interpolatePath(action.to, after));
      else reload();
    });

  // Leaving asks to confirm (CNF_0002) only when something was changed since the form loaded.
  const [loaded] = useState(() => comparable(setup.record));
  const edited = () => comparable(store.getRecord()) !== loaded;

  const back = () =>
    run(async () => {
      const action = actions.back ?? actions.cancel ?? {};
      if (action.confirm && edited() && !(await confirmMessage(text(action.confirm, scope())))) return;
      leave(action.to, scope());
    });

  const clear = () => {
    if (processing) return;
    const record = { ...store.getRecord() };
    for (const field of editableFields(setup.uiSchema, Object.keys(definition.schema.properties))) record[field] = undefined;
    store.replace(record);
    store.clearResults();
  };

  const remove = () =>
    run(async () => {
      const call = definition.calls?.delete;
      if (!call) return;
      const action = actions.delete ?? {};
      const s = scope();
      if (!(await confirmMessage(action.confirm ? text(action.confirm, s) : formatMessage('CNF_0004')))) return;
      if (!(await ensureValidSession())) return;
      try {
        await runCall(call, s);
      } catch (error) {
        await failed(error);
        return;
      }
      if (action.done) await alertMessage(text(action.done, s));
      if (action.to || display === 'modal') leave(action.to, s);
      else reload();
    });

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
      <div className={styles.buttonsEnd}>
        {actions.clear && (
          <button type="button" className="btn btn-secondary" onClick={clear} disabled={processing}>
            {actions.clear.label ?? 'クリア'}
          </button>
        )}
        {mode === 'update' && definition.calls?.delete && (
          <button type="button" className={`btn ${styles.btnDanger}`} onClick={remove} disabled={processing}>
            {actions.delete?.label ?? '削除'}
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={processing} aria-busy={processing || undefined}>
          {actions.submit?.label ?? modeLabel}
        </button>
      </div>
    </div>
  );

  return (
    <Frame display={display} title={display === 'page' ? title : ''}>
      {definition.description && <p className={styles.lead}>{definition.description}</p>}
      <ErrorList lines={lines} scrollRequest={scrollRequest} />
      <FormBody store={store} schema={definition.schema as RJSFSchema} uiSchema={setup.uiSchema} onSubmit={submit}>
        {buttons}
      </FormBody>
    </Frame>
  );
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
      const record = event.formData ?? {};
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
