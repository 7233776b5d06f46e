// /password-reset: request the mail with the password reset link (spec 000 section 4 "Password reset").
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { validateResetRequestForm } from '../../../schemas/rules/auth-forms';
import { apiPost, errorMessageText, RESET_MAIL_ERROR_POLICY } from '../../api/client';
import { FormErrors, TextField, fieldsOf, formStyles, messagesOf } from '../../app/form';
import { PublicShell } from '../../app/layout/PublicShell';
import { useProcessing } from '../../app/use-processing';
import styles from './AuthScreens.module.css';
import type { ResetMailRequest } from '../../../schemas/wire/auth';

export function PasswordResetPage() {
  const [agCode, setAgCode] = useState('');
  const [emailAddress, setEmailAddress] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const [sent, setSent] = useState(false);
  const { processing, run } = useProcessing();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      const input: Omit<ResetMailRequest, 'systemKbn'> = { agCode: agCode.trim(), emailAddress: emailAddress.trim() };
      const results = validateResetRequestForm(input);
      setInvalid(fieldsOf(results));
      if (results.length > 0) {
        setErrors(messagesOf(results));
        return;
      }
      setErrors([]);
      try {
        await apiPost<unknown>('/api/pwdReset/sendResetMail', input, { auth: false });
      } catch (error) {
        setErrors([errorMessageText(error, RESET_MAIL_ERROR_POLICY)]);
        return;
      }
      setSent(true);
    });
  };

  if (sent) {
    return (
      <PublicShell title="メールを送信しました" status={{ tone: 'info', icon: '✉' }}>
        <p className={styles.message} role="status">
          パスワード再設定用のメールを送信しました。メールに記載のURLから再設定を行ってください。再設定はまだ完了していません。
        </p>
        <p className={styles.subtle}>
          メールが届かない場合は、代理店コードとメールアドレスをご確認のうえ、もう一度お試しいただくか担当営業へお問い合わせください。
        </p>
        <p className={formStyles.links}>
          <Link to="/login">ログイン画面へ</Link>
        </p>
      </PublicShell>
    );
  }

  return (
    <PublicShell title="パスワード再設定">
      <p className={formStyles.notice}>
        代理店コードとご登録のメールアドレスを入力して「送信」を押してください。パスワード再設定用のURLをメールでお送りします。
      </p>
      <FormErrors messages={errors} />
      <form onSubmit={onSubmit} noValidate>
        <TextField
          id="agCode"
          label="代理店コード"
          value={agCode}
          onChange={setAgCode}
          maxLength={20}
          autoComplete="organization"
          autoCapitalize="off"
          spellCheck={false}
          invalid={invalid.has('agCode')}
          hint="半角英数字20文字以内"
          autoFocus
        />
        <TextField
          id="emailAddress"
          label="メールアドレス"
          type="email"
          inputMode="email"
          value={emailAddress}
          onChange={setEmailAddress}
          maxLength={255}
          autoComplete="email"
          spellCheck={false}
          invalid={invalid.has('emailAddress')}
        />
        <div className={formStyles.actions}>
          <button type="submit" className="btn btn-primary btn-block" disabled={processing}>
            {processing ? '送信中…' : '送信'}
          </button>
        </div>
      </form>
      <p className={formStyles.links}>
        <Link to="/login">ログイン画面に戻る</Link>
      </p>
    </PublicShell>
  );
}
