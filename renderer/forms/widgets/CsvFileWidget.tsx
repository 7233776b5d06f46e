// A CSV file chosen for a multipart call (a segment's agent codes): the file name, the number of
// entries ("N件": non-blank lines, as the server imports them) and a button to take it back.
// The file is read in the browser so the csvList rules can check it on the spot; the File
// itself stays in local-files.ts until the call sends it. No base64, no data URL.
import { memo, useRef, type ChangeEvent } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { storeOf } from '../use-form-store';
import { forgetLocalFile, isLocalFileEntry, localFileEntry, type LocalFileEntry } from '../local-files';
import styles from './Widgets.module.css';

interface CsvFileInputProps {
  id: string;
  /** Name of the hidden file input when no label of the form points at it. */
  label?: string;
  entry: LocalFileEntry | { fileName?: string; count?: number } | undefined;
  accept: string;
  countLabel: string;
  disabled?: boolean;
  describedBy?: string;
  onPick: (entry: LocalFileEntry) => void;
  onClear: () => void;
}

/** The picker itself, shared with the display target's agent code list. */
export function CsvFileInput({
  id,
  label,
  entry,
  accept,
  countLabel,
  disabled,
  describedBy,
  onPick,
  onClear,
}: CsvFileInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onPick(await localFileEntry(file, true));
  };
  const name = entry?.fileName;
  return (
    <div className={styles.inline}>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        className="visually-hidden"
        tabIndex={-1}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-label={label}
        onChange={(event) => void pick(event)}
      />
      <button
        type="button"
        className="btn btn-secondary"
        disabled={disabled}
        onClick={() => input.current?.click()}
        aria-label={label ? `${label}を選択` : undefined}
      >
        ファイルを選択
      </button>
      {name ? (
        <span className={styles.fileName} title={name}>
          {name}
        </span>
      ) : (
        <span className={styles.placeholder}>ファイルが選択されていません</span>
      )}
      {typeof entry?.count === 'number' && (
        <span className={styles.count} aria-label={`取込件数 ${entry.count}${countLabel}`}>
          {entry.count.toLocaleString('ja-JP')}
          {countLabel}
        </span>
      )}
      {name && (
        <button type="button" className={styles.linkButton} disabled={disabled} onClick={onClear}>
          選択を解除
        </button>
      )}
    </div>
  );
}

function CsvFileWidgetFn(props: WidgetProps) {
  const { id, value, options, disabled, readonly, onChange, registry } = props;
  const store = storeOf(registry);
  const accept = typeof options.accept === 'string' ? options.accept : '.csv';
  const countLabel = typeof options.countLabel === 'string' ? options.countLabel : '件';
  const path = store ? store.pathOfId(id) : '';

  const onPick = (entry: LocalFileEntry) => {
    forgetLocalFile(value);
    onChange(entry);
    // Checked at once (extension, name, size, contents), as on blur.
    store?.validatePath(path, store.recordWith(path, entry));
  };
  const onClear = () => {
    forgetLocalFile(value);
    onChange(undefined);
    store?.validatePath(path, store.recordWith(path, undefined));
  };

  return (
    <CsvFileInput
      id={id}
      entry={isLocalFileEntry(value) || (value && typeof value === 'object') ? (value as LocalFileEntry) : undefined}
      accept={accept}
      countLabel={countLabel}
      disabled={disabled || readonly}
      onPick={onPick}
      onClear={onClear}
    />
  );
}

export const CsvFileWidget = memo(CsvFileWidgetFn);
