// The calls of the incentive screen (spec 002 section 7) and the landing's handoff values.
import type { IncentiveInitialData, JissekiAnswer, RewardAnswer, TokenAnswer } from '../../../schemas/wire/incentive';
import { apiDownload, apiPost } from '../../api/client';

export type {
  ChartPoint,
  IncentiveInitialData as InitialData,
  IncentiveTableRow as TableRow,
} from '../../../schemas/wire/incentive';
export type RewardPart = RewardAnswer;
export type CommendationPart = Omit<JissekiAnswer, keyof RewardAnswer>;

export interface ScreenIds {
  userId: string;
  agCode: string;
  daihyoCode: string;
}

/** The landing's query values (spec 002 section 2.1), kept in localStorage until the screen reads them. */
export interface Handoff extends ScreenIds {
  systemKbn: string;
  token: string;
}

const HANDOFF_KEY = 'incentiveHandoff';

export function storeHandoff(query: URLSearchParams): boolean {
  const token = query.get('token') ?? '';
  if (!token) return false;
  const handoff: Handoff = {
    systemKbn: query.get('systemkbn') ?? '01',
    agCode: query.get('agcode') ?? '',
    daihyoCode: query.get('daihyoCode') ?? '',
    userId: query.get('userid') ?? '',
    token,
  };
  try {
    window.localStorage.setItem(HANDOFF_KEY, JSON.stringify(handoff));
  } catch {
    return false;
  }
  return true;
}

/** Reads and removes the stored handoff values (spec 002 section 4: read once). */
export function takeHandoff(): Handoff | null {
  try {
    const raw = window.localStorage.getItem(HANDOFF_KEY);
    window.localStorage.removeItem(HANDOFF_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<Handoff>) : null;
    if (!parsed || typeof parsed.token !== 'string') return null;
    return {
      systemKbn: '01',
      userId: String(parsed.userId ?? ''),
      agCode: String(parsed.agCode ?? ''),
      daihyoCode: String(parsed.daihyoCode ?? ''),
      token: parsed.token,
    };
  } catch {
    return null;
  }
}

export const checkIncentiveDisplay = (ids: ScreenIds, token: string) =>
  apiPost<TokenAnswer>('/api/Auth/checkIncentiveDisplay', { ...ids, token });

export const loadInitialData = (ids: ScreenIds, targetDate: string) =>
  apiPost<IncentiveInitialData>('/api/Incentive/getInitialDisplayData', { ...ids, targetDate });

export interface Selection {
  targetSystem: string;
  /** 0 current year, 1 previous year */
  targetYear: '0' | '1';
}

export const loadJisseki = (ids: ScreenIds, targetDate: string, s: Selection) =>
  apiPost<JissekiAnswer>('/api/Incentive/getIncentiveJisseki', { ...ids, targetDate, ...s });

export const loadReward = (ids: ScreenIds, targetDate: string, s: Selection) =>
  apiPost<RewardAnswer>('/api/Incentive/getIncentiveJisseki/shorei', { ...ids, targetDate, ...s });

export const downloadJisseki = (ids: ScreenIds, targetDate: string, fileName: string, screenName: string) =>
  apiDownload(
    '/api/download/incentive',
    { ...ids, targetDate, fileName, screenName, systemKbn: '01' },
    'downloaded_file',
  );
