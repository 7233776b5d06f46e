// The operation log: entries sent by the renderer (/api/log) and those the server records
// itself (login, logout, password reset and update). Before sign-in the ids are the defaults.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export { OperationType } from '../../schemas/operation-log';
import { ANONYMOUS_AG_CODE, ANONYMOUS_USER_ID } from '../../schemas/operation-log';

export interface OperationEntry {
  source: 'client' | 'server';
  userId?: string;
  agCode?: string;
  actionTime: Date;
  operationType: string;
  pseudoAgCode?: string;
  pseudoUserId?: string;
  fromScreenName?: string;
  toScreenName?: string;
  controlName?: string;
  actionDetail?: string;
  genericField1?: string;
  genericField2?: string;
  genericField3?: string;
  currentUrl?: string;
  ip?: string;
}

const cut = (v: string | undefined, n: number) => (v ?? '').slice(0, n);

export async function recordOperation(db: Kysely<Database>, e: OperationEntry): Promise<void> {
  await db
    .insertInto('operation_logs')
    .values({
      source: e.source,
      user_id: e.userId || ANONYMOUS_USER_ID,
      ag_code: e.agCode || ANONYMOUS_AG_CODE,
      action_time: e.actionTime,
      operation_type: e.operationType,
      pseudo_ag_code: cut(e.pseudoAgCode, 8),
      pseudo_user_id: cut(e.pseudoUserId, 10),
      from_screen_name: cut(e.fromScreenName, 255),
      to_screen_name: cut(e.toScreenName, 255),
      control_name: cut(e.controlName, 255),
      action_detail: cut(e.actionDetail, 2000),
      generic_field1: cut(e.genericField1, 1000),
      generic_field2: cut(e.genericField2, 1000),
      generic_field3: cut(e.genericField3, 1000),
      current_url: cut(e.currentUrl, 2000),
      ip: cut(e.ip, 64),
    })
    .execute();
}
