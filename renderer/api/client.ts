// The one typed client of the renderer. Every call of the API is a JSON POST under /api
// (docs/wire-contract.md): object bodies carry systemKbn "01", the bearer token of the stored
// session is attached, cookies are sent, and every failure becomes one ApiError.
import { formatMessage, formatMessages, type Message } from '../../schemas/messages/format';
import { getToken } from '../app/session';
import { navigateTo } from '../app/navigation';
import { beginWaiting, isReadCall, MAX_READ_RETRIES, parseRetryAfter, retryDelayMs, sleep } from './server-away';

export const SYSTEM_KBN = '01';

export type ApiErrorKind = 'http' | 'network' | 'setup';

/** A failed call: an HTTP error answer, no answer at all, or a request that could not be made. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status?: number;
  readonly messages?: Message[];
  readonly body?: unknown;
  /** Retry-After of the answer, in seconds. */
  readonly retryAfter?: number;

  constructor(init: {
    kind: ApiErrorKind;
    status?: number;
    messages?: Message[];
    body?: unknown;
    retryAfter?: number;
    cause?: unknown;
  }) {
    super(init.kind === 'http' ? `API answered ${init.status}` : `API call failed (${init.kind})`, {
      cause: init.cause,
    });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.messages = init.messages;
    this.body = init.body;
    this.retryAfter = init.retryAfter;
  }

  /** 503 with { outOfOperation: true }: the request arrived outside operating hours. */
  get outOfOperation(): boolean {
    return this.kind === 'http' && this.status === 503 && isRecord(this.body) && this.body.outOfOperation === true;
  }

  /**
   * 429: this user's calls of this kind are over their per-minute limit (ERR_0041, or the sign-in
   * limit's ERR_USER003). Never sent again by the client: the user tries again after Retry-After.
   */
  get rateLimited(): boolean {
    return this.kind === 'http' && this.status === 429;
  }

  /** 503 for any other reason: the server is up but its database is away (ERR_SYS001); try again later. */
  get serverAway(): boolean {
    return this.kind === 'http' && this.status === 503 && !this.outOfOperation;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export interface ApiPostOptions {
  /** Attach the stored bearer token (default true). Sign-in and password reset calls pass false. */
  auth?: boolean;
  /** On 503 outOfOperation, go to /out-of-operation (default true). The route guard redirects itself. */
  redirectOutOfOperation?: boolean;
  signal?: AbortSignal;
  /** The Idempotency-Key header of a create (renderer/forms/submission-key.ts). */
  idempotencyKey?: string;
  /** Keep the request alive when the page is left (an edit lock given back on pagehide). */
  keepalive?: boolean;
}

/**
 * POST a JSON body. An object gets systemKbn added; any other value (a user id, a reset token) is
 * sent as JSON as it is, so a string goes over the wire as a JSON string ("0000000003").
 */
export async function apiPost<T>(path: string, body?: unknown, opts: ApiPostOptions = {}): Promise<T> {
  const payload = isRecord(body)
    ? { ...body, systemKbn: SYSTEM_KBN }
    : body === undefined
      ? { systemKbn: SYSTEM_KBN }
      : body;
  const response = await send(path, 'POST', opts, (headers) => {
    headers.set('Content-Type', 'application/json');
    return JSON.stringify(payload);
  });
  return (await readBody(response)) as T;
}

/** GET a JSON answer (the form and list definitions of GET /api/forms/:id and /api/lists/:id). */
export async function apiGet<T>(path: string, opts: ApiPostOptions = {}): Promise<T> {
  const response = await send(path, 'GET', opts, () => undefined);
  return (await readBody(response)) as T;
}

/**
 * POST multipart/form-data (the calls the spec marks multipart, e.g. a CSV with its segment).
 * systemKbn is added; the browser sets the boundary.
 */
export async function apiPostMultipart<T>(path: string, form: FormData, opts: ApiPostOptions = {}): Promise<T> {
  const response = await send(path, 'POST', opts, () => {
    if (!form.has('systemKbn')) form.set('systemKbn', SYSTEM_KBN);
    return form;
  });
  return (await readBody(response)) as T;
}

/** A file answered by a download call: its bytes and the name of its Content-Disposition. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
  /** 204 No Content: the call had nothing to give (e.g. ERR_0009 for an empty entry download). */
  empty: boolean;
}

