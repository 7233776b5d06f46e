// Request (application) management (issue 13, spec 002 sections 2.6, 3, 4, 7): the request
// categories an agent picks (with the one-stop-guide content they point to and their reference
// files), the requests themselves with their status, their attachments, the advisory editing
// locks (30 minutes without activity, docs/decisions.md section 12), the per-user read marks behind the
// lists' new flags, and the link from a navigation notification (申請管理 badge) to its request.
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table application_categories (
      app_category_id serial primary key,
      category_name varchar(50) not null,
      display_order integer not null default 0,
      osg_category_id integer,
      osg_contents_id integer,
      osg_contents_title varchar(255) not null default '',
      osg_detail_path varchar(255) not null default '',
      is_active boolean not null default true
    )`,
    `create table application_category_files (
      app_category_id integer not null references application_categories(app_category_id) on delete cascade,
      row_no integer not null,
      file_name varchar(255) not null,
      stored_key varchar(255) not null,
      file_size bigint not null,
      content_type varchar(100) not null,
      primary key (app_category_id, row_no)
    )`,
    // Status codes of docs/decisions.md section 12: 10 draft, 20 supplier checking, 30 agent checking,
    // 40 agent complete, 90 agent cancelled. The internal memo (provider_memo) has a column of its
    // own so that no agent-side query ever selects it. ag_updated_at / provider_updated_at are the
    // last changes by each side (the other side's new flag); updated_at is the optimistic check.
    `create table applications (
      app_no serial primary key,
      app_date timestamptz not null,
      status_kbn varchar(2) not null check (status_kbn in ('10', '20', '30', '40', '90')),
      ag_code varchar(8) not null references agents(ag_code),
      user_id varchar(10) not null,
      app_user varchar(20) not null default '',
      app_title varchar(60) not null default '',
      wish_date date,
      app_category_id integer references application_categories(app_category_id),
      target_ag_code varchar(50) not null default '',
      target_company_id varchar(20) not null default '',
      app_memo varchar(1000) not null default '',
      provider_comment varchar(1000) not null default '',
      provider_user varchar(20) not null default '',
      provider_memo varchar(1000) not null default '',
      operate_user varchar(20) not null default '',
      extra_data jsonb not null default '{}',
      ag_updated_at timestamptz,
      provider_updated_at timestamptz,
      updated_at timestamptz not null,
      updated_by varchar(10) not null default '',
      deleted_at timestamptz
    )`,
    `create index applications_ag_idx on applications (ag_code, app_date)`,
    `create index applications_date_idx on applications (app_date)`,
    `create table application_files (
      app_no integer not null references applications(app_no) on delete cascade,
      row_no integer not null,
      file_name varchar(255) not null,
      stored_key varchar(255) not null,
      file_size bigint not null,
      content_type varchar(100) not null,
      uploaded_by varchar(10) not null default '',
      uploaded_at timestamptz not null,
      primary key (app_no, row_no)
    )`,
    `create table application_locks (
      app_no integer primary key references applications(app_no) on delete cascade,
      user_id varchar(10) not null,
      locked_at timestamptz not null,
      expires_at timestamptz not null
    )`,
    `create table application_reads (
      app_no integer not null references applications(app_no) on delete cascade,
      user_id varchar(10) not null,
      read_at timestamptz not null,
      primary key (app_no, user_id)
    )`,
    `create table application_notifications (
      notification_id integer primary key references notifications(notification_id) on delete cascade,
      app_no integer not null references applications(app_no) on delete cascade
    )`,
    `create index application_notifications_app_idx on application_notifications (app_no)`,
  ]);
}
