// A modal window of the forms (new registration, tag picker, thumbnail picker): a native modal
// <dialog>, so the page behind is inert and Tab stays inside; Escape closes it (unless
// `escapeCloses` is false), focus goes to the first control and back to where it was after.
// The message dialog (app/dialog) opens above it.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './Modal.module.css';

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  width?: number;
  escapeCloses?: boolean;
}

export function Modal({ open, title, onClose, children, footer, width = 720, escapeCloses = true }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      const first = dialog.querySelector<HTMLElement>(
        'input:not([type=hidden]):not([tabindex="-1"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [contenteditable=true], button:not([disabled])',
      );
      (first ?? dialog).focus();
    } else if (!open && dialog.open) {
      dialog.close();
      const target = returnFocus.current;
      returnFocus.current = null;
      if (target?.isConnected) target.focus();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={styles.modal}
      style={{ width: `min(${width}px, calc(100vw - 48px))` }}
      aria-labelledby={titleId}
      tabIndex={-1}
      onCancel={(event) => {
        // Escape: the browser would close the dialog by itself; we decide.
        event.preventDefault();
        if (escapeCloses) onClose();
      }}
    >
      {open && (
        <div className={styles.frame}>
          <div className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            <button type="button" className={styles.close} aria-label="閉じる" onClick={onClose}>
              ×
            </button>
          </div>
          <div className={styles.body}>{children}</div>
          {footer && <div className={styles.footer}>{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
