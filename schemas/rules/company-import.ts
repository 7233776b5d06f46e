// The import of registered companies (docs/customer-search.md): the file's columns and the
// row-by-row checks with the catalogue's row-level messages (ERR_0012 missing, ERR_0013 wrong
// length or form, ERR_0014 duplicate, ERR_0015 no such prefecture; a name or address with
// characters the portal cannot hold: ERR_0026 naming the line). Pure: the CLI and the seeds run
// it on the text; the prefectures are those of the search form's dropdown, passed in.
import type { Message } from '../messages/format';
import { parseCsvRecords } from './csv-records';
import { MAX_CSV_ROW_MESSAGES } from './kinds-file';
import { codePointLength, isUsableText } from './text';

export const COMPANY_COLUMNS = ['企業コード', '会社名', '郵便番号', '都道府県', '住所'] as const;
const [CODE, NAME, POSTAL, PREFECTURE, ADDRESS] = COMPANY_COLUMNS;
export const COMPANY_FILE_LABEL = '取込ファイル';
const MAX_TEXT = 255;

export interface ImportedCompany {
  line: number;
  companyCode: string;
  companyName: string;
  postalCode: string;
  prefecture: string;
  address: string;
}

export interface CompanyCheck {
  rows: ImportedCompany[];
  messages: Message[];
}

const CODE_SHAPE = /^[A-Za-z0-9-]{1,20}$/;
const POSTAL_SHAPE = /^\d{3}-?\d{4}$/;

/** A postal code as 123-4567. */
const postal = (s: string) => (s.length === 7 ? `${s.slice(0, 3)}-${s.slice(3)}` : s);

/**
 * Checks the text of a company file (header line first). Every row is checked (messages capped at
 * MAX_CSV_ROW_MESSAGES); rows come back only when there is no message, so an import writes all
 * rows or none.
 */
export function checkCompanyFile(text: string, prefectures: ReadonlySet<string>): CompanyCheck {
  const records = parseCsvRecords(text);
  const header = records[0];
  if (!header) return { rows: [], messages: [{ messageId: 'ERR_0011' }] };
  if (COMPANY_COLUMNS.some((name, i) => (header.cells[i] ?? '') !== name))
    return { rows: [], messages: [{ messageId: 'ERR_0020', args: [COMPANY_FILE_LABEL] }] };
  const data = records.slice(1);
  if (data.length === 0) return { rows: [], messages: [{ messageId: 'ERR_0011' }] };

  const messages: Message[] = [];
  const say = (messageId: string, line: number, label: string) => {
    if (messages.length >= MAX_CSV_ROW_MESSAGES) return;
    // ERR_0026 has one argument: the line goes in front of the label, as the row-level codes read.
    messages.push(
      messageId === 'ERR_0026'
        ? { messageId, args: [`${line}行目：${label}`] }
        : { messageId, args: [String(line), label] },
    );
  };
  const rows: ImportedCompany[] = [];
  const seen = new Set<string>();
  for (const r of data) {
    const cell = (i: number) => r.cells[i] ?? '';
    const before = messages.length;
    let bad = false;
    const fail = (messageId: string, label: string) => {
      say(messageId, r.line, label);
      bad = true;
    };
    const code = cell(0);
    if (code === '') fail('ERR_0012', CODE);
    else if (!CODE_SHAPE.test(code)) fail('ERR_0013', CODE);
    const text = (i: number, label: string, required: boolean) => {
      const v = cell(i);
      if (v === '') {
        if (required) fail('ERR_0012', label);
      } else if (codePointLength(v) > MAX_TEXT) fail('ERR_0013', label);
      else if (!isUsableText(v)) fail('ERR_0026', label);
    };
    text(1, NAME, true);
    const zip = cell(2);
    if (zip !== '' && !POSTAL_SHAPE.test(zip)) fail('ERR_0013', POSTAL);
    const prefecture = cell(3);
    if (prefecture === '') fail('ERR_0012', PREFECTURE);
    else if (!prefectures.has(prefecture)) fail('ERR_0015', PREFECTURE);
    text(4, ADDRESS, false);
    if (!bad && seen.has(code)) fail('ERR_0014', CODE);
    if (bad || messages.length > before) continue;
    seen.add(code);
    rows.push({
      line: r.line,
      companyCode: code,
      companyName: cell(1),
      postalCode: postal(zip),
      prefecture,
      address: cell(4),
    });
  }
  return { rows: messages.length ? [] : rows, messages };
}
