// The generic form (docs/forms.md): a definition of schemas/forms drawn with rjsf and our widget
// registry, checked by the shared rule engine (a field on blur, the whole record on submit;
// rjsf's own validation and messages are off), messages only from the catalogue, one per line
// above the form. This file loads the definition and its record (form-setup.ts) and shows the
// loading or failure state; LoadedForm.tsx draws the loaded form, its state in
// use-form-controller.ts, its buttons run by actions/ (form-actions.ts, workflow-actions.tsx).
// A processing flag blocks double submits; a failed save keeps everything typed and scrolls to
// the messages. A 403 (an agent administrator on another agent) reads ERR_SYS998.
import { useCallback, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { formatMessage } from '../../schemas/messages/format';
import { errorMessageText } from '../api/client';
import { WayBack } from '../app/errors/RefusedScreen';
import { useRouteHandle } from '../app/route-handle';
import { useRemote } from '../components/use-remote';
import { FORM_ERROR_POLICY } from './actions/failures';
import { Frame } from './FormFrame';
import { setUpForm, type FormSetup } from './form-setup';
import { MissingHandoff } from './handoff';
import { LoadedForm } from './LoadedForm';
import styles from './FormLayout.module.css';

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
    (error) =>
      error instanceof MissingHandoff ? formatMessage('ERR_SYS998') : errorMessageText(error, FORM_ERROR_POLICY),
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
  return (
    <LoadedForm
      key={key}
      setup={remote.data}
      reload={reload}
      heldKeys={heldKeys.current}
      query={props.display === 'page' ? remote.data.query : query}
      {...props}
    />
  );
}
