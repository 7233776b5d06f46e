// Editing commands of the toolbar and the keyboard.
import { Editor, Element as SlateElement, Range, Transforms } from 'slate';
import type { BlockType, LinkElement, MarkName } from './types';

const LIST_TYPES: BlockType[] = ['bulleted-list', 'numbered-list'];

export function isMarkActive(editor: Editor, mark: MarkName): boolean {
  const marks = Editor.marks(editor);
  return Boolean(marks?.[mark]);
}

export function toggleMark(editor: Editor, mark: MarkName): void {
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark);
  else Editor.addMark(editor, mark, true);
}

export function activeColor(editor: Editor): string | undefined {
  return Editor.marks(editor)?.color;
}

export function setColor(editor: Editor, className: string | undefined): void {
  if (className) Editor.addMark(editor, 'color', className);
  else Editor.removeMark(editor, 'color');
}

export function isBlockActive(editor: Editor, type: BlockType): boolean {
  const { selection } = editor;
  if (!selection) return false;
  const [match] = Array.from(
    Editor.nodes(editor, {
      at: Editor.unhangRange(editor, selection),
      match: (n) => !Editor.isEditor(n) && SlateElement.isElement(n) && n.type === type,
    }),
  );
  return Boolean(match);
}

export function toggleList(editor: Editor, type: 'bulleted-list' | 'numbered-list'): void {
  const active = isBlockActive(editor, type);
  Transforms.unwrapNodes(editor, {
    match: (n) => !Editor.isEditor(n) && SlateElement.isElement(n) && LIST_TYPES.includes(n.type),
    split: true,
  });
  Transforms.setNodes(
    editor,
    { type: active ? 'paragraph' : 'list-item' },
    { match: (n) => SlateElement.isElement(n) && Editor.isBlock(editor, n) },
  );
  if (!active) Transforms.wrapNodes(editor, { type, children: [] });
}

export function activeLink(editor: Editor): LinkElement | undefined {
  const [match] = Array.from(
    Editor.nodes(editor, { match: (n) => !Editor.isEditor(n) && SlateElement.isElement(n) && n.type === 'link' }),
  );
  return match ? (match[0] as LinkElement) : undefined;
}

export function unwrapLink(editor: Editor): void {
  Transforms.unwrapNodes(editor, {
    match: (n) => !Editor.isEditor(n) && SlateElement.isElement(n) && n.type === 'link',
  });
}

export function setLink(editor: Editor, url: string): void {
  if (activeLink(editor)) unwrapLink(editor);
  const { selection } = editor;
  const collapsed = !selection || Range.isCollapsed(selection);
  const link: LinkElement = { type: 'link', url, children: collapsed ? [{ text: url }] : [] };
  if (collapsed) Transforms.insertNodes(editor, link);
  else {
    Transforms.wrapNodes(editor, link, { split: true });
    Transforms.collapse(editor, { edge: 'end' });
  }
}

/** A usable link address: http(s), mailto or an in-portal path. */
export function isLinkUrl(url: string): boolean {
  return /^(https?:\/\/[^\s]+|mailto:[^\s]+|\/[^\s]*)$/i.test(url.trim());
}

/** Links are inline; an empty link disappears. */
export function withInlines<T extends Editor>(editor: T): T {
  const { isInline } = editor;
  editor.isInline = (element) => element.type === 'link' || isInline(element);
  return editor;
}
