// /kanri-audit (監査ログ, provider administrators; docs/audit.md): every administrative change,
// newest first, a page at a time, with each change field by field under the form's own titles and
// long texts diffed by line. Hand-written, not a declared list: the difference view is its own.
// The chain check runs once when the screen opens (the server caches it a few minutes); a broken
// chain shows a banner naming the first bad row.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AuditListAnswer, AuditRowWire, ChainStatusWire } from '../../../schemas/wire/audit';
import { errorMessageText, isApiError } from '../../api/client';
import { FormErrors } from '../../app/form';
import { saveBlob } from '../../components/download';
import layout from '../../forms/FormLayout.module.css';
import { checkChain, downloadAuditCsv, loadAuditPage, type AuditFilter } from './calls';
import styles from './KanriAudit.module.css';

const REASONS: Record<string, string> = {
  changed: '記録後に内容が変更されています',
  relinked: '直前の記録とのつながりが変わっています',
  missing: 'この記録の直前の記録が削除されています',
  unchained: 'アプリケーションを通さずに追加された記録です',
  head: '最新の記録が削除されています',
};

function ChainBanner({ status, recheck }: { status: ChainStatusWire | null; recheck: () => void }) {
  if (!status) return null;
  const again = (
    <button type="button" className={styles.recheck} onClick={recheck}>
      再確認
    </button>
  );
  if (status.ok && !status.checkedAt)
    return (
      <p className={styles.chainOk} role="status">
        改ざん検知：記録のつながりを確認しています。しばらくしてから{again}してください。
      </p>
    );
  if (status.ok)
    return (
      <p className={styles.chainOk} role="status">
        改ざん検知：{status.rows.toLocaleString('ja-JP')}件の記録のつながりを確認しました（{status.checkedAt}
        {status.checking ? '、再確認中' : ''}）{again}
      </p>
    );
  return (
    <div className={styles.chainBroken} role="alert">
      <strong>監査ログの改ざんの可能性があります。</strong>
      {status.brokenAuditId !== null ? `記録番号 ${status.brokenAuditId}` : `連番 ${status.brokenSeq ?? ''}`}：
      {REASONS[status.reason] ?? status.reason}（{status.checkedAt} 確認、システム管理者へ連絡してください）{again}
    </div>
  );
}

function Change({ change }: { change: AuditRowWire['changes'][number] }) {
  return (
    <tr>
      <th scope="row" className={styles.field}>
        {change.label}
      </th>
      {change.lines ? (
        <td colSpan={2} className={styles.lines}>
          {change.lines.map((l, i) => (
            <div key={i} className={styles[l.op]}>
              <span aria-hidden="true" className={styles.mark}>
                {l.op === 'added' ? '+' : l.op === 'removed' ? '−' : ' '}
              </span>
              <span className="visually-hidden">
                {l.op === 'added' ? '追加：' : l.op === 'removed' ? '削除：' : ''}
              </span>
              {l.text || ' '}
            </div>
          ))}
        </td>
      ) : (
        <>
          <td className={styles.before}>{change.before}</td>
          <td className={styles.after}>{change.after}</td>
        </>
      )}
    </tr>
  );
}

function AuditEntry({ row }: { row: AuditRowWire }) {
  return (
    <article className={styles.entry} aria-label={`${row.at} ${row.screen} ${row.entityId} ${row.actionLabel}`}>
      <header className={styles.entryHead}>
        <time>{row.at}</time>
        <span className={styles.action}>{row.actionLabel}</span>
        <span>
          {row.screen}
          <span className={styles.id}>ID {row.entityId}</span>
        </span>
        <span className={styles.actor}>
          {row.actorName || row.actorUserId}（{row.actorUserId} / {row.actorAgCode}）
          {row.pseudoAgCode && (
            <span className={styles.pseudo}>
              代理ログイン：{row.pseudoAgCode} / {row.pseudoUserId}
            </span>
          )}
        </span>
      </header>
      {row.changes.length > 0 ? (
        <table className={styles.changes}>
          <thead>
            <tr>
              <th scope="col">項目</th>
              <th scope="col">変更前</th>
              <th scope="col">変更後</th>
            </tr>
          </thead>
          <tbody>
            {row.changes.map((c) => (
              <Change key={c.field} change={c} />
            ))}
          </tbody>
        </table>
      ) : (
        <p className={styles.none}>変更された項目はありません。</p>
      )}
    </article>
  );
}

