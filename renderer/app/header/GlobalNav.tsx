// The global navigation bar built from the stored globalNav.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { GlobalNavItem } from '../../api/types';
import { Badge } from './Badge';
import { buildNavTree, type NavNode } from './nav-tree';
import { NavDropdown } from './NavDropdown';
import { NavItemLink } from './NavItemLink';
import styles from './Header.module.css';

interface Props {
  items: readonly GlobalNavItem[];
  counts: ReadonlyMap<string, number>;
  label: string;
}

const OVERFLOW_KEY = '__overflow__';

export function GlobalNav({ items, counts, label }: Props) {
  const tree = useMemo(() => buildNavTree(items, counts), [items, counts]);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const location = useLocation();

  // Any navigation closes the open dropdown.
  useEffect(() => {
    setOpenKey(null);
  }, [location.key]);

  const setOpen = useCallback((key: string, open: boolean) => {
    setOpenKey((current) => (open ? key : current === key ? null : current));
  }, []);
  const close = useCallback(() => setOpenKey(null), []);

  if (tree.visible.length === 0) return null;

  return (
    <nav className={styles.nav} aria-label={label}>
      <ul className={styles.navList}>
        {tree.visible.map((node) =>
          node.children.length > 0 ? (
            <NavDropdown
              key={node.key}
              open={openKey === node.key}
              onOpenChange={(open) => setOpen(node.key, open)}
              label={<NodeLabel node={node} />}
            >
              <ChildList node={node} onNavigate={close} />
            </NavDropdown>
          ) : (
            <li key={node.key} className={styles.navItem}>
              <NavItemLink item={node.item} className={styles.navLink} onNavigate={close}>
                <NodeLabel node={node} />
              </NavItemLink>
            </li>
          ),
        )}
        {tree.overflow.length > 0 && (
          <NavDropdown
            open={openKey === OVERFLOW_KEY}
            onOpenChange={(open) => setOpen(OVERFLOW_KEY, open)}
            label={<OverflowLabel nodes={tree.overflow} />}
            align="right"
          >
            <ul className={styles.dropdownList}>
              {tree.overflow.map((node) => (
                <li key={node.key}>
                  {node.children.length > 0 ? (
                    <div className={styles.dropdownGroup}>
                      <span className={styles.dropdownGroupTitle}>
                        {node.item.categoryName}
                        <Badge count={node.badge} />
                      </span>
                      <ChildList node={node} onNavigate={close} nested />
                    </div>
                  ) : (
                    <NavItemLink item={node.item} className={styles.dropdownLink} onNavigate={close}>
                      <span>{node.item.categoryName}</span>
                      <Badge count={node.badge} />
                    </NavItemLink>
                  )}
                </li>
              ))}
            </ul>
          </NavDropdown>
        )}
      </ul>
    </nav>
  );
}

function NodeLabel({ node }: { node: NavNode }) {
  return (
    <>
      <span>{node.item.categoryName}</span>
      <Badge count={node.badge} />
    </>
  );
}

function OverflowLabel({ nodes }: { nodes: NavNode[] }) {
  const total = nodes.reduce((sum, n) => sum + n.badge, 0);
  return (
    <>
      <span>その他</span>
      <Badge count={total} />
    </>
  );
}

function ChildList({ node, onNavigate, nested }: { node: NavNode; onNavigate: () => void; nested?: boolean }) {
  const parentUrl = (node.item.linkUrl ?? '').trim();
  return (
    <ul className={nested ? styles.dropdownNested : styles.dropdownList}>
      {parentUrl !== '' && (
        <li>
          <NavItemLink
            item={node.item}
            className={`${styles.dropdownLink} ${styles.dropdownParentLink}`}
            onNavigate={onNavigate}
          >
            <span>{node.item.categoryName}トップ</span>
          </NavItemLink>
        </li>
      )}
      {node.children.map((child) => (
        <li key={child.key}>
          <NavItemLink item={child.item} className={styles.dropdownLink} onNavigate={onNavigate}>
            <span>{child.item.categoryName}</span>
            <Badge count={child.badge} />
          </NavItemLink>
        </li>
      ))}
    </ul>
  );
}
