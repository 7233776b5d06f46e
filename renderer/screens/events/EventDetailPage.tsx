// Event detail /skilup-event-detail/categoryId/:categoryId/contentsId/:contentsId (spec 002
// section 2.4): the content detail (breadcrumb, favourite star with its 500 ms lock, provider
// administrators' コピーして新規 and 編集 to /event-touroku) with the event's date and the
// application box. ?isPreview=true is the preview mode: no header, footer (the layout) or
// breadcrumb, nothing recorded, no application. 403 shows ERR_0022, other failures ERR_SYS999.
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { errorMessageText, isApiError } from '../../api/client';
import { alertMessage } from '../../app/dialog';
import { useRouteHandle } from '../../app/route-handle';
import { useSession } from '../../app/session';
import { useRemote } from '../../components/use-remote';
import { CONTENT_DETAIL_ERROR_POLICY } from '../contents/calls';
import { ContentDetailView } from '../contents/ContentDetailView';
import { loadEventDetail, type EventDetail } from './calls';
import { EventEntryBox } from './EventEntryBox';
import detailStyles from '../contents/ContentDetail.module.css';

export function EventDetailPage() {
  const { categoryId = '', contentsId = '' } = useParams();
  const [search] = useSearchParams();
  const preview = search.get('isPreview') === 'true';
  const session = useSession();
  const screenName = useRouteHandle()?.screenName ?? 'イベント詳細';
  const [version, setVersion] = useState(0);
  const scope = [session.user?.userId, session.user?.pseudoUserId, session.systemDate, session.businessDate].join('|');

  const remote = useRemote(
    `${categoryId}/${contentsId}|${preview}|${scope}|${version}`,
    (signal) => loadEventDetail(categoryId, contentsId, preview, signal),
    (error) => {
      const text = errorMessageText(error, CONTENT_DETAIL_ERROR_POLICY);
      if (!(isApiError(error) && error.outOfOperation)) void alertMessage(text);
      return text;
    },
  );
  // Keep the page on screen while it reloads after an application (the key changes with version).
  const [last, setLast] = useState<{ key: string; detail: EventDetail } | null>(null);
  const pageKey = `${categoryId}/${contentsId}|${preview}|${scope}`;
  useEffect(() => {
    if (remote.status === 'ready') setLast({ key: pageKey, detail: remote.data });
  }, [remote, pageKey]);
  const shown: typeof remote =
    remote.status === 'loading' && last?.key === pageKey ? { status: 'ready', data: last.detail } : remote;

  if (shown.status === 'failed') {
    return (
      <div className={detailStyles.page}>
        <section className={detailStyles.failed} role="alert">
          <h1 className={detailStyles.failedTitle}>イベントを表示できません</h1>
          <p>{shown.message}</p>
          <Link to="/skilup-event-list" className="btn btn-secondary">
            イベント一覧へ戻る
          </Link>
        </section>
      </div>
    );
  }
  if (shown.status !== 'ready') {
    return (
      <div className={detailStyles.page} role="status" aria-label="読み込み中">
        <div className={detailStyles.skeleton}>
          <span style={{ width: '30%' }} />
          <span style={{ width: '70%', height: 28 }} />
          <span style={{ width: '95%' }} />
        </div>
      </div>
    );
  }
  const detail = shown.data;
  return (
    <ContentDetailView
      detail={detail}
      screenName={screenName}
      preview={preview}
      extra={
        <EventEntryBox
          detail={detail}
          screenName={screenName}
          preview={preview}
          onChanged={() => setVersion((v) => v + 1)}
        />
      }
    />
  );
}
