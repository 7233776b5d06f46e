// The rules of a definition, one row each: its kind, fields and condition, its message code and
// the catalogue's Japanese text, and whether it fires on the record in the form right now.
import { formatMessage } from '../../../schemas/messages/format';
import { ruleFields, ruleMessages, type Rule, type RuleResult } from '../../../schemas/rules/engine';
import styles from './Playground.module.css';

interface Props {
  rules: readonly Rule[];
  /** Per rule, what it answers for the current record (empty: it does not fire). */
  results: readonly RuleResult[][];
}

export function RuleTable({ rules, results }: Props) {
  if (rules.length === 0) return <p className={styles.note}>この定義にルールはありません。</p>;
  const firing = results.filter((r) => r.length > 0).length;
  return (
    <>
      <p className={styles.note} aria-live="polite">
        {rules.length} 件のルールのうち {firing} 件が発生しています（入力のたびに全ルールを実行）。
      </p>
      <div className={styles.tableScroll}>
        <table className={styles.rules}>
          <thead>
            <tr>
              <th scope="col">No.</th>
              <th scope="col">ルール</th>
              <th scope="col">項目</th>
              <th scope="col">コード</th>
              <th scope="col">メッセージ（カタログ）</th>
              <th scope="col">判定</th>
            </tr>
          </thead>
          <tbody>
            {rules.map((rule, i) => {
              const fired = results[i] ?? [];
              return (
                <tr
                  key={i}
                  className={fired.length > 0 ? styles.fired : undefined}
                  data-rule={i}
                  data-fired={fired.length > 0}
                >
                  <td>{i + 1}</td>
                  <td>
                    <code>{rule.rule}</code>
                    {rule.when && <span className={styles.condition}>条件付き</span>}
                  </td>
                  <td className={styles.fields}>{ruleFields(rule).join(', ')}</td>
                  <td>
                    {ruleMessages(rule).map((code) => (
                      <code key={code} className={styles.code}>
                        {code}
                      </code>
                    ))}
                  </td>
                  <td>
                    {ruleMessages(rule).map((code) => (
                      <div key={code}>{formatMessage(code, rule.args ?? [])}</div>
                    ))}
                  </td>
                  <td>
                    {fired.length > 0 ? (
                      <span className={styles.firedMark}>発生{fired.length > 1 ? `（${fired.length}件）` : ''}</span>
                    ) : (
                      <span className={styles.quiet}>―</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
