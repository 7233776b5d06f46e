// While the server answers 503 ERR_SYS001 (its database is away: docs/operations.md), a read is
// tried again after the answer's Retry-After, backing off up to half a minute, and the app shows
// that it is waiting (ServerAwayNotice) instead of a blank or broken page. A write is never repeated
// here: its caller shows the message and keeps what the user typed, who decides to send it again.

/** Reads by the spec's names: get…, check…, narrow… (and the session check). Every other call may change something. */
export function isReadCall(method: 'GET' | 'POST', path: string): boolean {
  return method === 'GET' || path === '/api/auth/validate' || /^\/api\/[^/]+\/(get|check|narrow)/i.test(path);
}

/** Tries after the first answer: with Retry-After 5 and the backoff, about two minutes in all. */
export const MAX_READ_RETRIES = 8;
const BACKOFF_START_MS = 1_000;
const BACKOFF_CAP_MS = 30_000;

/** The wait before retry `attempt` (0-based): at least Retry-After, at least the backoff. */
export function retryDelayMs(attempt: number, retryAfterSeconds: number | undefined): number {
  const backoff = Math.min(BACKOFF_CAP_MS, BACKOFF_START_MS * 2 ** attempt);
  const asked =
    retryAfterSeconds !== undefined && Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0
      ? retryAfterSeconds * 1000
      : 0;
  return Math.min(Math.max(asked, backoff), Math.max(asked, BACKOFF_CAP_MS));
}

/** Retry-After as seconds (its delta form; an HTTP date is turned into seconds from now). */
export function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

// How many reads are waiting for the server now; the notice shows while there is one.
let waiting = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function subscribeServerAway(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function readsWaitingForServer(): number {
  return waiting;
}

/** Marks one read as waiting for the server until the returned function is called. */
export function beginWaiting(): () => void {
  waiting++;
  emit();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    waiting--;
    emit();
  };
}

/** Waits `ms`; an abort ends the wait with the signal's reason. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
