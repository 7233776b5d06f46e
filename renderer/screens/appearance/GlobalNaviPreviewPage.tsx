// /preview-globalnavi/glovalNaviKanriId/{id}/detailKbn/{01|02} (spec 001 "Global navigation
// preview", opened in a new window by the setting form): the stored current (01) or scheduled
// (02) list drawn by the header's own navigation bar (up to 5 top items, the rest under その他);
// 閉じる closes the window.
import { useParams } from 'react-router-dom';
import { apiPost, errorMessageText } from '../../api/client';
import type { GlobalNavItem } from '../../api/types';
import { GlobalNav } from '../../app/header/GlobalNav';
import { useRemote } from '../../components/use-remote';
import styles from './Preview.module.css';

interface PreviewItem {
  categoryId: string;
  parentId: string;
  itemName: string;
  url?: string;
  isSeparateTab?: boolean;
}

const NO_BADGES: ReadonlyMap<string, number> = new Map();

export const detailKbnLabel = (kbn: string) => (kbn === '02' ? '予約設定' : '現在の設定');

export function GlobalNaviPreviewPage() {
  const { glovalNaviKanriId = '', detailKbn = '' } = useParams();
  const remote = useRemote(
    `${glovalNaviKanriId}/${detailKbn}`,
    async (signal) => {
      const answer = await apiPost<{ gloNaviPreviewDataList: PreviewItem[] }>('/api/GlovalNaviManegment/getPreviewData', { GlonaviKanriId: glovalNaviKanriId, detailKbn }, { signal });
      return answer.gloNaviPreviewDataList.map(
        (p, i): GlobalNavItem => ({ categoryId: p.categoryId, categoryName: p.itemName, parentId: p.parentId, displayOrder: i + 1, linkUrl: p.url ?? '', isSaparateTab: p.isSeparateTab === true }),
      );
    },
    (error) => errorMessageText(error),
  );

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.title}>グローバルナビプレビュー（{detailKbnLabel(detailKbn)}）</h1>
        <button type="button" className="btn btn-secondary" onClick={() => window.close()}>
          閉じる
        </button>
      </header>
      {remote.status === 'failed' && (
        <p role="alert" className={styles.failed}>
          {remote.message}
        </p>
      )}
      {remote.status === 'loading' && <p role="status">読み込み中…</p>}
      {remote.status === 'ready' && (
        <div className={styles.frame}>
          {remote.data.length === 0 ? (
            <p className={styles.empty}>表示する項目がありません。</p>
          ) : (
            <>
              <div className={styles.navBar}>
                <GlobalNav items={remote.data} counts={NO_BADGES} label="グローバルナビゲーション（プレビュー）" />
              </div>
              <p className={styles.caption}>上位5項目まで表示し、6項目目以降は「その他」にまとめて表示します。子項目は各項目のメニューに表示します。</p>
            </>
          )}
        </div>
      )}
    </div>
  );
}
