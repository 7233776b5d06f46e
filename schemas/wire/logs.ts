// The renderer's reports (spec 000 sections 3 and 7): an operation log entry (/api/log) and a
// browser error (/api/errorlog). Identity comes from the token when one is sent, never from the
// body's ids. The server validates with these; the renderer (renderer/app/operation-log.ts,
// renderer/app/errors/unexpected-error.ts) uses their Static types.
import { Type, type Static } from '@sinclair/typebox';
import { SystemKbn } from './common';

const Text = (max: number) => Type.Optional(Type.String({ maxLength: max }));

/** /api/log */
export const OperationLogBody = Type.Object({
  // The spec's entry spells it systemkbn; the renderer adds systemKbn. Either must be "01".
  systemkbn: Type.Optional(SystemKbn),
  systemKbn: Type.Optional(SystemKbn),
  userId: Text(20),
  agCode: Text(20),
  actionTime: Text(40),
  operationType: Type.String({ pattern: '^[0-9]{2}$' }),
  pseudoAgCode: Text(20),
  pseudoUserId: Text(20),
  fromScreenName: Text(255),
  toScreenName: Text(255),
  controlName: Text(255),
  actionDetail: Text(2000),
  genericField1: Text(1000),
  genericField2: Text(1000),
  genericField3: Text(1000),
  currentUrl: Text(2000),
});
export type OperationLogRequest = Static<typeof OperationLogBody>;

/** /api/errorlog: answers the id the report is logged under. */
export const ErrorLogBody = Type.Object({
  systemKbn: Type.Optional(SystemKbn),
  message: Text(4000),
  stack: Text(20000),
  componentInfo: Text(20000),
  userAgent: Text(512),
  url: Text(2000),
});
export type ErrorLogRequest = Static<typeof ErrorLogBody>;
export const ErrorLogAnswer = Type.Object({ errorId: Type.String() });
