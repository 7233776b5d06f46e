// Password reset by a mailed single-use link (30 minutes). Spec 000 sections 2, 4, 5 and 7.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ResetMailBody, ResetPasswordBody, ResetTokenAnswer, ResetTokenBody } from '../../../schemas/wire/auth';
import { validateResetRequestForm } from '../../../schemas/rules/auth-forms';
import { validateNewPassword } from '../../../schemas/rules/password';
import { settleChanges } from '../../cache/change-feed';
import { problem } from '../../http/problems';
import { EmptyResponse } from '../../http/wire';
import { OperationType, recordOperation } from '../../logs/operation-log';
import { enqueueMail } from '../../mail/outbox';
import { passwordResetMail } from '../../mail/templates';
import { hashPassword } from '../../security/password';
import { newResetToken, sha256 } from '../../security/tokens';
import { countAttempts, recordAttempt } from '../auth/limits';
import * as repo from './repository';
import { recordSignInEvent } from '../signin-history/record';

const RESET_TTL_MS = 30 * 60 * 1000;

export default async function passwordResetRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  // Always the same answer, so the call does not tell whether an address is registered.
  app.post(
    '/api/pwdReset/sendResetMail',
    {
      config: { public: true },
      schema: {
        body: ResetMailBody,
        response: { 200: EmptyResponse },
      },
    },
    async (request) => {
      const { agCode, emailAddress } = request.body;
      const errors = validateResetRequestForm({ agCode, emailAddress });
      if (errors.length) throw problem.validation(errors);
      const now = app.clock.now();
      const since = new Date(now.getTime() - app.authLimits.windowMs);
      const address = emailAddress.toLowerCase();
      const [byAddress, byIp] = await Promise.all([
        countAttempts(app.db, 'reset', { loginId: address }, since),
        countAttempts(app.db, 'reset', { ip: request.ip }, since),
      ]);
      if (byAddress >= app.authLimits.maxResetRequestsPerAddress || byIp >= app.authLimits.maxResetRequestsPerIp)
        throw problem.tooManyAttempts();
      await recordAttempt(app.db, 'reset', address, request.ip, now);

      for (const user of await repo.findUsersByAgentAndEmail(app.db, agCode, emailAddress)) {
        const token = newResetToken();
        const link = `${app.config.publicUrl}/with-ag/password-update/token/${token}`;
        const mailIds = await app.db.transaction().execute(async (trx) => {
          await repo.storeResetToken(trx, {
            tokenHash: sha256(token),
            userId: user.user_id,
            at: now,
            expiresAt: new Date(now.getTime() + RESET_TTL_MS),
          });
          return enqueueMail(trx, {
            kind: 'password_reset',
            to: user.email,
            validForMs: RESET_TTL_MS,
            ...passwordResetMail(user.user_name || user.login_id, user.login_id, link),
          });
        });
        // The answer is the same whatever happens (it must not tell whether the address is known).
        await app.mailOutbox.deliverNow(mailIds);
        await recordSignInEvent(app.db, request, { user, kind: 'reset_requested', at: now });
        await recordOperation(app.db, {
          source: 'server',
          userId: user.user_id,
          agCode: user.ag_code,
          actionTime: now,
          operationType: OperationType.resetPassword,
          controlName: 'sendResetMail',
          ip: request.ip,
        });
      }
      return {};
    },
  );

  // The body is the token itself as a JSON string.
  app.post(
    '/api/pwdReset/ValidateOtu',
    {
      config: { public: true },
      schema: {
        body: ResetTokenBody,
        response: { 200: ResetTokenAnswer },
      },
    },
    async (request) => {
      const user = await repo.findUserByResetToken(app.db, sha256(request.body), app.clock.now());
      if (!user) throw problem.unauthorized('ERR_USER005');
      return { user: { agCode: user.ag_code, userId: user.user_id, loginId: user.login_id } };
    },
  );

  app.post(
    '/api/pwdReset/PasswordUpdate',
    {
      config: { public: true },
      schema: {
        body: ResetPasswordBody,
        response: { 200: EmptyResponse },
      },
    },
    async (request) => {
      const { agCode, userId, newPassword, otu } = request.body;
      const now = app.clock.now();
      const tokenHash = sha256(otu);
      const user = await repo.findUserByResetToken(app.db, tokenHash, now);
      // The ids in the body must be those of the link's user; the link is the only authority here.
      if (!user || user.user_id !== userId || user.ag_code !== agCode) throw problem.unauthorized('ERR_USER005');
      const errors = validateNewPassword(newPassword, undefined);
      if (errors.length) throw problem.validation(errors);
      if (
        !(await repo.consumeTokenAndSetPassword(app.db, tokenHash, user.user_id, await hashPassword(newPassword), now))
      ) {
        throw problem.unauthorized('ERR_USER005');
      }
      await settleChanges(app.db); // the user's other sessions are refused from now on
      await recordSignInEvent(app.db, request, { user, kind: 'password_changed', at: now, detail: '再設定リンク' });
      await recordOperation(app.db, {
        source: 'server',
        userId: user.user_id,
        agCode: user.ag_code,
        actionTime: now,
        operationType: OperationType.updatePassword,
        controlName: 'PasswordUpdate',
        ip: request.ip,
      });
      return {};
    },
  );
}
