// The search criteria of the event list or of the attendance history (spec 002 section 5): each
// list keeps its own. Keyword (at most 50, a single character is ERR_0028), tags, the event
// period From/To (From after To is ERR_0005; one side alone is completed by the server with
// 2001-01-01 / 9999-12-31), and for provider administrators on the event list 開催期間外も表示.
import { useId, useState, type FormEvent } from 'react';
import { formatMessage } from '../../../schemas/messages/format';
import { KEYWORD_MAX_LENGTH, validateSearchKeyword } from '../../../schemas/rules/keyword';
import { alertMessage } from '../../app/dialog';
import { messagesOf } from '../../app/form/rule-results';
import type { EventCriteria, EventTag } from './calls';
import styles from './Events.module.css';

export const KEYWORD_LABEL = 'キーワード';
export const FROM_LABEL = '開催期間From';
export const TO_LABEL = '開催期間To';
const MAX_DATE = '9999-12-31';

interface Props {
  title: string;
  value: EventCriteria;
  tags: EventTag[];
  outsideOption: boolean;
  disabled: boolean;
  onChange: (c: EventCriteria) => void;
  onSearch: (c: EventCriteria) => void;
}

export function EventSearchPanel({ title, value, tags, outsideOption, disabled, onChange, onSearch }: Props) {
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
    const messages = messagesOf(validateSearchKeyword(keyword, { field: 'narrowKeyword', label: KEYWORD_LABEL, required: false }));
    if (value.from && value.to && value.from > value.to) messages.push(formatMessage('ERR_0005', [FROM_LABEL, TO_LABEL]));
    if (messages.length) {
      setBusy(true);
      await alertMessage(messages.join('\n'));
      setBusy(false);
      return;
    }
    onSearch({ ...value, keyword });
  };
  return (
    <section className={styles.sideBox} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sideTitle}>
        {title}
      </h2>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className={styles.sideSection}>
          <label htmlFor={`${id}-keyword`} className={styles.sideLabel}>
            {KEYWORD_LABEL}
          </label>
          <input id={`${id}-keyword`} type="search" className="input" value={value.keyword} maxLength={KEYWORD_MAX_LENGTH} placeholder="例：説明会" onChange={(e) => onChange({ ...value, keyword: e.target.value })} />
        </div>
        <fieldset className={styles.sideSection}>
          <legend className={styles.sideLabel}>開催期間</legend>
          <div className={styles.dates}>
            <label className="visually-hidden" htmlFor={`${id}-from`}>
              {FROM_LABEL}
            </label>
            <input id={`${id}-from`} type="date" className="input" max={MAX_DATE} value={value.from} onChange={(e) => onChange({ ...value, from: e.target.value })} />
            <span aria-hidden="true">〜</span>
            <label className="visually-hidden" htmlFor={`${id}-to`}>
              {TO_LABEL}
            </label>
            <input id={`${id}-to`} type="date" className="input" max={MAX_DATE} value={value.to} onChange={(e) => onChange({ ...value, to: e.target.value })} />
          </div>
          {outsideOption && (
            <label className={styles.check}>
              <input type="checkbox" checked={value.outside} onChange={(e) => onChange({ ...value, outside: e.target.checked })} />
              <span>開催期間外も表示</span>
            </label>
          )}
        </fieldset>
        {tags.length > 0 && (
          <fieldset className={styles.sideSection}>
            <legend className={styles.sideLabel}>タグ</legend>
            <div className={styles.tagList}>
              {tags.map((tag) => (
                <label key={tag.tagId} className={`${styles.tag} ${checked.has(tag.tagId) ? styles.tagOn : ''}`}>
                  <input type="checkbox" checked={checked.has(tag.tagId)} onChange={(e) => toggle(tag.tagId, e.target.checked)} />
                  <span>{tag.tagName}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <div className={styles.sideActions}>
          <button type="submit" className="btn btn-primary" disabled={disabled || busy}>
            検索
          </button>
        </div>
      </form>
    </section>
  );
}
