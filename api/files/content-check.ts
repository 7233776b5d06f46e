// What the server checks in an uploaded file besides its name and size: the content must be what
// the extension says (magic bytes), so a renamed executable is not stored as a PDF. Text kinds
// (csv, txt) must decode as UTF-8 or Shift_JIS without control characters.

/** Extensions the portal accepts at all (spec 001 section 9); each form narrows them. */
export const UPLOAD_EXTENSIONS = [
  'csv',
  'pdf',
  'docx',
  'xlsx',
  'txt',
  'pptx',
  'jpg',
  'png',
  'mp4',
  'webm',
  'ogv',
] as const;

/** Bytes read from the start of a file for the check. */
export const HEAD_BYTES = 64 * 1024;

const startsWith = (head: Uint8Array, bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const ZIP = (h: Uint8Array) => startsWith(h, [0x50, 0x4b, 0x03, 0x04]);

const SIGNATURES: Record<string, (head: Uint8Array) => boolean> = {
  pdf: (h) => startsWith(h, ascii('%PDF-')),
  png: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  docx: ZIP,
  xlsx: ZIP,
  pptx: ZIP,
  mp4: (h) => startsWith(h, ascii('ftyp'), 4),
  webm: (h) => startsWith(h, [0x1a, 0x45, 0xdf, 0xa3]),
  ogv: (h) => startsWith(h, ascii('OggS')),
  csv: (h) => looksLikeText(h),
  txt: (h) => looksLikeText(h),
};

/**
 * Text: decodes as UTF-8 or Shift_JIS (a multi-byte character cut at the end of the head is
 * fine) and has no control characters but tab, line breaks, form feed and the old EOF mark.
 */
export function looksLikeText(head: Uint8Array): boolean {
  for (const b of head) {
    if ((b < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d, 0x1a].includes(b)) || b === 0x7f) return false;
  }
  for (const encoding of ['utf-8', 'shift_jis']) {
    try {
      new TextDecoder(encoding, { fatal: true }).decode(head, { stream: true });
      return true;
    } catch {
      // try the next encoding
    }
  }
  return false;
}

/** Whether the first bytes of a file fit its extension (unknown extensions never do). */
export function contentMatchesExtension(extension: string, head: Uint8Array): boolean {
  const check = SIGNATURES[extension.toLowerCase()];
  return check ? check(head) : false;
}
