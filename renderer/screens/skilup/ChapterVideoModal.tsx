// The video modal of a playbook chapter (spec 002 section 2.3): the training video the chapter
// links (chapterCategoryId / chapterContentsId), played in a modal window, with a link that opens
// its detail page as a separate window (/contents/…/ismodal/true).
import { Modal } from '../../forms/Modal';
import { errorMessageText } from '../../api/client';
import { useRemote } from '../../components/use-remote';
import { CONTENT_DETAIL_ERROR_POLICY, loadContentDetail } from '../contents/calls';
import { VideoList } from '../contents/VideoList';
import styles from './Toranomaki.module.css';

interface Props {
  categoryId: number;
  contentsId: number;
  title: string;
  screenName: string;
  onClose: () => void;
}

export function ChapterVideoModal({ categoryId, contentsId, title, screenName, onClose }: Props) {
  const remote = useRemote(
    `${categoryId}/${contentsId}`,
    (signal) => loadContentDetail(String(categoryId), String(contentsId), signal),
    (error) => errorMessageText(error, CONTENT_DETAIL_ERROR_POLICY),
  );
  const windowPath = `/with-ag/contents/categoryId/${categoryId}/contentsId/${contentsId}/ismodal/true`;
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      width={880}
      footer={
        <>
          <a href={windowPath} target="_blank" rel="noopener" className="btn btn-secondary">
            別ウィンドウで開く
          </a>
          <button type="button" className="btn btn-primary" onClick={onClose}>
            閉じる
          </button>
        </>
      }
    >
      {remote.status === 'loading' && <div className={styles.modalLoading} role="status" aria-label="読み込み中" />}
      {remote.status === 'failed' && <p className={styles.error}>{remote.message}</p>}
      {remote.status === 'ready' && (
        <div className={styles.modalBody}>
          <p className={styles.modalVideoTitle}>{remote.data.title}</p>
          {remote.data.contentsVideoList.length > 0 ? (
            <VideoList
              videos={remote.data.contentsVideoList.slice(0, 1)}
              categoryId={remote.data.categoryId}
              contentsId={remote.data.contentsId}
              screenName={screenName}
            />
          ) : (
            <p className={styles.empty}>この章の動画はありません。</p>
          )}
        </div>
      )}
    </Modal>
  );
}
