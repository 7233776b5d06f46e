// Content detail routes: /contents/categoryId/:categoryId/contentsId/:contentsId (also with
// /ismodal/:ismodal) and /skilup-event-detail/categoryId/:categoryId/contentsId/:contentsId.
// ?isPreview=true hides the breadcrumb and records nothing. Viewing registers the page as
// recently viewed; 403 shows ERR_0022, other failures ERR_SYS999.
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { errorMessageText, isApiError } from '../../api/client';
import { alertMessage } from '../../app/dialog';
import { useRouteHandle } from '../../app/route-handle';
import { useSession } from '../../app/session';
import { useRemote } from '../../components/use-remote';
import { CONTENT_DETAIL_ERROR_POLICY, loadContentDetail, registerRecentlyViewed } from './calls';
import { ContentDetailView } from './ContentDetailView';
import styles from './ContentDetail.module.css';

const truthy = (value: string | null | undefined) => value === 'true' || value === '1';

export function ContentDetailPage() {
  const { categoryId = '', contentsId = '', ismodal } = useParams();
  const [search] = useSearchParams();
  const session = useSession();
  const screenName = useRouteHandle()?.screenName ?? 'コンテンツ詳細';
  const preview = truthy(search.get('isPreview'));
  const modal = truthy(ismodal);
  const scope = [session.user?.userId, session.user?.pseudoUserId, session.systemDate, session.businessDate].join('|');

  const remote = useRemote(
    `${categoryId}/${contentsId}|${scope}`,
    (signal) => loadContentDetail(categoryId, contentsId, signal),
    (error) => {
      const text = errorMessageText(error, CONTENT_DETAIL_ERROR_POLICY);
      if (!(isApiError(error) && error.outOfOperation)) void alertMessage(text);
      return text;
    },
  );

  const registered = useRef<string | null>(null);
  const detail = remote.status === 'ready' ? remote.data : null;
  useEffect(() => {
    if (!detail || preview) return;
    const key = `${detail.categoryId}/${detail.contentsId}`;
    if (registered.current === key) return;
    registered.current = key;
    registerRecentlyViewed(detail.categoryId, detail.contentsId).catch(() => undefined);
  }, [detail, preview]);

  if (remote.status === 'failed') {
    return (
      <div className={styles.page}>
        <section className={styles.failed} role="alert">
          <h1 className={styles.failedTitle}>コンテンツを表示できません</h1>
          <p>{remote.message}</p>
          <Link to="/portal-top" className="btn btn-secondary">
            ポータルトップへ戻る
          </Link>
        </section>
      </div>
    );
  }
  if (!detail) {
    return (
      <div className={styles.page} role="status" aria-label="読み込み中">
        <div className={styles.skeleton}>
          <span style={{ width: '30%' }} />
          <span style={{ width: '70%', height: 28 }} />
          <span style={{ width: '95%' }} />
          <span style={{ width: '88%' }} />
          <span style={{ width: '92%' }} />
        </div>
      </div>
    );
  }
  return <ContentDetailView detail={detail} screenName={screenName} preview={preview} modal={modal} />;
}
