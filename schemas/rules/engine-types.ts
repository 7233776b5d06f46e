// Types and small value helpers of the rule engine (schemas/rules/engine.ts). Pure TypeScript:
// no DOM, no Node-only APIs, so the renderer and the API import the same code.

/** What the engine knows besides the record: the server's date, limits, the edit mode. */
export interface RuleContext {
  /** Today on the server, yyyy-MM-dd (Asia/Tokyo). Rules notPast and afterServerDate need it. */
  serverDate?: string;
  /** Largest file in bytes (MAX_FILE_SIZE, served as maxFileSize). */
  maxFileSize?: number;
  /** Edit mode of the form: new, update, copy. */
  mode?: string;
  [key: string]: unknown;
}

/**
 * A condition on the record (`field`) or the context (`context`). With several tests, all must
 * hold. Without a test, the value must be filled.
 */
export interface Condition {
  field?: string;
  context?: string;
  equals?: unknown;
  notEquals?: unknown;
  in?: unknown[];
  filled?: boolean;
}

interface RuleBase {
  /** The message code of schemas/messages/ja.json. */
  message: string;
  /** Arguments of the message (labels). `{row}`, `{max}` and `{maxFileSizeMB}` are filled in. */
  args?: readonly string[];
  /** The rule applies only when this holds (all of them, for a list). */
  when?: Condition | Condition[];
  /** Free text for whoever maintains the form. */
  note?: string;
}

/** Value must be filled (not undefined, null, '', [] or a file entry without a name). */
export interface RequiredRule extends RuleBase { rule: 'required'; field: string; html?: boolean }
/** Value must be filled when `when` holds. */
export interface RequiredIfRule extends RuleBase { rule: 'requiredIf'; field: string; html?: boolean; when: Condition | Condition[] }
/** Value must be filled when any of `with` is filled (same row for list fields). */
export interface RequiredWithRule extends RuleBase { rule: 'requiredWith'; field: string; with: string | string[]; html?: boolean }
/** At most `max` characters (code points: a surrogate pair counts as one). */
export interface MaxLengthRule extends RuleBase { rule: 'maxLength'; field: string; max: number; html?: boolean }
/**
 * Characters allowed: usable (Shift_JIS convertible, no combining marks, nothing above U+FFFF),
 * ascii (printable half-width), alphanumeric (A-Z a-z 0-9), numeric (0-9). forbidSymbols also
 * refuses ' < > & ( ) , { }.
 */
export interface CharsetRule extends RuleBase {
  rule: 'charset';
  field: string;
  set: 'usable' | 'ascii' | 'alphanumeric' | 'numeric';
  forbidSymbols?: boolean;
  html?: boolean;
}
/** Mail address: printable ASCII (asciiMessage, default ERR_0018) and local@domain.tld (message). */
export interface EmailRule extends RuleBase { rule: 'email'; field: string; asciiMessage?: string }
/** Half-width digits only, at most `max` (and at least `min`) of them. */
export interface DigitsRule extends RuleBase { rule: 'digits'; field: string; max: number; min?: number }
/** A real date yyyy-MM-dd (or yyyy/MM/dd); with `time`, yyyy-MM-ddTHH:mm. Not after 9999-12-31 (T23:59). */
export interface DateRule extends RuleBase { rule: 'date'; field: string; time?: boolean }
/**
 * `from` not after `to`. With fallback (default), an empty from is 2001-01-01 and an empty to
 * 9999-12-31 (T00:00 / T23:59 for date-times); without it the rule needs both.
 */
export interface DateOrderRule extends RuleBase {
  rule: 'dateOrder';
  from: string;
  to: string;
  fallback?: boolean;
  allowEqual?: boolean;
  reportOn?: 'from' | 'to';
}
/** The date (date part of a date-time) is the server date or later. */
export interface NotPastRule extends RuleBase { rule: 'notPast'; field: string }
/** The date (date part) is after the server date: tomorrow or later. */
export interface AfterServerDateRule extends RuleBase { rule: 'afterServerDate'; field: string }
/**
 * At least one of `fields` filled; or, with `field` naming a list, at least one element (that
 * satisfies `where`, whose `field` is relative to the element).
 */