/** POST a JSON body to a download call; the name comes from Content-Disposition (RFC 6266). */
export async function apiDownload(
  path: string,
  body: unknown,
  defaultFileName: string,
  opts: ApiPostOptions = {},
): Promise<DownloadedFile> {
  const payload = isRecord(body) ? { ...body, systemKbn: SYSTEM_KBN } : (body ?? { systemKbn: SYSTEM_KBN });
  const response = await send(path, 'POST', opts, (headers) => {
    headers.set('Content-Type', 'application/json');
    headers.set('Accept', '*/*');
    return JSON.stringify(payload);
  });
  if (response.status === 204) return { blob: new Blob([]), fileName: defaultFileName, empty: true };
  const blob = await response.blob();
  return { blob, fileName: fileNameOf(response.headers.get('Content-Disposition')) || defaultFileName, empty: false };
}

/** The file name of a Content-Disposition header: filename* (UTF-8) first, then filename. */
export function fileNameOf(disposition: string | null): string {
  if (!disposition) return '';
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent((extended[2] ?? '').trim().replace(/^"|"$/g, ''));
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  return (plain?.[2] ?? plain?.[1] ?? '').trim();
}

/**
 * One call: a read that finds the server away (503, not out of hours) is sent again after
 * Retry-After with backoff while the app says it is waiting (server-away.ts); a write is not.
 */
async function send(
  path: string,
  method: 'GET' | 'POST',
  opts: ApiPostOptions,
  makeBody: (headers: Headers) => BodyInit | undefined,
): Promise<Response> {
  if (!isReadCall(method, path)) return sendOnce(path, method, opts, makeBody);
  let endWaiting: (() => void) | undefined;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        return await sendOnce(path, method, opts, makeBody);
      } catch (error) {
        if (!isApiError(error) || !error.serverAway || attempt >= MAX_READ_RETRIES || opts.signal?.aborted) throw error;
        endWaiting ??= beginWaiting();
        await sleep(retryDelayMs(attempt, error.retryAfter), opts.signal);
      }
    }
  } finally {
    endWaiting?.();
  }
}

/** One request with the bearer token and cookies; any failure becomes an ApiError. */
async function sendOnce(
  path: string,
  method: 'GET' | 'POST',
  opts: ApiPostOptions,
  makeBody: (headers: Headers) => BodyInit | undefined,
): Promise<Response> {
  const { auth = true, redirectOutOfOperation = true, signal, idempotencyKey, keepalive } = opts;
  let request: Request;
  try {
    const headers = new Headers({ Accept: 'application/json' });
    const token = auth ? getToken() : '';
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (idempotencyKey) headers.set('Idempotency-Key', idempotencyKey);
    const body = makeBody(headers);
    request = new Request(path, { method, headers, body, credentials: 'same-origin', signal, keepalive });
  } catch (cause) {
    throw new ApiError({ kind: 'setup', cause });
  }

  let response: Response;
  try {
    response = await fetch(request);
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError({ kind: 'network', cause });
  }
  if (response.ok) return response;

  const parsed = await readBody(response);
  const error = new ApiError({
    kind: 'http',
    status: response.status,
    body: parsed,
    messages: extractMessages(parsed),
    retryAfter: parseRetryAfter(response.headers.get('Retry-After')),
  });
  if (error.outOfOperation && redirectOutOfOperation) navigateTo('/out-of-operation');
  throw error;
}

