// The calls of the incentive and commendation performance screen (spec 002 section 7): initial
// data, the figures (both parts, or the reward part alone), and the handoff check. The server
// validates and serialises with these; the renderer (renderer/screens/incentive/calls.ts) and the
// tests use their Static types.
import { Type, type Static, type TString } from '@sinclair/typebox';
import { Body, CallerIds, TargetDate } from './common';

const DaihyoCode = Type.Optional(
  Type.String({ maxLength: 20, description: "Representative code (must be the caller's own, or the pseudo agent's)" }),
);
/** The ids every call of the screen carries (checked against the token, never used to choose). */
export const IncentiveScreenIds = { ...CallerIds, daihyoCode: DaihyoCode };

export type MonthKey = `month${'01' | '02' | '03' | '04' | '05' | '06' | '07' | '08' | '09' | '10' | '11' | '12'}`;
const MONTHS = Object.fromEntries(
  Array.from({ length: 12 }, (_, i) => [`month${String(i + 1).padStart(2, '0')}`, Type.String()]),
) as Record<MonthKey, TString>;

export const IncentiveTableRow = Type.Object({
  groupNo: Type.Number(),
  groupTitle: Type.String(),
  rowTitle: Type.String(),
  jissekiType: Type.String({ description: '1 yen, 2 percent, 3 count of IDs' }),
  hokokuMonth: Type.Number({
    description: 'Report month (1-12) of the figures; 0 before the first report of the year',
  }),
  ...MONTHS,
  kamikiTotal: Type.String(),
  shimokiTotal: Type.String(),
  togetsuRuikei: Type.String(),
  yearTotal: Type.String(),
});
export type IncentiveTableRow = Static<typeof IncentiveTableRow>;

export const ChartPoint = Type.Object({ month: Type.Number(), value: Type.Union([Type.Number(), Type.Null()]) });
export type ChartPoint = Static<typeof ChartPoint>;
const Points = Type.Array(ChartPoint);
const RewardChart = Type.Object({
  tonenDataList: Points,
  zennenDataList: Points,
  mokuhyoDataList: Points,
  ruikeiDataList: Points,
});
const CommendationChart = Type.Object({ tonenDataList: Points, zennenDataList: Points, ruikeiDataList: Points });

export const RewardProps = {
  shoreiRuikeiZokagaku: Type.Number({ description: 'Yen' }),
  shoreiShinchokuJokyo: Type.Number({ description: 'Yen' }),
  shoreiList: Type.Array(IncentiveTableRow),
  shoreiKamikiUriageChart: RewardChart,
  shoreiShimokiUriageChart: RewardChart,
};
export const CommendationProps = {
  hyoshoRuikeiZokagaku: Type.Number({ description: 'Yen' }),
  hyoshoRuikeiKadoId: Type.Number({ description: 'Count of IDs' }),
  hyoshoList: Type.Array(IncentiveTableRow),
  hyoshoUriageChart: CommendationChart,
  hyoshoKadoIdChart: CommendationChart,
};

/** /api/Incentive/getInitialDisplayData */
export const IncentiveInitialBody = Body({ ...IncentiveScreenIds, targetDate: TargetDate });
export const IncentiveInitialData = Type.Object({
  targetSystemList: Type.Array(Type.Object({ value: Type.String(), text: Type.String() })),
  shoreiLinkUrl: Type.String(),
  hyoshoLinkUrl: Type.String(),
  jissekiFileName: Type.String(),
});
export type IncentiveInitialData = Static<typeof IncentiveInitialData>;

/** /api/Incentive/getIncentiveJisseki (both parts) and …/shorei (the reward part). */
export const JissekiBody = Body({
  ...IncentiveScreenIds,
  targetDate: TargetDate,
  targetSystem: Type.String({ maxLength: 2, description: 'A value of targetSystemList' }),
  targetYear: Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal(0), Type.Literal(1)], {
    description: '0 current year, 1 previous year',
  }),
});
export type JissekiRequest = Static<typeof JissekiBody>;
export const JissekiAnswer = Type.Object({ ...RewardProps, ...CommendationProps });
export type JissekiAnswer = Static<typeof JissekiAnswer>;
export const RewardAnswer = Type.Object(RewardProps);
export type RewardAnswer = Static<typeof RewardAnswer>;

/** /api/Auth/checkIncentiveDisplay (and the handoff token's answer): a token. */
export const TokenAnswer = Type.Object({ token: Type.String() });
export type TokenAnswer = Static<typeof TokenAnswer>;

/** /api/download/incentive: the performance file (CSV). */
export const IncentiveDownloadBody = Body({
  ...IncentiveScreenIds,
  targetDate: TargetDate,
  fileName: Type.Optional(Type.String({ maxLength: 255 })),
  screenName: Type.Optional(Type.String({ maxLength: 100 })),
});
