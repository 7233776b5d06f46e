// What a definition file may write for reuse (docs/forms.md, Reuse): a `$ref` to a fragment
// (schemas/fragments/*.json) or to the file's own `$defs`, with keys beside it that override.
// The loader (schemas/meta/load.ts) replaces them before anything checks or serves the
// definition, so the meta-schema accepts them only for editors reading the file as written.
import { Type, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox';

const FragmentRef = Type.Object(
  {
    $ref: Type.String({
      pattern: '^(#/\\$defs/|\\.\\./fragments/[a-z0-9-]+\\.json#/)',
      description: '#/$defs/<name> of this file, or ../fragments/<file>.json#/<pointer>',
    }),
  },
  {
    description:
      'Replaced by the JSON it points to; keys beside it are merged over that JSON (objects key by key, anything else replaced)',
  },
);

/** `schema` as it is served; in the file, also a `$ref` with overrides. */
export function reusable<T extends TSchema>(schema: T): TUnsafe<Static<T>> {
  return Type.Unsafe<Static<T>>({ if: { type: 'object', required: ['$ref'] }, then: FragmentRef, else: schema });
}
