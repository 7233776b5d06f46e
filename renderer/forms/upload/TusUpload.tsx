// The one resumable upload of the renderer (docs/decisions.md section 7): tus-js-client to /api/files
// with the bearer token and the metadata filename, filetype, agcode and userid (the effective
// ids: the pseudo ids while a provider administrator acts as an agent). Progress is an integer
// percent. An interrupted upload resumes: the client remembers the upload URL by the file's
// fingerprint and continues from the server's offset (also after a reload). While the network is
// away (a request that got no answer, or the browser offline) the progress says it is waiting for
// the network (INF_0002) and the upload retries for about a minute before it fails. Files are
// never turned into base64 or data URLs. The answer is the upload id a save call refers to.
import { useCallback, useEffect, useRef, useState } from 'react';
import { DetailedError, Upload } from 'tus-js-client';
import { formatMessage, type Message } from '../../../schemas/messages/format';
import { effectiveIds, getToken } from '../../app/session';
import styles from './TusUpload.module.css';

export const UPLOAD_ENDPOINT = '/api/files';
const CHUNK_SIZE = 5 * 1024 * 1024;
/** Retries after a request without an answer: about a minute in all, so a short drop resumes. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 10000, 10000, 10000, 10000];

export interface UploadedFile {
  uploadId: string;
  fileName: string;
  size: number;
  fileType: string;
}

/** A refused or failed upload: the messages to show (the server's, or ERR_SYS003). */
export class UploadError extends Error {
  readonly messages: Message[];
  constructor(messages: Message[]) {
    super('upload failed');
    this.messages = messages;
  }
}

function messagesOfResponse(error: unknown): Message[] {
  if (error instanceof DetailedError && error.originalResponse) {
    try {
      const body = JSON.parse(error.originalResponse.getBody()) as { messages?: Message[] };
      if (Array.isArray(body.messages) && body.messages.length > 0) return body.messages;
    } catch {
      // not JSON: the general message below
    }
    if (error.originalResponse.getStatus() === 403) return [{ messageId: 'ERR_0022' }];
  }
  return [{ messageId: 'ERR_SYS003', args: ['ファイルアップロード'] }];
}

export interface UploadHandle {
  done: Promise<UploadedFile>;
  abort: () => void;
}

/** Starts (or resumes) the upload of one file. */
export function startTusUpload(
  file: File,
  onProgress: (percent: number) => void,
  onWaiting: (waiting: boolean) => void = () => undefined,
): UploadHandle {
  const { agCode, userId } = effectiveIds();
  let upload: Upload | null = null;
  const done = new Promise<UploadedFile>((resolve, reject) => {
    upload = new Upload(file, {
      endpoint: UPLOAD_ENDPOINT,
      chunkSize: CHUNK_SIZE,
      retryDelays: RETRY_DELAYS,
      removeFingerprintOnSuccess: true,
      metadata: {
        filename: file.name,
        filetype: file.type || 'application/octet-stream',
        agcode: agCode,
        userid: userId,
      },
      // The token is read per request: the session check renews it during long uploads.
      onBeforeRequest: (req) => {
        const token = getToken();
        if (token) req.setHeader('Authorization', `Bearer ${token}`);
      },
      // A refusal of the server (400 extension, size, name; 403) is final; network trouble retries.
      onShouldRetry: (err) => {
        const status = err.originalResponse?.getStatus() ?? 0;
        if (status === 0) onWaiting(true); // no answer at all: the network is away
        return status === 0 || status >= 500 || status === 409 || status === 423;
      },
      onProgress: (sent, total) => {
        onWaiting(false);
        onProgress(total > 0 ? Math.floor((sent / total) * 100) : 0);
      },
      onChunkComplete: () => onWaiting(false),
      onSuccess: () => {
        const url = upload?.url ?? '';
        const uploadId = (url.split('?')[0] ?? '').split('/').filter(Boolean).pop() ?? '';
        onProgress(100);
        resolve({ uploadId, fileName: file.name, size: file.size, fileType: file.type });
      },
      onError: (err) => reject(new UploadError(messagesOfResponse(err))),
    });
    const started = upload;
    started
      .findPreviousUploads()
      .then((previous) => {
        const last = previous[0];
        if (last) started.resumeFromPreviousUpload(last);
        started.start();
      })
      .catch(() => started.start());
  });
  return {
    done,
    abort: () => void upload?.abort(false),
  };
}

export interface RunningUpload {
  key: string;
  fileName: string;
  percent: number;
  /** The network is away: the upload waits and resumes by itself. */
  waiting: boolean;
}

/**
 * Uploads of one widget: start() resolves with the upload id; `running` drives the progress
 * bars. Leaving the screen pauses the uploads (they resume when the same file is chosen again).
 */
export function useTusUploads() {
  const [running, setRunning] = useState<RunningUpload[]>([]);
  const handles = useRef(new Map<string, UploadHandle>());
  const next = useRef(0);

  useEffect(() => {
    const map = handles.current;
    return () => {
      for (const handle of map.values()) handle.abort();
      map.clear();
    };
  }, []);

  const start = useCallback((file: File): Promise<UploadedFile> => {
    const key = `u${next.current++}`;
    setRunning((list) => [...list, { key, fileName: file.name, percent: 0, waiting: !navigator.onLine }]);
    const handle = startTusUpload(
      file,
      (percent) =>
        setRunning((list) => list.map((u) => (u.key === key && u.percent !== percent ? { ...u, percent } : u))),
      (waiting) =>
        setRunning((list) => list.map((u) => (u.key === key && u.waiting !== waiting ? { ...u, waiting } : u))),
    );
    handles.current.set(key, handle);
    const finish = () => {
      handles.current.delete(key);
      setRunning((list) => list.filter((u) => u.key !== key));
    };
    handle.done.then(finish, finish);
    return handle.done;
  }, []);

  return { running, start };
}

/** The progress of one upload as an integer percent. */
export function UploadProgress({
  fileName,
  percent,
  waiting = false,
}: {
  fileName: string;
  percent: number;
  waiting?: boolean;
}) {
  const value = Math.max(0, Math.min(100, Math.floor(percent)));
  const offline = useOffline();
  return (
    <div className={styles.progress} data-waiting={waiting || offline ? 'true' : undefined}>
      <span className={styles.name} title={fileName}>
        {fileName}
      </span>
      <progress className={styles.bar} max={100} value={value} aria-label={`${fileName} のアップロード`} />
      <span className={styles.percent} aria-live="polite">
        {value}%
      </span>
      {(waiting || offline) && (
        <span className={styles.waiting} role="status">
          {formatMessage('INF_0002')}
        </span>
      )}
    </div>
  );
}

/** The browser says it is offline (its online and offline events). */
function useOffline(): boolean {
  const [offline, setOffline] = useState(() => typeof navigator !== 'undefined' && !navigator.onLine);
  useEffect(() => {
    const update = () => setOffline(!navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return offline;
}
