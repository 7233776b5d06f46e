// The audit viewer's calls (api/resources/audit/routes.ts; wire types in schemas/wire/audit.ts).
import type { AuditListAnswer, AuditListRequest, ChainStatusWire } from '../../../schemas/wire/audit';
import { apiDownload, apiPost } from '../../api/client';
import { effectiveIds } from '../../app/session';

export type AuditFilter = Pick<AuditListRequest, 'dateFrom' | 'dateTo' | 'actor' | 'entity' | 'entityId' | 'text'>;

export const loadAuditPage = (filter: AuditFilter, cursor?: string) =>
  apiPost<AuditListAnswer>('/api/Audit/getAuditLogList', {
    ...effectiveIds(),
    ...filter,
    ...(cursor ? { cursor } : {}),
  });

export const downloadAuditCsv = (filter: AuditFilter) =>
  apiDownload('/api/Audit/downloadAuditLogCsv', { ...effectiveIds(), ...filter }, 'audit.csv');

export const checkChain = (refresh: boolean) =>
  apiPost<ChainStatusWire>('/api/Audit/verifyChain', { ...effectiveIds(), refresh });
