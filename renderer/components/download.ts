// Downloads of content documents through /api/download (spec 000 section 7): one file by its
// name, or every document as one ZIP when fileName is ''. The token is checked first; the file
// is saved under the name of the Content-Disposition header (default downloaded_file). Any
// failure shows ERR_SYS003 naming the file download.
import { formatMessage } from '../../schemas/messages/format';
import { SYSTEM_KBN } from '../api/client';
import { alertMessage } from '../app/dialog';
import { navigateTo } from '../app/navigation';
import { getSession, getToken } from '../app/session';
import { dataTargetDate } from './data-scope';
import { ensureValidSession } from './session-check';

export const DEFAULT_DOWNLOAD_NAME = 'downloaded_file';
const DOWNLOAD_FAILED = 'ファイルダウンロード';

/** The file name of a Content-Disposition header: filename* (RFC 5987) first, then filename. */
export function fileNameFromDisposition(header: string | null | undefined): string {
  if (!header) return DEFAULT_DOWNLOAD_NAME;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star) {
    try {
      const name = decodeURIComponent((star[2] ?? '').trim().replace(/^"|"$/g, ''));
      if (name) return name;
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
  if (plain) {
    const name = (plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : (plain[1] ?? '')).trim();
    if (name) return name;
  }
  return DEFAULT_DOWNLOAD_NAME;
}

export interface DownloadRequest {
  categoryId: number | string;
  contentId: number | string;
  /** tempFileName of the document; '' for all documents as a ZIP. */
  fileName: string;
  screenName?: string;
}

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Downloads and saves the file; resolves false (after telling the user) when it failed. */
export async function downloadContentFile(request: DownloadRequest): Promise<boolean> {
  if (!(await ensureValidSession())) return false;
  const session = getSession();
  const user = session.user;
  try {
    const response = await fetch('/api/download', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${getToken()}` },
      body: JSON.stringify({
        systemKbn: SYSTEM_KBN,
        userId: user?.userId ?? '',
        agCode: user?.agCode ?? '',
        pseudoUserId: user?.pseudoUserId ?? '',
        pseudoAgCode: user?.pseudoAgCode ?? '',
        categoryId: request.categoryId,
        contentId: request.contentId,
        fileName: request.fileName,
        targetDate: dataTargetDate(session),
        screenName: request.screenName ?? '',
      }),
    });
    if (response.status === 503) {
      const body = (await response.json().catch(() => null)) as { outOfOperation?: boolean } | null;
      if (body?.outOfOperation) {
        navigateTo('/out-of-operation');
        return false;
      }
    }
    if (!response.ok) throw new Error(`download answered ${response.status}`);
    const blob = await response.blob();
    saveBlob(blob, fileNameFromDisposition(response.headers.get('Content-Disposition')));
    return true;
  } catch {
    await alertMessage(formatMessage('ERR_SYS003', [DOWNLOAD_FAILED]));
    return false;
  }
}
