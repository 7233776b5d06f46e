// Sign-in with a mailed one-time code, session validation and renewal, logout.
// Paths and field names are those of spec 000 section 7.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { validateLoginForm, validateOtpForm } from '../../../schemas/rules/auth-forms';
import { tokyoDateSlash } from '../../clock';
import { problem } from '../../http/problems';
import { Body, EmptyResponse } from '../../http/wire';
import { LoginAnswer, LoginBody, OtpLoginBody, ValidateAnswer, ValidateBody } from '../../../schemas/wire/auth';
import { burnPasswordCheck, verifyPassword } from '../../security/password';
import { newId, newOneTimeCode, sha256 } from '../../security/tokens';
import { signSessionToken } from '../../authority/session-token';
import { settleChanges } from '../../cache/change-feed';
import { OperationType, recordOperation } from '../../logs/operation-log';
import { enqueueMail } from '../../mail/outbox';
import { oneTimeCodeMail } from '../../mail/templates';
import { countAttempts, recordAttempt } from './limits';
import { codeMailsExhausted, liveChallenge, markVerified } from './otp-throttle';
import * as repo from './repository';
import { recordSignInEvent } from '../signin-history/record';
import { loadSessionUser } from './session-user';
import {
  OTP_CHALLENGE_COOKIE,
  TRUSTED_BROWSER_COOKIE,
  TRUSTED_BROWSER_DAYS,
  clearCookie,
  readSignedCookie,
  setSignedCookie,
} from './cookies';

const OTP_TTL_MS = 10 * 60 * 1000;
const OTP_MAX_TRIES = 5;

