// Sign-in, session validation and the signed-in user (spec 000 sections 3 and 7,
// docs/wire-contract.md "Sign-in and session"). The server validates and serialises with these;
// the renderer (renderer/api/types.ts, renderer/screens/auth) and the tests use their Static types.
import { Type, type Static } from '@sinclair/typebox';
import { Body, SystemKbn } from './common';

/** The signed-in user the login answer carries and the browser keeps (spec section 3). */
export const SessionUser = Type.Object({
  userId: Type.String(),
  agCode: Type.String(),
  agName: Type.String(),
  emailAddress: Type.String(),
  isLoggedIn: Type.Boolean(),
  isAdmin: Type.Boolean(),
  isProvider: Type.Boolean(),
  invoiceNo: Type.String(),
  roleId: Type.String(),
  itakumotoAgCode: Type.String(),
  daihyoCode: Type.String(),
  saiitakuFlg: Type.Boolean(),
  userName: Type.String(),
  companyName: Type.String(),
  sectionName: Type.String(),
  bikou1: Type.String(),
  bikou2: Type.String(),
  isBaseLogin: Type.Boolean(),
  baseAgCode: Type.String(),
  pseudoAgCode: Type.String(),
  pseudoAgName: Type.String(),
  pseudoUserId: Type.String(),
  pseudoDaihyoCode: Type.String(),
  pseudoInvoiceNo: Type.String(),
});
export type SessionUser = Static<typeof SessionUser>;

const Credentials = { loginId: Type.String({ maxLength: 1000 }), password: Type.String({ maxLength: 1000 }) };

/** /api/Auth/login */
export const LoginBody = Body(Credentials);
/** /api/Auth/OtpLogin */
export const OtpLoginBody = Body({ ...Credentials, otp: Type.String({ maxLength: 100 }) });

/** Answer of /api/Auth/login and /api/Auth/OtpLogin: no token and no user while a code is awaited. */
export const LoginAnswer = Type.Object({
  token: Type.String(),
  systemDate: Type.String(),
  isAreadyOptAuth: Type.Boolean(),
  user: Type.Union([SessionUser, Type.Null()]),
});
export type LoginAnswer = Static<typeof LoginAnswer>;

/** /api/auth/validate: "userId as plain body" (a JSON string); an object with userId is accepted too. */
export const ValidateBody = Type.Union([
  Type.String({ maxLength: 20 }),
  Type.Object({ systemKbn: Type.Optional(SystemKbn), userId: Type.Optional(Type.String({ maxLength: 20 })) }),
]);
export const ValidateAnswer = Type.Object({ isValid: Type.Boolean(), token: Type.String() });
export type ValidateAnswer = Static<typeof ValidateAnswer>;
