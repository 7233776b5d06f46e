// The preview of a registration form (action `preview`, editMode 9): the agent's content page of
// the saved content in preview mode (spec 001 section 4) — no breadcrumb, no favourite, nothing
// recorded — drawn by the same view agents get, from the same call.
import { errorMessageText } from '../api/client';
import { useRemote } from '../components/use-remote';
import { CONTENT_DETAIL_ERROR_POLICY, loadContentDetail } from '../screens/contents/calls';
import { ContentDetailView } from '../screens/contents/ContentDetailView';
import styles from './FormLayout.module.css';

interface Props {
  categoryId: string;
  contentsId: string;
  screenName: string;
  /** In a dialog: its 閉じる button. */
  onClose?: () => void;
}

export function ContentPreview({ categoryId, contentsId, screenName, onClose }: Props) {
  const remote = useRemote(
    `${categoryId}/${contentsId}`,
    (signal) => loadContentDetail(categoryId, contentsId, signal),
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
  return <ContentDetailView detail={remote.data} screenName={screenName} preview onClose={onClose} />;
}
