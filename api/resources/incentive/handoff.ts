// The handoff that opens the incentive screen in a new tab (docs/decisions.md section 12, spec 000
// section 7 /api/Auth/RegRenkeiLogin, spec 002 section 7 /api/Auth/checkIncentiveDisplay).
// The portal asks for a handoff token (random, 5 minutes, single use, only its SHA-256 stored)
// and opens /incentive with it; the tab exchanges it for a session token of the same session
// and identity (pseudo ids included). Nothing in the exchange's body can choose whose figures
// are shown: the ids sent along must be those the token was minted for, or the answer is 401.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { effectiveIds } from '../../authority/caller';
import { signSessionToken } from '../../authority/session-token';
import { problem } from '../../http/problems';
import { Body, CallerIds } from '../../http/wire';
import { TokenAnswer } from '../../../schemas/wire/incentive';
import { resolveCaller } from '../../plugins/auth';
import { newResetToken, sha256 } from '../../security/tokens';
import { mayViewIncentive } from './access';
import * as repo from './repository';

export const HANDOFF_TTL_MS = 5 * 60 * 1000;

const Id = Type.Optional(Type.String({ maxLength: 20 }));

function bearerOf(request: FastifyRequest): string {
  const m = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return m?.[1] ?? '';
}

export default async function incentiveHandoffRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/Auth/RegRenkeiLogin',
    {
      schema: {
        description:
          'A handoff token for the incentive tab: single use, valid 5 minutes, bound to this session and identity.',
        body: Body({ ...CallerIds, daihyoCode: Id }),
        response: { 200: TokenAnswer },
      },
    },
    async (request) => {
      const caller = request.caller!;
      if (!(await mayViewIncentive(app.db, caller))) throw problem.forbidden();
      const token = newResetToken();
      const now = app.clock.now();
      await repo.createHandoff(
        app.db,
        sha256(token),
        {
          sessionId: caller.sessionId,
          userId: caller.userId,
          agCode: caller.agCode,
          daihyoCode: effectiveIds(caller).daihyoCode,
          pseudoUserId: caller.pseudo?.userId ?? '',
          pseudoAgCode: caller.pseudo?.agCode ?? '',
        },
        now,
        new Date(now.getTime() + HANDOFF_TTL_MS),
      );
      return { token };
    },
  );

  app.post(
    '/api/Auth/checkIncentiveDisplay',
    {
      config: { public: true },
      schema: {
        description:
          'Exchanges a handoff token for a session token (the ids sent must be those it was minted for). Without a token, a valid bearer session is checked and renewed. 401 (ERR_USER006) otherwise.',
        body: Body({ ...CallerIds, daihyoCode: Id, token: Type.Optional(Type.String({ maxLength: 200 })) }),
        response: { 200: TokenAnswer },
      },
    },
    async (request) => {
      const b = request.body;
      const now = app.clock.now();
      let session: {
        sessionId: string;
        userId: string;
        agCode: string;
        pseudo: { userId: string; agCode: string } | null;
      };
      if (b.token) {
        const handoff = await repo.consumeHandoff(app.db, sha256(b.token), now);
        if (!handoff) throw problem.unauthorized('ERR_USER006');
        const pseudo = handoff.pseudo_user_id
          ? { userId: handoff.pseudo_user_id, agCode: handoff.pseudo_ag_code }
          : null;
        session = { sessionId: handoff.session_id, userId: handoff.user_id, agCode: handoff.ag_code, pseudo };
      } else {
        const caller = await resolveCaller(app, bearerOf(request));
        if (!caller) throw problem.unauthorized('ERR_USER006');
        session = {
          sessionId: caller.sessionId,
          userId: caller.userId,
          agCode: caller.agCode,
          pseudo: caller.pseudo ? { userId: caller.pseudo.userId, agCode: caller.pseudo.agCode } : null,
        };
      }
      const token = signSessionToken(app, session);
      const caller = await resolveCaller(app, token);
      if (!caller) throw problem.unauthorized('ERR_USER006');
      // The ids of the landing's address must be the identity the token stands for.
      const ids = effectiveIds(caller);
      const mismatch = (given: string | undefined, own: string[]) => !!given && !own.includes(given);
      if (
        mismatch(b.userId, [ids.userId, caller.userId]) ||
        mismatch(b.agCode, [ids.agCode, caller.agCode, ids.daihyoCode]) ||
        mismatch(b.daihyoCode, [ids.daihyoCode])
      ) {
        throw problem.unauthorized('ERR_USER006');
      }
      if (!(await mayViewIncentive(app.db, caller))) throw problem.forbidden();
      return { token };
    },
  );
}
