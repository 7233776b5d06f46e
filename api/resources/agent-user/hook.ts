// What the agent-user form (schemas/forms/ag-user.json) does beyond its columns: an agent
// administrator works on the users of their own agent only (403; a provider administrator on
// any); the agent and the role must exist, and administrators keep their own role; a new user
// gets an id from the sequence, no usable password, and a mail with a link to set one. An e-mail
// address is used once within an agent.
import { sql } from 'kysely';
import type { RuleResult } from '../../../schemas/rules/engine';
import { effectiveIds } from '../../authority/caller';
import { mayManage } from './rules';
import { accountSetupMail } from '../../mail/account-setup';
import { enqueueMail } from '../../mail/outbox';
import { hashPassword } from '../../security/password';
import { newResetToken, sha256 } from '../../security/tokens';
import { storeResetToken } from '../password-reset/repository';
import { problem } from '../../http/problems';
import type { FormHook } from '../../forms/hook';

/** The role whose users are administrators of their agent (seeded 01 管理者). */
export const ADMIN_ROLE_ID = '01';
/** How long the first-password link of a new user is valid. */
export const SETUP_LINK_HOURS = 72;

const str = (v: unknown) => (typeof v === 'string' ? v : '');

const EMAIL_TAKEN: RuleResult = { field: 'email', messageId: 'ERR_0017', args: ['メールアドレス'] };

export const agentUserHook: FormHook = {
  fields: ['agName', 'roleDisplayName'],
  duplicates: { users_agent_email_key: EMAIL_TAKEN },

  // The agent named by the call (the caller's own when none): another agent's users are not there.
  scope(ctx, fields) {
    const agCode = str(fields.agCode) || effectiveIds(ctx.caller).agCode;
    if (!mayManage(ctx.caller, agCode)) throw problem.forbidden();
    return { ag_code: agCode };
  },

  authorize(ctx, record, mode, before) {
    // The agent of a stored user is its own; a save cannot move a user to another agent.
    if (before) record.agCode = before.agCode;
    else if (!str(record.agCode)) record.agCode = effectiveIds(ctx.caller).agCode;
    if (!mayManage(ctx.caller, str(record.agCode))) throw problem.forbidden();
    if (mode === 'delete' && record.userId === ctx.caller.userId)
      throw problem.validation([{ messageId: 'ERR_0025', args: ['削除対象（ログイン中のユーザー）'] }]);
  },

  // A deleted user's row stays for the logs and the audit trail; their sign-in ends at once.
  async removed(ctx, id) {
    const at = ctx.app.clock.now();
    await ctx.trx.updateTable('users').set({ updated_at: at }).where('user_id', '=', String(id)).execute();
    await ctx.trx
      .updateTable('sessions')
      .set({ revoked_at: at, revoke_reason: 'user-deleted' })
      .where('user_id', '=', String(id))
      .where('revoked_at', 'is', null)
      .execute();
  },

  async check(ctx, record, mode, id) {
    const out: RuleResult[] = [];
    const db = ctx.app.db;
    const agCode = str(record.agCode);
    if (agCode && !(await db.selectFrom('agents').select('ag_code').where('ag_code', '=', agCode).executeTakeFirst()))
      out.push({ field: 'agCode', messageId: 'ERR_0006', args: ['代理店コード'] });
    const roleId = str(record.roleId);
    // An e-mail address is unique within the agent (the password reset finds the user by both; migration 0021).
    const email = str(record.email);
    if (agCode && email) {
      let same = db
        .selectFrom('users')
        .select('user_id')
        .where('ag_code', '=', agCode)
        .where('deleted_at', 'is', null)
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()));
      if (id !== null) same = same.where('user_id', '<>', String(id));
      if (await same.executeTakeFirst()) out.push(EMAIL_TAKEN);
    }
    if (roleId && !(await db.selectFrom('roles').select('role_id').where('role_id', '=', roleId).executeTakeFirst()))
      out.push({ field: 'roleId', messageId: 'ERR_0025', args: ['機能権限'] });
    // An administrator keeps their own role: changing it could lock them out.
    if (mode === 'update' && id === ctx.caller.userId) {
      const own = await db
        .selectFrom('users')
        .select('role_id')
        .where('user_id', '=', ctx.caller.userId)
        .executeTakeFirst();
      if (own && own.role_id !== roleId) out.push({ field: 'roleId', messageId: 'ERR_0025', args: ['機能権限'] });
    }
    return out;
  },

  async columns(ctx, record, mode) {
    const isAdmin = { is_admin: str(record.roleId) === ADMIN_ROLE_ID };
    if (mode === 'update') return isAdmin;
    const db = ctx.app.db;
    const next = (await sql<{ id: string }>`select lpad(nextval('users_user_id_seq')::text, 10, '0') as id`.execute(db))
      .rows[0];
    if (!next) throw new Error('users_user_id_seq answered no value');
    const { id } = next;
    const provider = await db
      .selectFrom('users')
      .select('user_id')
      .where('ag_code', '=', str(record.agCode))
      .where('is_provider', '=', true)
      .limit(1)
      .executeTakeFirst();
    const at = ctx.app.clock.now();
    // Nobody knows this password: the user sets one through the mailed link.
    return {
      ...isAdmin,
      user_id: id,
      login_id: id,
      password_hash: await hashPassword(newResetToken()),
      is_provider: !!provider,
      password_changed_at: at,
      created_at: at,
      updated_at: at,
    };
  },

  async write(ctx, id, record, mode) {
    if (mode !== 'new') return;
    const token = newResetToken();
    const at = ctx.app.clock.now();
    const validMs = SETUP_LINK_HOURS * 3600 * 1000;
    await storeResetToken(ctx.trx, {
      tokenHash: sha256(token),
      userId: String(id),
      at,
      expiresAt: new Date(at.getTime() + validMs),
    });
    // The mail is written with the user: both are kept or neither (api/mail/outbox.ts).
    const link = `${ctx.app.config.publicUrl}/with-ag/password-update/token/${token}`;
    ctx.state.setupMailIds = await enqueueMail(ctx.trx, {
      kind: 'account_setup',
      to: str(record.email),
      validForMs: validMs,
      ...accountSetupMail(str(record.tantousyaName) || String(id), String(id), link, SETUP_LINK_HOURS),
    });
  },

  async read(_ctx, db, _id, record) {
    const names = await db
      .selectFrom('agents as a')
      .innerJoin('roles as r', (j) => j.onTrue())
      .select(['a.ag_name', 'r.role_name'])
      .where('a.ag_code', '=', str(record.agCode))
      .where('r.role_id', '=', str(record.roleId))
      .executeTakeFirst();
    record.agName = names?.ag_name ?? '';
    record.roleDisplayName = names?.role_name ?? '';
  },

  async committed(ctx, _id, _record, mode) {
    // A mail that cannot be sent now is retried by the outbox's sender.
    if (mode === 'new' && Array.isArray(ctx.state.setupMailIds))
      await ctx.app.mailOutbox.deliverNow(ctx.state.setupMailIds as number[]);
  },
};
