// Pseudo-login of a provider administrator (spec 000 "Pseudo-login", spec 001 "Admin top"): an
// agent code (required, at most 8, alphanumeric: the shared rules of schemas/rules/auth-forms);
// the own code cancels. /api/KanriTop/changeAgCode answers a new token; the pseudo data goes into
// the session store, the navigation is loaded again in pseudo mode, then the page reloads.
import { useId, useState, type FormEvent } from 'react';
import { formatMessage } from '../../../schemas/messages/format';
import { validatePseudoLoginForm } from '../../../schemas/rules/auth-forms';
import { apiPost, errorMessageText } from '../../api/client';
import type { GlobalNaviAnswer, GlobalNaviRequest } from '../../../schemas/wire/navigation';
import { effectiveIds, getSession, updateSession, useSession } from '../../app/session';
import { ensureValidSession } from '../../components/session-check';
import { ErrorList } from '../../forms/ErrorList';
import { useProcessing } from '../../app/use-processing';
import { changeAgCode, type ChangeAgCodeAnswer } from './calls';
import styles from './KanriTop.module.css';

/** 500 on pseudo-login reads ERR_SYS998 (spec 000 section 8). */
const PSEUDO_ERROR_POLICY = { byStatus: { 500: 'ERR_SYS998' } };

export function PseudoLoginBox({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const session = useSession();
  const user = session.user;
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ lines: string[]; scroll: number }>({ lines: [], scroll: 0 });
  const { processing, run } = useProcessing();
  const id = useId();
  const show = (lines: string[]) => setErrors((e) => ({ lines, scroll: e.scroll + 1 }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const results = validatePseudoLoginForm({ agCode: code });
      if (results.length > 0) {
        show(results.map((r) => formatMessage(r.messageId, r.args)));
        return;
      }
      if (!(await ensureValidSession())) return;
      let answer: ChangeAgCodeAnswer;
      try {
        answer = await changeAgCode(code);
      } catch (error) {
        show([errorMessageText(error, PSEUDO_ERROR_POLICY)]);
        return;
      }
      if (!answer.user?.isSuccess || !answer.token) {
        show([formatMessage('ERR_0006', ['代理店コード'])]);
        return;
      }
      const current = getSession().user;
      if (!current) return;
      const p = answer.user;
      updateSession({
        token: answer.token,
        user: {
          ...current,
          pseudoAgCode: p.pseudoLoginAgCode,
          pseudoAgName: p.pseudoLoginAgName,
          pseudoUserId: p.pseudoLoginUserId,
          pseudoDaihyoCode: p.pseudoDaihyoCode,
          pseudoInvoiceNo: p.pseudoInvoiceNo,
        },
      });
      // The navigation of the agent acted for (or the own one after a cancel).
      try {
        const request: Omit<GlobalNaviRequest, 'systemKbn'> = {
          ...effectiveIds(),
          pseudoLoginFlg: Boolean(p.pseudoLoginUserId),
        };
        const nav = await apiPost<Partial<GlobalNaviAnswer>>('/api/GlobalNavi/getGlobalNaviData', request);
        updateSession({ globalNav: nav?.globalNav ?? [] });
      } catch (error) {
        show([errorMessageText(error)]);
        return;
      }
      reload();
    });
  };

  const acting = user?.pseudoAgCode;
  return (
    <form className={styles.toolBox} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.toolTitle}>
        代行ログイン
      </h2>
      <p className={styles.toolNote}>
        {acting ? (
          <>
            現在 <strong>{acting}</strong> {user?.pseudoAgName} として操作しています。自社の代理店コード（{user?.agCode}
            ）を入力すると代行を解除します。
          </>
        ) : (
          <>
            代理店コードを入力すると、その代理店のユーザーとして画面を表示します。自社の代理店コードの入力で解除します。
          </>
        )}
      </p>
      <ErrorList lines={errors.lines} scrollRequest={errors.scroll} scrollBlock="nearest" />
      <div className={styles.toolRow}>
        <label htmlFor={`${id}-code`} className={styles.toolLabel}>
          代理店コード
        </label>
        <input
          id={`${id}-code`}
          className={`input ${styles.codeInput}`}
          value={code}
          maxLength={8}
          autoComplete="off"
          spellCheck={false}
          inputMode="text"
          aria-invalid={errors.lines.length > 0 || undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={processing}>
          {code !== '' && code === user?.agCode ? '代行を解除' : '代行ログイン'}
        </button>
      </div>
    </form>
  );
}
