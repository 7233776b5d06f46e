// The provider's import of monthly incentive figures (issue 12): the file's columns and the
// row-by-row checks with the catalogue's row-level messages (ERR_0012 missing, ERR_0013 wrong
// digits or form, ERR_0014 duplicate, ERR_0015 not found / no such month). Pure: the API runs
// it on the uploaded bytes; the checks that need the database (representative code, target
// system) are passed in as sets.
import type { Message } from '../messages/format';
import { parseCsvRecords } from './csv-records';
import { MAX_CSV_ROW_MESSAGES } from './kinds-file';

export const FIGURE_COLUMNS = ['代表コード', '対象システム', '年', '月', '売上実績', '目標', '稼働ID数'] as const;
const [CODE, SYSTEM, YEAR, MONTH, SALES, TARGET, IDS] = FIGURE_COLUMNS;
export const FIGURE_KEY_LABEL = '代表コード・対象システム・年月';
export const IMPORT_FILE_LABEL = '取込ファイル';

export interface ImportedFigure {
  line: number;
  daihyoCode: string;
  targetSystem: string;
  year: number;
  month: number;
  /** null: a month planned with its target only. */
  sales: number | null;
  target: number | null;
  activeIds: number;
}

export interface FigureCheck {
  rows: ImportedFigure[];
  messages: Message[];
}

/** Yen: digits with optional thousands separators and a leading minus, at most 13 digits. */
const AMOUNT = /^-?(?:\d{1,13}|\d{1,3}(?:,\d{3}){1,4})$/;
const COUNT = /^\d{1,7}$/;

const toNumber = (s: string) => Number(s.replaceAll(',', ''));

/**
 * Checks the text of a figures file. Every row is checked (messages are capped at
 * MAX_CSV_ROW_MESSAGES, like the agent-code lists); rows come back only when there is no message.
 */
export function checkFigureFile(
  text: string,
  known: { daihyoCodes: ReadonlySet<string>; targetSystems: ReadonlySet<string> },
): FigureCheck {
  const records = parseCsvRecords(text);
  const header = records[0];
  if (!header || FIGURE_COLUMNS.some((name, i) => (header.cells[i] ?? '') !== name)) {
    return {
      rows: [],
      messages: [
        records.length === 0 ? { messageId: 'ERR_0011' } : { messageId: 'ERR_0020', args: [IMPORT_FILE_LABEL] },
      ],
    };
  }
  const data = records.slice(1);
  if (data.length === 0) return { rows: [], messages: [{ messageId: 'ERR_0011' }] };

  const messages: Message[] = [];
  const say = (messageId: string, line: number, label: string) => {
    if (messages.length < MAX_CSV_ROW_MESSAGES) messages.push({ messageId, args: [String(line), label] });
  };
  const rows: ImportedFigure[] = [];
  const seen = new Set<string>();
  for (const r of data) {
    const cell = (i: number) => r.cells[i] ?? '';
    let bad = false;
    const check = (i: number, label: string, shape: RegExp, required = true): string | null => {
      const v = cell(i);
      if (v === '') {
        if (required) {
          say('ERR_0012', r.line, label);
          bad = true;
        }
        return null;
      }
      if (!shape.test(v)) {
        say('ERR_0013', r.line, label);
        bad = true;
        return null;
      }
      return v;
    };
    const code = check(0, CODE, /^[A-Za-z0-9]{8}$/);
    const system = check(1, SYSTEM, /^\d{2}$/);
    const year = check(2, YEAR, /^\d{4}$/);
    const month = check(3, MONTH, /^\d{1,2}$/);
    // A month may be planned ahead with its target only: then sales and active IDs stay empty.
    const sales = check(4, SALES, AMOUNT, cell(5) === '');
    const target = check(5, TARGET, AMOUNT, false);
    const ids = check(6, IDS, COUNT, cell(4) !== '');
    const notFound = (failed: boolean, label: string) => {
      if (!failed) return;
      say('ERR_0015', r.line, label);
      bad = true;
    };
    notFound(code !== null && !known.daihyoCodes.has(code), CODE);
    notFound(system !== null && !known.targetSystems.has(system), SYSTEM);
    notFound(year !== null && (Number(year) < 2000 || Number(year) > 2100), YEAR);
    notFound(month !== null && (Number(month) < 1 || Number(month) > 12), MONTH);
    if (bad) continue;
    const key = `${code}|${system}|${Number(year)}|${Number(month)}`;
    if (seen.has(key)) {
      say('ERR_0014', r.line, FIGURE_KEY_LABEL);
      continue;
    }
    seen.add(key);
    rows.push({
      line: r.line,
      daihyoCode: code!,
      targetSystem: system!,
      year: Number(year),
      month: Number(month),
      sales: sales === null ? null : toNumber(sales),
      target: target === null ? null : toNumber(target),
      activeIds: ids === null ? 0 : Number(ids),
    });
  }
  return { rows: messages.length ? [] : rows, messages };
}
