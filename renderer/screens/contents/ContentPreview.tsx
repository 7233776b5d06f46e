// The preview of a registration form (action `preview`, editMode 9): the agent's page of the saved
// content in preview mode (spec 001 section 4) — no breadcrumb, no favourite, nothing recorded —
// drawn by the same view agents get, from the same call. An event previews as its event detail
// (spec 002 section 2.4: usable in preview mode), so the date, deadline and entry box show too.
// The generic form finds it through its preview registry (renderer/forms/previews.ts) under the
// names the content definitions use: "content" and "event".
import { errorMessageText } from '../../api/client';
import type { ContentDetail } from '../../components/content-wire';
import { useRemote } from '../../components/use-remote';
import { registerPreview, type PreviewProps } from '../../forms/previews';
import { CONTENT_DETAIL_ERROR_POLICY, loadContentDetail } from './calls';
import { ContentDetailView } from './ContentDetailView';
import { loadEventDetail, type EventDetail } from '../events/calls';
import { EventEntryBox } from '../events/EventEntryBox';
import styles from '../../forms/FormLayout.module.css';

const noop = () => undefined;

function ContentPreview({ categoryId, contentsId, page, screenName, onClose }: PreviewProps) {
  const remote = useRemote(
    `${page}|${categoryId}/${contentsId}`,
    async (signal): Promise<{ detail: ContentDetail; event: EventDetail | null }> => {
      if (page !== 'event') return { detail: await loadContentDetail(categoryId, contentsId, signal), event: null };
      const event = await loadEventDetail(categoryId, contentsId, true, signal);
      return { detail: event, event };
    },
    (error) => errorMessageText(error, CONTENT_DETAIL_ERROR_POLICY),
  );
  if (remote.status === 'failed') {
    return (
      <p className={styles.loadError} role="alert">
        {remote.message}
      </p>
    );
  }
  if (remote.status !== 'ready') {
    return (
      <div className={styles.loading} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        読み込み中です…
      </div>
    );
  }
  const { detail, event } = remote.data;
  // The entry box in preview: its buttons are shown as the agent would see them, and disabled.
  const extra = event ? <EventEntryBox detail={event} screenName={screenName} preview onChanged={noop} /> : undefined;
  return <ContentDetailView detail={detail} screenName={screenName} preview onClose={onClose} extra={extra} />;
}

/** Makes the content page and the event detail available to the content registration forms. */
export function registerContentPreviews(): void {
  registerPreview('content', ContentPreview);
  registerPreview('event', ContentPreview);
}
