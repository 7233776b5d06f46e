// The notification-address dialog (spec 002 sections 2.6, 4, 5: the receiver form's mail modal):
// To, Cc and Bcc with five inputs each. OK checks the addresses (errors inline, per field, by the
// rules the server runs too: schemas/rules/mail-list.ts), then the caller's `check` (the server's
// mailCheck), then CNF_0010; only then does the caller save and send. "通知せずに登録" saves
// without any mail. Any form may use it: a workflow button declares it (docs/forms.md).
import { useEffect, useState } from 'react';
import { formatMessage } from '../../schemas/messages/format';
import {
  checkMailList,
  MAIL_FIELDS,
  MAIL_FIELD_LABELS,
  MAIL_INPUTS_PER_FIELD,
  type MailField,
  type MailFailure,
  type MailList,
} from '../../schemas/rules/mail-list';
import { errorMessageText, isApiError } from '../api/client';
import { alertMessage, confirmMessage } from '../app/dialog';
import { Modal } from './Modal';
import styles from './MailDialog.module.css';

const blankInputs = (to = ''): Record<MailField, string[]> => ({
  to: [to, ...Array(MAIL_INPUTS_PER_FIELD - 1).fill('')],
  cc: Array(MAIL_INPUTS_PER_FIELD).fill(''),
  bcc: Array(MAIL_INPUTS_PER_FIELD).fill(''),
});

interface Props {
  open: boolean;
  onClose: () => void;
  /** The server's check of the addresses (a 400 shows its messages in the dialog). */
  check: (list: MailList) => Promise<unknown>;
  /** Save and send to the checked list (after CNF_0010). */
  onSend: (list: MailList) => Promise<void>;
  /** Save without notifying anyone. */
  onSaveOnly: () => Promise<void>;
  /** Proposed as the first To (the applicant's mail address); the user may change or clear it. */
  defaultTo?: string;
}

export function MailDialog({ open, onClose, check, onSend, onSaveOnly, defaultTo = '' }: Props) {
  const [inputs, setInputs] = useState(() => blankInputs(defaultTo));
  const [failures, setFailures] = useState<MailFailure[]>([]);
  // Each opening starts from the applicant's address, not from what a cancelled opening held.
  useEffect(() => {
    if (open) {
      setInputs(blankInputs(defaultTo));
      setFailures([]);
    }
  }, [open, defaultTo]);
  const [busy, setBusy] = useState(false);

  const list = (): MailList => ({
    to: inputs.to.map((a) => a.trim()).filter(Boolean),
    cc: inputs.cc.map((a) => a.trim()).filter(Boolean),
    bcc: inputs.bcc.map((a) => a.trim()).filter(Boolean),
  });

  const ok = async () => {
    const found = checkMailList(inputs);
    setFailures(found);
    if (found.length) return;
    setBusy(true);
    try {
      await check(list());
      if (!(await confirmMessage(formatMessage('CNF_0010')))) return;
      await onSend(list());
      setInputs(blankInputs());
    } catch (error) {
      if (isApiError(error) && error.status === 400 && error.messages)
        setFailures(
          error.messages.map((m) => ({ field: '', messageId: m.messageId, args: (m.args ?? []).map(String) })),
        );
      else await alertMessage(errorMessageText(error));
    } finally {
      setBusy(false);
    }
  };

  const saveOnly = async () => {
    setBusy(true);
    try {
      await onSaveOnly();
    } finally {
      setBusy(false);
    }
  };

  const messagesOf = (field: MailField | '') =>
    failures.filter((f) => f.field === field).map((f) => formatMessage(f.messageId, f.args));

  return (
    <Modal
      open={open}
      title="通知先メールアドレス"
      onClose={onClose}
      width={640}
      footer={
        <div className={styles.modalButtons}>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            キャンセル
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => void saveOnly()} disabled={busy}>
            通知せずに登録
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void ok()} disabled={busy}>
            OK
          </button>
        </div>
      }
    >
      {messagesOf('').map((m) => (
        <p key={m} className={styles.mailError} role="alert">
          {m}
        </p>
      ))}
      <div className={styles.mailGrid}>
        {MAIL_FIELDS.map((field) => (
          <FieldInputs
            key={field}
            field={field}
            values={inputs[field]}
            invalid={new Set(failures.filter((f) => f.field === field && f.index !== undefined).map((f) => f.index!))}
            errors={messagesOf(field)}
            onChange={(i, v) => {
              setInputs((all) => ({ ...all, [field]: all[field].map((x, j) => (j === i ? v : x)) }));
              // A corrected input no longer shows its old message; OK checks everything again.
              setFailures((all) => all.filter((f) => !(f.field === field && f.index === i)));
            }}
          />
        ))}
      </div>
    </Modal>
  );
}

function FieldInputs({
  field,
  values,
  invalid,
  errors,
  onChange,
}: {
  field: MailField;
  values: string[];
  invalid: Set<number>;
  errors: string[];
  onChange: (i: number, v: string) => void;
}) {
  const label = MAIL_FIELD_LABELS[field];
  return (
    <>
      <span>{label}</span>
      <div className={styles.mailInputs}>
        {values.map((v, i) => (
          <input
            key={i}
            type="email"
            className="input"
            aria-label={`${label}${i + 1}`}
            aria-invalid={invalid.has(i) || undefined}
            value={v}
            maxLength={254}
            onChange={(e) => onChange(i, e.target.value)}
          />
        ))}
        {errors.map((m) => (
          <p key={m} className={styles.mailError} role="alert">
            {m}
          </p>
        ))}
      </div>
    </>
  );
}
