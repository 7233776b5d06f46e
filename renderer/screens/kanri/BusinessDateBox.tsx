// Business-date switch of a provider administrator (spec 000, spec 001 "Admin top"): a date at
// most 9999-12-31 (the shared rules of schemas/rules/auth-forms), kept as yyyy/MM/dd in the
// session store (businessDate) and sent as targetDate; the header shows the red bar. Clear
// removes it. Both reload the page so every screen reads with the new date, once the server has
// written the switch to the audit trail (docs/audit.md).
import { useId, useState, type FormEvent } from 'react';
import { formatMessage } from '../../../schemas/messages/format';
import { apiPost, errorMessageText } from '../../api/client';
import { formatDate } from '../../app/format';
import { effectiveIds, updateSession, useSession } from '../../app/session';
import { ErrorList } from '../../forms/ErrorList';
import { MAX_DATE, parseDate, validateBusinessDateForm } from '../../../schemas/rules/auth-forms';
import styles from './KanriTop.module.css';

export function BusinessDateBox({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const session = useSession();
  const [date, setDate] = useState(() => (session.businessDate ? session.businessDate.replace(/\//g, '-') : ''));
  const [errors, setErrors] = useState<{ lines: string[]; scroll: number }>({ lines: [], scroll: 0 });
  const id = useId();

  async function change(businessDate: string) {
    try {
      await apiPost('/api/KanriTop/changeBusinessDate', {
        ...effectiveIds(),
        businessDate,
        previousDate: session.businessDate,
      });
    } catch (error) {
      setErrors((e) => ({ lines: [errorMessageText(error)], scroll: e.scroll + 1 }));
      return;
    }
    updateSession({ businessDate });
    reload();
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const results = validateBusinessDateForm({ date });
    if (results.length > 0) {
      setErrors((e) => ({ lines: results.map((r) => formatMessage(r.messageId, r.args)), scroll: e.scroll + 1 }));
      return;
    }
    void change(parseDate(date)!.replace(/-/g, '/'));
  };

  const clear = () => void change('');

  return (
    <form className={styles.toolBox} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.toolTitle}>
        業務日付切替
      </h2>
      <p className={styles.toolNote}>
        {session.businessDate ? (
          <>
            業務日付 <strong>{formatDate(session.businessDate)}</strong> で表示しています（システム日付{' '}
            {formatDate(session.systemDate)}）。
          </>
        ) : (
          <>指定した日付を基準に掲載期間などを判定して表示します（システム日付 {formatDate(session.systemDate)}）。</>
        )}
      </p>
      <ErrorList lines={errors.lines} scrollRequest={errors.scroll} scrollBlock="nearest" />
      <div className={styles.toolRow}>
        <label htmlFor={`${id}-date`} className={styles.toolLabel}>
          業務日付
        </label>
        <input
          id={`${id}-date`}
          type="date"
          className={`input ${styles.dateInput}`}
          max={MAX_DATE}
          value={date}
          aria-invalid={errors.lines.length > 0 || undefined}
          onChange={(event) => setDate(event.target.value)}
        />
        <button type="submit" className="btn btn-primary">
          切替
        </button>
        <button type="button" className="btn btn-secondary" onClick={clear} disabled={!session.businessDate}>
          クリア
        </button>
      </div>
    </form>
  );
}
