// Operation log (spec 000 section 3, /api/log). Errors are ignored.
import { apiPost } from '../api/client';
import { OperationType, type OperationTypeCode } from '../../schemas/operation-log';
import type { OperationLogRequest } from '../../schemas/wire/logs';
import { ANONYMOUS_AG_CODE, ANONYMOUS_USER_ID, getSession } from './session';

/** The operation types of spec 000 section 7, shared with the API. */
export const OPERATION_TYPE = OperationType;

/** What a screen says of an operation; the ids, time and address are added here. */
export type OperationLogEntry = Pick<
  OperationLogRequest,
  | 'fromScreenName'
  | 'toScreenName'
  | 'controlName'
  | 'actionDetail'
  | 'genericField1'
  | 'genericField2'
  | 'genericField3'
> & { operationType: OperationTypeCode };

export function sendOperationLog(entry: OperationLogEntry): void {
  const user = getSession().user;
  const body: Omit<OperationLogRequest, 'systemKbn' | 'systemkbn'> = {
    userId: user?.userId || ANONYMOUS_USER_ID,
    agCode: user?.agCode || ANONYMOUS_AG_CODE,
    pseudoAgCode: user?.pseudoAgCode ?? '',
    pseudoUserId: user?.pseudoUserId ?? '',
    actionTime: new Date().toISOString(),
    fromScreenName: '',
    toScreenName: '',
    controlName: '',
    actionDetail: '',
    genericField1: '',
    genericField2: '',
    genericField3: '',
    currentUrl: window.location.href.slice(0, 2000),
    ...entry,
  };
  apiPost<unknown>('/api/log', body, { redirectOutOfOperation: false }).catch(() => undefined);
}
