// CSV with several columns (the provider's import of monthly incentive figures): RFC 4180
// quoting ("" inside quotes, commas and line breaks inside a quoted field), any line ending, a
// byte-order mark, blank lines dropped. Line numbers are those of the file (as csv.ts counts
// them: what a user sees in an editor), so a row-level message names the line to fix.
// Decoding bytes (UTF-8 or Shift_JIS) is decodeText of csv.ts.

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  cells: string[];
}

const TRIM = /^[\s\u3000]+|[\s\u3000]+$/g;

export function parseCsvRecords(text: string): CsvRecord[] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const out: CsvRecord[] = [];
  let line = 1;
  let start = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let wasQuoted = false;
  const endCell = () => {
    cells.push(wasQuoted ? cell : cell.replace(TRIM, ''));
    cell = '';
    wasQuoted = false;
  };
  const endRecord = () => {
    endCell();
    if (cells.some((c) => c !== '')) out.push({ line: start, cells });
    cells = [];
  };
  for (let i = 0; i < body.length; i++) {
    const ch = body.charAt(i);
    if (quoted) {
      if (ch === '"') {
        if (body[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n' || (ch === '\r' && body[i + 1] !== '\n')) line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell.replace(TRIM, '') === '') {
      quoted = true;
      wasQuoted = true;
      cell = '';
    } else if (ch === ',') endCell();
    else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else if (!(wasQuoted && !quoted && /[\s\u3000]/.test(ch))) cell += ch;
  }
  endRecord();
  return out;
}
