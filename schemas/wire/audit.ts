// The audit viewer's calls (監査ログ, docs/audit.md): the filtered rows a page at a time, the same
// rows as CSV, and the chain check. The server validates with these; the renderer uses their types.
import { Type, type Static } from '@sinclair/typebox';
import { Body, CallerIds } from './common';
import { NO_CONTROL } from './narrowing';

const DateText = Type.Optional(
  Type.String({ maxLength: 10, pattern: NO_CONTROL, description: 'Tokyo date yyyy/MM/dd or yyyy-MM-dd' }),
);
const Filter = (maxLength: number, description: string) =>
  Type.Optional(Type.String({ maxLength, pattern: NO_CONTROL, description }));

export const AuditFilterProps = {
  ...CallerIds,
  dateFrom: { ...DateText, description: 'First day (Tokyo); default 29 days before dateTo' } as typeof DateText,
  dateTo: { ...DateText, description: 'Last day (Tokyo), inclusive; default today' } as typeof DateText,
  actor: Filter(20, "User id of the actor, or an agent code (the actor's or the agent acted as)"),
  entity: Filter(50, 'Entity kind (content, agent_user …); exact'),
  entityId: Filter(100, 'Id of the entity; exact'),
  text: Filter(100, 'Free text searched in the before and after values'),
};

export const AuditListBody = Body({
  ...AuditFilterProps,
  cursor: Filter(80, 'nextCursor of the previous page; absent for the first page'),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, description: 'Rows a page (default 50)' })),
});
export type AuditListRequest = Static<typeof AuditListBody>;

export const AuditCsvBody = Body(AuditFilterProps);

export const DiffLine = Type.Object({
  op: Type.Union([Type.Literal('same'), Type.Literal('removed'), Type.Literal('added')]),
  text: Type.String(),
});

export const AuditChange = Type.Object({
  field: Type.String({ description: 'Key in the record' }),
  label: Type.String({ description: "The form's title of the field (the key when the form has none)" }),
  before: Type.String(),
  after: Type.String(),
  lines: Type.Optional(Type.Array(DiffLine, { description: 'Line diff, for long or multi-line text' })),
});
export type AuditChangeWire = Static<typeof AuditChange>;

export const AuditRow = Type.Object({
  auditId: Type.Number(),
  seq: Type.Union([Type.Number(), Type.Null()]),
  at: Type.String({ description: 'yyyy/MM/dd HH:mm:ss, Tokyo' }),
  actorUserId: Type.String(),
  actorName: Type.String(),
  actorAgCode: Type.String(),
  pseudoAgCode: Type.String({ description: 'The agent a provider administrator acted as; "" when none' }),
  pseudoUserId: Type.String(),
  entity: Type.String(),
  screen: Type.String({ description: 'The screen (form title) or what the entity is, in Japanese' }),
  entityId: Type.String(),
  action: Type.String(),
  actionLabel: Type.String(),
  changes: Type.Array(AuditChange),
});
export type AuditRowWire = Static<typeof AuditRow>;

export const EntityOption = Type.Object({ value: Type.String(), text: Type.String() });

export const AuditListResponse = Type.Object({
  auditList: Type.Array(AuditRow),
  nextCursor: Type.String({ description: '"" on the last page' }),
  entityOptions: Type.Array(EntityOption),
  dateFrom: Type.String({ description: 'The period applied, yyyy/MM/dd' }),
  dateTo: Type.String(),
});
export type AuditListAnswer = Static<typeof AuditListResponse>;

export const ChainStatus = Type.Object({
  ok: Type.Boolean({ description: 'No break found by the last finished walk (true while none has finished)' }),
  checking: Type.Boolean({ description: 'A walk is still running; the other fields are from the last finished one' }),
  rows: Type.Number({ description: 'Rows verified' }),
  checkedAt: Type.String({ description: 'When the walk started, yyyy/MM/dd HH:mm:ss Tokyo; "" before the first' }),
  brokenAuditId: Type.Union([Type.Number(), Type.Null()]),
  brokenSeq: Type.Union([Type.Number(), Type.Null()]),
  reason: Type.String({ description: '"" when intact; changed, relinked, missing, unchained or head' }),
  detail: Type.String(),
});
export type ChainStatusWire = Static<typeof ChainStatus>;

export const ChainBody = Body({
  ...CallerIds,
  refresh: Type.Optional(Type.Boolean({ description: 'Walk again even if a recent result is cached' })),
});
