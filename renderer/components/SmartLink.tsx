// A link whose target comes from data (banners, icon menu, content links): an http(s) address
// is a plain external anchor (a new tab when asked), a path is an in-app route. Anything else
// (javascript:, data: …) is not linked at all.
import type { MouseEventHandler, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { stripBasePath } from '../app/navigation';

interface Props {
  href: string;
  /** Open in a new tab (isSaparateTab). */
  newTab?: boolean;
  className?: string;
  children: ReactNode;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  title?: string;
}

const EXTERNAL = /^https?:\/\//i;

export function isExternalUrl(href: string): boolean {
  return EXTERNAL.test(href.trim());
}

/** The in-app path of a data link, or null when the value is not one. */
export function inAppPath(href: string): string | null {
  const url = href.trim();
  if (url === '' || url.startsWith('//') || /^[a-z][a-z0-9+.-]*:/i.test(url)) return null;
  return stripBasePath(url.startsWith('/') ? url : `/${url}`);
}

export function SmartLink({ href, newTab = false, className, children, onClick, title }: Props) {
  const url = href.trim();
  if (isExternalUrl(url) || /^mailto:/i.test(url)) {
    const tab = newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
    return (
      <a href={url} className={className} onClick={onClick} title={title} {...tab}>
        {children}
        {newTab && <span className="visually-hidden">（新しいタブで開きます）</span>}
      </a>
    );
  }
  const to = inAppPath(url);
  if (to === null) return <span className={className}>{children}</span>;
  const tab = newTab ? { target: '_blank', rel: 'noopener' } : {};
  return (
    <Link to={to} className={className} onClick={onClick} title={title} {...tab}>
      {children}
      {newTab && <span className="visually-hidden">（新しいタブで開きます）</span>}
    </Link>
  );
}
