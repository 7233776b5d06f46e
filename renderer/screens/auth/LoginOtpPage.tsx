// /login-otp: the one-time security code mailed on a sign-in from an unknown browser.
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { validateOtpForm } from '../../../schemas/rules/auth-forms';
import { apiPost, errorMessageText, OTP_ERROR_POLICY } from '../../api/client';
import type { LoginResponse } from '../../api/types';
import { FormErrors, TextField, fieldsOf, formStyles, messagesOf } from '../../app/form';
import { PublicShell } from '../../app/layout/PublicShell';
import type { OtpHandoff } from './LoginPage';
import { clearSignInState, completeSignIn } from './post-login';
import { safeRedirect } from './redirect';
import { useProcessing } from '../../app/use-processing';

function readHandoff(state: unknown): OtpHandoff | null {
  if (typeof state !== 'object' || state === null) return null;
  const { loginId, password, redirect } = state as Partial<OtpHandoff>;
  if (typeof loginId !== 'string' || typeof password !== 'string' || loginId === '' || password === '') return null;
  return { loginId, password, redirect: typeof redirect === 'string' ? redirect : null };
}

export function LoginOtpPage() {
  const location = useLocation();
  const handoff = readHandoff(location.state);
  if (!handoff) return <Navigate to="/login" replace />;
  return <OtpForm handoff={handoff} />;
}

function OtpForm({ handoff }: { handoff: OtpHandoff }) {
  const navigate = useNavigate();
  const [otp, setOtp] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [invalid, setInvalid] = useState(false);
  const { processing, run } = useProcessing();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      const code = otp.trim();
      const results = validateOtpForm({ otp: code });
      setInvalid(fieldsOf(results).has('otp'));
      if (results.length > 0) {
        setErrors(messagesOf(results));
        return;
      }
      setErrors([]);
      clearSignInState();

      let response: LoginResponse;
      try {
        response = await apiPost<LoginResponse>(
          '/api/Auth/OtpLogin',
          { loginId: handoff.loginId, password: handoff.password, otp: code },
          { auth: false },
        );
      } catch (error) {
        setErrors([errorMessageText(error, OTP_ERROR_POLICY)]);
        return;
      }
      const outcome = await completeSignIn(response);
      if (!outcome.ok) {
        setErrors([outcome.message]);
        return;
      }
      void navigate(safeRedirect(handoff.redirect), { replace: true });
    });
  };

  return (
    <PublicShell title="セキュリティコードの入力">
      <p className={formStyles.notice}>
        ご登録のメールアドレスに送信した6桁のセキュリティコードを入力してください。有効期限は10分です。
      </p>
      <FormErrors messages={errors} />
      <form onSubmit={onSubmit} noValidate>
        <TextField
          id="otp"
          label="セキュリティコード"
          value={otp}
          onChange={(value) => setOtp(value.replace(/\s/g, ''))}
          maxLength={6}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          invalid={invalid}
          hint="半角英数字6桁"
          autoFocus
        />
        <div className={formStyles.actions}>
          <button type="submit" className="btn btn-primary btn-block" disabled={processing}>
            {processing ? '認証中…' : '認証'}
          </button>
        </div>
      </form>
      <p className={formStyles.links}>
        <Link to="/login">ログイン画面に戻る</Link>
      </p>
    </PublicShell>
  );
}
