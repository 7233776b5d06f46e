// Agent users (spec 001: /aguser-maintenance, /aguser-reg; section 7 /api/AgUser/*).
// Every call needs the permission of category 102. An agent administrator works on the users of
// their own agent only (403 otherwise; the renderer shows ERR_SYS998); a provider administrator
// on any agent's. The target agent is named inside the payload (agUserSearchCond.agCode,
// agUserData.agCode, displayAgCode); the top-level agCode/userId stay the caller's and are
// checked by the auth plugin. Writes run the rules of schemas/forms/ag-user.json and are audited.
// A new user gets a mail with a link to set the first password (docs/admin-maintenance.md).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import { validateForm, type RuleResult } from '../../../schemas/rules/engine';
import type { FormDefinition } from '../../../schemas/meta/types';
import { recordAudit } from '../../audit/record';
import { effectiveIds, isProviderAdmin, type Caller } from '../../authority/caller';
import { can } from '../../authority/permissions';
import { enforce, invalid, serverRuleContext } from '../../forms/enforce';
import { formOf } from '../../forms/registry';
import { problem } from '../../http/problems';
import { Body, CallerIds, EmptyResponse } from '../../http/wire';
import { accountSetupMail } from '../../mail/account-setup';
import { hashPassword } from '../../security/password';
import { newResetToken, sha256 } from '../../security/tokens';
import { storeResetToken } from '../password-reset/repository';
import * as repo from './repository';

export const USER_CATEGORY_ID = 102;
const FORM = 'ag-user';
const LIST = 'ag-user';
/** The role whose users are administrators of their agent (seeded 01 管理者). */
export const ADMIN_ROLE_ID = '01';
/** How long the first-password link of a new user is valid. */
export const SETUP_LINK_HOURS = 72;
/** Rows a search may answer; more is 416 ERR_0023. */
export const MAX_SEARCH_RESULTS = 1000;

/** The fields with columns; every other field of the form's schema is kept in extra_data. */
const MAPPED = new Set(['agCode', 'agName', 'userId', 'kaisyaName', 'busyoName', 'tantousyaName', 'email', 'bikou1', 'bikou2', 'roleId', 'roleDisplayName']);

const Text = Type.Optional(Type.String({ maxLength: 1000 }));

const AgUserDataIn = Type.Object(
  { agCode: Text, userId: Text, kaisyaName: Text, busyoName: Text, tantousyaName: Text, email: Text, bikou1: Text, bikou2: Text, roleId: Text },
  { additionalProperties: true, description: 'The fields of schemas/forms/ag-user.json; fields beyond these are stored as declared by the form' },
);

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

/** Whether the caller may read and write the users of the agent. */
export function mayManage(c: Caller, agCode: string): boolean {
  return isProviderAdmin(c) || agCode === ownAgCode(c);
}

function targetAgCode(c: Caller, requested: string | undefined): string {
  const agCode = requested || ownAgCode(c);
  if (!mayManage(c, agCode)) throw problem.forbidden();
  return agCode;
}

const toWire = (u: repo.UserRecord) => ({ ...u.extra, agCode: u.agCode, agName: u.agName, userId: u.userId, kaisyaName: u.kaisyaName, busyoName: u.busyoName, tantousyaName: u.tantousyaName, email: u.email, bikou1: u.bikou1, bikou2: u.bikou2, roleId: u.roleId, roleDisplayName: u.roleDisplayName });

const str = (v: unknown) => (typeof v === 'string' ? v : '');

function writeOf(form: FormDefinition, data: Record<string, unknown>): repo.UserWrite {
  const extra: Record<string, unknown> = {};
  for (const key of Object.keys(form.schema.properties)) {
    if (!MAPPED.has(key) && data[key] !== undefined) extra[key] = data[key];
  }
  return {
    kaisyaName: str(data.kaisyaName),
    busyoName: str(data.busyoName),
    tantousyaName: str(data.tantousyaName),
    email: str(data.email),
    bikou1: str(data.bikou1),
    bikou2: str(data.bikou2),
    roleId: str(data.roleId),
    extra,
  };
}

const auditView = (u: repo.UserRecord | repo.UserWrite & { agCode: string; userId: string }) => {
  const { extra, ...rest } = u as repo.UserRecord;
  return { ...rest, ...extra };
};

type UserDataBody = { Body: { agUserData: Static<typeof AgUserDataIn> } };

