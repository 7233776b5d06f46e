// The date and application box of the event detail (spec 002 section 4): お申し込み while the
// registration is open and the user has not applied, キャンセル while it is open and they have,
// and "お申し込み受付を終了いたしました。" once it has ended. A success opens the modal titled
// "イベントのお申し込みを受付ました" / "イベントのお申し込みをキャンセルしました" with the
// completion message; a 400 from apply is ERR_0030 with 申し込み, a 422 from cancel ERR_0030 with
// キャンセル, other failures ERR_SYS003 naming the action. A cancellation asks first (CNF_0001,
// issue 22: it used to act at once); then the session is checked.
import { useState } from 'react';
import { formatMessage } from '../../../schemas/messages/format';
import { isApiError } from '../../api/client';
import { alertMessage, confirmMessage } from '../../app/dialog';
import { ensureValidSession } from '../../components/session-check';
import { Modal } from '../../forms/Modal';
import { applyEvent, cancelEvent, type EntryAnswer, type EventDetail } from './calls';
import { eventDateText } from './event-date';
import styles from './Events.module.css';

export const APPLIED_TITLE = 'イベントのお申し込みを受付ました';
export const CANCELLED_TITLE = 'イベントのお申し込みをキャンセルしました';
export const ENDED_TEXT = 'お申し込み受付を終了いたしました。';
export const CANCEL_QUESTION = formatMessage('CNF_0001', ['イベントのお申し込み', 'キャンセル']);

type Action = 'apply' | 'cancel';

function failureText(action: Action, error: unknown): string | null {
  if (isApiError(error) && error.outOfOperation) return null;
  const status = isApiError(error) ? error.status : undefined;
  if (action === 'apply' && status === 400) return formatMessage('ERR_0030', ['申し込み']);
  if (action === 'cancel' && status === 422) return formatMessage('ERR_0030', ['キャンセル']);
  if (status === 403) return formatMessage('ERR_0022');
  return formatMessage('ERR_SYS003', [
    action === 'apply' ? 'イベントのお申し込み' : 'イベントのお申し込みのキャンセル',
  ]);
}

interface Props {
  detail: EventDetail;
  screenName: string;
  preview: boolean;
  /** After a success or a refusal: load the detail again (flags may have changed). */
  onChanged: () => void;
}

export function EventEntryBox({ detail, screenName, preview, onChanged }: Props) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ action: Action; answer: EntryAnswer } | null>(null);

  const run = async (action: Action) => {
    if (busy || preview) return;
    setBusy(true);
    try {
      if (action === 'cancel' && !(await confirmMessage(CANCEL_QUESTION))) return;
      if (!(await ensureValidSession())) return;
      const answer =
        action === 'apply'
          ? await applyEvent(detail.categoryId, detail.contentsId, screenName)
          : await cancelEvent(detail.categoryId, detail.contentsId, screenName);
      setDone({ action, answer });
    } catch (error) {
      const text = failureText(action, error);
      if (text) await alertMessage(text);
      onChanged();
    } finally {
      setBusy(false);
    }
  };

  const close = () => {
    setDone(null);
    onChanged();
  };

  return (
    <section className={styles.entry} aria-label="開催日時・お申し込み">
      <dl className={styles.facts}>
        <div>
          <dt>開催日時</dt>
          <dd>{eventDateText(detail.eventDate, detail.eventEndDate)}</dd>
        </div>
        {detail.venue && (
          <div>
            <dt>会場</dt>
            <dd>{detail.venue}</dd>
          </div>
        )}
        <div>
          <dt>申込締切</dt>
          <dd>{eventDateText(detail.registrationEndDate)}</dd>
        </div>
      </dl>
      <div className={styles.entryAction}>
        {detail.isRegistrationEnded ? (
          <p className={styles.ended}>{ENDED_TEXT}</p>
        ) : detail.isApplication ? (
          <>
            <p className={styles.appliedNote}>お申し込み済みです。</p>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy || preview}
              onClick={() => void run('cancel')}
            >
              お申し込みをキャンセル
            </button>
          </>
        ) : (
          <button
            type="button"
            className={`btn btn-primary ${styles.applyButton}`}
            disabled={busy || preview}
            onClick={() => void run('apply')}
          >
            お申し込み
          </button>
        )}
      </div>
      {done && (
        <Modal
          open
          title={done.action === 'apply' ? APPLIED_TITLE : CANCELLED_TITLE}
          onClose={close}
          width={520}
          footer={
            <button type="button" className="btn btn-primary" onClick={close}>
              閉じる
            </button>
          }
        >
          <p className={styles.complete}>{done.answer.completeMessage}</p>
          {done.answer.addMessage && <p className={styles.addMessage}>{done.answer.addMessage}</p>}
        </Modal>
      )}
    </section>
  );
}
