// The one modal dialog of the app (role="alertdialog"): focus stays inside while it is open,
// Escape closes an alert (and cancels a confirmation), focus returns to where it was afterwards.
import { useEffect, useId, useRef, useSyncExternalStore, type KeyboardEvent } from 'react';
import { closeDialog, currentDialog, subscribeDialogs } from './dialog-store';
import styles from './Dialog.module.css';

export function DialogHost() {
  const request = useSyncExternalStore(subscribeDialogs, currentDialog, currentDialog);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (request) {
      if (!dialog.open) {
        const active = document.activeElement;
        returnFocusRef.current = active instanceof HTMLElement ? active : null;
        dialog.showModal();
      }
      okRef.current?.focus();
    } else if (dialog.open) {
      dialog.close();
      const target = returnFocusRef.current;
      returnFocusRef.current = null;
      if (target && target.isConnected) target.focus();
    }
  }, [request]);

  const finish = (ok: boolean) => {
    if (request) closeDialog(request.id, ok);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      finish(false);
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>('button:not([disabled])') ?? []);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !dialogRef.current?.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialogRef.current?.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Escape through the browser's own handling: same as the keydown above.
        event.preventDefault();
        finish(false);
      }}
    >
      {request && (
        <div className={styles.panel}>
          <h2 id={titleId} className={styles.title}>
            {request.kind === 'confirm' ? '確認' : 'お知らせ'}
          </h2>
          <p id={textId} className={styles.text}>
            {request.text}
          </p>
          <div className={styles.actions}>
            {request.kind === 'confirm' && (
              <button type="button" className="btn btn-secondary" onClick={() => finish(false)}>
                キャンセル
              </button>
            )}
            <button ref={okRef} type="button" className="btn btn-primary" onClick={() => finish(true)}>
              OK
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