export default async function agUserRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onRequest', async (request) => {
    if (request.caller && !(await can(app.db, request.caller, USER_CATEGORY_ID))) throw problem.forbidden();
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
    '/api/AgUser/getAgUser',
    { schema: { body: Body({ ...CallerIds, agUserData: UserKey }), response: { 200: Type.Object({ agUserData: AgUserDataOut }) } } },
    async (request) => {
      const { agCode: requested, userId } = request.body.agUserData;
      const agCode = targetAgCode(request.caller!, requested);
      const user = await repo.findUser(app.db, agCode, userId);
      if (!user) throw invalid({ field: 'userId', messageId: 'ERR_0009', args: ['ユーザー'] });
      return { agUserData: toWire(user) };
    },
  );

  // The target agent first (403), then the form's rules and the server's checks (400, together).
  const authorize = async (request: FastifyRequest) => {
    const data = (request.body as UserDataBody['Body']).agUserData;
    data.agCode = targetAgCode(request.caller!, data.agCode);
  };
  const serverChecks = (data: Record<string, unknown>, existing?: () => Promise<RuleResult[]>) => async (): Promise<RuleResult[]> => {
    const out: RuleResult[] = [];
    const agCode = str(data.agCode);
    if (agCode && !(await repo.findAgent(app.db, agCode))) out.push({ field: 'agCode', messageId: 'ERR_0006', args: ['代理店コード'] });
    const roleId = str(data.roleId);
    if (roleId && !(await repo.listRoles(app.db)).some((r) => r.role_id === roleId)) out.push({ field: 'roleId', messageId: 'ERR_0025', args: ['機能権限'] });
    if (existing) out.push(...(await existing()));
    return out;
  };

  app.post<UserDataBody>(
    '/api/AgUser/createAgUser',
    {
      config: { form: FORM },
      schema: { body: Body({ ...CallerIds, agUserData: AgUserDataIn }), response: { 200: Type.Object({ agUserData: AgUserDataOut }) } },
      preHandler: [authorize, enforce(app, FORM, (r: FastifyRequest<UserDataBody>) => r.body.agUserData, (r: FastifyRequest<UserDataBody>) => ({ context: { mode: 'new' }, serverChecks: serverChecks(r.body.agUserData) }))],
    },
    async (request) => {
      const caller = request.caller!;
      const data = request.body.agUserData;
      const agCode = data.agCode!;
      const write = writeOf(formOf(app.definitions, FORM), data);
      const now = app.clock.now();
      const token = newResetToken();
      // Nobody knows this password: the user sets one through the mailed link.
      const unusable = await hashPassword(newResetToken());
      const userId = await app.db.transaction().execute(async (trx) => {
        const id = await repo.createUser(trx, agCode, write, write.roleId === ADMIN_ROLE_ID, unusable, now);
        await storeResetToken(trx, { tokenHash: sha256(token), userId: id, at: now, expiresAt: new Date(now.getTime() + SETUP_LINK_HOURS * 3600 * 1000) });
        await recordAudit(trx, { caller, action: 'create', entity: 'agent_user', entityId: id, after: auditView({ ...write, agCode, userId: id }), at: now });
        return id;
      });
      const user = (await repo.findUser(app.db, agCode, userId))!;
      const link = `${app.config.publicUrl}/with-ag/password-update/token/${token}`;
      try {
        await app.mailer.send({ to: user.email, ...accountSetupMail(user.tantousyaName || userId, userId, link, SETUP_LINK_HOURS) });
      } catch (err) {
        // The user exists; the administrator can have the mail sent again via the password reset.
        request.log.error({ err, userId }, 'account setup mail failed');
      }
      return { agUserData: toWire(user) };
    },
  );

  app.post<UserDataBody>(
    '/api/AgUser/updateAgUser',
    {
      config: { form: FORM },
      schema: { body: Body({ ...CallerIds, agUserData: AgUserDataIn }), response: { 200: Type.Object({ agUserData: AgUserDataOut }) } },
      preHandler: [
        authorize,
        enforce(app, FORM, (r: FastifyRequest<UserDataBody>) => r.body.agUserData, (r: FastifyRequest<UserDataBody>) => {
          const data = r.body.agUserData;
          return {
            context: { mode: 'update' },
            serverChecks: serverChecks(data, async () => {
              const user = data.userId ? await repo.findUser(app.db, str(data.agCode), data.userId) : undefined;
              if (!user) return [{ field: 'userId', messageId: 'ERR_0009', args: ['ユーザー'] }];
              // An administrator keeps their own role: changing it could lock them out.
              if (user.userId === r.caller!.userId && str(data.roleId) !== user.roleId) return [{ field: 'roleId', messageId: 'ERR_0025', args: ['機能権限'] }];
              return [];
            }),
          };
        }),
      ],
    },
    async (request) => {
      const caller = request.caller!;
      const data = request.body.agUserData;
      const agCode = data.agCode!;
      const userId = data.userId!;
      const write = writeOf(formOf(app.definitions, FORM), data);
      const now = app.clock.now();
      await app.db.transaction().execute(async (trx) => {
        const before = await repo.findUser(trx, agCode, userId);
        if (!before) throw invalid({ field: 'userId', messageId: 'ERR_0009', args: ['ユーザー'] });
        await repo.updateUser(trx, userId, write, write.roleId === ADMIN_ROLE_ID, now);
        await recordAudit(trx, { caller, action: 'update', entity: 'agent_user', entityId: userId, before: auditView(before), after: auditView((await repo.findUser(trx, agCode, userId))!), at: now });
      });
      return { agUserData: toWire((await repo.findUser(app.db, agCode, userId))!) };
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
      return {};
    },
  );
}
