// Search tags chosen in a modal (spec 001 notice form): the tags of the initial data grouped by
// category, checked ones shown as chips. The value is the tag list with isChecked flags (the wire
// shape of kensakuTagList); with ui:options.valueMode "selected", only the checked tags.
// ui:options: source ("kensakuTagList", a list of the initial data), idKey, nameKey, groupKey,
// checkedKey, valueMode.
import { memo, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { Modal } from '../Modal';
import { storeOf } from '../use-form-store';
import styles from './Widgets.module.css';

type Tag = Record<string, unknown>;

const str = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);

function TagPickerWidgetFn(props: WidgetProps) {
  const { id, value, options, disabled, readonly, onChange, registry, label } = props;
  const store = storeOf(registry);
  const path = store ? store.pathOfId(id) : '';
  const source = str(options.source, 'kensakuTagList');
  const idKey = str(options.idKey, 'tagId');
  const nameKey = str(options.nameKey, 'tagName');
  const groupKey = str(options.groupKey, 'categoryName');
  const checkedKey = str(options.checkedKey, 'isChecked');
  const selectedOnly = options.valueMode === 'selected';

  const all: Tag[] = Array.isArray(store?.data[source]) ? (store.data[source] as Tag[]) : [];
  const current: Tag[] = Array.isArray(value) ? (value as Tag[]) : [];
  const checkedIds = new Set(
    current.filter((t) => selectedOnly || t[checkedKey] === true).map((t) => String(t[idKey])),
  );
  const chosen = (all.length > 0 ? all : current).filter((t) => checkedIds.has(String(t[idKey])));

  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Set<string>>(new Set());

  const openPicker = () => {
    setDraft(new Set(checkedIds));
    setOpen(true);
  };
  const apply = () => {
    const list = all.length > 0 ? all : current;
    const next = selectedOnly
      ? list.filter((t) => draft.has(String(t[idKey])))
      : list.map((t) => ({ ...t, [checkedKey]: draft.has(String(t[idKey])) }));
    onChange(next);
    store?.validatePath(path, store.recordWith(path, next));
    setOpen(false);
  };

  const groups = new Map<string, Tag[]>();
  for (const tag of all) {
    const group = str(tag[groupKey], 'その他');
    groups.set(group, [...(groups.get(group) ?? []), tag]);
  }

  return (
    <div id={id} role="group" aria-labelledby={`${id}-label`}>
      {chosen.length > 0 ? (
        <ul className={styles.chips} aria-label={`選択中の${label}`}>
          {chosen.map((t) => (
            <li key={String(t[idKey])} className={styles.chip}>
              {str(t[nameKey], '')}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.placeholder} style={{ margin: '0 0 8px' }}>
          選択されていません
        </p>
      )}
      <button
        type="button"
        className="btn btn-secondary"
        disabled={disabled || readonly}
        onClick={openPicker}
        aria-haspopup="dialog"
      >
        {label}を選択
      </button>
      <Modal
        open={open}
        title={`${label}を選択`}
        onClose={() => setOpen(false)}
        footer={
          <>
            <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
              キャンセル
            </button>
            <button type="button" className="btn btn-primary" onClick={apply}>
              決定
            </button>
          </>
        }
      >
        {all.length === 0 && <p className={styles.placeholder}>選択できるタグがありません</p>}
        {[...groups.entries()].map(([group, tags]) => (
          <fieldset key={group} className={styles.pickGroup}>
            <legend>{group}</legend>
            <div className={styles.pickGrid}>
              {tags.map((t) => {
                const key = String(t[idKey]);
                return (
                  <label key={key} className={styles.pickOption}>
                    <input
                      type="checkbox"
                      checked={draft.has(key)}
                      onChange={(event) => {
                        const next = new Set(draft);
                        if (event.target.checked) next.add(key);
                        else next.delete(key);
                        setDraft(next);
                      }}
                    />
                    {str(t[nameKey], '')}
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))}
      </Modal>
    </div>
  );
}

export const TagPickerWidget = memo(TagPickerWidgetFn);
