// The narrowing inputs of the skill-up hub and the event list (spec 002 section 5) as they travel:
// the keyword and the tag ids. Their rules run on the server (api/resources/content/narrowing.ts).
import { Type } from '@sinclair/typebox';
import { KEYWORD_MAX_LENGTH } from '../rules/keyword';

/** No C0 control characters but TAB, LF and CR (docs/decisions.md section 2): refused by the schema, before SQL. */
export const NO_CONTROL = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F]*$';

// The input limits the keyword to 50; spaces and converted characters leave room for a little more.
export const NarrowKeyword = Type.Optional(
  Type.String({
    maxLength: KEYWORD_MAX_LENGTH * 2,
    pattern: NO_CONTROL,
    description: 'Keyword, at most 50 characters; 2 or more without spaces',
  }),
);
export const NarrowTags = Type.Optional(
  Type.Union([
    Type.String({ maxLength: 2000, pattern: NO_CONTROL, description: 'Tag ids joined by commas' }),
    Type.Array(Type.Union([Type.Integer({ minimum: 0 }), Type.String({ maxLength: 10, pattern: NO_CONTROL })]), {
      maxItems: 200,
    }),
  ]),
);
