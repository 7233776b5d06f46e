// HTML ⇄ editor document. The editor writes a small, fixed set of tags (p, ul, ol, li, a,
// strong, em, u, span class="txt-…", br) and sanitises the result with DOMPurify; an empty
// document is "<p></p>" (spec 001 section 9). Reading accepts what the editor wrote before and
// ordinary pasted HTML (b/i, divs, headings, inline rgb colours → colour classes).
import DOMPurify from 'dompurify';
import type { Descendant } from 'slate';
import { classOfCssColor, isColorClass } from './colors';
import type { RichElement, RichLeaf } from './types';

export const EMPTY_RICH_TEXT = '<p></p>';

const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'u', 'span', 'ul', 'ol', 'li', 'a'];

let purifier: ReturnType<typeof DOMPurify> | null = null;

function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'class') {
      data.attrValue = data.attrValue.split(/\s+/).filter(isColorClass).join(' ');
      if (data.attrValue === '') data.keepAttr = false;
    }
  });
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  purifier = instance;
  return instance;
}

/** The editor's output, sanitised: only its own tags, http(s)/mailto links and colour classes. */
export function sanitizeEditorHtml(html: string): string {
  const clean = getPurifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href', 'class', 'target', 'rel'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/)/i,
  });
  return clean.trim() === '' ? EMPTY_RICH_TEXT : clean;
}

// ---- document → HTML ----

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

function leafHtml(leaf: RichLeaf): string {
  let html = escapeText(leaf.text).replace(/\n/g, '<br>');
  if (html === '') return '';
  if (leaf.color && isColorClass(leaf.color)) html = `<span class="${leaf.color}">${html}</span>`;
  if (leaf.underline) html = `<u>${html}</u>`;
  if (leaf.italic) html = `<em>${html}</em>`;
  if (leaf.bold) html = `<strong>${html}</strong>`;
  return html;
}

function nodeHtml(node: Descendant): string {
  if (!('type' in node)) return leafHtml(node);
  const inner = node.children.map(nodeHtml).join('');
  switch (node.type) {
    case 'bulleted-list':
      return `<ul>${inner}</ul>`;
    case 'numbered-list':
      return `<ol>${inner}</ol>`;
    case 'list-item':
      return `<li>${inner}</li>`;
    case 'link':
      return `<a href="${escapeAttr(node.url)}">${inner}</a>`;
    default:
      return `<p>${inner}</p>`;
  }
}

function isEmptyDocument(nodes: Descendant[]): boolean {
  const first = nodes[0];
  return (
    nodes.length === 1 &&
    first !== undefined &&
    'type' in first &&
    first.type === 'paragraph' &&
    first.children.every((c) => !('type' in c) && c.text === '')
  );
}

export function toHtml(nodes: Descendant[]): string {
  if (isEmptyDocument(nodes)) return EMPTY_RICH_TEXT;
  return sanitizeEditorHtml(nodes.map(nodeHtml).join(''));
}

// ---- HTML → document ----

type Marks = Omit<RichLeaf, 'text'>;

function marksOf(el: HTMLElement, marks: Marks): Marks {
  const next: Marks = { ...marks };
  const tag = el.tagName;
  if (tag === 'STRONG' || tag === 'B' || /bold|[6-9]00/.test(el.style.fontWeight)) next.bold = true;
  if (tag === 'EM' || tag === 'I' || el.style.fontStyle === 'italic') next.italic = true;
  if (tag === 'U' || el.style.textDecoration.includes('underline')) next.underline = true;
  const colorClass = Array.from(el.classList).find(isColorClass);
  if (colorClass) next.color = colorClass;
  else if (el.style.color) {
    const mapped = classOfCssColor(el.style.color);
    if (mapped) next.color = mapped;
  }
  return next;
}

const BLOCK_TAGS = new Set([
  'P',
  'DIV',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'BLOCKQUOTE',
  'PRE',
  'SECTION',
  'ARTICLE',
  'TABLE',
  'TR',
]);

/** Inline content (text, marks, links) of an element. */
function inlines(node: Node, marks: Marks): Descendant[] {
  if (node.nodeType === Node.TEXT_NODE) {
    const text = (node.textContent ?? '').replace(/[\r\n\t]+/g, ' ');
    return text === '' ? [] : [{ text, ...marks }];
  }
  if (!(node instanceof HTMLElement)) return [];
  if (node.tagName === 'BR') return [{ text: '\n', ...marks }];
  const inner = Array.from(node.childNodes).flatMap((c) => inlines(c, marksOf(node, marks)));
  if (node.tagName === 'A') {
    const url = node.getAttribute('href') ?? '';
    return url ? [{ type: 'link', url, children: inner.length ? inner : [{ text: '' }] }] : inner;
  }
  return inner;
}

function paragraph(children: Descendant[]): RichElement {
  return { type: 'paragraph', children: children.length ? children : [{ text: '' }] };
}

/** Block content of a container: paragraphs and lists; loose inline content becomes a paragraph. */
function blocks(parent: Node): Descendant[] {
  const out: Descendant[] = [];
  let loose: Descendant[] = [];
  const flush = () => {
    if (loose.some((n) => 'type' in n || n.text.trim() !== '')) out.push(paragraph(loose));
    loose = [];
  };
  for (const child of Array.from(parent.childNodes)) {
    if (child instanceof HTMLElement && (child.tagName === 'UL' || child.tagName === 'OL')) {
      flush();
      const items = Array.from(child.children)
        .filter((li) => li.tagName === 'LI')
        .map((li): RichElement => ({ type: 'list-item', children: ensureText(inlines(li, {})) }));
      if (items.length) out.push({ type: child.tagName === 'UL' ? 'bulleted-list' : 'numbered-list', children: items });
    } else if (child instanceof HTMLElement && BLOCK_TAGS.has(child.tagName)) {
      flush();
      const nested = Array.from(child.children).some(
        (c) => BLOCK_TAGS.has(c.tagName) || c.tagName === 'UL' || c.tagName === 'OL',
      );
      if (nested) out.push(...blocks(child));
      else out.push(paragraph(inlines(child, marksOf(child, {}))));
    } else {
      loose.push(...inlines(child, {}));
    }
  }
  flush();
  return out;
}

function ensureText(children: Descendant[]): Descendant[] {
  return children.length ? children : [{ text: '' }];
}

export function emptyDocument(): Descendant[] {
  return [paragraph([])];
}

/** The document of stored or pasted HTML (sanitised first). */
export function fromHtml(html: string | undefined | null): Descendant[] {
  if (!html || html.trim() === '') return emptyDocument();
  const clean = getPurifier().sanitize(html, { USE_PROFILES: { html: true } });
  const doc = new DOMParser().parseFromString(`<body>${clean}</body>`, 'text/html');
  const result = blocks(doc.body);
  return result.length ? result : emptyDocument();
}
