// Operation log (spec 000 section 3, /api/log). Errors are ignored.
import { apiPost } from '../api/client';
import { ANONYMOUS_AG_CODE, ANONYMOUS_USER_ID, getSession } from './session';

export const OPERATION_TYPE = {
  logout: '02',
  transition: '03',
  video: '04',
  file: '05',
  search: '06',
  resetPassword: '07',
  favourite: '08',
  updatePassword: '09',
  viewFile: '10',
  linkClick: '11',
} as const;

export type OperationType = (typeof OPERATION_TYPE)[keyof typeof OPERATION_TYPE];

export interface OperationLogEntry {
  operationType: OperationType;
  fromScreenName?: string;
  toScreenName?: string;
  controlName?: string;
  actionDetail?: string;
  genericField1?: string;
  genericField2?: string;
  genericField3?: string;
}

export function sendOperationLog(entry: OperationLogEntry): void {
  const user = getSession().user;
  const body = {
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
