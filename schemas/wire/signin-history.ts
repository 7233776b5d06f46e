// The sign-in history calls (POST /api/SignInHistory/*, docs/security.md "Sign-in history"):
// the events of one user or of one agent's users, newest first, paged by a keyset cursor, and
// their CSV. The kinds and their Japanese names are here so the screen and the CSV say the same.
import { Type, type Static } from '@sinclair/typebox';
import { Body, CallerIds } from './common';
import { NO_CONTROL } from './narrowing';

/** Every kind of sign-in event, in the order the screen's filter lists them, with its name. */
export const SIGN_IN_EVENT_KINDS = {
  sign_in: 'ログイン成功',
  sign_in_trusted: 'ログイン成功（記憶したブラウザ）',
  wrong_password: 'パスワード誤り',
  locked_out: 'ロック中の拒否',
  code_sent: 'セキュリティコード送信',
  code_limited: 'セキュリティコード送信制限',
  code_failed: 'セキュリティコード誤り',
  reset_requested: 'パスワード再設定メール送信',
  password_changed: 'パスワード変更',
  sign_out: 'ログアウト',
} as const;

export type SignInEventKind = keyof typeof SIGN_IN_EVENT_KINDS;

export const SIGN_IN_EVENT_KIND_LIST = Object.keys(SIGN_IN_EVENT_KINDS) as SignInEventKind[];

const Code = (description: string) => Type.String({ maxLength: 20, pattern: NO_CONTROL, description });
const DateText = Type.Optional(
  Type.String({ maxLength: 10, pattern: NO_CONTROL, description: 'yyyy/MM/dd or yyyy-MM-dd (Tokyo), inclusive' }),
);

export const SignInHistoryBody = Body({
  ...CallerIds,
  targetAgCode: Code('The agent whose users are asked for'),
  targetUserId: Type.Optional(Code('One user of that agent; empty: every user of the agent')),
  from: DateText,
  to: DateText,
  kinds: Type.Optional(
    Type.Array(Type.String({ maxLength: 30, pattern: NO_CONTROL }), {
      maxItems: 20,
      description: 'Event kinds to show; empty: all',
    }),
  ),
  cursor: Type.Optional(
    Type.String({ maxLength: 100, pattern: NO_CONTROL, description: 'nextCursor of the previous page' }),
  ),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
});
export type SignInHistoryRequest = Static<typeof SignInHistoryBody>;

export const SignInEventItem = Type.Object({
  eventId: Type.Number(),
  at: Type.String({ description: 'yyyy/MM/dd HH:mm:ss (Tokyo)' }),
  userId: Type.String(),
  loginId: Type.String(),
  userName: Type.String(),
  agCode: Type.String(),
  kind: Type.String(),
  kindName: Type.String(),
  ip: Type.String(),
  userAgent: Type.String(),
  detail: Type.String(),
});
export type SignInEventItem = Static<typeof SignInEventItem>;

export const SignInHistoryAnswer = Type.Object({
  agName: Type.String(),
  userName: Type.String({ description: 'The asked user\'s name; "" for a whole agent' }),
  events: Type.Array(SignInEventItem),
  nextCursor: Type.String({ description: '"" on the last page' }),
});
export type SignInHistoryAnswer = Static<typeof SignInHistoryAnswer>;