export interface AtLeastOneRule extends RuleBase { rule: 'atLeastOne'; fields?: string[]; field?: string; where?: Condition }
/** The values of a list column (`list[].key`) are unique; each repeat is reported. */
export interface UniqueRule extends RuleBase { rule: 'unique'; field: string }
/** A list has at most `max` elements. */
export interface MaxItemsRule extends RuleBase { rule: 'maxItems'; field: string; max: number }
/** Two values must differ (e.g. parent category and category), reported on `field`. */
export interface DifferentFromRule extends RuleBase { rule: 'differentFrom'; field: string; other: string }
/** File names end in one of the extensions (lower case, no dot). */
export interface FileExtensionRule extends RuleBase { rule: 'fileExtension'; field: string; extensions: string[] }
/** Files are at most `max` bytes, or the context's maxFileSize. */
export interface FileSizeRule extends RuleBase { rule: 'fileSize'; field: string; max?: number }
/** File names are usable: see isUsableFileName. */
export interface FileNameRule extends RuleBase { rule: 'fileName'; field: string }
/** No two files of the field share a name (case-insensitive). */
export interface FileDuplicateRule extends RuleBase { rule: 'fileDuplicate'; field: string }
/**
 * A CSV list (agent codes…): text, or a file entry with its `text`. Lines are read one by one,
 * blank lines dropped, surrounding quotes removed, the first column kept. `check` says what one
 * rule checks: notEmpty (at least one entry), maxLength (each entry ≤ max), charset (each entry
 * in `set`), unique (no repeats). `{row}` in args is the line number.
 */
export interface CsvListRule extends RuleBase {
  rule: 'csvList';
  field: string;
  check: 'notEmpty' | 'maxLength' | 'charset' | 'unique';
  max?: number;
  set?: CharsetRule['set'];
}

export type Rule =
  | RequiredRule
  | RequiredIfRule
  | RequiredWithRule
  | MaxLengthRule
  | CharsetRule
  | EmailRule
  | DigitsRule
  | DateRule
  | DateOrderRule
  | NotPastRule
  | AfterServerDateRule
  | AtLeastOneRule
  | UniqueRule
  | MaxItemsRule
  | DifferentFromRule
  | FileExtensionRule
  | FileSizeRule
  | FileNameRule
  | FileDuplicateRule
  | CsvListRule;

export type RuleKind = Rule['rule'];

/** A file as a form holds it: the browser's File facts, or the server's facts of an upload. */
export interface FileEntry {
  fileName?: string;
  size?: number;
  /** Text of a CSV file when it has been read (browser FileReader, server upload). */
  text?: string;
  uploadId?: string;
  [key: string]: unknown;
}

/** Placeholders allowed in rule args. */
export const ARG_PLACEHOLDERS = ['row', 'max', 'maxFileSizeMB'] as const;

// ---- value helpers ----

/** Text of a value: strings as they are, numbers and booleans printed, anything else ''. */
export function toText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return '';
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The visible text of an HTML fragment (tags removed, entities decoded). */
export function htmlText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const cp = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(cp) && cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    });
}

/** Rich text is empty when it shows no text and no media (the editor's empty value is <p></p>). */
export function isEmptyHtml(html: string): boolean {
  if (/<(img|video|iframe|audio)\b/i.test(html)) return false;
  return htmlText(html).replace(/[\s\u3000]/g, '') === '';
}

export function isFileEntry(v: unknown): v is FileEntry {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && ('fileName' in v || 'uploadId' in v || 'size' in v);
}

/** Filled: not undefined/null/''/[]/{}; a file entry needs a name; with html, visible content. */
export function isFilled(v: unknown, html = false): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'string') return html ? !isEmptyHtml(v) : v !== '';
  if (Array.isArray(v)) return v.some((e) => isFilled(e));
  if (isFileEntry(v)) return typeof v.fileName === 'string' && v.fileName !== '';
  if (typeof v === 'object') return Object.keys(v).length > 0;
  return true;
}

/** The file entries of a value: one entry, or a list (entries without a name are skipped). */
export function fileEntries(v: unknown): FileEntry[] {
  const list = Array.isArray(v) ? v : [v];
  return list.filter((e): e is FileEntry => isFileEntry(e) && typeof e.fileName === 'string' && e.fileName !== '');
}

/** Bytes as the MB figure of ERR_0024: 20971520 → "20", 1572864 → "1.5". */
export function formatMegabytes(bytes: number): string {
  return String(Math.round((bytes / (1024 * 1024)) * 10) / 10);
}
