// Platform tables: agents, users, roles, categories and permissions, segments (the targeting
// helper needs them), global navigation settings, notifications, sign-in security, logs, audit.
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table agents (
      ag_code varchar(8) primary key,
      ag_name varchar(255) not null,
      invoice_no varchar(20) not null default '',
      daihyo_code varchar(8) not null,
      itakumoto_ag_code varchar(8) not null default '',
      saiitaku_flg boolean not null default false,
      is_incentive_entry boolean not null default false,
      created_at timestamptz not null default now()
    )`,
    `create table roles (
      role_id varchar(2) primary key,
      role_name varchar(50) not null,
      display_order integer not null default 0
    )`,
    `create table users (
      user_id varchar(10) primary key,
      login_id varchar(255) not null unique,
      ag_code varchar(8) not null references agents(ag_code),
      password_hash text not null,
      email varchar(255) not null,
      user_name varchar(255) not null default '',
      company_name varchar(255) not null default '',
      section_name varchar(255) not null default '',
      bikou1 varchar(255) not null default '',
      bikou2 varchar(255) not null default '',
      role_id varchar(2) not null references roles(role_id),
      is_admin boolean not null default false,
      is_provider boolean not null default false,
      is_base_login boolean not null default false,
      password_changed_at timestamptz not null default now(),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    )`,
    `create index users_ag_code_idx on users (ag_code)`,
    // audience: who may hold the permission at all, whatever the role says.
    `create table categories (
      category_id integer primary key,
      category_name varchar(100) not null,
      category_url varchar(255) not null default '',
      parent_id integer references categories(category_id),
      system_category_name varchar(100) not null,
      kind varchar(10) not null check (kind in ('content', 'feature', 'admin', 'other')),
      audience varchar(20) not null default 'everyone'
        check (audience in ('everyone', 'agent', 'admin_or_provider', 'provider', 'provider_admin')),
      detail_path varchar(100) not null default 'contents',
      is_search_category boolean not null default false,
      display_order integer not null default 0
    )`,
    `create table role_permissions (
      role_id varchar(2) not null references roles(role_id),
      category_id integer not null references categories(category_id),
      parmition_flg varchar(1) not null check (parmition_flg in ('0', '1')),
      primary key (role_id, category_id)
    )`,
    `create table agent_segments (
      ag_segment_id serial primary key,
      ag_segment_name varchar(255) not null,
      last_upload_date timestamptz,
      upload_file_name varchar(255) not null default '',
      upload_data_cnt integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    `create table agent_segment_members (
      ag_segment_id integer not null references agent_segments(ag_segment_id) on delete cascade,
      ag_code varchar(8) not null,
      primary key (ag_segment_id, ag_code)
    )`,
    `create index agent_segment_members_ag_code_idx on agent_segment_members (ag_code)`,
    // target_kbn: 0 default, 1 segment (target_code = segment id), 2 agent (target_code = agent code).
    `create table global_navi_settings (
      kanri_id serial primary key,
      setting_name varchar(255) not null,
      target_kbn varchar(1) not null check (target_kbn in ('0', '1', '2')),
      target_code varchar(255) not null default '',
      target_name varchar(255) not null default '',
      reflection_date date not null,
      scheduled_date date,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    // detail_kbn: 01 current list, 02 scheduled list.
    `create table global_navi_rows (
      row_id serial primary key,
      kanri_id integer not null references global_navi_settings(kanri_id) on delete cascade,
      detail_kbn varchar(2) not null check (detail_kbn in ('01', '02')),
      parent_id integer references categories(category_id),
      category_id integer not null references categories(category_id),
      disp_name varchar(15) not null,
      url varchar(255) not null default '',
      disp_no integer not null default 0,
      is_separate_tab boolean not null default false
    )`,
    `create index global_navi_rows_kanri_idx on global_navi_rows (kanri_id, detail_kbn)`,
    // Things that need a user's attention, counted per category for the navigation badges.
    `create table notifications (
      notification_id serial primary key,
      category_id integer not null references categories(category_id),
      ag_code varchar(8),
      user_id varchar(10),
      title varchar(255) not null,
      created_at timestamptz not null default now()
    )`,
    `create table notification_reads (
      notification_id integer not null references notifications(notification_id) on delete cascade,
      user_id varchar(10) not null,
      read_at timestamptz not null default now(),
      primary key (notification_id, user_id)
    )`,
    `create table sessions (
      session_id varchar(36) primary key,
      user_id varchar(10) not null references users(user_id),
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      revoked_at timestamptz,
      revoke_reason varchar(30),
      ip varchar(64) not null default '',
      user_agent varchar(512) not null default ''
    )`,
    `create index sessions_user_idx on sessions (user_id)`,
    `create table trusted_browsers (
      browser_id varchar(36) primary key,
      user_id varchar(10) not null references users(user_id),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz
    )`,
    `create table otp_challenges (
      challenge_id varchar(36) primary key,
      user_id varchar(10) not null references users(user_id),
      code_hash varchar(128) not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      attempts integer not null default 0,
      used_at timestamptz
    )`,
    `create table password_reset_tokens (
      token_hash varchar(128) primary key,
      user_id varchar(10) not null references users(user_id),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    )`,
    // Failed sign-ins and reset requests, counted in a sliding window for rate limiting.
    `create table auth_attempts (
      attempt_id bigserial primary key,
      kind varchar(10) not null,
      login_id varchar(255) not null default '',
      ip varchar(64) not null default '',
      attempted_at timestamptz not null default now()
    )`,
    `create index auth_attempts_login_idx on auth_attempts (kind, login_id, attempted_at)`,
    `create index auth_attempts_ip_idx on auth_attempts (kind, ip, attempted_at)`,
    `create table operation_logs (
      log_id bigserial primary key,
      source varchar(10) not null,
      system_kbn varchar(2) not null default '01',
      user_id varchar(10) not null,
      ag_code varchar(8) not null,
      action_time timestamptz not null,
      operation_type varchar(2) not null,
      pseudo_ag_code varchar(8) not null default '',
      pseudo_user_id varchar(10) not null default '',
      from_screen_name varchar(255) not null default '',
      to_screen_name varchar(255) not null default '',
      control_name varchar(255) not null default '',
      action_detail varchar(2000) not null default '',
      generic_field1 varchar(1000) not null default '',
      generic_field2 varchar(1000) not null default '',
      generic_field3 varchar(1000) not null default '',
      current_url varchar(2000) not null default '',
      ip varchar(64) not null default '',
      created_at timestamptz not null default now()
    )`,
    `create index operation_logs_user_idx on operation_logs (user_id, action_time)`,
    `create table error_logs (
      error_id varchar(36) primary key,
      source varchar(10) not null,
      message varchar(4000) not null default '',
      stack text not null default '',
      component_info text not null default '',
      user_agent varchar(512) not null default '',
      user_id varchar(10) not null default '',
      url varchar(2000) not null default '',
      created_at timestamptz not null default now()
    )`,
    `create table audit_logs (
      audit_id bigserial primary key,
      actor_user_id varchar(10) not null,
      actor_ag_code varchar(8) not null,
      action varchar(20) not null,
      entity varchar(50) not null,
      entity_id varchar(100) not null,
      before_data jsonb,
      after_data jsonb,
      created_at timestamptz not null default now()
    )`,
  ]);
}
