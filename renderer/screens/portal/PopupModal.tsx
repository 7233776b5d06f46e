// One login popup (spec 000 "Login popup modal" and section 4): title, posting period, body,
// links, files and images, and a footer by check pattern: 1 offers 次回から表示しない, 2 keeps
// 閉じる disabled until 確認しました is ticked. Ticking sends the check state (after the token
// check); nothing is recorded in preview. The page behind does not scroll while it is open;
// focus stays inside; Escape closes when closing is allowed.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { alertApiError } from '../../app/errors/alert-api-error';
import { formatDate } from '../../app/format';
import { DocumentList } from '../../components/DocumentList';
import { FallbackImage } from '../../components/FallbackImage';
import { RichText } from '../../components/RichText';
import { SmartLink, isExternalUrl } from '../../components/SmartLink';
import { ensureValidSession } from '../../components/session-check';
import { savePopupCheck, type PopupData } from './calls';
import styles from './PopupModal.module.css';

export const POPUP_CHECK_LABEL: Record<'1' | '2', string> = {
  '1': '次回から表示しない',
  '2': '確認しました',
};

const NO_END = '9999/12/31';

interface Props {
  popup: PopupData;
  onClose: () => void;
  /** Admin preview: nothing is recorded. */
  preview?: boolean;
  /** "2 / 3" when several popups are queued. */
  position?: string;
  screenName?: string;
}

/** Locks the scrolling of the page while mounted. */
function useScrollLock(): void {
  useEffect(() => {
    const root = document.documentElement;
    const previous = { overflow: root.style.overflow, paddingRight: root.style.paddingRight };
    const scrollbar = window.innerWidth - root.clientWidth;
    root.style.overflow = 'hidden';
    if (scrollbar > 0) root.style.paddingRight = `${scrollbar}px`;
    return () => {
      root.style.overflow = previous.overflow;
      root.style.paddingRight = previous.paddingRight;
    };
  }, []);
}

export function PopupModal({ popup, onClose, preview = false, position, screenName = 'ポータルトップ' }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const checkId = useId();
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const confirmPattern = popup.checkPatern === '2';
  const canClose = !confirmPattern || checked;
  useScrollLock();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);

  const toggle = async (next: boolean) => {
    if (saving) return;
    setChecked(next);
    if (preview) return;
    setSaving(true);
    try {
      if (!(await ensureValidSession())) {
        setChecked(!next);
        return;
      }
      await savePopupCheck(popup, next);
    } catch (error) {
      setChecked(!next);
      await alertApiError(error);
    } finally {
      setSaving(false);
    }
  };

  const close = () => {
    if (canClose && !saving) onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const focusable = Array.from(
      dialogRef.current?.querySelectorAll<HTMLElement>(
        'a[href], button:not([disabled]), input:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])',
      ) ?? [],
    );
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const period =
    popup.keisaiKikanEnd && popup.keisaiKikanEnd !== NO_END
      ? `${formatDate(popup.keisaiKikanStart)} 〜 ${formatDate(popup.keisaiKikanEnd)}`
      : `${formatDate(popup.keisaiKikanStart)} 〜`;

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-modal="true"
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <div className={styles.panel}>
        <header className={styles.header}>
          <p className={styles.kicker}>
            <span>お知らせ</span>
            {position && <span className={styles.position}>{position}</span>}
          </p>
          <h2 id={titleId} className={styles.title}>
            {popup.title}
          </h2>
          <p className={styles.period}>掲載期間：{period}</p>
        </header>
        <div className={styles.body} tabIndex={-1} data-autofocus="">
          <RichText html={popup.contentsBody} />
          {popup.images.length > 0 && (
            <div className={styles.images}>
              {popup.images.map((image) => (
                <figure key={image.rowNo} className={styles.figure}>
                  <FallbackImage src={image.imgPath} alt={image.imgExp || image.imgName} className={styles.image} />
                  {image.imgExp && <figcaption>{image.imgExp}</figcaption>}
                </figure>
              ))}
            </div>
          )}
          {popup.links.length > 0 && (
            <section className={styles.section}>
              <h3 className={styles.sectionTitle}>リンク</h3>
              <ul className={styles.links}>
                {popup.links.map((link) => (
                  <li key={link.rowNo}>
                    <SmartLink
                      href={link.url}
                      newTab={isExternalUrl(link.url)}
                      onClick={() => !isExternalUrl(link.url) && close()}
                    >
                      {link.caption || link.url}
                    </SmartLink>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {popup.files.length > 0 && (
            <section className={styles.section}>
              <h3 className={styles.sectionTitle}>添付ファイル</h3>
              <DocumentList
                files={popup.files}
                categoryId={popup.categoryId}
                contentId={popup.contentsId}
                screenName={screenName}
                downloadAll={popup.files.length > 1}
                preview={preview}
              />
            </section>
          )}
        </div>
        <footer className={styles.footer}>
          <label className={`${styles.check} ${confirmPattern ? styles.confirm : ''}`} htmlFor={checkId}>
            <input
              id={checkId}
              type="checkbox"
              checked={checked}
              disabled={saving}
              onChange={(event) => void toggle(event.target.checked)}
            />
            <span>{POPUP_CHECK_LABEL[popup.checkPatern] ?? POPUP_CHECK_LABEL['1']}</span>
          </label>
          {confirmPattern && !checked && (
            <span className={styles.hint}>内容をご確認のうえ、チェックを入れてください</span>
          )}
          <button type="button" className="btn btn-primary" onClick={close} disabled={!canClose || saving}>
            閉じる
          </button>
        </footer>
      </div>
    </dialog>
  );
}
