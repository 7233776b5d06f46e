// Rule kinds about files and CSV lists: fileExtension, fileSize, fileName, fileDuplicate, csvList.
// A file value is one file entry ({fileName, size, text?, uploadId?}) or a list of them; the
// browser fills it from the File object, the server from the upload itself (api/files/attach.ts).
import { parseCsvList } from './csv';
import { fileEntries, isFileEntry, toText } from './engine-types';
import type { CsvListRule, FileDuplicateRule, FileExtensionRule, FileNameRule, FileSizeRule } from './engine-types';
import type { KindHandler } from './kind';
import { inCharset } from './kinds-text';
import { codePointLength, isUsableText } from './text';

/** Rows reported at most per CSV rule, so a broken file of 10,000 lines gives a readable list. */
export const MAX_CSV_ROW_MESSAGES = 20;

/** Lower-case extension without the dot ('' when the name has none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 || dot === fileName.length - 1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * A file name the portal can store and offer for download: 1–255 characters, usable text
 * (Shift_JIS convertible, no combining marks or characters above U+FFFF), none of
 * \ / : * ? " < > | or control characters, a name before the extension, no trailing dot or space.
 */
export function isUsableFileName(name: string): boolean {
  const n = codePointLength(name);
  if (n < 1 || n > 255) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\/:*?"<>|\x00-\x1f\x7f]/.test(name)) return false;
  if (/[. ]$/.test(name) || /^[ \u3000]/.test(name)) return false;
  const dot = name.lastIndexOf('.');
  if (dot === 0) return false; // ".csv": no name
  return isUsableText(name);
}

export const fileExtension: KindHandler<FileExtensionRule> = {
  each: (r) => r.field,
  fields: (r) => [r.field],
  check: (r, env, t) => {
    const allowed = r.extensions.map((e) => e.toLowerCase().replace(/^\./, ''));
    if (fileEntries(t!.value).some((f) => !allowed.includes(extensionOf(f.fileName!)))) env.emit(t!.path);
  },
};

export const fileSize: KindHandler<FileSizeRule> = {
  each: (r) => r.field,
  fields: (r) => [r.field],
  check: (r, env, t) => {
    const max = r.max ?? env.ctx.maxFileSize;
    if (typeof max !== 'number' || !(max > 0)) return;
    if (fileEntries(t!.value).some((f) => typeof f.size === 'number' && f.size > max)) env.emit(t!.path);
  },
};

export const fileName: KindHandler<FileNameRule> = {
  each: (r) => r.field,
  fields: (r) => [r.field],
  check: (_r, env, t) => {
    if (fileEntries(t!.value).some((f) => !isUsableFileName(f.fileName!))) env.emit(t!.path);
  },
};

export const fileDuplicate: KindHandler<FileDuplicateRule> = {
  each: (r) => r.field,
  fields: (r) => [r.field],
  check: (_r, env, t) => {
    const seen = new Set<string>();
    for (const f of fileEntries(t!.value)) {
      const key = f.fileName!.normalize('NFC').toLowerCase();
      if (seen.has(key)) {
        env.emit(t!.path);
        return;
      }
      seen.add(key);
    }
  },
};

/** The CSV text of a value: a string, or the text a file entry carries (undefined: not read). */
function csvText(v: unknown): string | undefined {
  if (isFileEntry(v)) return typeof v.text === 'string' && fileEntries(v).length ? v.text : undefined;
  const s = toText(v);
  return s === '' ? undefined : s;
}

export const csvList: KindHandler<CsvListRule> = {
  each: (r) => r.field,
  fields: (r) => [r.field],
  check: (r, env, t) => {
    const text = csvText(t!.value);
    if (text === undefined) return;
    const entries = parseCsvList(text);
    if (r.check === 'notEmpty') {
      if (entries.length === 0) env.emit(t!.path);
      return;
    }
    let reported = 0;
    const report = (line: number) => {
      if (reported++ < MAX_CSV_ROW_MESSAGES) env.emit(t!.path, { row: line });
    };
    const seen = new Set<string>();
    for (const e of entries) {
      if (r.check === 'maxLength' && codePointLength(e.value) > (r.max ?? Infinity)) report(e.line);
      if (r.check === 'charset' && !inCharset(e.value, r.set ?? 'usable')) report(e.line);
      if (r.check === 'unique') {
        if (seen.has(e.value)) report(e.line);
        seen.add(e.value);
      }
    }
  },
};
