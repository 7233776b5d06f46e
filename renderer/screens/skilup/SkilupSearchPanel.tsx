// The side search panel of the skill-up hub (spec 002 sections 2.2 and 5): keyword (at most 50;
// a single character is ERR_0028), tags grouped by phase, 未視聴のみ, and for provider
// administrators 掲載期間外も表示. The rules run here first and again on the server.
import { useId, useState, type FormEvent } from 'react';
import { KEYWORD_MAX_LENGTH, validateSearchKeyword } from '../../../schemas/rules/keyword';
import { alertMessage } from '../../app/dialog';
import { messagesOf } from '../../app/form/rule-results';
import type { SkilupTag, VideoNarrowing } from './calls';
import styles from './Skilup.module.css';

export const KEYWORD_LABEL = 'キーワード';

interface Props {
  value: VideoNarrowing;
  tags: SkilupTag[];
  adminOptions: boolean;
  disabled: boolean;
  onSearch: (n: VideoNarrowing) => void;
  onChange: (n: VideoNarrowing) => void;
}

export function SkilupSearchPanel({ value, tags, adminOptions, disabled, onSearch, onChange }: Props) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const checked = new Set(value.tags);

  const toggleTag = (tagId: number, on: boolean) => {
    const next = new Set(value.tags);
    if (on) next.add(tagId);
    else next.delete(tagId);
    onChange({ ...value, tags: [...next].sort((a, b) => a - b) });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const keyword = value.keyword.trim();
    const messages = messagesOf(validateSearchKeyword(keyword, { field: 'narrowKeyword', label: KEYWORD_LABEL, required: false }));
    if (messages.length) {
      setBusy(true);
      await alertMessage(messages.join('\n'));
      setBusy(false);
      return;
    }
    onSearch({ ...value, keyword });
  };

  // The tags of each phase, in the server's order.
  const groups: Array<{ phaseId: number; phaseName: string; tags: SkilupTag[] }> = [];
  for (const tag of tags) {
    const group = groups.find((g) => g.phaseId === tag.phaseId) ?? groups[groups.push({ phaseId: tag.phaseId, phaseName: tag.phaseName, tags: [] }) - 1];
    group.tags.push(tag);
  }

  return (
    <section className={styles.sideBox} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sideTitle}>
        動画を探す
      </h2>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className={styles.sideSection}>
          <label htmlFor={`${id}-keyword`} className={styles.sideLabel}>
            {KEYWORD_LABEL}
          </label>
          <input
            id={`${id}-keyword`}
            type="search"
            className="input"
            value={value.keyword}
            maxLength={KEYWORD_MAX_LENGTH}
            placeholder="例：ヒアリング"
            onChange={(e) => onChange({ ...value, keyword: e.target.value })}
          />
        </div>
        {groups.length > 0 && (
          <fieldset className={styles.sideSection}>
            <legend className={styles.sideLabel}>タグ</legend>
            {groups.map((g) => (
              <div key={g.phaseId} className={styles.tagGroup} role="group" aria-label={`${g.phaseName}のタグ`}>
                <span className={styles.tagGroupName}>{g.phaseName}</span>
                <div className={styles.tagList}>
                  {g.tags.map((tag) => (
                    <label key={`${g.phaseId}-${tag.tagId}`} className={`${styles.tag} ${checked.has(tag.tagId) ? styles.tagOn : ''}`}>
                      <input type="checkbox" checked={checked.has(tag.tagId)} onChange={(e) => toggleTag(tag.tagId, e.target.checked)} />
                      <span>{tag.tagName}</span>
                    </label>
                  ))}
                </div>
              </div>
            ))}
          </fieldset>
        )}
        <div className={styles.sideSection}>
          <label className={styles.check}>
            <input type="checkbox" checked={value.onlyUnwatched} onChange={(e) => onChange({ ...value, onlyUnwatched: e.target.checked })} />
            <span>未視聴のみ</span>
          </label>
          {adminOptions && (
            <label className={styles.check}>
              <input type="checkbox" checked={value.outsidePostPeriod} onChange={(e) => onChange({ ...value, outsidePostPeriod: e.target.checked })} />
              <span>掲載期間外も表示</span>
            </label>
          )}
        </div>
        <div className={styles.sideActions}>
          <button type="submit" className="btn btn-primary" disabled={disabled || busy}>
            検索
          </button>
        </div>
      </form>
    </section>
  );
}
