// The provider administrators' 送信エラーメール list (schemas/lists/mail-error-list.json): mails of
// the outbox that failed every try, and their resend. The same permission model as the other
// admin screens: category 118, audience provider administrators (api/authority/permissions.ts).
// The body is never answered: what was sent to whom and why it failed is enough to act on.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { recordAudit } from '../audit/record';
import type { Caller } from '../authority/caller';
import { can } from '../authority/permissions';
import { slashDateTime } from '../resources/content/wire';
import { problem } from '../http/problems';
import { Body, CallerIds } from '../http/wire';
import { KIND_LABELS, requeueDeadMail, type MailKind } from './outbox';
import { CATEGORY } from '../../schemas/categories';

const MAX_ROWS = 1000;

const MailError = Type.Object({
  mailId: Type.Number(),
  kindName: Type.String(),
  toAddress: Type.String(),
  subject: Type.String(),
  attempts: Type.Number(),
  lastError: Type.String(),
  /** When the last try failed (yyyy/MM/dd HH:mm, Tokyo). */
  failedAt: Type.String(),
  createdAt: Type.String(),
});

export default async function failedMailRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  async function admit(caller: Caller) {
    if (!(await can(app.db, caller, CATEGORY.MAIL_ERRORS))) throw problem.forbidden();
  }

  app.post(
    '/api/MailError/getMailErrorList',
    { schema: { body: Body(CallerIds), response: { 200: Type.Object({ mailErrorList: Type.Array(MailError) }) } } },
    async (request) => {
      await admit(request.caller!);
      const rows = await app.db
        .selectFrom('mail_outbox')
        .select([
          'mail_id',
          'kind',
          'to_address',
          'cc_address',
          'bcc_address',
          'subject',
          'attempts',
          'last_error',
          'updated_at',
          'created_at',
        ])
        .where('status', '=', 'dead')
        .orderBy('updated_at', 'desc')
        .orderBy('mail_id', 'desc')
        .limit(MAX_ROWS + 1)
        .execute();
      if (rows.length > MAX_ROWS) throw problem.tooManyResults('送信エラーメール');
      return {
        mailErrorList: rows.map((r) => ({
          mailId: r.mail_id,
          kindName: KIND_LABELS[r.kind as MailKind] ?? r.kind,
          toAddress: [r.to_address, r.cc_address && `CC: ${r.cc_address}`, r.bcc_address && `BCC: ${r.bcc_address}`]
            .filter(Boolean)
            .join(' '),
          subject: r.subject,
          attempts: r.attempts,
          lastError: r.last_error,
          failedAt: slashDateTime(r.updated_at),
          createdAt: slashDateTime(r.created_at),
        })),
      };
    },
  );

  app.post(
    '/api/MailError/resendMail',
    {
      schema: {
        body: Body({
          ...CallerIds,
          mailIdList: Type.Array(Type.Object({ mailId: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }) }), {
            minItems: 1,
            maxItems: MAX_ROWS,
          }),
        }),
        response: { 200: Type.Object({ resendCount: Type.Number() }) },
      },
    },
    async (request) => {
      const caller = request.caller!;
      await admit(caller);
      const ids = [...new Set(request.body.mailIdList.map((m) => m.mailId))];
      const at = app.clock.now();
      const requeued = await app.db.transaction().execute(async (trx) => {
        const done = await requeueDeadMail(trx, ids);
        for (const mailId of done)
          await recordAudit(trx, {
            caller,
            action: 'update',
            entity: 'mail_outbox',
            entityId: mailId,
            before: { status: 'dead' },
            after: { status: 'pending' },
            at,
          });
        return done;
      });
      // This instance's sender takes them at once; the rows are due for every other one too.
      app.mailOutbox.nudge();
      return { resendCount: requeued.length };
    },
  );
}
