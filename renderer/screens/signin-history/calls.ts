// The calls of the sign-in history screen (POST /api/SignInHistory/*, schemas/wire/signin-history.ts)
// and the agent picker it shares with the user maintenance (/api/AgUser).
import { apiDownload, apiPost } from '../../api/client';
import { effectiveIds } from '../../app/session';
import type { SignInHistoryAnswer, SignInHistoryRequest } from '../../../schemas/wire/signin-history';
import type { AgentCodeItem, AgentCodeListAnswer } from '../../../schemas/wire/agent-user';

export type { SignInEventItem } from '../../../schemas/wire/signin-history';

export interface HistoryFilters {
  agCode: string;
  /** '' for every user of the agent. */
  userId: string;
  /** yyyy-MM-dd or ''. */
  from: string;
  to: string;
  kinds: string[];
}

function body(f: HistoryFilters): Omit<SignInHistoryRequest, 'systemKbn'> {
  const { userId, agCode } = effectiveIds();
  return {
    userId,
    agCode,
    targetAgCode: f.agCode,
    targetUserId: f.userId,
    from: f.from,
    to: f.to,
    kinds: f.kinds,
  };
}

export function loadHistory(f: HistoryFilters, cursor: string): Promise<SignInHistoryAnswer> {
  return apiPost<SignInHistoryAnswer>('/api/SignInHistory/list', { ...body(f), cursor });
}

export function downloadHistoryCsv(f: HistoryFilters) {
  return apiDownload('/api/SignInHistory/csv', body(f), 'signin-history.csv');
}

export async function loadAgents(): Promise<AgentCodeItem[]> {
  const { userId, agCode } = effectiveIds();
  const a = await apiPost<Partial<AgentCodeListAnswer>>('/api/AgUser', { userId, agCode });
  return Array.isArray(a?.agCodeList) ? a.agCodeList : [];
}
