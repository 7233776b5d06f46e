// Sign-in, session validation, the signed-in user and what sign-in loads after it (permissions,
// incentive entry), the operating hours and the password reset (spec 000 sections 3 and 7,
// docs/wire-contract.md "Sign-in and session"). The server validates and serialises with these;
// the renderer (renderer/api/types.ts, renderer/screens/auth) and the tests use their Static types.
import { Type, type Static } from '@sinclair/typebox';
import { Body, CallerIds, SystemKbn } from './common';

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

/** /api/Parmition/getUserParmition: one entry per category, parmitionFlg "1" allowed, "0" not. */
export const UserPermissionBody = Body(CallerIds);
export const Permission = Type.Object({
  categoryId: Type.Number(),
  categoryName: Type.String(),
  categoryUrl: Type.String(),
  systemCategoryName: Type.String(),
  parmitionFlg: Type.String(),
});
export type Permission = Static<typeof Permission>;
export const UserPermissionAnswer = Type.Object({ userParmition: Type.Array(Permission) });
export type UserPermissionAnswer = Static<typeof UserPermissionAnswer>;

/** /api/Incentive/getIncentiveInfo: whether the (effective) agent takes part in the incentive programme. */
export const IncentiveInfoBody = Body(CallerIds);
export const IncentiveInfo = Type.Object({ isIncentiveEntry: Type.Boolean() });
export type IncentiveInfo = Static<typeof IncentiveInfo>;

/** /api/System/checkOperationTime (no token, no body, answers at any hour). */
export const OperationTimeAnswer = Type.Object({
  isWithinOperationHours: Type.Boolean(),
  operatingHours: Type.String({ description: '"08:00-21:00" (Tokyo) or "always"' }),
  // Added to the spec's answer for the closed page.
  opensAt: Type.String({ description: "When a closed portal opens next (Tokyo, yyyy/MM/dd HH:mm); '' while open" }),
});
export type OperationTimeAnswer = Static<typeof OperationTimeAnswer>;

/** /api/pwdReset/sendResetMail: always answers {} (no hint whether the address is registered). */
export const ResetMailBody = Body({
  agCode: Type.String({ maxLength: 100 }),
  emailAddress: Type.String({ maxLength: 1000 }),
});
export type ResetMailRequest = Static<typeof ResetMailBody>;

/** /api/pwdReset/ValidateOtu: the body is the token itself as a JSON string. */
export const ResetTokenBody = Type.String({ maxLength: 200 });
/** The user a valid reset link belongs to. */
export const ResetTokenUser = Type.Object({ agCode: Type.String(), userId: Type.String(), loginId: Type.String() });
export type ResetTokenUser = Static<typeof ResetTokenUser>;
export const ResetTokenAnswer = Type.Object({ user: ResetTokenUser });
export type ResetTokenAnswer = Static<typeof ResetTokenAnswer>;

/** /api/pwdReset/PasswordUpdate: the ids must be those of the link's user (otu). */
export const ResetPasswordBody = Body({
  agCode: Type.String({ maxLength: 20 }),
  userId: Type.String({ maxLength: 20 }),
  newPassword: Type.String({ maxLength: 1000 }),
  otu: Type.String({ maxLength: 200 }),
});
export type ResetPasswordRequest = Static<typeof ResetPasswordBody>;
