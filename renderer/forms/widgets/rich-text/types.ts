// The document model of the rich-text editor (Slate): paragraphs, bulleted and numbered lists,
// links, and text with bold / italic / underline and one colour class.
import type { BaseEditor, Descendant } from 'slate';
import type { HistoryEditor } from 'slate-history';
import type { ReactEditor } from 'slate-react';

export interface RichLeaf {
  text: string;
  bold?: true;
  italic?: true;
  underline?: true;
  /** A colour class of colors.ts. */
  color?: string;
}

export interface ParagraphElement {
  type: 'paragraph';
  children: Descendant[];
}

export interface ListElement {
  type: 'bulleted-list' | 'numbered-list';
  children: Descendant[];
}

export interface ListItemElement {
  type: 'list-item';
  children: Descendant[];
}

export interface LinkElement {
  type: 'link';
  url: string;
  children: Descendant[];
}

export type RichElement = ParagraphElement | ListElement | ListItemElement | LinkElement;
export type BlockType = RichElement['type'];
export type MarkName = 'bold' | 'italic' | 'underline';

declare module 'slate' {
  interface CustomTypes {
    Editor: BaseEditor & ReactEditor & HistoryEditor;
    Element: RichElement;
    Text: RichLeaf;
  }
}
