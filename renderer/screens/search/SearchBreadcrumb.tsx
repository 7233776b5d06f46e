// Breadcrumb of the search screen (spec 000 §2): ホーム (the portal top), the trail of the
// category searched (/api/Breadcrumbs/getBreadcrumbs, as the navigation shows it), then the page.
// A failed trail shows ERR_SYS003 naming the breadcrumb and leaves ホーム.
import { Link } from 'react-router-dom';
import { apiPost } from '../../api/client';
import type { BreadcrumbItem } from '../../components/content-wire';
import { callerScope } from '../../components/data-scope';
import { inAppPath } from '../../components/SmartLink';
import { useRemote } from '../../components/use-remote';
import { reportWidgetFailure } from '../../components/widget-failure';
import styles from './SiteSearch.module.css';

interface Props {
  categoryId: number | null;
  /** The last step ('' when the category itself is the page). */
  current: string;
}

export function SearchBreadcrumb({ categoryId, current }: Props) {
  const remote = useRemote(
    categoryId === null ? null : String(categoryId),
    (signal) =>
      apiPost<{ breadcrumbsList?: BreadcrumbItem[] }>('/api/Breadcrumbs/getBreadcrumbs', { ...callerScope(), categoryId }, { signal }).then(
        (answer) => answer?.breadcrumbsList ?? [],
      ),
    (error) => reportWidgetFailure('パンくずリスト', error),
  );
  const trail = remote.status === 'ready' ? remote.data : [];
  return (
    <nav aria-label="パンくずリスト" className={styles.breadcrumb}>
      <ol>
        <li>
          <Link to="/portal-top">ホーム</Link>
        </li>
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1 && !current;
          const to = crumb.categoryUrl ? inAppPath(crumb.categoryUrl) : null;
          return (
            <li key={crumb.categoryId}>
              {to && !last ? <Link to={to}>{crumb.categoryName}</Link> : <span aria-current={last ? 'page' : undefined}>{crumb.categoryName}</span>}
            </li>
          );
        })}
        {current && (
          <li>
            <span aria-current="page" className={styles.breadcrumbCurrent}>
              {current}
            </span>
          </li>
        )}
      </ol>
    </nav>
  );
}
