// The buttons of a generic form (docs/forms.md "Buttons"), run on the form's controller:
//   back    → CNF_0002 (when the definition asks), then its `to` (or closes the modal)
//   clear   → empties the editable fields (and `clears`), then goes to its `to` when it has one
//   delete  → update mode with calls.delete: CNF_0004, the call, its `done`, then `to`, else
//             (with mode.id) back to new mode, else the form is loaded again
//   submit  → rules; CNF_0001; the create (new, copy) or update call; INF_0001; then CNF_0005
//             when the definition has actions.continue (yes = a blank new form, no = its `to`,
//             else update mode on the created id), else `to`, else the form is loaded again
//   <other> → a custom button with its own `call` (the click mailer): confirm, call, done;
//             without a call, its `to` after `validate` (the one-stop search opens result mode);
//             `validate` checks the rules first (a search, a download of the chosen record),
//             an empty answer (a 204 file, a result of 0 or nothing) shows the call's `empty`
//             message above the form, `assign` writes the answer into fields
// A `guard` on submit or delete (an event with applicants) asks its own confirmation instead when
// its call answers true. Each runs under the processing flag (a second click is ignored).
import { ruleFields, validateForm } from '../../../schemas/rules/engine';
import { confirmMessage } from '../../app/dialog';
import { ensureValidSession } from '../../components/session-check';
import { resultOf, runCall } from '../calls';
import { ruleContext, type FormAction, type MessageRef } from '../definitions';
import { evaluate, interpolatePath, isFilledValue, messageArgs, type Scope } from '../expressions';
import type { FormRecord } from '../form-store';
import { createdIdOf, editableFields, isEmptyAnswer } from '../form-values';
import { leaveEditLock } from '../edit-lock';
import { confirmationFor, createsRecord } from '../modes';
import type { FormController } from '../use-form-controller';
import { sessionThenConfirm } from './asking';
import { runAction } from './run';

