// One navigation link: categoryId 999 (and any absolute URL) is a plain external anchor, an
// in-app linkUrl goes through the router; isSaparateTab opens a new tab.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { GlobalNavItem } from '../../api/types';
import { stripBasePath } from '../navigation';
import { isExternalItem } from './nav-tree';

interface Props {
  item: GlobalNavItem;
  className?: string;
  children?: ReactNode;
  onNavigate?: () => void;
}

const ABSOLUTE_URL = /^[a-z][a-z0-9+.-]*:/i;

export function NavItemLink({ item, className, children, onNavigate }: Props) {
  const label = children ?? item.categoryName;
  const newTab = item.isSaparateTab;
  const targetProps = newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  const url = item.linkUrl.trim();

  if (isExternalItem(item) || ABSOLUTE_URL.test(url) || url.startsWith('//')) {
    return (
      <a href={url} className={className} onClick={onNavigate} {...targetProps}>
        {label}
        {newTab && <span className="visually-hidden">（新しいタブで開きます）</span>}
      </a>
    );
  }
  const to = url === '' ? '/portal-top' : stripBasePath(url.startsWith('/') ? url : `/${url}`);
  return (
    <Link to={to} className={className} onClick={onNavigate} {...targetProps}>
      {label}
      {newTab && <span className="visually-hidden">（新しいタブで開きます）</span>}
    </Link>
  );
}
