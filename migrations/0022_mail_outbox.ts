// The mail outbox (docs/operations.md, "Mail"): every mail the portal sends is a row written in
// the same transaction as the change that causes it, and each instance's sender
// (api/mail/outbox.ts) takes due rows with FOR UPDATE SKIP LOCKED, so one row has one sender
// across instances. A row is pending (waiting for its next attempt), sending (claimed until
// next_attempt_at, after which another sender may take it again), sent, dead (every attempt
// failed: the administrators' 送信エラーメール list) or expired (a one-time code past its
// validity is never sent late).
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table mail_outbox (
      mail_id bigserial primary key,
      kind varchar(40) not null,
      to_address text not null,
      cc_address text not null default '',
      bcc_address text not null default '',
      subject text not null,
      body text not null,
      status varchar(10) not null default 'pending' check (status in ('pending', 'sending', 'sent', 'dead', 'expired')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      expires_at timestamptz,
      claim_id varchar(36),
      last_error text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      sent_at timestamptz
    )`,
    // The senders' claim reads only the rows still to send.
    `create index mail_outbox_due on mail_outbox (next_attempt_at) where status in ('pending', 'sending')`,
    `create index mail_outbox_status on mail_outbox (status, updated_at)`,
    // The provider administrators' 送信エラーメール screen, in a database whose admin screens
    // already exist (a new database gets it with the others from seeds/platform.ts).
    `insert into categories (category_id, category_name, category_url, system_category_name, kind, audience, display_order)
      select 118, '送信エラーメール', '/mail-error-list', 'mail-error-list', 'admin', 'provider_admin', 118
      where exists (select 1 from categories where category_id = 100) and not exists (select 1 from categories where category_id = 118)`,
    `insert into role_permissions (role_id, category_id, parmition_flg)
      select r.role_id, 118, case when r.role_id = '01' then '1' else '0' end from roles r
      where exists (select 1 from categories where category_id = 118)
        and not exists (select 1 from role_permissions p where p.role_id = r.role_id and p.category_id = 118)`,
  ]);
}