export function formActions(c: FormController) {
  const { store, definition, mode, display, actions, run, scope, text, failed, navigate, goToMode, reload, leave } = c;

  /**
   * The confirmation before an action: the guard's when its call answers true (an event with
   * applicants: CNF_0008 before an update, CNF_0007 before a delete), else the action's own.
   * Undefined: a failed guard call (already reported).
   */
  const confirmationOf = async (
    action: FormAction,
    fallback: MessageRef | undefined,
    s: Scope,
  ): Promise<MessageRef | null | undefined> => {
    try {
      return await confirmationFor(action, mode, fallback ?? null, async (call) =>
        resultOf(call, (await runCall(call, s)).data),
      );
    } catch (error) {
      await failed(error);
      return undefined;
    }
  };

  /** The session, then the (guarded) confirmation; `required`: no confirmation means no action. */
  const guardedConfirm =
    (action: FormAction, fallback: MessageRef | undefined, s: Scope, required: boolean) => async () => {
      if (!(await ensureValidSession())) return false;
      const confirmation = await confirmationOf(action, fallback, s);
      if (confirmation === undefined) return false;
      if (!confirmation) return !required;
      return confirmMessage(text(confirmation, s));
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
      const call = createsRecord(mode) ? definition.calls?.create : definition.calls?.update;
      const outcome = await runAction({
        before: guardedConfirm(action, action.confirm, s, false),
        call:
          call &&
          (() => runCall(call, s, undefined, createsRecord(mode) ? c.submissionKeys : undefined).then((o) => o.data)),
        failed,
        done: (answer) => action.done && text(action.done, { ...s, result: answer }),
      });
      if (!outcome) return;
      const after: Scope = { ...s, result: outcome.answer };
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
        const createdId = createdIdOf(definition.mode?.id, after);
        if (createdId !== undefined && createdId !== null && createdId !== '') {
          goToMode('update', createdId);
          return;
        }
      }
      if (display === 'modal') {
        c.onSaved?.();
        return;
      }
      if (action.to) navigate(interpolatePath(action.to, after));
      else if (createsRecord(mode) && isFilledValue(createdIdOf(definition.mode?.id, after))) {
        // Without `continue` a register switches to update mode on the created id (spec 001: login popups).
        goToMode('update', createdIdOf(definition.mode?.id, after));
      } else reload();
    });

  const back = () =>
    run(async () => {
      const action = actions.back ?? actions.cancel ?? {};
      const { held, locks, recordKey, flow, post, ask } = c.lock;
      if (held.current && locks && isFilledValue(recordKey)) {
        // A record held for edit: CNF_0002 whatever was changed, then the lock is given back.
        if (!(await leaveEditLock(locks, String(recordKey), post, ask))) return;
        held.current = false;
        c.heldKeys.delete(String(recordKey));
      } else if (
        flow?.editable && flow.from === 'new'
          ? !(await ask('CNF_0002'))
          : action.confirm && c.edited() && !(await confirmMessage(text(action.confirm, scope())))
      )
        return;
      leave(action.to, scope());
    });

  const clear = () => {
    if (c.processing) return;
    const record = { ...store.getRecord() };
    for (const field of editableFields(c.setup.uiSchema, Object.keys(definition.schema.properties)))
      record[field] = undefined;
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
      const outcome = await runAction({
        before: guardedConfirm(action, action.confirm ?? { message: 'CNF_0004' }, s, true),
        call: () => runCall(call, s),
        failed,
        done: () => action.done && text(action.done, s),
      });
      if (!outcome) return;
      if (action.to || display === 'modal') leave(action.to, s);
      else if (definition.mode?.id) goToMode('new');
      else reload();
    });

  /** A custom button (actions with their own call, e.g. the click mailer, a search, a download). */
  const custom = (action: FormAction) =>
    run(async () => {
      if (!action.call && !action.to) return;
      if (action.validate) {
        // `validate` may name the fields whose rules apply (a search of some fields only).
        const results = Array.isArray(action.validate)
          ? validateForm(
              {
                rules: definition.rules.filter((r) =>
                  ruleFields(r).some((f) => (action.validate as string[]).includes(f)),
                ),
              },
              store.getRecord(),
              ruleContext(c.setup.context, mode),
            )
          : store.validateAll();
        store.showResults(results);
        if (results.length > 0) return;
      }
      const s = scope();
      const spec = action.call;
      if (!spec) {
        // A button that only moves on (the one-stop search: result mode is the same page with the category in its URL).
        store.clearResults();
        navigate(interpolatePath(action.to!, s));
        return;
      }
      const outcome = await runAction({
        before: sessionThenConfirm(action.confirm && text(action.confirm, s)),
        call: async () => {
          const answered = await runCall(spec, s);
          const after: Scope = { ...s, result: answered.data };
          if (action.assign)
            store.patch(
              Object.fromEntries(Object.entries(action.assign).map(([field, expr]) => [field, evaluate(expr, after)])),
            );
          const empty = Boolean(
            spec.empty && (answered.empty || isEmptyAnswer(resultOf(spec, answered.data), spec.response)),
          );
          if (empty && spec.empty)
            store.showResults([
              { field: '', messageId: spec.empty.message, args: messageArgs(spec.empty.args, after) },
            ]);
          else if (action.validate) store.clearResults();
          return { after, empty };
        },
        failed,
        done: ({ after, empty }) => (action.done && !empty ? text(action.done, after) : undefined),
      });
      // A mail draft from the answer, with an empty recipient (the escalation).
      if (outcome && action.mailto && !outcome.answer.empty) {
        const { after } = outcome.answer;
        window.location.href = `mailto:?subject=${encodeURIComponent(String(evaluate(action.mailto.subject, after) ?? ''))}&body=${encodeURIComponent(String(evaluate(action.mailto.body, after) ?? ''))}`;
      }
    });

  return { submit, back, clear, remove, custom };
}
