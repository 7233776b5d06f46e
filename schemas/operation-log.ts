// Operation log vocabulary shared by the API (server-side records) and the renderer (/api/log):
// the operation types of spec 000 section 7 and the ids used before sign-in.
export const ANONYMOUS_USER_ID = '0000000000';
export const ANONYMOUS_AG_CODE = '00000000';

export const OperationType = {
  login: '01',
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

export type OperationTypeCode = (typeof OperationType)[keyof typeof OperationType];
