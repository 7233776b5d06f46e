// Three link rows (spec 001: caption and URL per row, rowNo 1–3). The value is the whole list;
// each input blurs as its own path (contentsLinkList.0.url …) so the rules of that row run.
// ui:options: rows (3), captionKey ("caption"), urlKey ("url").
import { memo, useCallback } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { ID_SEPARATOR, type FormStore } from '../form-store';
import { storeOf, useFieldMessages } from '../use-form-store';
import styles from './Widgets.module.css';

type LinkRow = Record<string, unknown>;

function rowsOf(value: unknown, count: number): LinkRow[] {
  const list = Array.isArray(value) ? (value as LinkRow[]) : [];
  return Array.from({ length: count }, (_, i) => ({ ...(list[i] ?? {}), rowNo: i + 1 }));
}

interface CellProps {
  id: string;
  store: FormStore | undefined;
  label: string;
  value: unknown;
  placeholder: string;
  disabled: boolean;
  onChange: (value: string) => void;
  onBlur: (id: string, value: unknown) => void;
}

function Cell({ id, store, label, value, placeholder, disabled, onChange, onBlur }: CellProps) {
  const invalid = useFieldMessages(store, store ? store.pathOfId(id) : '').length > 0;
  return (
    <input
      id={id}
      className="input"
      aria-label={label}
      placeholder={placeholder}
      value={typeof value === 'string' ? value : ''}
      disabled={disabled}
      aria-invalid={invalid || undefined}
      onChange={(event) => onChange(event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
    />
  );
}

function LinkRowsWidgetFn(props: WidgetProps) {
  const { id, value, options, disabled, readonly, onChange, onBlur, registry, label } = props;
  const store = storeOf(registry);
  const count = typeof options.rows === 'number' ? options.rows : 3;
  const captionKey = typeof options.captionKey === 'string' ? options.captionKey : 'caption';
  const urlKey = typeof options.urlKey === 'string' ? options.urlKey : 'url';
  const rows = rowsOf(value, count);

  const set = useCallback(
    (index: number, key: string, text: string) => {
      const next = rowsOf(value, count).map((row, i) => (i === index ? { ...row, [key]: text } : row));
      onChange(next);
    },
    [value, count, onChange],
  );

  return (
    <ol className={styles.rows} aria-label={label}>
      {rows.map((row, i) => (
        <li key={i} className={styles.linkRow}>
          <span className={styles.rowNo}>{i + 1}</span>
          <Cell
            id={[id, i, captionKey].join(ID_SEPARATOR)}
            store={store}
            label={`リンク${i + 1} 表示名`}
            placeholder="表示名"
            value={row[captionKey]}
            disabled={Boolean(disabled || readonly)}
            onChange={(text) => set(i, captionKey, text)}
            onBlur={onBlur}
          />
          <Cell
            id={[id, i, urlKey].join(ID_SEPARATOR)}
            store={store}
            label={`リンク${i + 1} URL`}
            placeholder="https://"
            value={row[urlKey]}
            disabled={Boolean(disabled || readonly)}
            onChange={(text) => set(i, urlKey, text)}
            onBlur={onBlur}
          />
        </li>
      ))}
    </ol>
  );
}

export const LinkRowsWidget = memo(LinkRowsWidgetFn);
