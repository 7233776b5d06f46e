// /preview-iconmenu/iconMenuKanriId/{id}/detailKbn/{01|02} (spec 001 "Icon menu preview", opened
// in a new window by the setting form): the grid of icon buttons of the stored current (01) or
// scheduled (02) list, each showing its hover image under the pointer; 閉じる closes the window.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { apiPost } from '../../api/client';
import styles from './Preview.module.css';
import { PreviewWindow } from './PreviewWindow';

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
      <button
        type="button"
        className={styles.icon}
        onMouseEnter={() => setOver(true)}
        onMouseLeave={() => setOver(false)}
        onFocus={() => setOver(true)}
        onBlur={() => setOver(false)}
      >
        <img src={over ? icon.imageFileOver : icon.imageFileNomal} alt="" width={64} height={64} />
        <span>{icon.menuName}</span>
      </button>
    </li>
  );
}

export function IconMenuPreviewPage() {
  const { iconMenuKanriId = '', detailKbn = '' } = useParams();
  return (
    <PreviewWindow
      what="アイコンメニュー"
      detailKbn={detailKbn}
      loadKey={`${iconMenuKanriId}/${detailKbn}`}
      load={async (signal) =>
        (
          await apiPost<{ iconMenuPreviewData: PreviewIcon[] }>(
            '/api/IconMenuManegment/getPreviewData',
            { iconMenuKanriId, detailKbn },
            { signal },
          )
        ).iconMenuPreviewData
      }
    >
      {(icons) => (
        <ul className={styles.icons} aria-label="アイコンメニュー（プレビュー）">
          {icons.map((icon) => (
            <IconButton key={icon.menuId} icon={icon} />
          ))}
        </ul>
      )}
    </PreviewWindow>
  );
}
