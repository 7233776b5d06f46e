// ui:options of "displayTarget" (renderer/forms/widgets/DisplayTargetWidget.tsx): who sees a
// content or setting — all agents, an agent segment or agent codes; it owns its sibling fields.
import { Type, type Static } from '@sinclair/typebox';
import { closed } from '../language/build';
import { DataKey, FieldName } from './fields';

export const DisplayTargetOptions = Type.Object(
  {
    segmentField: Type.Optional(FieldName('the chosen agent segment (default agSegmentId)')),
    codeField: Type.Optional(FieldName('the typed agent code (default agCode)')),
    listField: Type.Optional(FieldName('the CSV file entry of agent codes (default agCodeList)')),
    codesField: Type.Optional(FieldName('the codes read from the CSV file (default hyojiTaishoCodeList)')),
    segmentSource: Type.Optional(DataKey('the agent segments (default agSegmentList)')),
    labels: Type.Optional(
      Type.Array(Type.String(), {
        minItems: 3,
        maxItems: 3,
        description: 'The three choices (default 全代理店, AGセグメント, 代理店コード)',
      }),
    ),
    values: Type.Optional(
      Type.Array(Type.String(), { minItems: 3, maxItems: 3, description: 'Their values (default 0, 1, 2)' }),
    ),
    segmentLabel: Type.Optional(Type.String()),
    codeLabel: Type.Optional(Type.String()),
    csv: Type.Optional(Type.Boolean({ description: 'false: agent codes are typed only (one code)' })),
    firstTakenBy: Type.Optional(
      DataKey(
        "when filled and not the record's own selfField, the first choice is disabled (another default setting exists)",
      ),
    ),
    selfField: Type.Optional(Type.String({ description: "The record's own id field, compared with firstTakenBy" })),
  },
  closed,
);

export type DisplayTargetOptions = Static<typeof DisplayTargetOptions>;