async function readBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return undefined;
  }
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function extractMessages(body: unknown): Message[] | undefined {
  if (!isRecord(body) || !Array.isArray(body.messages)) return undefined;
  const messages = body.messages.filter((m): m is Message => isRecord(m) && typeof m.messageId === 'string');
  return messages.length > 0 ? messages : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ---------------------------------------------------------------------------------------------
// From an error to the text the user sees (spec 000 section 8).

/**
 * How one call turns its failures into catalogue text. Anything not covered falls back to the
 * general handler: 400 with a string body shows the string, a 4xx body with messages shows those,
 * 403 gives ERR_0022, everything else ERR_SYS999.
 */
export interface ErrorPolicy {
  /** A fixed message for a status; takes precedence over the messages of the body. */
  byStatus?: Record<number, string>;
  /** Any other HTTP status that is not answered by the body's messages. */
  otherStatus?: string;
  /** The request was sent but no answer came back. */
  network?: string;
  /** The request could not be made. */
  setup?: string;
  /** Statuses above 499 whose body's messages are shown (the sign-in's unsent code mail). */
  bodyMessages?: number[];
}

export const GENERAL_ERROR_POLICY: ErrorPolicy = {};

/**
 * /api/Auth/login: 401 ERR_USER002, 500 ERR_SYS999, other ERR_SYS001, no answer ERR_SYS001, setup ERR_SYS002;
 * a 503 with messages says what failed (the one-time code's mail could not be sent, ERR_SYS003).
 */
export const LOGIN_ERROR_POLICY: ErrorPolicy = {
  byStatus: { 401: 'ERR_USER002', 500: 'ERR_SYS999' },
  bodyMessages: [503],
  otherStatus: 'ERR_SYS001',
  network: 'ERR_SYS001',
  setup: 'ERR_SYS002',
};

/** /api/Auth/OtpLogin: as the login, with 401 ERR_USER004. */
export const OTP_ERROR_POLICY: ErrorPolicy = {
  ...LOGIN_ERROR_POLICY,
  byStatus: { 401: 'ERR_USER004', 500: 'ERR_SYS999' },
};

/** /api/pwdReset/sendResetMail: 401 ERR_USER004 (spec 000 section 8). */
export const RESET_MAIL_ERROR_POLICY: ErrorPolicy = {
  byStatus: { 401: 'ERR_USER004' },
};

/** /api/pwdReset/ValidateOtu: 401 ERR_USER005. */
export const RESET_TOKEN_ERROR_POLICY: ErrorPolicy = {
  byStatus: { 401: 'ERR_USER005' },
};

/** /api/pwdReset/PasswordUpdate: 500 ERR_SYS999, others ERR_SYS001 (rule messages of a 4xx are shown). */
export const PASSWORD_UPDATE_ERROR_POLICY: ErrorPolicy = {
  byStatus: { 500: 'ERR_SYS999' },
  otherStatus: 'ERR_SYS001',
  network: 'ERR_SYS001',
  setup: 'ERR_SYS001',
};

/** The catalogue text for any thrown value, following the policy of the call. */
export function errorMessageText(error: unknown, policy: ErrorPolicy = GENERAL_ERROR_POLICY): string {
  if (!isApiError(error)) return formatMessage('ERR_SYS999');
  if (error.kind === 'setup') return formatMessage(policy.setup ?? 'ERR_SYS999');
  if (error.kind === 'network') return formatMessage(policy.network ?? 'ERR_SYS999');

  const status = error.status ?? 0;
  const fixed = policy.byStatus?.[status];
  if (fixed) return formatMessage(fixed);
  if (((status >= 400 && status < 500) || policy.bodyMessages?.includes(status)) && error.messages)
    return formatMessages(error.messages);
  // The database away (ERR_SYS001, "try again later"): what the server said, not an unexpected error.
  if (error.serverAway && error.messages) return formatMessages(error.messages);
  // A 429 without the catalogue's words (a proxy's own limit): the same message as the API's.
  if (error.rateLimited) return formatMessage('ERR_0041');
  if (status === 400 && typeof error.body === 'string' && error.body.trim() !== '') return error.body;
  if (status === 403) return formatMessage('ERR_0022');
  return formatMessage(policy.otherStatus ?? 'ERR_SYS999');
}
