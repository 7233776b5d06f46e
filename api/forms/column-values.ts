// Whether each value of a declared form's record fits the column it is stored in (docs/forms.md,
// "What the engine checks against the columns"): for every field the store keeps in a column —
// of the row, of its one-to-one tables, of its child rows — and the copy source's key, the value
// must be one the column can hold, as the database's own catalogue says (api/db/column-catalogue.ts):
// an integer in the column's range, a real calendar date, a timestamp, a flag, text within the
// column's length. A value that does not fit is a 400 naming the field by its title (ERR_0025)
// before any SQL, for every form and column at once, never a 500 from the database.
import type { FastifyInstance } from 'fastify';
import type { RuleResult } from '../../schemas/rules/engine';
import type { FormDefinition } from '../../schemas/meta/types';
import { matchesPattern } from '../../schemas/rules/paths';
import { columnCatalogue, type ColumnCatalogue, type ColumnFacts } from '../db/column-catalogue';
import { formFailures } from './enforce';
import type { FormRecord, StoreShape } from './record-store';
import { normaliseRecord } from './wire-record';

const blank = (v: unknown) => v === undefined || v === null || v === '';
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A calendar date yyyy-MM-dd that exists (the database refuses 2026-02-30 and year 0). */
function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const codePoints = (s: string) => [...s].length;

/** Whether `value` (not blank) is one the column can hold, as the record store would write it. */
export function fitsColumn(value: unknown, column: ColumnFacts): boolean {
  switch (column.kind) {
    case 'integer': {
      const text = typeof value === 'number' ? null : typeof value === 'string' ? value.trim() : undefined;
      if (text === undefined || (text !== null && !/^-?[0-9]{1,20}$/.test(text))) return false;
      const n = typeof value === 'number' ? value : Number(text);
      return (
        Number.isSafeInteger(n) &&
        n >= (column.min ?? Number.MIN_SAFE_INTEGER) &&
        n <= (column.max ?? Number.MAX_SAFE_INTEGER)
      );
    }
    case 'numeric':
      return (
        (typeof value === 'number' && Number.isFinite(value)) ||
        (typeof value === 'string' && /^-?[0-9]{1,15}(\.[0-9]{1,15})?$/.test(value.trim()))
      );
    case 'date':
      // The store writes yyyy/MM/dd as yyyy-MM-dd and keeps the first ten characters.
      return typeof value === 'string' && isCalendarDate(value.replaceAll('/', '-').slice(0, 10));
    case 'timestamp': {
      // yyyy-MM-ddTHH:mm on the wire (Tokyo time), as the store reads it.
      if (typeof value !== 'string') return false;
      const s = value.replaceAll('/', '-');
      return /^\d{4}-\d{2}-\d{2}[T ]([01]\d|2[0-3]):[0-5]\d/.test(s) && isCalendarDate(s.slice(0, 10));
    }
    case 'boolean':
      return typeof value === 'boolean' || value === 'true' || value === 'false' || value === '1' || value === '0';
    case 'text':
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return false;
      return column.maxLength === undefined || codePoints(String(value)) <= column.maxLength;
    default:
      return true;
  }
}

const titleOf = (form: FormDefinition, field: string) => {
  const title = (form.schema.properties[field] as { title?: unknown } | undefined)?.title;
  return typeof title === 'string' ? title : field;
};

/** Whether a maxLength rule of the form limits the field (`list.0.name` for `list[].name`) to at most `max` characters. */
const limitedByRule = (form: FormDefinition, field: string, max: number) =>
  form.rules.some(
    (r) => r.rule === 'maxLength' && r.max <= max && (r.field === field || matchesPattern(field, r.field)),
  );

/**
 * The fields of `record` whose values their columns cannot hold, each once as ERR_0025 with the
 * field's title (a child row's value: its list's title). Each such value is removed from the
 * record, so no hook or query sees it; the save answers the failures with the rules' messages.
 */
export function columnFailures(
  catalogue: ColumnCatalogue,
  form: FormDefinition,
  shape: StoreShape,
  record: FormRecord,
): RuleResult[] {
  const failures: RuleResult[] = [];
  const check = (
    table: string,
    column: string,
    holder: Record<string, unknown>,
    key: string,
    field: string,
    label: string,
  ) => {
    const found = catalogue.get(`${table}.${column}`);
    // Where the form's own rule limits the length as tightly, its message speaks (the browser shows the same).
    const facts =
      found?.maxLength !== undefined && limitedByRule(form, field, found.maxLength)
        ? { ...found, maxLength: undefined }
        : found;
    const value = holder[key];
    if (!facts || blank(value) || fitsColumn(value, facts)) return;
    delete holder[key];
    failures.push({ field, messageId: 'ERR_0025', args: [label] });
  };
  const { table, key } = shape.spec;
  for (const [field, c] of shape.columns) check(table, c.column, record, field, field, titleOf(form, field));
  for (const x of shape.extensions)
    for (const [field, c] of x.columns) check(x.table, c.column, record, field, field, titleOf(form, field));
  for (const x of shape.rows) {
    const list = record[x.field];
    if (!Array.isArray(list)) continue;
    list.forEach((row, i) => {
      if (!isObject(row)) return;
      for (const [field, c] of x.columns)
        if (c.type !== 'file') check(x.table, c.column, row, field, `${x.field}.${i}.${field}`, titleOf(form, x.field));
    });
  }
  // A copy names its source by the key of a record of the same store.
  const copyTo = form.mode?.copyTo;
  if (copyTo && copyTo in record) check(table, key.column, record, copyTo, copyTo, titleOf(form, copyTo));
  return failures;
}

/**
 * The record a save call carries, ready for the hooks and the rules: declared fields of the right
 * JSON type (wire-record.ts), then values their columns can hold. A value that does not fit is
 * answered by the form's own rules for that field when they refuse it (their message, e.g. a
 * date's format or a row's order, as the browser shows it), else ERR_0025. `failures` name every
 * field that was dropped.
 */
export async function checkedRecord(
  app: FastifyInstance,
  form: FormDefinition,
  shape: StoreShape,
  raw: FormRecord,
): Promise<{ record: FormRecord; failures: RuleResult[] }> {
  const { record, failures } = normaliseRecord(form, raw);
  const sent = structuredClone(record);
  const unfit = columnFailures(await columnCatalogue(app.db), form, shape, record);
  const spoken = unfit.flatMap((f) => {
    const own = formFailures(app, form, sent, { fields: [f.field] }).filter((m) => m.field === f.field);
    return own.length ? own : [f];
  });
  return { record, failures: [...failures, ...spoken] };
}
