// The buttons row of a generic form: back, cancel and the custom buttons on the left; preview,
// clear, the workflow's status and buttons, delete and the main buttons on the right.
import type { FormAction } from './definitions';
import type { FormController } from './use-form-controller';
import type { WorkflowButton } from './workflow';
import styles from './FormLayout.module.css';

interface FormButtonsProps {
  c: FormController;
  /** Custom buttons shown in this mode, by name. */
  customActions: [string, FormAction][];
  /** The form saves a record: its submit button is drawn. */
  savesRecord: boolean;
  /** The preview action, when it shows. */
  preview: FormAction | undefined;
  back: () => void;
  clear: () => void;
  remove: () => void;
  custom: (action: FormAction) => void;
  step: (button: WorkflowButton) => void;
  openPreview: () => void;
}

export function FormButtons({
  c,
  customActions,
  savesRecord,
  preview,
  back,
  clear,
  remove,
  custom,
  step,
  openPreview,
}: FormButtonsProps) {
  const { actions, display, processing, mode, definition, modeLabel, navigate, onClose } = c;
  const { flow, chosenStatus, setChosenStatus, editFromPreview, readOnlyParam } = c.lock;
  return (
    <div className={styles.buttons}>
      {actions.back && (
        <button type="button" className="btn btn-secondary" onClick={back} disabled={processing}>
          {actions.back.label ?? '戻る'}
        </button>
      )}
      {actions.cancel && (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => (display === 'modal' ? onClose?.() : back())}
          disabled={processing}
        >
          {actions.cancel.label ?? 'キャンセル'}
        </button>
      )}
      {customActions
        .filter(([, action]) => !action.primary)
        .map(([name, action]) => (
          <button
            key={name}
            type="button"
            className="btn btn-secondary"
            onClick={() => custom(action)}
            disabled={processing}
            data-action={name}
          >
            {action.label ?? name}
          </button>
        ))}
      <div className={styles.buttonsEnd}>
        {preview && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={openPreview}
            disabled={processing}
            aria-haspopup="dialog"
          >
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
            <select
              className="input"
              aria-label="ステータス"
              value={chosenStatus}
              onChange={(e) => setChosenStatus(e.target.value)}
              disabled={processing}
            >
              {flow.choices.map((ch) => (
                <option key={ch.value} value={ch.value}>
                  {ch.text}
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
          <button
            key={b.name}
            type="button"
            className={`btn ${b.kind === 'danger' ? styles.btnDanger : b.kind === 'primary' ? 'btn-primary' : 'btn-secondary'}`}
            onClick={() => step(b)}
            disabled={processing}
            data-action={b.name}
          >
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
}
