// Files the user picked that travel in a multipart call (a segment's CSV): the form's record
// keeps a plain entry {fileName, size, text, localFileId} that the rule engine reads, and the
// File object stays here until the call sends it. Files that go through tus never come here.
import { parseCsvList } from '../../schemas/rules/csv';
import { decodeText } from '../../schemas/rules/csv';
import type { FileEntry } from '../../schemas/rules/engine';

const files = new Map<string, File>();
let next = 1;

export interface LocalFileEntry extends FileEntry {
  fileName: string;
  size: number;
  localFileId: string;
  /** Text of a CSV (read in the browser, for the csvList rules and the "N件" count). */
  text?: string;
  /** Entries of a CSV: non-blank lines. */
  count?: number;
}

export function isLocalFileEntry(value: unknown): value is LocalFileEntry {
  return typeof value === 'object' && value !== null && typeof (value as LocalFileEntry).localFileId === 'string';
}

/** Keeps the File and answers its entry; a CSV is read (UTF-8 or Shift_JIS) and counted. */
export async function localFileEntry(file: File, readCsv: boolean): Promise<LocalFileEntry> {
  const localFileId = `local-${next++}`;
  files.set(localFileId, file);
  const entry: LocalFileEntry = { fileName: file.name, size: file.size, localFileId };
  if (readCsv) {
    const text = decodeText(new Uint8Array(await file.arrayBuffer()));
    entry.text = text;
    entry.count = parseCsvList(text).length;
  }
  return entry;
}

export function localFileOf(entry: unknown): File | undefined {
  return isLocalFileEntry(entry) ? files.get(entry.localFileId) : undefined;
}

export function forgetLocalFile(entry: unknown): void {
  if (isLocalFileEntry(entry)) files.delete(entry.localFileId);
}
