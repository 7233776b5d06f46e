// The buttons of a form with a workflow (store.workflow, renderer/forms/workflow.ts): rules (when
// the button stores fields), its confirm, the optimistic check against the edit lock, its call,
// done, then on. A button with a `mail` dialog writes from the dialog (MailDialog.tsx), with the
// mail sent after the write when the dialog gave a list; a write a newer one overtook asks
// CNF_0009 and loads the form again.
import { useState } from 'react';
import type { MailList } from '../../../schemas/rules/mail-list';
import { confirmMessage } from '../../app/dialog';
import { ensureValidSession } from '../../components/session-check';
import { runCall } from '../calls';
import type { CallSpec } from '../definitions';
import { displayTime, isStaleError, stillFresh } from '../edit-lock';
import { evaluate, interpolatePath, isFilledValue, type Scope } from '../expressions';
import { createdIdOf } from '../form-values';
import { MailDialog } from '../MailDialog';
import { createsRecord } from '../modes';
import type { FormController } from '../use-form-controller';
import { workflowBody, type WorkflowButton } from '../workflow';
import { runAction } from './run';

/** A workflow button's write waiting for the mail dialog. */
interface PendingWrite {
  button: WorkflowButton;
  scope: Scope;
  call: CallSpec;
  extra: Record<string, unknown>;
}

export function useWorkflowActions(c: FormController) {
  const { store, definition, mode, actions, run, scope, text, failed, navigate, goToMode, reload } = c;
  const { flow, locks, recordKey, chosenStatus, held, post, ask } = c.lock;
  const [mailing, setMailing] = useState<PendingWrite | null>(null);
  const mailSpec = mailing ? actions[mailing.button.name]?.mail : undefined;

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
      const shown = displayTime(definition, c.setup.data);
      const optimistic = definition.store?.optimistic;
      const extra = {
        ...workflowBody(definition, flow, flow.choices.length > 1 ? chosenStatus : button.status),
        ...(optimistic && shown !== undefined ? { [optimistic.field]: shown } : {}),
      };
      const path = button.call.kind === 'path' ? button.call.path : undefined;
      const call =
        button.call.kind === 'delete'
          ? definition.calls?.delete
          : path
            ? { ...definition.calls!.update!, call: path }
            : createsRecord(mode)
              ? definition.calls?.create
              : definition.calls?.update;
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
    const outcome = await runAction({
      call: async () => {
        const answer = (await runCall(call, s, extra, call === definition.calls?.create ? c.submissionKeys : undefined))
          .data;
        if (list && mail) await runCall(mail.send, { ...s, result: list });
        setMailing(null);
        // A write after which the side may no longer edit gave the lock back on the server.
        held.current = false;
        return answer;
      },
      failed: async (error) => {
        setMailing(null);
        if (isStaleError(error)) {
          if (await ask('CNF_0009')) reload();
        } else await failed(error);
      },
      done: (answer) => {
        const done = list && mail?.sent ? mail.sent : button.done;
        return done && text(done, { ...s, result: answer });
      },
    });
    if (!outcome) return;
    const after: Scope = { ...s, result: outcome.answer };
    if (button.to) navigate(interpolatePath(button.to, after));
    else if (createsRecord(mode) && isFilledValue(createdIdOf(definition.mode?.id, after))) {
      if (definition.mode?.path) navigate(interpolatePath(definition.mode.path, after), { replace: true });
      else goToMode('update', createdIdOf(definition.mode?.id, after));
    } else reload();
  };

  const mailDialog = mailSpec && mailing && (
    <MailDialog
      open
      defaultTo={String(evaluate(mailSpec.to ?? '', mailing.scope) ?? '')}
      check={(list) => runCall(mailSpec.check, { ...mailing.scope, result: list })}
      onClose={() => setMailing(null)}
      onSend={(list) => finishWrite(mailing, list)}
      onSaveOnly={() => finishWrite(mailing, null)}
    />
  );

  return { step, mailDialog };
}
