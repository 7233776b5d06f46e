// A generic form once its definition and record are loaded: the controller (use-form-controller.ts)
// holds its state, the runners of actions/ do what its buttons do, FormButtons draws them.
// `modes` and `when` limit where a button shows (visibility.ts). Mode preview (editMode 9) shows
// the registered preview the definition names (previews.ts) instead of the form.
import { useState } from 'react';
import { formatMessage } from '../../schemas/messages/format';
import { FORM_ACTIONS } from '../../schemas/meta/widgets';
import { useRouteHandle } from '../app/route-handle';
import { formActions } from './actions/form-actions';
import { AuditHistoryLink } from './AuditHistoryLink';
import { useWorkflowActions } from './actions/workflow-actions';
import type { FormAction } from './definitions';
import { ErrorList } from './ErrorList';
import { fillPlaceholders } from './expressions';
import { FormBody } from './FormBody';
import { FormButtons } from './FormButtons';
import { Frame } from './FormFrame';
import { previewTarget } from './form-values';
import { LeaveGuard } from './leave-guard';
import { Modal } from './Modal';
import { previewFor, type PreviewTarget } from './previews';
import { Summary, summaryLines } from './Summary';
import { useFormController, type FormControllerInput } from './use-form-controller';
import { actionShown } from './visibility';
import styles from './FormLayout.module.css';

/** The registered preview of `target` (ERR_SYS998 in place of a target or a preview that is missing). */
function Preview({
  target,
  screenName,
  onClose,
}: {
  target: PreviewTarget | null;
  screenName: string;
  onClose?: () => void;
}) {
  const View = target ? previewFor(target.page) : undefined;
  if (!target || !View) {
    return (
      <p className={styles.loadError} role="alert">
        {formatMessage('ERR_SYS998')}
      </p>
    );
  }
  return <View {...target} screenName={screenName} onClose={onClose} />;
}

export function LoadedForm(props: FormControllerInput) {
  const c = useFormController(props);
  const { definition, mode, display, title, store, actions, viewCtx, scope, setup } = c;
  const { flow, readOnly } = c.lock;
  const screenName = useRouteHandle()?.screenName ?? '';
  const [previewing, setPreviewing] = useState<PreviewTarget | null>(null);
  const { submit, back, clear, remove, custom } = formActions(c);
  const { step, mailDialog } = useWorkflowActions(c);

  const shown = (action: FormAction | undefined) => actionShown(action, mode, store.getRecord(), viewCtx);
  const workflowNames = new Set(flow ? Object.keys(flow.workflow.actions) : []);
  const customActions = Object.entries(actions).filter(
    ([name, a]) =>
      !(FORM_ACTIONS as readonly string[]).includes(name) &&
      !workflowNames.has(name) &&
      (a.call || a.to) &&
      shown(a) &&
      !readOnly,
  );
  // The save button follows the submit action's `modes` and `when` like any button; a workflow draws its own.
  const savesRecord =
    !flow &&
    Boolean(definition.calls?.create || definition.calls?.update || actions.submit) &&
    (!actions.submit || shown(actions.submit));
  const primaryAction = customActions.find(([, a]) => a.primary)?.[1];
  // A form that saves nothing (a search, a download) runs its main button on Enter instead.
  // A workflow form saves through its buttons only (Enter in a field does nothing).
  const onSubmit = flow ? () => undefined : savesRecord || !primaryAction ? submit : () => custom(primaryAction);
  const preview = actions.preview && mode === 'update' && shown(actions.preview) ? actions.preview : undefined;

  if (mode === 'preview') {
    return (
      <Frame display={display} title={display === 'page' ? title : ''}>
        <Preview target={previewTarget(actions.preview, scope())} screenName={screenName} />
      </Frame>
    );
  }

  return (
    <Frame display={display} title={display === 'page' ? title + (readOnly ? '（プレビュー）' : '') : ''}>
      {definition.description && !readOnly && (
        <p className={styles.lead}>{fillPlaceholders(definition.description, setup.data)}</p>
      )}
      {display === 'page' && (
        <LeaveGuard enabled={!readOnly} dirty={c.edited} allowLeave={c.allowLeave} onLeave={c.leaveAgreed} />
      )}
      {display === 'page' && <AuditHistoryLink definition={definition} record={store.getRecord()} mode={mode} />}
      <ErrorList lines={c.lines} scrollRequest={c.scrollRequest} />
      <Summary lines={summaryLines(definition.summary, mode, scope())} />
      <FormBody
        store={store}
        schema={definition.schema}
        uiSchema={setup.uiSchema}
        onSubmit={(record) => void onSubmit(record)}
        disabled={flow ? !flow.editable : undefined}
      >
        <FormButtons
          c={c}
          customActions={customActions}
          savesRecord={savesRecord}
          preview={preview}
          back={() => void back()}
          clear={() => void clear()}
          remove={() => void remove()}
          custom={(action) => void custom(action)}
          step={(...args) => void step(...args)}
          openPreview={() => setPreviewing(previewTarget(preview, scope()))}
        />
      </FormBody>
      {mailDialog}
      {preview && (
        <Modal
          open={previewing !== null}
          title={`${title}（プレビュー）`}
          onClose={() => setPreviewing(null)}
          width={1100}
        >
          {previewing && <Preview target={previewing} screenName={screenName} onClose={() => setPreviewing(null)} />}
        </Modal>
      )}
    </Frame>
  );
}
