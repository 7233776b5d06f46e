// The side search panel of the list screens (site search, skill-up hub, event lists, one-stop
// guide): a titled box with a keyword, the screen's own sections, and the submit row. The
// keyword rule (at most 50, a single character is ERR_0028) and the screen's extra checks run
// here first and again on the server; their messages are shown in one alert.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { KEYWORD_MAX_LENGTH, validateSearchKeyword } from '../../../schemas/rules/keyword';
import { alertMessage } from '../../app/dialog';
import { messagesOf } from '../../app/form/rule-results';
import styles from './SearchPanel.module.css';

export { styles as searchPanelStyles };

interface Props {
  title: string;
  keywordLabel: string;
  keyword: string;
  placeholder?: string;
  onKeywordChange: (keyword: string) => void;
  /** Messages of the screen's own rules (e.g. a date range), checked with the keyword. */
  check?: () => string[];
  /** Called with the trimmed keyword once every rule passes. */
  onSubmit: (keyword: string) => void;
  submitLabel: string;
  /** A second button after submit (e.g. クリア). */
  secondary?: { label: string; onClick: () => void };
  disabled: boolean;
  children?: ReactNode;
}

export function SearchPanel({
  title,
  keywordLabel,
  keyword,
  placeholder,
  onKeywordChange,
  check,
  onSubmit,
  submitLabel,
  secondary,
  disabled,
  children,
}: Props) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  // Phone width (docs/phones.md): the panel is a drawer behind a button; on a desktop both the
  // button and the drawer's close button are hidden by CSS and the panel shows as always.
  const [drawerOpen, setDrawerOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (drawerOpen) closeRef.current?.focus();
    else if (wasOpen.current) toggleRef.current?.focus();
    wasOpen.current = drawerOpen;
  }, [drawerOpen]);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = keyword.trim();
    const messages = [
      ...messagesOf(validateSearchKeyword(trimmed, { field: 'narrowKeyword', label: keywordLabel, required: false })),
      ...(check?.() ?? []),
    ];
    if (messages.length) {
      setBusy(true);
      await alertMessage(messages.join('\n'));
      setBusy(false);
      return;
    }
    setDrawerOpen(false);
    onSubmit(trimmed);
  };
  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className={`btn btn-secondary ${styles.drawerToggle}`}
        aria-expanded={drawerOpen}
        aria-controls={`${id}-panel`}
        onClick={() => setDrawerOpen(true)}
      >
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path
            d="M1.5 3h13M4 8h8M6.5 13h3"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
        {title}
      </button>
      <section
        id={`${id}-panel`}
        className={`${styles.box} ${drawerOpen ? styles.drawerOpen : ''}`}
        aria-labelledby={`${id}-title`}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && drawerOpen) {
            event.stopPropagation();
            setDrawerOpen(false);
          }
        }}
      >
        <h2 id={`${id}-title`} className={styles.title}>
          {title}
        </h2>
        <button ref={closeRef} type="button" className={styles.drawerClose} onClick={() => setDrawerOpen(false)}>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M3 3l10 10M13 3L3 13" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span className="visually-hidden">{title}を閉じる</span>
        </button>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <div className={styles.section}>
            <label htmlFor={`${id}-keyword`} className={styles.label}>
              {keywordLabel}
            </label>
            <input
              id={`${id}-keyword`}
              type="search"
              className="input"
              value={keyword}
              maxLength={KEYWORD_MAX_LENGTH}
              placeholder={placeholder}
              onChange={(e) => onKeywordChange(e.target.value)}
            />
          </div>
          {children}
          <div className={styles.actions}>
            <button type="submit" className="btn btn-primary" disabled={disabled || busy}>
              {submitLabel}
            </button>
            {secondary && (
              <button
                type="button"
                className="btn btn-secondary"
                disabled={disabled || busy}
                onClick={secondary.onClick}
              >
                {secondary.label}
              </button>
            )}
          </div>
        </form>
      </section>
    </>
  );
}

/** A titled section of the panel (a fieldset with its legend). */
export function PanelSection({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.label}>{legend}</legend>
      {children}
    </fieldset>
  );
}

/** A section without a legend, for lone options such as 未視聴のみ. */
export function PanelPlainSection({ children }: { children: ReactNode }) {
  return <div className={styles.section}>{children}</div>;
}

export function CheckOption({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className={styles.check}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

export interface TagChoice {
  tagId: number;
  tagName: string;
}

/** Tag chips, in named groups (a group with no name is shown without a heading). */
export function TagChecks({
  groups,
  checked,
  onChange,
}: {
  groups: Array<{ key: string | number; name: string; tags: TagChoice[] }>;
  checked: readonly number[];
  onChange: (tags: number[]) => void;
}) {
  const on = new Set(checked);
  const toggle = (tagId: number, value: boolean) => {
    const next = new Set(checked);
    if (value) next.add(tagId);
    else next.delete(tagId);
    onChange([...next].sort((a, b) => a - b));
  };
  const chips = (tags: TagChoice[], key: string | number) => (
    <div className={styles.tagList}>
      {tags.map((tag) => (
        <label key={`${key}-${tag.tagId}`} className={`${styles.tag} ${on.has(tag.tagId) ? styles.tagOn : ''}`}>
          <input type="checkbox" checked={on.has(tag.tagId)} onChange={(e) => toggle(tag.tagId, e.target.checked)} />
          <span>{tag.tagName}</span>
        </label>
      ))}
    </div>
  );
  return (
    <>
      {groups.map((g) =>
        g.name ? (
          <div key={g.key} className={styles.tagGroup} role="group" aria-label={`${g.name}のタグ`}>
            <span className={styles.tagGroupName}>{g.name}</span>
            {chips(g.tags, g.key)}
          </div>
        ) : (
          <div key={g.key}>{chips(g.tags, g.key)}</div>
        ),
      )}
    </>
  );
}

/** Groups items by a key in the order they came, for TagChecks. */
export function groupInOrder<T>(
  items: readonly T[],
  keyOf: (item: T) => string | number,
  nameOf: (item: T) => string,
): Array<{ key: string | number; name: string; items: T[] }> {
  const groups: Array<{ key: string | number; name: string; items: T[] }> = [];
  for (const item of items) {
    const key = keyOf(item);
    let group = groups.find((g) => g.key === key);
    if (!group) {
      group = { key, name: nameOf(item), items: [] };
      groups.push(group);
    }
    group.items.push(item);
  }
  return groups;
}

const MAX_DATE = '9999-12-31';

/** A From 〜 To date pair with hidden labels (the legend of the section names it). */
export function DateRange({
  fromLabel,
  toLabel,
  from,
  to,
  onChange,
}: {
  fromLabel: string;
  toLabel: string;
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
}) {
  const id = useId();
  return (
    <div className={styles.dates}>
      <label className="visually-hidden" htmlFor={`${id}-from`}>
        {fromLabel}
      </label>
      <input
        id={`${id}-from`}
        type="date"
        className="input"
        max={MAX_DATE}
        value={from}
        onChange={(e) => onChange({ from: e.target.value, to })}
      />
      <span aria-hidden="true">〜</span>
      <label className="visually-hidden" htmlFor={`${id}-to`}>
        {toLabel}
      </label>
      <input
        id={`${id}-to`}
        type="date"
        className="input"
        max={MAX_DATE}
        value={to}
        onChange={(e) => onChange({ from, to: e.target.value })}
      />
    </div>
  );
}
