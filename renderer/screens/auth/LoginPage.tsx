// /login (spec 000 section 2 "Login", section 4 "Login flow").
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { validateLoginForm } from '../../../schemas/rules/auth-forms';
import { apiPost, errorMessageText, LOGIN_ERROR_POLICY } from '../../api/client';
import type { LoginResponse } from '../../api/types';
import { FormErrors, PasswordField, TextField, fieldsOf, formStyles, messagesOf } from '../../app/form';
import { PublicShell } from '../../app/layout/PublicShell';
import { clearSignInState, completeSignIn } from './post-login';
import { safeRedirect } from './redirect';
import { useProcessing } from '../../app/use-processing';
import { hoursText, opensAtText, useOperatingHours } from '../../app/operating-hours';

/** What /login hands to /login-otp through router state (never through the URL). */
export interface OtpHandoff {
  loginId: string;
  password: string;
  redirect: string | null;
}

export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectParam = searchParams.get('redirect');
  const [loginId, setLoginId] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const { processing, run } = useProcessing();
  const hours = useOperatingHours();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      const results = validateLoginForm({ loginId, password });
      setInvalid(fieldsOf(results));
      if (results.length > 0) {
        setErrors(messagesOf(results));
        return;
      }
      setErrors([]);
      clearSignInState();

      let response: LoginResponse;
      try {
        response = await apiPost<LoginResponse>('/api/Auth/login', { loginId, password }, { auth: false });
      } catch (error) {
        setErrors([errorMessageText(error, LOGIN_ERROR_POLICY)]);
        return;
      }

      if (!response.isAreadyOptAuth) {
        const state: OtpHandoff = { loginId, password, redirect: redirectParam };
        void navigate('/login-otp', { state });
        return;
      }
      const outcome = await completeSignIn(response);
      if (!outcome.ok) {
        setErrors([outcome.message]);
        return;
      }
      void navigate(safeRedirect(redirectParam), { replace: true });
    });
  };

  return (
    <PublicShell title="ログイン" markLinksTo={null}>
      {hours && !hours.open && (
        // Outside operating hours sign-in is refused (503): say so before anyone tries.
        <div className={formStyles.notice} role="status">
          <p>
            ただいまサービス時間外のため、ログインできません。ご利用時間は {hoursText(hours.hours)}（日本時間）です。
          </p>
          {hours.opensAt && <p>次回は {opensAtText(hours.opensAt)} からご利用いただけます。</p>}
        </div>
      )}
      <FormErrors messages={errors} />
      <form onSubmit={onSubmit} noValidate>
        <TextField
          id="loginId"
          label="ログインID"
          value={loginId}
          onChange={setLoginId}
          maxLength={255}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          invalid={invalid.has('loginId')}
          autoFocus
        />
        <PasswordField
          id="password"
          label="パスワード"
          value={password}
          onChange={setPassword}
          maxLength={255}
          autoComplete="current-password"
          invalid={invalid.has('password')}
        />
        <div className={formStyles.actions}>
          <button type="submit" className="btn btn-primary btn-block" disabled={processing}>
            {processing ? 'ログイン中…' : 'ログイン'}
          </button>
        </div>
      </form>
      <p className={formStyles.links}>
        <Link to="/password-reset">パスワードをお忘れの方</Link>
      </p>
    </PublicShell>
  );
}
