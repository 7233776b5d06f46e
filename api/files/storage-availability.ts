// Whether an error means "the file storage is away" (the bucket's endpoint refuses, times out or
// answers 5xx, or refuses the credentials or the bucket) rather than a fault of the request: those
// answer 503 ERR_SYS001 with Retry-After like an unavailable database (api/plugins/errors.ts), and
// readiness (probe) names the cause. A missing file is not one of them (FileNotFoundError, 404).

export class StorageUnavailableError extends Error {
  constructor(
    /** What was tried, e.g. "GET files/contents/1/a.pdf". */
    readonly operation: string,
    readonly cause: unknown,
  ) {
    super(`file storage unavailable (${operation}): ${describeCause(cause)}`);
    this.name = 'StorageUnavailableError';
  }
}

export function isStorageUnavailable(err: unknown): err is StorageUnavailableError {
  return err instanceof StorageUnavailableError;
}

/** A short, secret-free reason: the network error code or the store's status and error name. */
export function describeCause(cause: unknown): string {
  if (typeof cause !== 'object' || cause === null) return String(cause);
  const e = cause as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
    $metadata?: { httpStatusCode?: number };
    errors?: unknown[];
  };
  const status = e.$metadata?.httpStatusCode;
  if (typeof e.code === 'string') return `${e.code}${typeof e.message === 'string' ? ` ${e.message}` : ''}`;
  if (Array.isArray(e.errors) && e.errors.length) return describeCause(e.errors[0]);
  const name = typeof e.name === 'string' && e.name !== 'Error' && e.name !== 'Unknown' ? e.name : '';
  if (status)
    return `HTTP ${status}${name ? ` ${name}` : ''}${status === 403 ? ' (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)' : ''}`;
  return typeof e.message === 'string' ? e.message : String(cause);
}
