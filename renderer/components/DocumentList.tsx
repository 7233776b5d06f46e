// The documents of a content (or login popup): name, size, and a download through /api/download
// (the name opens the document in a new tab); ダウンロード一括 fetches all of them as one ZIP.
import { useState } from 'react';
import { OPERATION_TYPE, sendOperationLog } from '../app/operation-log';
import type { ContentTempFile } from './content-wire';
import { downloadContentFile } from './download';
import { formatFileSize } from './file-size';
import styles from './DocumentList.module.css';

interface Props {
  files: ContentTempFile[];
  categoryId: number;
  contentId: number;
  screenName: string;
  /** Offer ダウンロード一括 (default: when there is at least one document). */
  downloadAll?: boolean;
  /** No operation log (preview). */
  preview?: boolean;
}

function extensionOf(name: string): string {
  const m = /\.([a-z0-9]{1,5})$/i.exec(name);
  return m?.[1]?.toUpperCase() ?? 'FILE';
}

export function DocumentList({
  files,
  categoryId,
  contentId,
  screenName,
  downloadAll = files.length > 0,
  preview = false,
}: Props) {
  const [busy, setBusy] = useState<string | null>(null);

  const download = async (fileName: string) => {
    if (busy !== null) return;
    setBusy(fileName);
    try {
      await downloadContentFile({ categoryId, contentId, fileName, screenName });
    } finally {
      setBusy(null);
    }
  };

  const viewed = (file: ContentTempFile) => {
    if (preview) return;
    sendOperationLog({
      operationType: OPERATION_TYPE.viewFile,
      fromScreenName: screenName,
      controlName: 'document',
      actionDetail: file.tempFileName,
      genericField1: String(categoryId),
      genericField2: String(contentId),
    });
  };

  if (files.length === 0) return null;
  return (
    <div className={styles.documents}>
      <ul className={styles.list}>
        {files.map((file) => (
          <li key={file.rowNo} className={styles.row}>
            <span className={styles.ext} data-ext={extensionOf(file.tempFileName)} aria-hidden="true">
              {extensionOf(file.tempFileName)}
            </span>
            <a
              className={styles.name}
              href={file.tempFilePath}
              target="_blank"
              rel="noopener"
              onClick={() => viewed(file)}
            >
              {file.tempFileName}
              <span className="visually-hidden">（新しいタブで開きます）</span>
            </a>
            <span className={styles.size}>{formatFileSize(file.tempFileSize)}</span>
            <button
              type="button"
              className={`btn btn-secondary ${styles.button}`}
              onClick={() => void download(file.tempFileName)}
              disabled={busy !== null}
              aria-label={`${file.tempFileName} をダウンロード`}
            >
              <DownloadIcon />
              {busy === file.tempFileName ? 'ダウンロード中…' : 'ダウンロード'}
            </button>
          </li>
        ))}
      </ul>
      {downloadAll && (
        <div className={styles.all}>
          <button type="button" className="btn btn-primary" onClick={() => void download('')} disabled={busy !== null}>
            <DownloadIcon />
            {busy === '' ? 'ダウンロード中…' : 'ダウンロード一括'}
          </button>
          <span className={styles.allNote}>すべてのファイルをZIP形式でダウンロードします</span>
        </div>
      )}
    </div>
  );
}

function DownloadIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path
        d="M8 2v8M4.5 6.5 8 10l3.5-3.5M2.5 13.5h11"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
