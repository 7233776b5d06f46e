// Admin top (spec 001 section 2 "Admin top", spec 000 "Pseudo-login"): the admin buttons the
// caller may use, and pseudo-login for provider administrators. The business date needs no
// call: the browser keeps it and sends targetDate, which targetDateFor() honours for provider
// administrators only.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { parseDate, validateBusinessDateForm, validatePseudoLoginForm } from '../../../schemas/rules/auth-forms';
import { recordAudit } from '../../audit/record';
import { isProviderAdmin } from '../../authority/caller';
import { can, loadPermissions } from '../../authority/permissions';
import { signSessionToken } from '../../authority/session-token';
import { problem } from '../../http/problems';
import {
  ChangeAgCodeAnswer,
  ChangeAgCodeBody,
  KanriCategoryAnswer,
  KanriCategoryBody,
} from '../../../schemas/wire/kanri';
import { Body, CallerIds, EmptyResponse } from '../../http/wire';
import { CATEGORY } from '../../../schemas/categories';

const noPseudo = {
  pseudoLoginAgCode: '',
  pseudoLoginAgName: '',
  pseudoLoginUserId: '',
  pseudoDaihyoCode: '',
  pseudoInvoiceNo: '',
};

export default async function kanriRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/KanriTop/getKanriCategory',
    {
      schema: {
        body: KanriCategoryBody,
        response: { 200: KanriCategoryAnswer },
      },
    },
    async (request) => {
      const caller = request.caller!;
      if (!(await can(app.db, caller, CATEGORY.ADMIN_TOP))) throw problem.forbidden();
      const rows = (await loadPermissions(app.db, caller)).filter((p) => p.kind === 'admin');
      return {
        categoryListData: rows.map((p) => ({
          categoryId: p.categoryId,
          categoryName: p.categoryName,
          categoryUrl: p.categoryUrl,
          parmitionFlg: p.parmitionFlg,
        })),
      };
    },
  );

  // Own agent code = cancel (a token without pseudo ids); an unregistered code, or an agent
  // without an active user, answers isSuccess false and no token.
  app.post(
    '/api/KanriTop/changeAgCode',
    {
      schema: {
        body: ChangeAgCodeBody,
        response: { 200: ChangeAgCodeAnswer },
      },
    },
    async (request) => {
      const caller = request.caller!;
      if (!isProviderAdmin(caller)) throw problem.forbidden();
      const agCode = request.body.pseudoLoginAgCode;
      const errors = validatePseudoLoginForm({ agCode });
      if (errors.length) throw problem.validation(errors);
      const now = app.clock.now();
      const own = { sessionId: caller.sessionId, userId: caller.userId, agCode: caller.agCode };

      if (agCode === caller.agCode) {
        if (caller.pseudo)
          await recordAudit(app.db, {
            caller,
            action: 'update',
            entity: 'pseudo_login',
            entityId: caller.sessionId,
            before: { agCode: caller.pseudo.agCode, userId: caller.pseudo.userId },
            after: null,
            at: now,
          });
        return { token: signSessionToken(app, { ...own, pseudo: null }), user: { isSuccess: true, ...noPseudo } };
      }

      // The agent's administrator if it has one, otherwise its first user.
      const target = await app.db
        .selectFrom('agents as a')
        .innerJoin('users as u', 'u.ag_code', 'a.ag_code')
        .select(['a.ag_code', 'a.ag_name', 'a.daihyo_code', 'a.invoice_no', 'u.user_id'])
        .where('a.ag_code', '=', agCode)
        .where('u.deleted_at', 'is', null)
        .orderBy('u.is_admin', 'desc')
        .orderBy('u.user_id')
        .executeTakeFirst();
      if (!target) return { token: '', user: { isSuccess: false, ...noPseudo } };

      await recordAudit(app.db, {
        caller,
        action: 'update',
        entity: 'pseudo_login',
        entityId: caller.sessionId,
        before: caller.pseudo ? { agCode: caller.pseudo.agCode, userId: caller.pseudo.userId } : null,
        after: { agCode: target.ag_code, userId: target.user_id },
        at: now,
      });
      return {
        token: signSessionToken(app, { ...own, pseudo: { userId: target.user_id, agCode: target.ag_code } }),
        user: {
          isSuccess: true,
          pseudoLoginAgCode: target.ag_code,
          pseudoLoginAgName: target.ag_name,
          pseudoLoginUserId: target.user_id,
          pseudoDaihyoCode: target.daihyo_code,
          pseudoInvoiceNo: target.invoice_no,
        },
      };
    },
  );

  // The business date lives in the browser (sent as targetDate); the switch is still an
  // administrative act that changes what the administrator sees and does, so it is audited
  // (docs/audit.md). previousDate is the browser's own view of what it replaces.
  const DateText = Type.String({ maxLength: 10, pattern: '^[0-9/-]*$' });
  app.post(
    '/api/KanriTop/changeBusinessDate',
    {
      schema: {
        body: Body({ ...CallerIds, businessDate: DateText, previousDate: Type.Optional(DateText) }),
        response: { 200: EmptyResponse },
      },
    },
    async (request) => {
      const caller = request.caller!;
      if (!isProviderAdmin(caller)) throw problem.forbidden();
      const { businessDate, previousDate } = request.body;
      if (businessDate !== '') {
        const errors = validateBusinessDateForm({ date: businessDate });
        if (errors.length) throw problem.validation(errors);
      }
      const slash = (d: string | undefined) => (d ? (parseDate(d) ?? '').replaceAll('-', '/') : '');
      await recordAudit(app.db, {
        caller,
        action: 'update',
        entity: 'business_date',
        entityId: caller.userId,
        before: { businessDate: slash(previousDate) },
        after: { businessDate: slash(businessDate) },
        at: app.clock.now(),
      });
      return {};
    },
  );
}
