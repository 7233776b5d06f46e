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

// The rules and conditions a definition declares: Static<> of the TypeBox declarations the
// meta-schema is generated from (schemas/meta/language/rules.ts), each kind documented there.
import type { Rule } from '../meta/language/rules';

export type {
  AfterServerDateRule,
  AtLeastOneRule,
  CharsetRule,
  Condition,
  CsvListRule,
  DateOrderRule,
  DateRule,
  DifferentFromRule,
  DigitsRule,
  EmailRule,
  FileDuplicateRule,
  FileExtensionRule,
  FileNameRule,
  FileSizeRule,
  MaxItemsRule,
  MaxLengthRule,
  NotPastRule,
  RequiredIfRule,
  RequiredRule,
  RequiredWithRule,
  Rule,
  UniqueRule,
} from '../meta/language/rules';

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
  return (
    typeof v === 'object' && v !== null && !Array.isArray(v) && ('fileName' in v || 'uploadId' in v || 'size' in v)
  );
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
