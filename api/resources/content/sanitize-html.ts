// Rich text is sanitised on the server before it is stored (docs/decisions.md section 3), whatever the
// browser sent: only the editor's own tags (schemas/rich-text.ts), links to http(s), mailto or
// the portal itself opening in a new tab, and the colour classes. sanitize-html
// (htmlparser2, maintained) instead of DOMPurify because the server has no DOM; the screens run
// DOMPurify again before display.
import sanitizeHtml from 'sanitize-html';
import { isColorClass, RICH_TEXT_SCHEMES, RICH_TEXT_TAGS } from '../../../schemas/rich-text';

const OPTIONS: sanitizeHtml.IOptions = {
  // b and i are kept to be turned into strong and em (transformTags).
  allowedTags: [...RICH_TEXT_TAGS, 'b', 'i'],
  allowedAttributes: { a: ['href', 'target', 'rel'], span: ['class'] },
  allowedSchemes: [...RICH_TEXT_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // script, style and the like lose their text too, not just the tags.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'iframe', 'object'],
  transformTags: {
    b: 'strong',
    i: 'em',
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { target: '_blank', rel: 'noopener noreferrer' };
      if (attribs.href) out.href = attribs.href;
      return { tagName, attribs: out };
    },
    span: (tagName, attribs) => {
      const cls = (attribs.class ?? '').split(/\s+/).filter(isColorClass).join(' ');
      const out: sanitizeHtml.Attributes = {};
      if (cls) out.class = cls;
      return { tagName, attribs: out };
    },
  },
};

/** The HTML as it may be stored; an empty result is the editor's empty paragraph. */
export function sanitizeRichText(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS).trim();
  return clean === '' ? '<p></p>' : clean;
}