export function KanriAuditPage() {
  const [search] = useSearchParams();
  const [form, setForm] = useState<AuditFilter>(() => ({
    dateFrom: search.get('dateFrom') ?? '',
    dateTo: search.get('dateTo') ?? '',
    actor: search.get('actor') ?? '',
    entity: search.get('entity') ?? '',
    entityId: search.get('id') ?? '',
    text: '',
  }));
  const [applied, setApplied] = useState<AuditFilter>(form);
  const [answer, setAnswer] = useState<AuditListAnswer | null>(null);
  const [rows, setRows] = useState<AuditRowWire[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [chain, setChain] = useState<ChainStatusWire | null>(null);

  const fail = (error: unknown) => {
    if (isApiError(error) && error.outOfOperation) return;
    setErrors([errorMessageText(error)]);
  };

  const load = useCallback(async (filter: AuditFilter, cursor?: string) => {
    setBusy(true);
    setErrors([]);
    try {
      const page = await loadAuditPage(filter, cursor);
      setAnswer(page);
      setRows((prev) => (cursor ? [...prev, ...page.auditList] : page.auditList));
      setApplied(filter);
      if (!cursor) setForm((f) => ({ ...f, dateFrom: page.dateFrom, dateTo: page.dateTo }));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    void load(form);
    checkChain(false).then(setChain, () => setChain(null));
    // Once when the screen opens, with the filter of its address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void load(form);
  };
  const set = (key: keyof AuditFilter) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  async function csv() {
    setBusy(true);
    try {
      const file = await downloadAuditCsv(applied);
      saveBlob(file.blob, file.fileName);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={layout.panel} aria-labelledby="kanri-audit-title">
      <div className={layout.panelHeader}>
        <h1 id="kanri-audit-title" className={layout.title}>
          監査ログ
        </h1>
      </div>
      <div className={layout.panelBody}>
        <ChainBanner status={chain} recheck={() => void checkChain(true).then(setChain, fail)} />
        <FormErrors messages={errors} />
        <form className={styles.filters} onSubmit={submit} aria-label="検索条件">
          <label>
            期間From
            <input type="date" value={form.dateFrom?.replaceAll('/', '-') ?? ''} onChange={set('dateFrom')} />
          </label>
          <label>
            期間To
            <input type="date" value={form.dateTo?.replaceAll('/', '-') ?? ''} onChange={set('dateTo')} />
          </label>
          <label>
            操作者（ユーザーID・代理店コード）
            <input type="text" maxLength={20} value={form.actor ?? ''} onChange={set('actor')} />
          </label>
          <label>
            画面
            <select value={form.entity ?? ''} onChange={set('entity')}>
              <option value="">すべて</option>
              {answer?.entityOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.text}
                </option>
              ))}
            </select>
          </label>
          <label>
            対象ID
            <input type="text" maxLength={100} value={form.entityId ?? ''} onChange={set('entityId')} />
          </label>
          <label>
            キーワード
            <input type="text" maxLength={100} value={form.text ?? ''} onChange={set('text')} />
          </label>
          <div className={styles.buttons}>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              検索
            </button>
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void csv()}>
              CSV出力
            </button>
          </div>
        </form>
        {answer && rows.length === 0 && <p className={styles.none}>条件に該当する監査ログはありません。</p>}
        <div className={styles.list}>
          {rows.map((r) => (
            <AuditEntry key={r.auditId} row={r} />
          ))}
        </div>
        {answer?.nextCursor && (
          <button
            type="button"
            className={`btn btn-secondary ${styles.more}`}
            disabled={busy}
            onClick={() => void load(applied, answer.nextCursor)}
          >
            さらに表示
          </button>
        )}
      </div>
    </section>
  );
}
