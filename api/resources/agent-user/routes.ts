// Agent users, the pickers (spec 001: /aguser-maintenance; section 7 /api/AgUser/*): the agent
// codes of the search and the roles of the form. The search (getAgUserList), the delete of
// selected rows (deleteAgUser), loading and saving one user are the declared form ag-user
// (schemas/forms/ag-user.json, its hook api/resources/agent-user/hook.ts). Every call needs the
// permission of category 102; an agent administrator works on the users of their own agent only
// (403, the renderer shows ERR_SYS998); a provider administrator on any agent's.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AgentCodeListAnswer, AgentCodeListBody, RoleListAnswer, RoleListBody } from '../../../schemas/wire/agent-user';
import { effectiveIds, isProviderAdmin, type Caller } from '../../authority/caller';
import { can } from '../../authority/permissions';
import { mayManage } from './rules';
import { invalid } from '../../forms/enforce';
import { problem } from '../../http/problems';
import * as repo from './repository';
import { CATEGORY } from '../../../schemas/categories';

/** The agent code the caller acts for: its pseudo agent while a provider administrator acts as one. */
const ownAgCode = (c: Caller) => effectiveIds(c).agCode;

function targetAgCode(c: Caller, requested: string | undefined): string {
  const agCode = requested || ownAgCode(c);
  if (!mayManage(c, agCode)) throw problem.forbidden();
  return agCode;
}

export default async function agUserRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onRequest', async (request) => {
    if (request.caller && !(await can(app.db, request.caller, CATEGORY.USERS))) throw problem.forbidden();
  });

  app.post(
    '/api/AgUser',
    {
      schema: { body: AgentCodeListBody, response: { 200: AgentCodeListAnswer } },
    },
    async (request) => {
      const caller = request.caller!;
      const agents = await repo.listAgents(app.db, isProviderAdmin(caller) ? undefined : ownAgCode(caller));
      return { agCodeList: agents.map((a) => ({ agCode: a.ag_code, agName: a.ag_name })) };
    },
  );

  app.post(
    '/api/AgUser/getKinouKengenList',
    {
      schema: { body: RoleListBody, response: { 200: RoleListAnswer } },
    },
    async (request) => {
      const agCode = targetAgCode(request.caller!, request.body.displayAgCode);
      const agent = await repo.findAgent(app.db, agCode);
      if (!agent) throw invalid({ field: 'displayAgCode', messageId: 'ERR_0006', args: ['代理店コード'] });
      const roles = await repo.listRoles(app.db);
      return { agName: agent.ag_name, kinouKengenList: roles.map((r) => ({ value: r.role_id, text: r.role_name })) };
    },
  );
}
