// CSV lists (agent codes and the like) as the spec reads them: line by line, blank lines
// dropped, surrounding quotes removed. Shared by the rule engine, the browser (reading a file
// before upload) and the API (importing it). Pure TypeScript: TextDecoder exists in both.

export interface CsvEntry {
  /** 1-based line number in the file, blank lines included (what a user sees in an editor). */
  line: number;
  value: string;
}

const TRIM = /^[\s\u3000]+|[\s\u3000]+$/g;

/** The first column of one line: a quoted field ("" is a quote inside) or text up to a comma. */
function firstColumn(line: string): string {
  const s = line.replace(TRIM, '');
  if (s.startsWith('"')) {
    let out = '';
    for (let i = 1; i < s.length; i++) {
      const ch = s[i];
      if (ch === '"') {
        if (s[i + 1] === '"') {
          out += '"';
          i++;
          continue;
        }
        return out;
      }
      out += ch;
    }
    return out; // no closing quote: the rest of the line
  }
  const comma = s.indexOf(',');
  return comma === -1 ? s : s.slice(0, comma);
}

/** Removes one pair of surrounding quotes ("…" or '…') and spaces. */
function unquote(s: string): string {
  const t = s.replace(TRIM, '');
  if (t.length >= 2 && ((t.startsWith('"') && t.endsWith('"')) || (t.startsWith("'") && t.endsWith("'")))) {
    return t.slice(1, -1).replace(TRIM, '');
  }
  return t;
}

/**
 * The entries of a CSV list: one per line whose first column is not empty, quotes and
 * surrounding spaces removed. A byte-order mark and any line ending (CRLF, LF, CR) are accepted.
 */
export function parseCsvList(text: string): CsvEntry[] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const out: CsvEntry[] = [];
  body.split(/\r\n|\n|\r/).forEach((line, i) => {
    const value = unquote(firstColumn(line));
    if (value !== '') out.push({ line: i + 1, value });
  });
  return out;
}

/** Number of entries (the import count of spec 001: non-blank lines). */
export function countCsvEntries(text: string): number {
  return parseCsvList(text).length;
}

/**
 * Text of a file's bytes: UTF-8 (with or without a byte-order mark) when it is valid UTF-8,
 * otherwise Shift_JIS (what Excel writes on Japanese Windows).
 */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('shift_jis').decode(bytes);
  }
}
