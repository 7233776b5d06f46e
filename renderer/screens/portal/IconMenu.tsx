// The icon menu of the portal top: an http address is an external anchor (a new tab when
// isSaparateTab), anything else an in-app route; the hover image replaces the normal one while
// the pointer is over the item or it has focus. The hover images are fetched when the pointer
// or the focus first enters the menu, not with the page: half of the portal top's images are
// hover images, and loading them first made the page finish painting later
// (docs/performance.md, "Portal top fully painted").
import { useState } from 'react';
import { FallbackImage } from '../../components/FallbackImage';
import { SmartLink, isExternalUrl } from '../../components/SmartLink';
import type { IconMenuItem } from './calls';
import styles from './IconMenu.module.css';

export function IconMenu({ items }: { items: IconMenuItem[] }) {
  const [hoverWanted, setHoverWanted] = useState(false);
  if (items.length === 0) return <p className={styles.empty}>表示できるメニューはありません。</p>;
  const want = hoverWanted ? undefined : () => setHoverWanted(true);
  return (
    <ul className={styles.menu} onPointerEnter={want} onFocus={want}>
      {items.map((item) => (
        <li key={item.menuId}>
          <SmartLink
            href={item.linkURL}
            newTab={isExternalUrl(item.linkURL) && item.isSaparateTab}
            className={styles.item}
          >
            <span className={styles.icon}>
              <FallbackImage src={item.imageFileNomal} alt="" className={styles.normal} loading="eager" />
              {hoverWanted && item.imageFileOver && (
                <FallbackImage src={item.imageFileOver} alt="" className={styles.over} loading="eager" />
              )}
            </span>
            <span className={styles.name}>{item.menuName}</span>
            {isExternalUrl(item.linkURL) && (
              <svg
                className={styles.external}
                viewBox="0 0 12 12"
                width="10"
                height="10"
                aria-hidden="true"
                focusable="false"
              >
                <path
                  d="M5 2H2v8h8V7M7 1.5h3.5V5M10.5 1.5 5.5 6.5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.3"
                />
              </svg>
            )}
          </SmartLink>
        </li>
      ))}
    </ul>
  );
}
