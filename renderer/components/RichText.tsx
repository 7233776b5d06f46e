// Rich text of a content (spec 000: "HTML content is sanitised before display"). The HTML is
// sanitised here with DOMPurify even though the API stores it sanitised; links that leave the
// portal open in a new tab without access to this window.
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import styles from './RichText.module.css';

/** Spec 000 section 9: an empty rich text value is an empty paragraph. */
export const EMPTY_RICH_TEXT = '<p></p>';

let purifier: ReturnType<typeof DOMPurify> | null = null;

function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  // An instance of our own, so these hooks do not affect other users of DOMPurify.
  const instance = DOMPurify(window);
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (/^https?:\/\//i.test(href) || node.getAttribute('target') === '_blank') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    }
  });
  purifier = instance;
  return instance;
}

export function sanitizeHtml(html: string): string {
  return getPurifier().sanitize(html || EMPTY_RICH_TEXT, {
    USE_PROFILES: { html: true },
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  });
}

interface Props {
  html: string;
  className?: string;
}

export function RichText({ html, className }: Props) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={`${styles.richText} ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
