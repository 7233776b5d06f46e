// Who sees a content, popup or setting (spec 001 hyojiTaisho): all agents (0), an agent
// segment (1) or individual agent codes (2), typed or taken from a CSV file ("N件": non-blank
// lines, quotes removed, as the server reads it). The widget sits on the target field and owns
// its sibling fields, named in ui:options (defaults are the wire names of the content form):
//   segmentField "agSegmentId", codeField "agCode", listField "agCodeList" (the CSV file entry,
//   which the csvList rules check), codesField "hyojiTaishoCodeList" (the codes read from it),
//   segmentSource "agSegmentList" (initial data: agSegmentCode/agSegmentId and agSegmentName),
//   labels: ["全代理店", "AGセグメント", "代理店コード"], values: ["0", "1", "2"],
//   csv (false: agent codes are typed only, the settings' one code),
//   firstTakenBy (an initial-data value: when it is filled and is not the record's own `selfField`,
//   the first choice is disabled: another default setting exists).
// Changing the target clears the segment, the code and the code list (spec 001 section 4).
import { memo } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { parseCsvList } from '../../../schemas/rules/csv';
import { storeOf, useFieldMessages, useRecordValue } from '../use-form-store';
import { forgetLocalFile, type LocalFileEntry } from '../local-files';
import { CsvFileInput } from './CsvFileWidget';
import styles from './Widgets.module.css';

const str = (v: unknown, fallback = '') => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback);

function DisplayTargetWidgetFn(props: WidgetProps) {
  const { id, value, options, disabled, readonly, onChange, onBlur, registry } = props;
  const store = storeOf(registry);
  const segmentField = str(options.segmentField, 'agSegmentId');
  const codeField = str(options.codeField, 'agCode');
  const listField = str(options.listField, 'agCodeList');
  const codesField = str(options.codesField, 'hyojiTaishoCodeList');
  const segmentSource = str(options.segmentSource, 'agSegmentList');
  const values = Array.isArray(options.values) ? (options.values as string[]) : ['0', '1', '2'];
  const labels = Array.isArray(options.labels)
    ? (options.labels as string[])
    : ['全代理店', 'AGセグメント', '代理店コード'];
  const segmentLabel = str(options.segmentLabel, '対象のAGセグメント');
  const codeLabel = str(options.codeLabel, '対象の代理店コード');
  const locked = Boolean(disabled || readonly);
  const withCsv = options.csv !== false;

  const target = str(value);
  const segment = str(useRecordValue(store, segmentField));
  const code = str(useRecordValue(store, codeField));
  const list = useRecordValue(store, listField) as LocalFileEntry | undefined;
  const segmentId = store ? store.idOfPath(segmentField) : `${id}-segment`;
  const codeId = store ? store.idOfPath(codeField) : `${id}-code`;
  const listId = store ? store.idOfPath(listField) : `${id}-list`;
  const segmentInvalid = useFieldMessages(store, segmentField).length > 0;
  const codeInvalid = useFieldMessages(store, codeField).length > 0;
  const takenBy = str(store?.data[str(options.firstTakenBy)]);
  const self = str(useRecordValue(store, str(options.selfField)));
  const firstTaken = str(options.firstTakenBy) !== '' && takenBy !== '' && takenBy !== self;
  const segments = Array.isArray(store?.data[segmentSource])
    ? (store.data[segmentSource] as Record<string, unknown>[])
    : [];

  const changeTarget = (next: string) => {
    forgetLocalFile(list);
    const cleared = { [segmentField]: undefined, [codeField]: undefined, [listField]: undefined, [codesField]: [] };
    if (store) store.patch({ [store.pathOfId(id)]: next, ...cleared });
    else onChange(next);
  };

  const pickList = (entry: LocalFileEntry) => {
    forgetLocalFile(list);
    const codes = parseCsvList(entry.text ?? '').map((e) => e.value);
    store?.patch({ [listField]: entry, [codesField]: codes });
    store?.validatePath(listField, store.recordWith(listField, entry));
  };
  const clearList = () => {
    forgetLocalFile(list);
    store?.patch({ [listField]: undefined, [codesField]: [] });
    store?.validatePath(listField, store.recordWith(listField, undefined));
  };

  return (
    <div>
      <fieldset id={id} className={styles.radios} aria-labelledby={`${id}-label`}>
        {values.map((v, i) => (
          <label key={v} className={styles.radio}>
            <input
              type="radio"
              id={`${id}-${v}`}
              name={id}
              value={v}
              checked={target === v}
              disabled={locked || (i === 0 && firstTaken)}
              onChange={() => changeTarget(v)}
              onBlur={() => onBlur(id, target)}
            />
            {labels[i] ?? v}
          </label>
        ))}
      </fieldset>
      {target === values[1] && (
        <div className={styles.sub}>
          <label className={styles.subLabel} htmlFor={segmentId}>
            {segmentLabel}
          </label>
          <select
            id={segmentId}
            className="input"
            style={{ maxWidth: 360 }}
            value={segment}
            disabled={locked}
            aria-invalid={segmentInvalid || undefined}
            onChange={(event) =>
              store?.patch({ [segmentField]: event.target.value === '' ? undefined : event.target.value })
            }
            onBlur={(event) => onBlur(segmentId, event.target.value)}
          >
            <option value="">選択してください</option>
            {segments.map((s) => {
              const key = str(s.agSegmentCode ?? s.agSegmentId);
              return (
                <option key={key} value={key}>
                  {str(s.agSegmentName, key)}
                </option>
              );
            })}
          </select>
        </div>
      )}
      {target === values[2] && (
        <div className={styles.sub}>
          <label className={styles.subLabel} htmlFor={codeId}>
            {codeLabel}
          </label>
          <div className={styles.inline}>
            <input
              id={codeId}
              className={`input ${styles.short}`}
              value={code}
              disabled={locked}
              inputMode="text"
              autoComplete="off"
              aria-invalid={codeInvalid || undefined}
              onChange={(event) =>
                store?.patch({ [codeField]: event.target.value === '' ? undefined : event.target.value })
              }
              onBlur={(event) => onBlur(codeId, event.target.value)}
            />
            {withCsv && <span className={styles.or}>または CSVファイル</span>}
          </div>
          {withCsv && (
            <div style={{ marginTop: 8 }}>
              <CsvFileInput
                id={listId}
                label="代理店コード一覧（CSV）"
                entry={list}
                accept=".csv"
                countLabel="件"
                disabled={locked}
                onPick={pickList}
                onClear={clearList}
              />
            </div>
          )}
        </div>
      )}
    </div>
  );
}

export const DisplayTargetWidget = memo(DisplayTargetWidgetFn);
