// The administrators' insight screen (/kanri-insight, docs/insight.md): one call per section,
// each with the same filter (period in Tokyo dates, a segment and/or an agent code), the
// drill-down lists and their CSV.
import { Type, type Static } from '@sinclair/typebox';
import { Body, CallerIds, WireId } from './common';

const DateField = (description: string) =>
  Type.Optional(Type.String({ maxLength: 10, description: `${description} (yyyy/MM/dd or yyyy-MM-dd, Tokyo)` }));

/** The filter every section takes. */
export const InsightFilter = {
  ...CallerIds,
  from: DateField('First day of the period; default 29 days before the last'),
  to: DateField('Last day of the period; default today'),
  segmentId: Type.Optional(Type.Union([WireId('Only the agents of this segment'), Type.Literal('')])),
  agentCode: Type.Optional(Type.String({ maxLength: 8, description: 'Only this agent code' })),
};

export const InsightBody = Body(InsightFilter);
export type InsightRequest = Static<typeof InsightBody>;

/** The period and scope the server used (defaults filled in). */
const Period = Type.Object({
  from: Type.String({ description: 'yyyy-MM-dd' }),
  to: Type.String({ description: 'yyyy-MM-dd' }),
  agents: Type.Number({ description: 'Agents in the scope (segment / agent code filter)' }),
});

const DayCount = Type.Object({ date: Type.String({ description: 'yyyy-MM-dd' }), count: Type.Number() });

/** /api/Insight/reach */
export const ReachRow = Type.Object({
  contentId: Type.Number(),
  categoryName: Type.String(),
  title: Type.String(),
  important: Type.Boolean(),
  displayTarget: Type.String({ description: '全代理店 / セグメント名 / 代理店指定' }),
  postStart: Type.String(),
  postEnd: Type.String(),
  targeted: Type.Number({ description: 'Agents of the scope the content is targeted at' }),
  opened: Type.Number({ description: 'Of those, agents with a user who opened it' }),
  views: Type.Number({ description: 'Views in the period by users of the scope' }),
});
export type ReachRow = Static<typeof ReachRow>;
export const ReachAnswer = Type.Object({
  period: Period,
  total: Type.Number({ description: 'Contents posted in the period (the list shows the first 50)' }),
  contents: Type.Array(ReachRow),
  viewsPerDay: Type.Array(DayCount),
});
export type ReachAnswer = Static<typeof ReachAnswer>;

/**
 * /api/Insight/reachUnopened and /api/Insight/popupPending: one content's drill-down, a page of 100
 * rows at a time in a fixed order (agent code, then user id); the next page by the nextCursor of
 * the previous one (a keyset: the last row's key). The CSV (/api/Insight/csv) holds every row.
 */
export const DrillBody = Body({
  ...InsightFilter,
  contentId: WireId('The content'),
  cursor: Type.Optional(
    Type.String({ maxLength: 100, description: 'nextCursor of the previous page; absent or "" for the first page' }),
  ),
});
const DrillPage = {
  title: Type.String(),
  total: Type.Number({ description: 'Rows of the whole list (the page holds up to 100 of them)' }),
  nextCursor: Type.String({ description: 'The cursor of the next page; "" on the last page' }),
};
export const AgentRow = Type.Object({ agCode: Type.String(), agName: Type.String() });
export const UnopenedAnswer = Type.Object({ ...DrillPage, agents: Type.Array(AgentRow) });
export type UnopenedAnswer = Static<typeof UnopenedAnswer>;

/** /api/Insight/popups */
export const PopupRow = Type.Object({
  contentId: Type.Number(),
  title: Type.String(),
  adminsOnly: Type.Boolean({ description: 'Check display target 2: administrators only' }),
  postStart: Type.String(),
  postEnd: Type.String(),
  targetedAgents: Type.Number(),
  targetedUsers: Type.Number(),
  confirmed: Type.Number(),
  pending: Type.Number(),
});
export type PopupRow = Static<typeof PopupRow>;
export const PopupsAnswer = Type.Object({ period: Period, popups: Type.Array(PopupRow) });
export type PopupsAnswer = Static<typeof PopupsAnswer>;
export const UserRow = Type.Object({
  agCode: Type.String(),
  agName: Type.String(),
  userId: Type.String(),
  userName: Type.String(),
});
export const PendingAnswer = Type.Object({ ...DrillPage, users: Type.Array(UserRow) });
export type PendingAnswer = Static<typeof PendingAnswer>;

