// The read-only summary above a form's fields (the definition's `summary`): a request's number,
// date, agent and status once it has been saved. A value is an expression (=record.appNo) or a
// template naming values in braces; an empty one is left out (summary-lines.ts).
import { summaryLines } from './summary-lines';
import styles from './FormLayout.module.css';

export { summaryLines };

export function Summary({ lines }: { lines: { label: string; value: string }[] }) {
  if (lines.length === 0) return null;
  return (
    <dl className={styles.summary}>
      {lines.map((line) => (
        <div key={line.label}>
          <dt>{line.label}</dt>
          <dd>{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}
