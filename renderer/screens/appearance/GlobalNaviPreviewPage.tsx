// /preview-globalnavi/glovalNaviKanriId/{id}/detailKbn/{01|02} (spec 001 "Global navigation
// preview", opened in a new window by the setting form): the stored current (01) or scheduled
// (02) list drawn by the header's own navigation bar (up to 5 top items, the rest under その他);
// 閉じる closes the window.
import { useParams } from 'react-router-dom';
import { apiPost } from '../../api/client';
import type { GlobalNavItem } from '../../api/types';
import { GlobalNav } from '../../app/header/GlobalNav';
import styles from './Preview.module.css';
import { PreviewWindow } from './PreviewWindow';

interface PreviewItem {
  categoryId: string;
  parentId: string;
  itemName: string;
  url?: string;
  isSeparateTab?: boolean;
}

const NO_BADGES: ReadonlyMap<string, number> = new Map();

export function GlobalNaviPreviewPage() {
  const { glovalNaviKanriId = '', detailKbn = '' } = useParams();
  return (
    <PreviewWindow
      what="グローバルナビ"
      detailKbn={detailKbn}
      loadKey={`${glovalNaviKanriId}/${detailKbn}`}
      load={async (signal) => {
        const answer = await apiPost<{ gloNaviPreviewDataList: PreviewItem[] }>(
          '/api/GlovalNaviManegment/getPreviewData',
          { GlonaviKanriId: glovalNaviKanriId, detailKbn },
          { signal },
        );
        return answer.gloNaviPreviewDataList.map((p, i): GlobalNavItem => ({
          // The preview answers ids as digit strings; the header's items carry the wire's numbers.
          categoryId: Number(p.categoryId),
          categoryName: p.itemName,
          parentId: p.parentId === '' ? '' : Number(p.parentId),
          displayOrder: i + 1,
          linkUrl: p.url ?? '',
          isSaparateTab: p.isSeparateTab === true,
        }));
      }}
    >
      {(items) => (
        <>
          <div className={styles.navBar}>
            <GlobalNav items={items} counts={NO_BADGES} label="グローバルナビゲーション（プレビュー）" />
          </div>
          <p className={styles.caption}>
            上位5項目まで表示し、6項目目以降は「その他」にまとめて表示します。子項目は各項目のメニューに表示します。
          </p>
        </>
      )}
    </PreviewWindow>
  );
}
