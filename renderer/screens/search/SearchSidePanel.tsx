// Side panel of the search screen (spec 000 §2): a narrowing keyword, category checkbox groups
// (a parent checks or clears its children), tag checkboxes, and for provider administrators or
// on the notices category the posting-date range and 掲載期間外も表示. 絞り込む checks the rules
// in the browser (the server checks them again) and searches again from page 1.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatMessage } from '../../../schemas/messages/format';
import { KEYWORD_MAX_LENGTH, validateSearchKeyword } from '../../../schemas/rules/keyword';
import { alertMessage } from '../../app/dialog';
import { messagesOf } from '../../app/form/rule-results';
import { NO_NARROWING, type Narrowing, type SearchTag } from './search-calls';
import type { CategoryGroup } from './search-state';
import styles from './SiteSearch.module.css';

export const NARROW_KEYWORD_LABEL = '絞り込みキーワード';
const MAX_DATE = '9999-12-31';

interface Props {
  initial: Narrowing;
  groups: CategoryGroup[];
  tags: SearchTag[];
  adminOptions: boolean;
  disabled: boolean;
  onNarrow: (narrowing: Narrowing) => void;
}

function ParentCheckbox({ group, checked, onChange }: { group: CategoryGroup; checked: ReadonlySet<number>; onChange: (ids: number[], on: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  const ids = group.members.map((m) => m.categoryId);
  const count = ids.filter((id) => checked.has(id)).length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && count < ids.length;
  }, [count, ids.length]);
  return (
    <label className={styles.checkParent}>
      <input ref={ref} type="checkbox" checked={count === ids.length} onChange={(e) => onChange(ids, e.target.checked)} />
      <span>{group.name}</span>
    </label>
  );
}

export function SearchSidePanel({ initial, groups, tags, adminOptions, disabled, onNarrow }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<Narrowing>(initial);
  const checkedCategories = new Set(draft.categories);
  const checkedTags = new Set(draft.tags);

  const setCategories = (ids: number[], on: boolean) => {
    const next = new Set(draft.categories);
    for (const c of ids) {
      if (on) next.add(c);
      else next.delete(c);
    }
    setDraft({ ...draft, categories: [...next].sort((a, b) => a - b) });
  };
  const toggleTag = (tagId: number, on: boolean) => {
    const next = new Set(draft.tags);
    if (on) next.add(tagId);
    else next.delete(tagId);
    setDraft({ ...draft, tags: [...next].sort((a, b) => a - b) });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const keyword = draft.keyword.trim();
    const messages = messagesOf(validateSearchKeyword(keyword, { field: 'narrowKeyword', label: NARROW_KEYWORD_LABEL, required: false }));
    if (adminOptions && draft.from && draft.to && draft.from > draft.to) messages.push(formatMessage('ERR_0005', ['掲載期間From', '掲載期間To']));
    if (messages.length) {
      await alertMessage(messages.join('\n'));
      return;
    }
    onNarrow({ ...draft, keyword });
  };

  // Tags grouped by their category (common tags under 共通), in the order the API gave.
  const tagGroups: Array<{ name: string; tags: SearchTag[] }> = [];
  for (const tag of tags) {
    const name = tag.categoryName || '共通';
    const group = tagGroups.find((g) => g.name === name) ?? tagGroups[tagGroups.push({ name, tags: [] }) - 1];
    group.tags.push(tag);
  }

  return (
    <aside className={styles.side} aria-label="絞り込み">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <h2 className={styles.sideTitle}>絞り込み</h2>
        <div className={styles.sideSection}>
          <label htmlFor={`${id}-keyword`} className={styles.sideLabel}>
            {NARROW_KEYWORD_LABEL}
          </label>
          <input
            id={`${id}-keyword`}
            type="search"
            className="input"
            value={draft.keyword}
            maxLength={KEYWORD_MAX_LENGTH}
            placeholder="結果をさらに絞り込む"
            onChange={(e) => setDraft({ ...draft, keyword: e.target.value })}
          />
        </div>

        {groups.length > 0 && (
          <fieldset className={styles.sideSection}>
            <legend className={styles.sideLabel}>カテゴリ</legend>
            {groups.map((group) =>
              group.members.length === 1 && group.members[0].categoryName === group.name ? (
                <label key={group.key} className={styles.checkParent}>
                  <input type="checkbox" checked={checkedCategories.has(group.members[0].categoryId)} onChange={(e) => setCategories([group.members[0].categoryId], e.target.checked)} />
                  <span>{group.name}</span>
                </label>
              ) : (
                <div key={group.key} className={styles.checkGroup} role="group" aria-label={group.name}>
                  <ParentCheckbox group={group} checked={checkedCategories} onChange={setCategories} />
                  <div className={styles.checkChildren}>
                    {group.members.map((m) => (
                      <label key={m.categoryId} className={styles.check}>
                        <input type="checkbox" checked={checkedCategories.has(m.categoryId)} onChange={(e) => setCategories([m.categoryId], e.target.checked)} />
                        <span>{m.categoryName}</span>
                      </label>
                    ))}
                  </div>
                </div>
              ),
            )}
          </fieldset>
        )}

        {tagGroups.length > 0 && (
          <fieldset className={styles.sideSection}>
            <legend className={styles.sideLabel}>タグ</legend>
            {tagGroups.map((group) => (
              <div key={group.name} className={styles.tagGroup} role="group" aria-label={`${group.name}のタグ`}>
                <span className={styles.tagGroupName}>{group.name}</span>
                <div className={styles.tagList}>
                  {group.tags.map((tag) => (
                    <label key={tag.tagId} className={`${styles.tag} ${checkedTags.has(tag.tagId) ? styles.tagOn : ''}`}>
                      <input type="checkbox" checked={checkedTags.has(tag.tagId)} onChange={(e) => toggleTag(tag.tagId, e.target.checked)} />
                      <span>{tag.tagName}</span>
                    </label>
                  ))}
                </div>
              </div>
            ))}
          </fieldset>
        )}

        {adminOptions && (
          <fieldset className={styles.sideSection}>
            <legend className={styles.sideLabel}>掲載期間</legend>
            <div className={styles.dates}>
              <label className="visually-hidden" htmlFor={`${id}-from`}>
                掲載期間From
              </label>
              <input id={`${id}-from`} type="date" className="input" max={MAX_DATE} value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
              <span aria-hidden="true">〜</span>
              <label className="visually-hidden" htmlFor={`${id}-to`}>
                掲載期間To
              </label>
              <input id={`${id}-to`} type="date" className="input" max={MAX_DATE} value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
            </div>
            <label className={styles.check}>
              <input type="checkbox" checked={draft.outside} onChange={(e) => setDraft({ ...draft, outside: e.target.checked })} />
              <span>掲載期間外も表示</span>
            </label>
          </fieldset>
        )}

        <div className={styles.sideActions}>
          <button type="submit" className="btn btn-primary" disabled={disabled}>
            絞り込む
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={disabled}
            onClick={() => {
              setDraft(NO_NARROWING);
              onNarrow(NO_NARROWING);
            }}
          >
            クリア
          </button>
        </div>
      </form>
    </aside>
  );
}
