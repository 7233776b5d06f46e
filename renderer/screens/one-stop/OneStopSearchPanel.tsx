// The search panel of the one-stop guide: keyword (at most 50; a single character is ERR_0028,
// the site-search rule, run again on the server) and the tags of the one-stop categories, grouped
// by category; 検索 switches to the results, 初期表示に戻る back to the category blocks.
import { useId, useState, type FormEvent } from 'react';
import { KEYWORD_MAX_LENGTH, validateSearchKeyword } from '../../../schemas/rules/keyword';
import { alertMessage } from '../../app/dialog';
import { messagesOf } from '../../app/form/rule-results';
import type { SearchTag } from '../search/search-calls';
import type { OneStopNarrowing } from './calls';
import styles from './OneStopGide.module.css';

interface Props {
  value: OneStopNarrowing;
  tags: SearchTag[];
  disabled: boolean;
  searching: boolean;
  onChange: (n: OneStopNarrowing) => void;
  onSearch: (n: OneStopNarrowing) => void;
  onBack: () => void;
}

export function OneStopSearchPanel({ value, tags, disabled, searching, onChange, onSearch, onBack }: Props) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const checked = new Set(value.tags);

  const toggle = (tagId: number, on: boolean) => {
    const next = new Set(value.tags);
    if (on) next.add(tagId);
    else next.delete(tagId);
    onChange({ ...value, tags: [...next].sort((a, b) => a - b) });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const keyword = value.keyword.trim();
    const messages = messagesOf(validateSearchKeyword(keyword, { field: 'keyword', label: 'キーワード', required: false }));
    if (messages.length) {
      setBusy(true);
      await alertMessage(messages.join('\n'));
      setBusy(false);
      return;
    }
    onSearch({ ...value, keyword });
  };

  const groups: Array<{ name: string; tags: SearchTag[] }> = [];
  for (const tag of tags) {
    const name = tag.categoryName || '共通';
    const group = groups.find((g) => g.name === name) ?? groups[groups.push({ name, tags: [] }) - 1];
    group.tags.push(tag);
  }

  return (
    <section className={styles.sideBox} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sideTitle}>
        ワンストップガイドを探す
      </h2>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className={styles.sideSection}>
          <label htmlFor={`${id}-keyword`} className={styles.sideLabel}>
            キーワード
          </label>
          <input
            id={`${id}-keyword`}
            type="search"
            className="input"
            value={value.keyword}
            maxLength={KEYWORD_MAX_LENGTH}
            placeholder="例：納期"
            onChange={(e) => onChange({ ...value, keyword: e.target.value })}
          />
        </div>
        {groups.length > 0 && (
          <fieldset className={styles.sideSection}>
            <legend className={styles.sideLabel}>タグ</legend>
            {groups.map((g) => (
              <div key={g.name} className={styles.tagGroup} role="group" aria-label={`${g.name}のタグ`}>
                <span className={styles.tagGroupName}>{g.name}</span>
                <div className={styles.tagList}>
                  {g.tags.map((tag) => (
                    <label key={tag.tagId} className={`${styles.tag} ${checked.has(tag.tagId) ? styles.tagOn : ''}`}>
                      <input type="checkbox" checked={checked.has(tag.tagId)} onChange={(e) => toggle(tag.tagId, e.target.checked)} />
                      <span>{tag.tagName}</span>
                    </label>
                  ))}
                </div>
              </div>
            ))}
          </fieldset>
        )}
        <div className={styles.sideActions}>
          <button type="submit" className="btn btn-primary" disabled={disabled || busy}>
            検索
          </button>
          {searching && (
            <button type="button" className="btn btn-secondary" onClick={onBack}>
              初期表示に戻る
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
