// The rule kinds of the one rule engine (schemas/rules/engine.ts): what each takes. The engine's
// Rule types are Static<> of these declarations, so a kind cannot be declared differently for
// the meta-schema and for the engine.
import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';
import { Condition, ListPath, MessageId, Path, When } from './basics';
import { Dict, Enum, OneOrMany, closed, shared } from './build';
import { reusable } from './reuse';

const CHARSETS = ['usable', 'ascii', 'alphanumeric', 'numeric'] as const;
const Charset = Enum(CHARSETS);

/** The keys every rule has, then the kind's own. */
function kind<const K extends string, P extends TProperties>(
  name: K,
  description: string,
  props: P,
  extra: Record<string, unknown> = {},
) {
  return Type.Object(
    {
      rule: Type.Literal(name),
      message: MessageId,
      args: Type.Optional(
        Type.Unsafe<readonly string[]>({
          type: 'array',
          items: { type: 'string' },
          description: 'Arguments of the message (labels); {row}, {max} and {maxFileSizeMB} are filled in',
        }),
      ),
      when: Type.Optional(When),
      note: Type.Optional(Type.String({ description: 'Free text for whoever maintains the form' })),
      ...props,
    },
    { ...closed, title: name, description, ...extra },
  );
}

const Html = Type.Optional(Type.Boolean({ description: "Rich text: the editor's empty <p></p> counts as empty" }));

export const RequiredRule = kind(
  'required',
  "Value must be filled (not undefined, null, '', [] or a file entry without a name)",
  { field: Path, html: Html },
);
export const RequiredIfRule = kind('requiredIf', 'Value must be filled when `when` holds', {
  field: Path,
  html: Html,
  when: When,
});
export const RequiredWithRule = kind(
  'requiredWith',
  'Value must be filled when any of `with` is filled (same row for list fields)',
  {
    field: Path,
    with: OneOrMany(Path),
    html: Html,
  },
);
export const MaxLengthRule = kind(
  'maxLength',
  'At most `max` characters (code points: a surrogate pair counts as one)',
  {
    field: Path,
    max: Type.Integer({ minimum: 1 }),
    html: Html,
  },
);
export const CharsetRule = kind(
  'charset',
  "Characters allowed: usable (Shift_JIS convertible, no combining marks, nothing above U+FFFF), ascii (printable half-width), alphanumeric (A-Z a-z 0-9), numeric (0-9); forbidSymbols also refuses ' < > & ( ) , { }",
  { field: Path, set: Charset, forbidSymbols: Type.Optional(Type.Boolean()), html: Html },
);
export const EmailRule = kind(
  'email',
  'Mail address: printable ASCII (asciiMessage, default ERR_0018) and local@domain.tld (message)',
  {
    field: Path,
    asciiMessage: Type.Optional(MessageId),
  },
);
export const DigitsRule = kind('digits', 'Half-width digits only, at most `max` (and at least `min`) of them', {
  field: Path,
  max: Type.Integer({ minimum: 1 }),
  min: Type.Optional(Type.Integer({ minimum: 1 })),
});
export const DateRule = kind(
  'date',
  'A real date yyyy-MM-dd (or yyyy/MM/dd); with `time`, yyyy-MM-ddTHH:mm. Not after 9999-12-31 (T23:59)',
  {
    field: Path,
    time: Type.Optional(Type.Boolean()),
  },
);
export const DateOrderRule = kind(
  'dateOrder',
  '`from` not after `to`. With fallback (default), an empty from is 2001-01-01 and an empty to 9999-12-31 (T00:00 / T23:59 for date-times); without it the rule needs both',
  {
    from: Path,
    to: Path,
    fallback: Type.Optional(Type.Boolean()),
    allowEqual: Type.Optional(Type.Boolean()),
    reportOn: Type.Optional(Enum(['from', 'to'])),
  },
);
export const NotPastRule = kind('notPast', 'The date (date part of a date-time) is the server date or later', {
  field: Path,
});
export const AfterServerDateRule = kind(
  'afterServerDate',
  'The date (date part) is after the server date: tomorrow or later',
  { field: Path },
);
export const AtLeastOneRule = kind(
  'atLeastOne',
  'At least one of `fields` filled; or, with `field` naming a list, at least one element (that satisfies `where`, whose `field` is relative to the element)',
  {
    field: Type.Optional(Path),
    fields: Type.Optional(Type.Array(Path, { minItems: 1 })),
    where: Type.Optional(Condition),
  },
  {
    oneOf: [
      { required: ['field'], not: { required: ['fields'] } },
      { required: ['fields'], not: { required: ['field'] } },
    ],
  },
);
export const UniqueRule = kind(
  'unique',
  'The values of a list column (`list[].key`) are unique; each repeat is reported',
  { field: ListPath },
);
export const MaxItemsRule = kind('maxItems', 'A list has at most `max` elements', {
  field: Path,
  max: Type.Integer({ minimum: 0 }),
});
export const DifferentFromRule = kind(
  'differentFrom',
  'Two values must differ (e.g. parent category and category), reported on `field`',
  { field: Path, other: Path },
);
export const FileExtensionRule = kind('fileExtension', 'File names end in one of the extensions (lower case, no dot)', {
  field: Path,
  extensions: Type.Array(Type.String({ pattern: '^[a-z0-9]+$' }), { minItems: 1 }),
});
export const FileSizeRule = kind('fileSize', "Files are at most `max` bytes, or the context's maxFileSize", {
  field: Path,
  max: Type.Optional(Type.Integer({ minimum: 1 })),
});
export const FileNameRule = kind(
  'fileName',
  'File names are usable (1–255 characters, usable text, none of \\ / : * ? " < > |)',
  { field: Path },
);
export const FileDuplicateRule = kind('fileDuplicate', 'No two files of the field share a name (case-insensitive)', {
  field: Path,
});
export const CsvListRule = kind(
  'csvList',
  'A CSV list (agent codes…): lines read one by one, blank lines dropped, quotes removed, the first column kept. `check`: notEmpty, maxLength (each entry ≤ max), charset (each entry in `set`), unique. {row} in args is the line number',
  {
    field: Path,
    check: Enum(['notEmpty', 'maxLength', 'charset', 'unique']),
    max: Type.Optional(Type.Integer({ minimum: 1 })),
    set: Type.Optional(Charset),
  },
  {
    allOf: [
      { if: { properties: { check: { const: 'maxLength' } } }, then: { required: ['max'] } },
      { if: { properties: { check: { const: 'charset' } } }, then: { required: ['set'] } },
    ],
  },
);

