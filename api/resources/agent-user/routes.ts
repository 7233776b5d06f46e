// Agent users, the list side (spec 001: /aguser-maintenance; section 7 /api/AgUser/*): the
// agent codes, the search, the roles of the form's picker and the delete of selected rows.
// Loading and saving one user is the declared form ag-user (schemas/forms/ag-user.json, its hook
// api/resources/agent-user/hook.ts). Every call needs the permission of category 102; an agent
// administrator works on the users of their own agent only (403, the renderer shows
// ERR_SYS998); a provider administrator on any agent's. Deletes are audited.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { validateForm, type RuleResult } from '../../../schemas/rules/engine';
import { recordAudit } from '../../audit/record';
import { effectiveIds, isProviderAdmin, type Caller } from '../../authority/caller';
import { can } from '../../authority/permissions';
import { settleChanges } from '../../cache/change-feed';
import { mayManage } from './hook';
import { invalid, serverRuleContext } from '../../forms/enforce';
import { problem } from '../../http/problems';
import { Body, CallerIds, EmptyResponse } from '../../http/wire';
import * as repo from './repository';
import { CATEGORY } from '../../../schemas/categories';

const LIST = 'ag-user';
/** Rows a search may answer; more is 416 ERR_0023. */
export const MAX_SEARCH_RESULTS = 1000;

const Text = Type.Optional(Type.String({ maxLength: 1000 }));

const AgUserDataOut = Type.Object(
  {
    agCode: Type.String(),
    agName: Type.String(),
    userId: Type.String(),
    kaisyaName: Type.String(),
    busyoName: Type.String(),
    tantousyaName: Type.String(),
    email: Type.String(),
    bikou1: Type.String(),
    bikou2: Type.String(),
    roleId: Type.String(),
    roleDisplayName: Type.String(),
  },
  { additionalProperties: true },
);

const UserKey = Type.Object({ agCode: Text, userId: Type.String({ maxLength: 20 }) });

const SearchCond = Type.Object({ agCode: Text, kaisyaName: Text, busyoName: Text, tantousyaName: Text, email: Text, bikou1: Text, bikou2: Text });

/** The agent code the caller acts for: its pseudo agent while a provider administrator acts as one. */
const ownAgCode = (c: Caller) => effectiveIds(c).agCode;

function targetAgCode(c: Caller, requested: string | undefined): string {
  const agCode = requested || ownAgCode(c);
  if (!mayManage(c, agCode)) throw problem.forbidden();
  return agCode;
}

const toWire = (u: repo.UserRecord) => ({ ...u.extra, agCode: u.agCode, agName: u.agName, userId: u.userId, kaisyaName: u.kaisyaName, busyoName: u.busyoName, tantousyaName: u.tantousyaName, email: u.email, bikou1: u.bikou1, bikou2: u.bikou2, roleId: u.roleId, roleDisplayName: u.roleDisplayName });

const auditView = (u: repo.UserRecord) => {
  const { extra, ...rest } = u;
  return { ...rest, ...extra };
};

export default async function agUserRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onRequest', async (request) => {
    if (request.caller && !(await can(app.db, request.caller, CATEGORY.USERS))) throw problem.forbidden();
  });

  app.post(
    '/api/AgUser',
    { schema: { body: Body(CallerIds), response: { 200: Type.Object({ agCodeList: Type.Array(Type.Object({ agCode: Type.String(), agName: Type.String() })) }) } } },
    async (request) => {
      const caller = request.caller!;
      const agents = await repo.listAgents(app.db, isProviderAdmin(caller) ? undefined : ownAgCode(caller));
      return { agCodeList: agents.map((a) => ({ agCode: a.ag_code, agName: a.ag_name })) };
    },
  );

  app.post(
    '/api/AgUser/getAgUserList',
    {
      config: { form: LIST },
      schema: {
        body: Body({ ...CallerIds, agUserSearchCond: Type.Optional(SearchCond) }),
        response: { 200: Type.Object({ agUserDataList: Type.Array(AgUserDataOut) }) },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const cond = request.body.agUserSearchCond ?? {};
      const agCode = targetAgCode(caller, cond.agCode);
      const search = app.definitions.lists.get(LIST)?.search;
      const errors = validateForm({ rules: (search?.rules ?? []).filter((r) => r.rule !== 'required') }, cond, serverRuleContext(app));
      if (errors.length) throw problem.validation(errors);
      const rows = await repo.searchUsers(app.db, { ...cond, agCode }, MAX_SEARCH_RESULTS);
      if (rows.length > MAX_SEARCH_RESULTS) throw problem.tooManyResults('ユーザー');
      return { agUserDataList: rows.map(toWire) };
    },
  );

  app.post(
    '/api/AgUser/getKinouKengenList',
    {
      schema: {
        body: Body({ ...CallerIds, displayAgCode: Text }),
        response: { 200: Type.Object({ agName: Type.String(), kinouKengenList: Type.Array(Type.Object({ value: Type.String(), text: Type.String() })) }) },
      },
    },
    async (request) => {
      const agCode = targetAgCode(request.caller!, request.body.displayAgCode);
      const agent = await repo.findAgent(app.db, agCode);
      if (!agent) throw invalid({ field: 'displayAgCode', messageId: 'ERR_0006', args: ['代理店コード'] });
      const roles = await repo.listRoles(app.db);
      return { agName: agent.ag_name, kinouKengenList: roles.map((r) => ({ value: r.role_id, text: r.role_name })) };
    },
  );

  app.post(
    '/api/AgUser/deleteAgUser',
    {
      schema: {
        description: 'Deletes users (their rows stay for the logs, sign-in ends); nothing selected → ERR_0003 (明細).',
        body: Body({ ...CallerIds, agUserDataList: Type.Array(UserKey, { maxItems: 1000 }) }),
        response: { 200: EmptyResponse },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const keys = request.body.agUserDataList;
      if (keys.length === 0) throw invalid({ field: 'agUserDataList', messageId: 'ERR_0003', args: ['明細'] });
      const targets = keys.map((k) => ({ agCode: targetAgCode(caller, k.agCode), userId: k.userId }));
      const users: repo.UserRecord[] = [];
      const messages: RuleResult[] = [];
      for (const t of targets) {
        const user = await repo.findUser(app.db, t.agCode, t.userId);
        if (!user) messages.push({ field: 'agUserDataList', messageId: 'ERR_0009', args: ['ユーザー'] });
        else if (user.userId === caller.userId) messages.push({ field: 'agUserDataList', messageId: 'ERR_0025', args: ['削除対象（ログイン中のユーザー）'] });
        else users.push(user);
      }
      if (messages.length) throw problem.validation(messages);
      const now = app.clock.now();
      await app.db.transaction().execute(async (trx) => {
        for (const u of users) {
          await repo.deleteUser(trx, u.userId, now);
          await recordAudit(trx, { caller, action: 'delete', entity: 'agent_user', entityId: u.userId, before: auditView(u), at: now });
        }
      });
      await settleChanges(app.db);
      return {};
    },
  );
}
