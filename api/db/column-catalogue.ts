// What each column of the database can hold, read from the database's own catalogue: the one
// source (the migrations made it), so no form or route restates a column's type or length. The
// form engine checks a record's values against it before any SQL (api/forms/column-values.ts):
// a value a column cannot hold is the caller's mistake (400), never a 500 from the database.
import { sql, type Kysely } from 'kysely';

export type ColumnKind = 'integer' | 'numeric' | 'date' | 'timestamp' | 'boolean' | 'text' | 'json' | 'other';

export interface ColumnFacts {
  kind: ColumnKind;
  /** The smallest and largest integer the column holds (integer kinds). */
  min?: number;
  max?: number;
  /** Characters at most (varchar(n), char(n)); absent for unbounded text. */
  maxLength?: number;
}

export type ColumnCatalogue = ReadonlyMap<string, ColumnFacts>;

const INTEGER_RANGE: Record<string, [number, number]> = {
  int2: [-32768, 32767],
  int4: [-2147483648, 2147483647],
  // int8 holds more, but a JavaScript number is exact only up to 2^53 - 1 (both drivers parse int8 to number).
  int8: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

function factsOf(typeName: string, typmod: number): ColumnFacts {
  const range = INTEGER_RANGE[typeName];
  if (range) {
    const [min, max] = range;
    return { kind: 'integer', min, max };
  }
  switch (typeName) {
    case 'numeric':
    case 'float4':
    case 'float8':
      return { kind: 'numeric' };
    case 'date':
      return { kind: 'date' };
    case 'timestamp':
    case 'timestamptz':
      return { kind: 'timestamp' };
    case 'bool':
      return { kind: 'boolean' };
    case 'varchar':
    case 'bpchar':
      // The type modifier of a character type is its length plus the 4 bytes of the header; -1 is unbounded.
      return typmod > 4 ? { kind: 'text', maxLength: typmod - 4 } : { kind: 'text' };
    case 'text':
      return { kind: 'text' };
    case 'json':
    case 'jsonb':
      return { kind: 'json' };
    default:
      return { kind: 'other' };
  }
}

const catalogues = new WeakMap<object, Promise<ColumnCatalogue>>();

/**
 * Every column of the current schema's tables as `table.column` → what it holds. Read once per
 * database handle (the schema only changes by migrations, which run before the app starts); a
 * failed read (the database away) is not kept, so the next call reads again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- catalogue tables are not in the typed schema
export function columnCatalogue(db: Kysely<any>): Promise<ColumnCatalogue> {
  let found = catalogues.get(db);
  if (!found) {
    found = readCatalogue(db);
    catalogues.set(db, found);
    found.catch(() => catalogues.delete(db));
  }
  return found;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
async function readCatalogue(db: Kysely<any>): Promise<ColumnCatalogue> {
  const { rows } = await sql<{ table_name: string; column_name: string; type_name: string; typmod: number }>`
    select c.relname as table_name, a.attname as column_name, t.typname as type_name, a.atttypmod as typmod
    from pg_catalog.pg_attribute a
    join pg_catalog.pg_class c on c.oid = a.attrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_type t on t.oid = a.atttypid
    where n.nspname = current_schema() and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`.execute(db);
  return new Map(rows.map((r) => [`${r.table_name}.${r.column_name}`, factsOf(r.type_name, Number(r.typmod))]));
}