const KINDS = [
  RequiredRule,
  RequiredIfRule,
  RequiredWithRule,
  MaxLengthRule,
  CharsetRule,
  EmailRule,
  DigitsRule,
  DateRule,
  DateOrderRule,
  NotPastRule,
  AfterServerDateRule,
  AtLeastOneRule,
  UniqueRule,
  MaxItemsRule,
  DifferentFromRule,
  FileExtensionRule,
  FileSizeRule,
  FileNameRule,
  FileDuplicateRule,
  CsvListRule,
] as const;

type KindSchemas = (typeof KINDS)[number];

/** One rule: the kind in `rule` picks the branch (Ajv's discriminator reports the branch's errors only). */
export const Rule = shared(
  'rule',
  Type.Unsafe<Static<KindSchemas>>({
    type: 'object',
    required: ['rule'],
    discriminator: { propertyName: 'rule' },
    oneOf: [...KINDS] as TSchema[],
  }),
);

/**
 * An entry of a rules list as written: a rule, a `$ref` to a rule or a list of rules (spliced in),
 * or one group of rules declared once for several lists: `forEach` gives the names that
 * replace `{name}` in the group's strings, one copy of the group per element.
 */
export const RuleEntry = shared(
  'ruleEntry',
  reusable(
    Type.Unsafe<Static<KindSchemas>>({
      if: { type: 'object', required: ['forEach'] },
      then: Type.Object(
        {
          forEach: Type.Array(Dict(Type.String()), {
            minItems: 1,
            description: "One copy of `rules` per element: each key's {key} in the rules' strings becomes its value",
          }),
          rules: Type.Unsafe({
            oneOf: [
              { type: 'array', items: { $ref: 'common.schema.json#/definitions/ruleEntry' } },
              { type: 'object', required: ['$ref'] },
            ],
          }),
          note: Type.Optional(Type.String()),
        },
        closed,
      ),
      else: Rule,
    }),
  ),
);

/** A rules list: what the engine runs (after the loader has spliced references and expanded groups). */
export const Rules = Type.Unsafe<Static<KindSchemas>[]>({ type: 'array', items: RuleEntry });

export type Condition = Static<typeof Condition>;
export type Rule = Static<typeof Rule>;
export type RequiredRule = Static<typeof RequiredRule>;
export type RequiredIfRule = Static<typeof RequiredIfRule>;
export type RequiredWithRule = Static<typeof RequiredWithRule>;
export type MaxLengthRule = Static<typeof MaxLengthRule>;
export type CharsetRule = Static<typeof CharsetRule>;
export type EmailRule = Static<typeof EmailRule>;
export type DigitsRule = Static<typeof DigitsRule>;
export type DateRule = Static<typeof DateRule>;
export type DateOrderRule = Static<typeof DateOrderRule>;
export type NotPastRule = Static<typeof NotPastRule>;
export type AfterServerDateRule = Static<typeof AfterServerDateRule>;
export type AtLeastOneRule = Static<typeof AtLeastOneRule>;
export type UniqueRule = Static<typeof UniqueRule>;
export type MaxItemsRule = Static<typeof MaxItemsRule>;
export type DifferentFromRule = Static<typeof DifferentFromRule>;
export type FileExtensionRule = Static<typeof FileExtensionRule>;
export type FileSizeRule = Static<typeof FileSizeRule>;
export type FileNameRule = Static<typeof FileNameRule>;
export type FileDuplicateRule = Static<typeof FileDuplicateRule>;
export type CsvListRule = Static<typeof CsvListRule>;
