// The toolbar of the rich-text editor: bold, italic, underline, bulleted and numbered lists,
// link (an address field in the bar, no browser prompt) and the colour classes.
import { useState, type MouseEvent, type ReactNode } from 'react';
import { useSlate } from 'slate-react';
import { TEXT_COLORS, colorCss } from './colors';
import {
  activeColor,
  activeLink,
  isBlockActive,
  isLinkUrl,
  isMarkActive,
  setColor,
  setLink,
  toggleList,
  toggleMark,
  unwrapLink,
} from './commands';
import styles from './RichText.module.css';

interface ToolProps {
  label: string;
  active?: boolean;
  onAct: () => void;
  children: ReactNode;
  disabled?: boolean;
}

/** A toolbar button that keeps the editor's selection (acts on mousedown). */
function Tool({ label, active, onAct, children, disabled }: ToolProps) {
  return (
    <button
      type="button"
      className={`${styles.tool} ${active ? styles.toolActive : ''}`}
      aria-label={label}
      title={label}
      aria-pressed={active}
      disabled={disabled}
      onMouseDown={(event: MouseEvent) => {
        event.preventDefault();
        onAct();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onAct();
        }
      }}
    >
      {children}
    </button>
  );
}

export function Toolbar({ disabled, linkError }: { disabled?: boolean; linkError: string }) {
  const editor = useSlate();
  const [linkOpen, setLinkOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [invalid, setInvalid] = useState(false);
  const link = activeLink(editor);
  const color = activeColor(editor);

  const applyLink = () => {
    if (!isLinkUrl(url)) {
      setInvalid(true);
      return;
    }
    setLink(editor, url.trim());
    setLinkOpen(false);
  };

  return (
    <div className={styles.toolbar} role="toolbar" aria-label="書式">
      <Tool
        label="太字"
        active={isMarkActive(editor, 'bold')}
        onAct={() => toggleMark(editor, 'bold')}
        disabled={disabled}
      >
        <b>B</b>
      </Tool>
      <Tool
        label="斜体"
        active={isMarkActive(editor, 'italic')}
        onAct={() => toggleMark(editor, 'italic')}
        disabled={disabled}
      >
        <i>I</i>
      </Tool>
      <Tool
        label="下線"
        active={isMarkActive(editor, 'underline')}
        onAct={() => toggleMark(editor, 'underline')}
        disabled={disabled}
      >
        <u>U</u>
      </Tool>
      <span className={styles.separator} aria-hidden="true" />
      <Tool
        label="箇条書き"
        active={isBlockActive(editor, 'bulleted-list')}
        onAct={() => toggleList(editor, 'bulleted-list')}
        disabled={disabled}
      >
        箇条書き
      </Tool>
      <Tool
        label="番号付きリスト"
        active={isBlockActive(editor, 'numbered-list')}
        onAct={() => toggleList(editor, 'numbered-list')}
        disabled={disabled}
      >
        番号付きリスト
      </Tool>
      <span className={styles.separator} aria-hidden="true" />
      <Tool
        label={link ? 'リンクを編集' : 'リンク'}
        active={Boolean(link) || linkOpen}
        disabled={disabled}
        onAct={() => {
          setUrl(link?.url ?? 'https://');
          setInvalid(false);
          setLinkOpen((open) => !open);
        }}
      >
        リンク
      </Tool>
      {link && (
        <Tool label="リンクを解除" onAct={() => unwrapLink(editor)} disabled={disabled}>
          解除
        </Tool>
      )}
      <span className={styles.separator} aria-hidden="true" />
      <span className={styles.colors} role="group" aria-label="文字色">
        <Tool label="文字色なし" active={!color} onAct={() => setColor(editor, undefined)} disabled={disabled}>
          <span className={`${styles.swatch} ${styles.swatchNone}`} />
        </Tool>
        {TEXT_COLORS.map((c) => (
          <Tool
            key={c.className}
            label={`文字色 ${c.label}`}
            active={color === c.className}
            onAct={() => setColor(editor, c.className)}
            disabled={disabled}
          >
            <span className={styles.swatch} style={{ background: colorCss(c.className) }} />
          </Tool>
        ))}
      </span>
      {linkOpen && (
        <span className={styles.linkBox}>
          <input
            className={`input ${styles.linkInput}`}
            aria-label="リンク先URL"
            value={url}
            aria-invalid={invalid || undefined}
            autoFocus
            onChange={(event) => {
              setUrl(event.target.value);
              setInvalid(false);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                applyLink();
              } else if (event.key === 'Escape') {
                event.preventDefault();
                event.stopPropagation();
                setLinkOpen(false);
              }
            }}
          />
          <button
            type="button"
            className="btn btn-secondary"
            onMouseDown={(event) => event.preventDefault()}
            onClick={applyLink}
          >
            設定
          </button>
          {invalid && <span className={styles.linkError}>{linkError}</span>}
        </span>
      )}
    </div>
  );
}
