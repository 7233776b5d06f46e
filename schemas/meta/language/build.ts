// Helpers of the definition language's TypeBox source: one declaration gives the JSON meta-schema
// (npm run schemas:meta writes it) and, through Static<>, the TypeScript type.
import { Type, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox';

/** The definitions of common.schema.json, in the order they are declared. */
export const COMMON_DEFINITIONS: Record<string, TSchema> = {};

/**
 * A piece used in several places: kept once under common.schema.json#/definitions/<name> and
 * referred to from there (form.schema.json and list.schema.json refer to the same file).
 */
export function shared<T extends TSchema>(name: string, schema: T): TUnsafe<Static<T>> {
  if (Object.hasOwn(COMMON_DEFINITIONS, name)) throw new Error(`common definition "${name}" is declared twice`);
  COMMON_DEFINITIONS[name] = schema;
  return Type.Unsafe<Static<T>>({ $ref: `common.schema.json#/definitions/${name}` });
}

/** One of some strings, written as a JSON Schema enum (editors complete it; errors list the values). */
export function Enum<const T extends readonly string[]>(
  values: T,
  options: Record<string, unknown> = {},
): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ ...options, enum: [...values] });
}

/** An object whose keys are names chosen by the definition and whose values are all `value`. */
export function Dict<T extends TSchema>(
  value: T,
  options: Record<string, unknown> = {},
): TUnsafe<Record<string, Static<T>>> {
  return Type.Unsafe<Record<string, Static<T>>>({ ...options, type: 'object', additionalProperties: value });
}

/** A value or a non-empty list of such values. */
export function OneOrMany<T extends TSchema>(
  value: T,
  options: Record<string, unknown> = {},
): TUnsafe<Static<T> | Static<T>[]> {
  return Type.Unsafe<Static<T> | Static<T>[]>({
    ...options,
    oneOf: [value, { type: 'array', items: value, minItems: 1 }],
  });
}

/** No keys besides the declared ones: a misspelt key is an error, not silently ignored. */
export const closed = { additionalProperties: false } as const;

/** A lower-case SQL name (table or column). */
export const SqlName = (options: Record<string, unknown> = {}) =>
  Type.String({ ...options, pattern: '^[a-z_][a-z0-9_]*$' });

/** A path of the API (`/api/…`). */
export const ApiPath = (options: Record<string, unknown> = {}) => Type.String({ ...options, pattern: '^/api/' });
