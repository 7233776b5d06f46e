// /preview-iconmenu/iconMenuKanriId/{id}/detailKbn/{01|02} (spec 001 "Icon menu preview", opened
// in a new window by the setting form): the grid of icon buttons of the stored current (01) or
// scheduled (02) list, each showing its hover image under the pointer; 閉じる closes the window.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { apiPost, errorMessageText } from '../../api/client';
import { useRemote } from '../../components/use-remote';
import { detailKbnLabel } from './GlobalNaviPreviewPage';
import styles from './Preview.module.css';

interface PreviewIcon {
  menuId: number;
  menuName: string;
  imageFileNomal: string;
  imageFileOver: string;
}

function IconButton({ icon }: { icon: PreviewIcon }) {
  const [over, setOver] = useState(false);
  return (
    <li>
      <button type="button" className={styles.icon} onMouseEnter={() => setOver(true)} onMouseLeave={() => setOver(false)} onFocus={() => setOver(true)} onBlur={() => setOver(false)}>
        <img src={over ? icon.imageFileOver : icon.imageFileNomal} alt="" width={64} height={64} />
        <span>{icon.menuName}</span>
      </button>
    </li>
  );
}

export function IconMenuPreviewPage() {
  const { iconMenuKanriId = '', detailKbn = '' } = useParams();
  const remote = useRemote(
    `${iconMenuKanriId}/${detailKbn}`,
    async (signal) => (await apiPost<{ iconMenuPreviewData: PreviewIcon[] }>('/api/IconMenuManegment/getPreviewData', { iconMenuKanriId, detailKbn }, { signal })).iconMenuPreviewData,
    (error) => errorMessageText(error),
  );

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.title}>アイコンメニュープレビュー（{detailKbnLabel(detailKbn)}）</h1>
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
            <ul className={styles.icons} aria-label="アイコンメニュー（プレビュー）">
              {remote.data.map((icon) => (
                <IconButton key={icon.menuId} icon={icon} />
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
