// /password-update/token/:token: the link of the reset mail (spec 000 section 4 "Password reset"):
// validating the token, then the form, then completed; an invalid token shows an error screen.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatMessage } from '../../../schemas/messages/format';
import { validateNewPassword } from '../../../schemas/rules/password';
import { apiPost, errorMessageText, PASSWORD_UPDATE_ERROR_POLICY, RESET_TOKEN_ERROR_POLICY } from '../../api/client';
import type { ResetPasswordRequest, ResetTokenAnswer, ResetTokenUser } from '../../../schemas/wire/auth';
import { FormErrors, PasswordField, TextField, fieldsOf, formStyles, messagesOf } from '../../app/form';
import { PublicShell } from '../../app/layout/PublicShell';
import { useProcessing } from '../../app/use-processing';
import styles from './AuthScreens.module.css';

type State =
  | { step: 'validating' }
  | { step: 'invalid'; message: string }
  | { step: 'form'; user: ResetTokenUser }
  | { step: 'completed' };

export function PasswordUpdatePage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<State>(() =>
    token.trim() === '' ? { step: 'invalid', message: formatMessage('ERR_USER005') } : { step: 'validating' },
  );

  useEffect(() => {
    if (token.trim() === '') return;
    let active = true;
    apiPost<Partial<ResetTokenAnswer>>('/api/pwdReset/ValidateOtu', token, { auth: false }).then(
      (answer) => {
        if (!active) return;
        if (answer?.user?.userId) setState({ step: 'form', user: answer.user });
        else setState({ step: 'invalid', message: formatMessage('ERR_USER005') });
      },
      (error: unknown) => {
        if (active) setState({ step: 'invalid', message: errorMessageText(error, RESET_TOKEN_ERROR_POLICY) });
      },
    );
    return () => {
      active = false;
    };
  }, [token]);

  switch (state.step) {
    case 'validating':
      return (
        <PublicShell title="パスワード変更">
          <p className={styles.message} role="status" aria-live="polite">
            <span className={styles.spinner} aria-hidden="true" />
            リンクを確認しています…
          </p>
        </PublicShell>
      );
    case 'invalid':
      return (
        <PublicShell title="リンクが無効です" status={{ tone: 'error', icon: '!' }}>
          <p className={styles.message} role="alert">
            {state.message}
          </p>
          <p className={formStyles.links}>
            <Link to="/login">ログイン画面へ</Link>
          </p>
        </PublicShell>
      );
    case 'completed':
      return (
        <PublicShell title="パスワードを変更しました" status={{ tone: 'success', icon: '✓' }}>
          <p className={styles.message} role="status">
            パスワードの変更が完了しました。新しいパスワードでログインしてください。
          </p>
          <p className={formStyles.links}>
            <Link to="/login">ログイン画面へ</Link>
          </p>
        </PublicShell>
      );
    case 'form':
      return <PasswordForm token={token} user={state.user} onDone={() => setState({ step: 'completed' })} />;
  }
}

function PasswordForm({ token, user, onDone }: { token: string; user: ResetTokenUser; onDone: () => void }) {
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const { processing, run } = useProcessing();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      const results = validateNewPassword(newPassword, confirmation);
      setInvalid(fieldsOf(results));
      if (results.length > 0) {
        setErrors(messagesOf(results));
        return;
      }
      setErrors([]);
      const body: Omit<ResetPasswordRequest, 'systemKbn'> = {
        agCode: user.agCode,
        userId: user.userId,
        newPassword,
        otu: token,
      };
      try {
        await apiPost<unknown>('/api/pwdReset/PasswordUpdate', body, { auth: false });
      } catch (error) {
        setErrors([errorMessageText(error, PASSWORD_UPDATE_ERROR_POLICY)]);
        return;
      }
      onDone();
    });
  };

  return (
    <PublicShell title="パスワード変更" width="wide">
      <p className={formStyles.notice}>新しいパスワードを入力して「変更」を押してください。</p>
      <FormErrors messages={errors} />
      <form onSubmit={onSubmit} noValidate>
        <TextField id="loginId" label="ログインID" value={user.loginId} readOnly autoComplete="username" />
        <PasswordField
          id="newPassword"
          label="新しいパスワード"
          value={newPassword}
          onChange={setNewPassword}
          maxLength={20}
          autoComplete="new-password"
          invalid={invalid.has('newPassword')}
          hint="14〜20文字、英大文字・英小文字・数字・記号（# - @ _ .）をすべて含む"
          autoFocus
        />
        <PasswordField
          id="newPasswordConfirm"
          label="新しいパスワード（確認）"
          value={confirmation}
          onChange={setConfirmation}
          maxLength={20}
          autoComplete="new-password"
          invalid={invalid.has('newPasswordConfirm')}
        />
        <div className={formStyles.actions}>
          <button type="submit" className="btn btn-primary btn-block" disabled={processing}>
            {processing ? '変更中…' : '変更'}
          </button>
        </div>
      </form>
      <p className={formStyles.links}>
        <Link to="/login">ログイン画面に戻る</Link>
      </p>
    </PublicShell>
  );
}
