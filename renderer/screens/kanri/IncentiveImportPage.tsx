// /incentive-jisseki-torikomi (issue 12): the provider's import of monthly incentive figures.
// Hand-written, not a schemas/forms definition: the generic form renderer saves one record,
// while this screen reads a file, shows the dry run's list of changes and then imports it.
// Row-level messages come from the server (schemas/rules/incentive-import.ts) and show above.
import { useState } from 'react';
import { formatMessage } from '../../../schemas/messages/format';
import { apiPostMultipart, errorMessageText, isApiError } from '../../api/client';
import { alertMessage, confirmMessage } from '../../app/dialog';
import { FormErrors } from '../../app/form';
import { effectiveIds } from '../../app/session';
import layout from '../../forms/FormLayout.module.css';
import { forgetLocalFile, localFileOf, type LocalFileEntry } from '../../forms/local-files';
import { CsvFileInput } from '../../forms/widgets/CsvFileWidget';
import styles from './IncentiveImport.module.css';

interface Values {
  sales: number | null;
  target: number | null;
  activeIds: number;
}

interface Change {
  lineNo: number;
  changeKbn: 'insert' | 'update';
  daihyoCode: string;
  targetSystem: string;
  systemName: string;
  year: number;
  month: number;
  before: Values | null;
  after: Values;
}

interface ImportAnswer {
  isDryRun: boolean;
  fileName: string;
  totalCount: number;
  insertCount: number;
  updateCount: number;
  unchangedCount: number;
  changeList: Change[];
}

const PATH = '/api/IncentiveKanri/importJisseki';
const yen = new Intl.NumberFormat('ja-JP');
const amount = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : `${v < 0 ? '-' : ''}¥${yen.format(Math.abs(v))}`;

function send(file: File, isDryRun: boolean): Promise<ImportAnswer> {
  const ids = effectiveIds();
  const form = new FormData();
  form.set('userId', ids.userId);
  form.set('agCode', ids.agCode);
  form.set('isDryRun', isDryRun ? 'true' : 'false');
  form.set('uploadFile', file, file.name);
  return apiPostMultipart<ImportAnswer>(PATH, form);
}

export function IncentiveImportPage() {
  const [file, setFile] = useState<File | null>(null);
  const [picked, setPicked] = useState<LocalFileEntry | null>(null);
  // The portal's own picker (ファイルを選択, the name, 選択を解除), as every other screen that takes a file.
  const choose = (entry: LocalFileEntry | null) => {
    forgetLocalFile(picked);
    setPicked(entry);
    setFile(entry ? (localFileOf(entry) ?? null) : null);
    setPlan(null);
    setErrors([]);
  };
  const [plan, setPlan] = useState<ImportAnswer | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  async function run(isDryRun: boolean) {
    if (!file) {
      setErrors([formatMessage('ERR_0001', ['取込ファイル'])]);
      return;
    }
    if (
      !isDryRun &&
      !(await confirmMessage(formatMessage('CNF_0003', [String((plan?.insertCount ?? 0) + (plan?.updateCount ?? 0))])))
    )
      return;
    setBusy(true);
    setErrors([]);
    try {
      const answer = await send(file, isDryRun);
      setPlan(answer);
      if (!isDryRun) await alertMessage(formatMessage('INF_0001', ['インセンティブ実績', '取込']));
    } catch (error) {
      if (isApiError(error) && error.outOfOperation) return;
      setPlan(null);
      setErrors([errorMessageText(error)]);
    } finally {
      setBusy(false);
    }
  }

  const changes = plan ? plan.insertCount + plan.updateCount : 0;
  return (
    <section className={layout.panel} aria-labelledby="incentive-import-title">
      <div className={layout.panelHeader}>
        <h1 id="incentive-import-title" className={layout.title}>
          インセンティブ実績取込
        </h1>
      </div>
      <div className={layout.panelBody}>
        <FormErrors messages={errors} />
        <p className={styles.note}>
          月次実績のCSV（1行目は見出し：代表コード,対象システム,年,月,売上実績,目標,稼働ID数）を選び、取込内容を確認してから取り込みます。
          同じ代表コード・対象システム・年月の実績は上書きされます。
        </p>
        <div className={styles.row}>
          <label className={styles.label} htmlFor="incentive-import-file">
            取込ファイル
          </label>
          <CsvFileInput
            id="incentive-import-file"
            label="取込ファイル"
            entry={picked ? { fileName: picked.fileName } : undefined}
            accept=".csv,text/csv"
            countLabel="件"
            disabled={busy}
            onPick={choose}
            onClear={() => choose(null)}
          />
          <button type="button" className="btn btn-secondary" disabled={busy || !file} onClick={() => void run(true)}>
            取込内容を確認
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || !plan || !plan.isDryRun || changes === 0}
            onClick={() => void run(false)}
          >
            取り込む
          </button>
        </div>
        {plan && (
          <div className={styles.result} aria-live="polite">
            <p className={styles.counts}>
              {plan.isDryRun ? '取込内容の確認' : '取込結果'}（{plan.fileName}）：全{plan.totalCount}件／追加{' '}
              {plan.insertCount}件／更新 {plan.updateCount}件／変更なし {plan.unchangedCount}件
            </p>
            {plan.changeList.length > 0 && (
              <table className={styles.table} aria-label="変更される実績">
                <thead>
                  <tr>
                    <th scope="col">行</th>
                    <th scope="col">区分</th>
                    <th scope="col">代表コード</th>
                    <th scope="col">対象システム</th>
                    <th scope="col">年月</th>
                    <th scope="col">売上実績</th>
                    <th scope="col">目標</th>
                    <th scope="col">稼働ID数</th>
                  </tr>
                </thead>
                <tbody>
                  {plan.changeList.map((c) => (
                    <tr key={`${c.lineNo}`}>
                      <td className={styles.num}>{c.lineNo}</td>
                      <td>{c.changeKbn === 'insert' ? '追加' : '更新'}</td>
                      <td>{c.daihyoCode}</td>
                      <td>{c.systemName}</td>
                      <td>
                        {c.year}年{c.month}月
                      </td>
                      <td className={styles.num}>
                        {c.before && c.before.sales !== c.after.sales
                          ? `${amount(c.before.sales)} → ${amount(c.after.sales)}`
                          : amount(c.after.sales)}
                      </td>
                      <td className={styles.num}>
                        {c.before && c.before.target !== c.after.target
                          ? `${amount(c.before.target)} → ${amount(c.after.target)}`
                          : amount(c.after.target)}
                      </td>
                      <td className={styles.num}>
                        {c.before && c.before.activeIds !== c.after.activeIds
                          ? `${c.before.activeIds} → ${c.after.activeIds}`
                          : c.after.activeIds}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
