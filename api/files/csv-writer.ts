// CSV that the portal writes (segment download, event entries): cells that a spreadsheet would
// run as a formula are neutralised (docs/decisions.md section 3), fields are quoted when needed, lines
// end in CRLF and the file starts with a UTF-8 byte-order mark so Excel reads Japanese text.

/** Cells starting with = + - @ tab or CR get a leading apostrophe (OWASP "CSV injection"). */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * One cell: neutralised, then quoted if it holds a quote, comma or line break. A finite number is
 * written as it is: its text is digits, a sign, a point or an exponent, never a formula, and a
 * negative figure must stay a number in the spreadsheet (not the text '-1234).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  const text = neutraliseCell(value === null || value === undefined ? '' : String(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return cells.map(csvCell).join(',');
}

/** A whole file: BOM, one line per row, CRLF after each. */
export function csvFile(rows: readonly (readonly (string | number | null | undefined)[])[]): Buffer {
  return Buffer.from(`\uFEFF${rows.map((r) => `${csvLine(r)}\r\n`).join('')}`, 'utf8');
}