const otpHash = (challengeId: string, code: string) => sha256(`${challengeId}:${code.toUpperCase()}`);

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const secureCookies = app.config.publicUrl.startsWith('https://');
  const touchSession = repo.sessionToucher(app.db, () => app.clock.now());

  /** Checks the password with the rate limits; the same 401 for an unknown id and a wrong password. */
  async function checkCredentials(request: FastifyRequest, loginId: string, password: string) {
    const now = app.clock.now();
    const since = new Date(now.getTime() - app.authLimits.windowMs);
    const [byId, byIp] = await Promise.all([
      countAttempts(app.db, 'login', { loginId }, since),
      countAttempts(app.db, 'login', { ip: request.ip }, since),
    ]);
    if (byId >= app.authLimits.maxFailuresPerLoginId || byIp >= app.authLimits.maxFailuresPerIp) {
      const locked = await repo.findActiveUserByLoginId(app.db, loginId);
      const by =
        byId >= app.authLimits.maxFailuresPerLoginId ? 'ログインIDの失敗回数超過' : '接続元アドレスの失敗回数超過';
      if (locked) await recordSignInEvent(app.db, request, { user: locked, kind: 'locked_out', at: now, detail: by });
      throw problem.tooManyAttempts();
    }
    const user = await repo.findActiveUserByLoginId(app.db, loginId);
    const ok = user ? await verifyPassword(password, user.password_hash) : (await burnPasswordCheck(password), false);
    if (!user || !ok) {
      await recordAttempt(app.db, 'login', loginId, request.ip, now);
      if (user) await recordSignInEvent(app.db, request, { user, kind: 'wrong_password', at: now });
      throw problem.unauthorized('ERR_USER002');
    }
    return user;
  }

  async function completeSignIn(
    request: FastifyRequest,
    user: { user_id: string; ag_code: string; login_id: string },
    kind: 'sign_in' | 'sign_in_trusted',
  ) {
    const { user_id: userId, ag_code: agCode } = user;
    const now = app.clock.now();
    const sessionId = newId();
    await repo.createSession(app.db, {
      sessionId,
      userId,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
      at: now,
    });
    await repo.clearLoginFailures(app.db, user.login_id);
    await recordSignInEvent(app.db, request, { user, kind, at: now });
    await recordOperation(app.db, {
      source: 'server',
      userId,
      agCode,
      actionTime: now,
      operationType: OperationType.login,
      controlName: 'login',
      ip: request.ip,
    });
    return {
      token: signSessionToken(app, { sessionId, userId, agCode }),
      systemDate: tokyoDateSlash(now),
      isAreadyOptAuth: true,
      user: await loadSessionUser(app.db, userId),
    };
  }

  app.post(
    '/api/Auth/login',
    { config: { public: true }, schema: { body: LoginBody, response: { 200: LoginAnswer } } },
    async (request, reply) => {
      const { loginId, password } = request.body;
      const errors = validateLoginForm({ loginId, password });
      if (errors.length) throw problem.validation(errors);
      const user = await checkCredentials(request, loginId, password);
      const now = app.clock.now();

      const browserId = readSignedCookie(request, TRUSTED_BROWSER_COOKIE);
      if (browserId && (await repo.isTrustedBrowser(app.db, browserId, user.user_id, now))) {
        return completeSignIn(request, user, 'sign_in_trusted');
      }

      if (await codeMailsExhausted(app.db, user.user_id, now)) {
        await recordSignInEvent(app.db, request, {
          user,
          kind: 'code_limited',
          at: now,
          detail: '送信上限のため有効なコードを再利用',
        });
        // No new mail: this browser may answer the live code (the last one mailed), if any.
        const live = await liveChallenge(app.db, user.user_id, now);
        if (live)
          setSignedCookie(
            reply,
            OTP_CHALLENGE_COOKIE,
            live.challenge_id,
            Math.ceil((live.expires_at.getTime() - now.getTime()) / 1000),
            secureCookies,
          );
        return { token: '', systemDate: tokyoDateSlash(now), isAreadyOptAuth: false, user: null };
      }
      const challengeId = newId();
      const code = newOneTimeCode();
      const mailIds = await app.db.transaction().execute(async (trx) => {
        await repo.openOtpChallenge(trx, {
          challengeId,
          userId: user.user_id,
          codeHash: otpHash(challengeId, code),
          at: now,
          expiresAt: new Date(now.getTime() + OTP_TTL_MS),
        });
        // Never sent after the code's validity: a late code is no use (the sender expires it).
        return enqueueMail(trx, {
          kind: 'one_time_code',
          to: user.email,
          validForMs: OTP_TTL_MS,
          ...oneTimeCodeMail(user.user_name || user.login_id, code),
        });
      });
      // The screen would ask for a code that never comes: say the mail could not be sent
      // (the row stays for the sender's retries while the code is valid).
      const notSent = (await app.mailOutbox.deliverNow(mailIds)).waiting > 0;
      await recordSignInEvent(app.db, request, {
        user,
        kind: 'code_sent',
        at: now,
        detail: notSent ? 'メール送信失敗（再送待ち）' : '',
      });
      if (notSent) throw problem.mailNotSent('セキュリティコードのメール送信');
      setSignedCookie(reply, OTP_CHALLENGE_COOKIE, challengeId, OTP_TTL_MS / 1000, secureCookies);
      return { token: '', systemDate: tokyoDateSlash(now), isAreadyOptAuth: false, user: null };
    },
  );

  app.post(
    '/api/Auth/OtpLogin',
    {
      config: { public: true },
      schema: {
        body: OtpLoginBody,
        response: { 200: LoginAnswer },
      },
    },
    async (request, reply) => {
      const { loginId, password, otp } = request.body;
      const errors = [...validateLoginForm({ loginId, password }), ...validateOtpForm({ otp })];
      if (errors.length) throw problem.validation(errors);
      const user = await checkCredentials(request, loginId, password);
      const now = app.clock.now();

      /** Records the failed code and refuses it (the same answer whatever the reason). */
      const codeFailed = async (detail: string) => {
        await recordSignInEvent(app.db, request, { user, kind: 'code_failed', at: now, detail });
        return problem.unauthorized('ERR_USER004');
      };
      const challengeId = readSignedCookie(request, OTP_CHALLENGE_COOKIE);
      const challenge = challengeId ? await repo.findOpenOtpChallenge(app.db, challengeId, user.user_id) : undefined;
      if (!challenge) throw await codeFailed('有効なコードなし');
      if (challenge.expires_at.getTime() <= now.getTime()) throw await codeFailed('有効期限切れ');
      const tries = await repo.countOtpAttempt(app.db, challenge.challenge_id);
      if (tries > OTP_MAX_TRIES) {
        await repo.closeOtpChallenge(app.db, challenge.challenge_id, now);
        throw await codeFailed('試行回数超過');
      }
      if (otpHash(challenge.challenge_id, otp) !== challenge.code_hash) {
        if (tries >= OTP_MAX_TRIES) await repo.closeOtpChallenge(app.db, challenge.challenge_id, now);
        throw await codeFailed(`誤ったコード（${tries}/${OTP_MAX_TRIES}回目）`);
      }
      if (!(await repo.closeOtpChallenge(app.db, challenge.challenge_id, now)))
        throw await codeFailed('使用済みのコード');
      await markVerified(app.db, challenge.challenge_id, now);
      clearCookie(reply, OTP_CHALLENGE_COOKIE);

      const browserId = newId();
      const expiresAt = new Date(now.getTime() + TRUSTED_BROWSER_DAYS * 86_400_000);
      await repo.trustBrowser(app.db, browserId, user.user_id, now, expiresAt);
      setSignedCookie(reply, TRUSTED_BROWSER_COOKIE, browserId, TRUSTED_BROWSER_DAYS * 86_400, secureCookies);
      return completeSignIn(request, user, 'sign_in');
    },
  );

  // "userId as plain body" (schemas/wire/auth.ts ValidateBody): a string is checked against the token.
  app.post(
    '/api/auth/validate',
    {
      schema: {
        body: ValidateBody,
        response: { 200: ValidateAnswer },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const claimed = request.body;
      if (
        typeof claimed === 'string' &&
        claimed !== '' &&
        claimed !== caller.userId &&
        claimed !== caller.pseudo?.userId
      )
        throw problem.forbidden();
      await touchSession(caller.sessionId);
      const pseudo = caller.pseudo ? { userId: caller.pseudo.userId, agCode: caller.pseudo.agCode } : null;
      return {
        isValid: true,
        token: signSessionToken(app, {
          sessionId: caller.sessionId,
          userId: caller.userId,
          agCode: caller.agCode,
          pseudo,
        }),
      };
    },
  );

  app.post('/api/Auth/logout', { schema: { body: Body({}), response: { 200: EmptyResponse } } }, async (request) => {
    const caller = request.caller!;
    const now = app.clock.now();
    await repo.revokeSession(app.db, caller.sessionId, now, 'logout');
    await settleChanges(app.db); // the token is refused from the next call on
    await recordSignInEvent(app.db, request, {
      user: { user_id: caller.userId, ag_code: caller.agCode, login_id: '' },
      kind: 'sign_out',
      at: now,
    });
    await recordOperation(app.db, {
      source: 'server',
      userId: caller.userId,
      agCode: caller.agCode,
      pseudoUserId: caller.pseudo?.userId,
      pseudoAgCode: caller.pseudo?.agCode,
      actionTime: now,
      operationType: OperationType.logout,
      controlName: 'logout',
      ip: request.ip,
    });
    return {};
  });
}
