// The body of a content (spec 001): a Slate editor with bold, italic, underline, lists, links and
// the colour classes; the value is sanitised HTML (DOMPurify), "<p></p>" when empty (the
// required rule with html: true treats that as empty). Slate keeps its own document, so typing
// does not go through rjsf on every key: the HTML is written at most every 200 ms and on blur.
// A value set from outside (clear, reload) starts a new document.
import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Descendant } from 'slate';
import { createEditor } from 'slate';
import { withHistory } from 'slate-history';
import { Editable, Slate, withReact, type RenderElementProps, type RenderLeafProps } from 'slate-react';
import type { WidgetProps } from '@rjsf/utils';
import { formatMessage } from '../../../schemas/messages/format';
import { storeOf, useFieldMessages } from '../use-form-store';
import { toggleMark, withInlines } from './rich-text/commands';
import { fromHtml, toHtml } from './rich-text/html';
import { Toolbar } from './rich-text/Toolbar';
import styles from './rich-text/RichText.module.css';

const WRITE_DELAY_MS = 200;

function Element({ attributes, children, element }: RenderElementProps) {
  switch (element.type) {
    case 'bulleted-list':
      return <ul {...attributes}>{children}</ul>;
    case 'numbered-list':
      return <ol {...attributes}>{children}</ol>;
    case 'list-item':
      return <li {...attributes}>{children}</li>;
    case 'link':
      return (
        <a {...attributes} href={element.url} onClick={(event) => event.preventDefault()}>
          {children}
        </a>
      );
    default:
      return <p {...attributes}>{children}</p>;
  }
}

function Leaf({ attributes, children, leaf }: RenderLeafProps) {
  let out = children;
  if (leaf.bold) out = <strong>{out}</strong>;
  if (leaf.italic) out = <em>{out}</em>;
  if (leaf.underline) out = <u>{out}</u>;
  return (
    <span {...attributes} className={leaf.color}>
      {out}
    </span>
  );
}

const HOTKEYS: Record<string, 'bold' | 'italic' | 'underline'> = { b: 'bold', i: 'italic', u: 'underline' };

interface EditorProps {
  id: string;
  initial: Descendant[];
  disabled: boolean;
  invalid: boolean;
  onWrite: (html: string) => void;
  onLeave: (html: string) => void;
}

function RichTextEditor({ id, initial, disabled, invalid, onWrite, onLeave }: EditorProps) {
  const editor = useMemo(() => withInlines(withHistory(withReact(createEditor()))), []);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<Descendant[] | null>(null);

  const flush = useCallback((): string | null => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!pending.current) return null;
    const html = toHtml(pending.current);
    pending.current = null;
    onWrite(html);
    return html;
  }, [onWrite]);

  useEffect(() => () => void flush(), [flush]);

  const onValueChange = (value: Descendant[]) => {
    pending.current = value;
    if (!timer.current) timer.current = setTimeout(flush, WRITE_DELAY_MS);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.ctrlKey || event.metaKey)) return;
    const mark = HOTKEYS[event.key.toLowerCase()];
    if (mark) {
      event.preventDefault();
      toggleMark(editor, mark);
    }
  };

  return (
    <div className={`${styles.editor} ${invalid ? styles.invalid : ''}`}>
      <Slate editor={editor} initialValue={initial} onValueChange={onValueChange}>
        <Toolbar disabled={disabled} linkError={formatMessage('ERR_0020', ['リンク先URL'])} />
        <Editable
          id={id}
          className={styles.editable}
          readOnly={disabled}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={`${id}-label`}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          renderElement={Element}
          renderLeaf={Leaf}
          onKeyDown={onKeyDown}
          onBlur={() => onLeave(flush() ?? toHtml(editor.children))}
          spellCheck={false}
        />
      </Slate>
    </div>
  );
}

function RichTextWidgetFn(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, registry } = props;
  const store = storeOf(registry);
  const invalid = useFieldMessages(store, store ? store.pathOfId(id) : '').length > 0;
  const written = useRef<string | undefined>(undefined);
  const [generation, setGeneration] = useState(0);
  const [initial, setInitial] = useState<Descendant[]>(() => fromHtml(typeof value === 'string' ? value : ''));

  // A value that the editor did not write (clear, a loaded record): a new document.
  useEffect(() => {
    const html = typeof value === 'string' ? value : '';
    if (written.current === undefined) {
      written.current = html;
      return;
    }
    if (html !== written.current) {
      written.current = html;
      setInitial(fromHtml(html));
      setGeneration((g) => g + 1);
    }
  }, [value]);

  const onWrite = useCallback(
    (html: string) => {
      written.current = html;
      onChange(html);
    },
    [onChange],
  );
  const onLeave = useCallback((html: string) => onBlur(id, html), [onBlur, id]);

  return (
    <RichTextEditor
      key={generation}
      id={id}
      initial={initial}
      disabled={Boolean(disabled || readonly)}
      invalid={invalid}
      onWrite={onWrite}
      onLeave={onLeave}
    />
  );
}

export const RichTextWidget = memo(RichTextWidgetFn);
