// Breadcrumb of content pages and the search screen (/api/Breadcrumbs/getBreadcrumbs): the portal
// top (ポータルトップ on every screen, as the page is called), the category trail, then the
// current page. A failed call shows ERR_SYS003 naming the breadcrumb and leaves only the first step.
import { Link } from 'react-router-dom';
import { apiPost } from '../api/client';
import { callerScope } from './data-scope';
import type { BreadcrumbsAnswer } from './content-wire';
import { inAppPath } from './SmartLink';
import { useRemote } from './use-remote';
import { reportWidgetFailure } from './widget-failure';
import styles from './Breadcrumbs.module.css';

export const BREADCRUMB_PART = 'パンくずリスト';

interface Props {
  /** The category whose trail is shown; null shows no trail. */
  categoryId: number | string | null;
  /** The page itself (a content title); without it (or '') the last category is the current page. */
  current?: string;
  /** The text of the first step, the link to the portal top. */
  home?: string;
}

export function Breadcrumbs({ categoryId, current, home = 'ポータルトップ' }: Props) {
  const remote = useRemote(
    categoryId === null ? null : String(categoryId),
    (signal) =>
      apiPost<Partial<BreadcrumbsAnswer>>(
        '/api/Breadcrumbs/getBreadcrumbs',
        { ...callerScope(), categoryId },
        { signal },
      ).then((answer) => answer?.breadcrumbsList ?? []),
    (error) => reportWidgetFailure(BREADCRUMB_PART, error),
  );
  const trail = remote.status === 'ready' ? remote.data : [];

  return (
    <nav aria-label={BREADCRUMB_PART} className={styles.breadcrumbs}>
      <ol>
        <li>
          <Link to="/portal-top">{home}</Link>
        </li>
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1 && !current;
          const to = crumb.categoryUrl ? inAppPath(crumb.categoryUrl) : null;
          return (
            <li key={crumb.categoryId}>
              {to && !last ? (
                <Link to={to}>{crumb.categoryName}</Link>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{crumb.categoryName}</span>
              )}
            </li>
          );
        })}
        {current && (
          <li>
            <span aria-current="page" className={styles.current}>
              {current}
            </span>
          </li>
        )}
      </ol>
    </nav>
  );
}