/** /api/Insight/search */
export const KeywordRow = Type.Object({
  keyword: Type.String(),
  count: Type.Number(),
  agents: Type.Number({ description: 'Distinct agents that searched it' }),
  lastSearched: Type.String({ description: 'yyyy/MM/dd HH:mm, Tokyo' }),
});
export type KeywordRow = Static<typeof KeywordRow>;
export const SearchAnswer = Type.Object({
  period: Period,
  searches: Type.Number(),
  searchesOpened: Type.Number({ description: 'Searches after which a result was opened' }),
  topKeywords: Type.Array(KeywordRow),
  zeroKeywords: Type.Array(KeywordRow),
});
export type SearchAnswer = Static<typeof SearchAnswer>;

/** /api/Insight/skilup */
export const PhaseRow = Type.Object({
  skilupId: Type.Number(),
  skilupName: Type.String(),
  phaseId: Type.Number(),
  phaseName: Type.String(),
  chapters: Type.Number(),
  completed: Type.Number({ description: 'Agents whose users watched every chapter to the end' }),
  started: Type.Number({ description: 'Agents that opened or finished some chapters, not all' }),
  never: Type.Number(),
});
export type PhaseRow = Static<typeof PhaseRow>;
export const EventRow = Type.Object({
  contentId: Type.Number(),
  title: Type.String(),
  heldAt: Type.String({ description: 'yyyy/MM/dd HH:mm, Tokyo' }),
  capacity: Type.Union([Type.Number(), Type.Null()]),
  applications: Type.Number(),
  cancellations: Type.Number(),
  fillRate: Type.Union([Type.Number(), Type.Null()], { description: '(applications − cancellations) / capacity, %' }),
});
export type EventRow = Static<typeof EventRow>;
export const SkilupAnswer = Type.Object({ period: Period, phases: Type.Array(PhaseRow), events: Type.Array(EventRow) });
export type SkilupAnswer = Static<typeof SkilupAnswer>;

/** /api/Insight/requests */
export const OpenRequestRow = Type.Object({
  statusKbn: Type.String(),
  statusName: Type.String(),
  age: Type.String({ description: 'Age bucket since submission' }),
  count: Type.Number(),
});
export type OpenRequestRow = Static<typeof OpenRequestRow>;
export const DurationRow = Type.Object({
  categoryName: Type.String(),
  month: Type.String({ description: 'yyyy-MM of submission, Tokyo' }),
  submitted: Type.Number(),
  replyMedianHours: Type.Union([Type.Number(), Type.Null()]),
  replyP90Hours: Type.Union([Type.Number(), Type.Null()]),
  completeMedianHours: Type.Union([Type.Number(), Type.Null()]),
  completeP90Hours: Type.Union([Type.Number(), Type.Null()]),
});
export type DurationRow = Static<typeof DurationRow>;
export const RequestsAnswer = Type.Object({
  period: Period,
  open: Type.Array(OpenRequestRow),
  durations: Type.Array(DurationRow),
});
export type RequestsAnswer = Static<typeof RequestsAnswer>;

/** /api/Insight/activity */
export const ActiveDay = Type.Object({ date: Type.String(), agents: Type.Number(), users: Type.Number() });
export const ActivityAnswer = Type.Object({
  period: Period,
  perDay: Type.Array(ActiveDay),
  neverSignedIn: Type.Number({ description: 'Users of the scope without any sign-in' }),
  idleAgents: Type.Array(AgentRow, { description: 'Agents none of whose users signed in in the 30 days up to `to`' }),
});
export type ActivityAnswer = Static<typeof ActivityAnswer>;

/** /api/Insight/csv: the drill-down lists as files. */
export const CsvBody = Body({
  ...InsightFilter,
  list: Type.Union([Type.Literal('reach-unopened'), Type.Literal('popup-pending'), Type.Literal('idle-agents')]),
  contentId: Type.Optional(WireId('The content (reach-unopened, popup-pending)')),
});

/** /api/SiteSearch/openResult: a result of a keyword search was opened (for the search section). */
export const SearchOpenBody = Body({
  ...CallerIds,
  keyword: Type.String({ maxLength: 1000, description: 'The keyword of the search whose result was opened' }),
  contentId: WireId('The content opened'),
});

/** /api/Insight/segments: the segments the scope filter offers. */
export const SegmentsAnswer = Type.Object({
  segments: Type.Array(Type.Object({ segmentId: Type.Number(), segmentName: Type.String(), members: Type.Number() })),
});
export type SegmentsAnswer = Static<typeof SegmentsAnswer>;
