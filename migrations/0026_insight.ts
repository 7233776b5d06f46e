// The administrators' insight screen (docs/insight.md): its admin category, and what the screen
// needs that the portal did not log before, each kept current on write by a trigger or by the
// call that causes it (no nightly batch: the figures are as fresh as the last write).
// - content_reach: which agent first opened which content (one row per content and agent), from
//   content_views; the reach figures count these rows instead of joining every user's views.
// - content_view_days: views per content, Tokyo day and agent, from content_views' counter.
// - search_result_opens: which search result was opened after which search (site search screen).
// - application_status_history: every status change of a request, and whether the supplier side
//   made it, from applications; submission, first reply and completion are read from it.
// Rows written before this migration: content_reach and content_view_days are filled from
// content_views (their first and last view only); application_status_history gets one row per
// request for its submission (app_date), its last supplier reply and its current status.
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    // The provider administrators' インサイト screen, in a database whose admin screens already
    // exist (a new database gets it with the others from seeds/platform.ts).
    `insert into categories (category_id, category_name, category_url, system_category_name, kind, audience, display_order)
      select 119, 'インサイト', '/kanri-insight', 'kanri-insight', 'admin', 'provider_admin', 119
      where exists (select 1 from categories where category_id = 100) and not exists (select 1 from categories where category_id = 119)`,
    `insert into role_permissions (role_id, category_id, parmition_flg)
      select r.role_id, 119, case when r.role_id = '01' then '1' else '0' end from roles r
      where exists (select 1 from categories where category_id = 119)
        and not exists (select 1 from role_permissions p where p.role_id = r.role_id and p.category_id = 119)`,

    `create table content_reach (
      content_id integer not null references contents(content_id) on delete cascade,
      ag_code varchar(8) not null,
      first_opened_at timestamptz not null,
      primary key (content_id, ag_code)
    )`,
    `create table content_view_days (
      content_id integer not null references contents(content_id) on delete cascade,
      view_date date not null,
      ag_code varchar(8) not null,
      views integer not null,
      primary key (view_date, content_id, ag_code)
    )`,
    `create index content_view_days_content_idx on content_view_days (content_id, view_date)`,
    `create function insight_content_view() returns trigger language plpgsql as $$
     declare
       agent varchar(8);
       added integer;
     begin
       select u.ag_code into agent from users u where u.user_id = new.user_id;
       if agent is null then return null; end if;
       if tg_op = 'INSERT' then added := new.view_count; else added := new.view_count - old.view_count; end if;
       insert into content_reach (content_id, ag_code, first_opened_at) values (new.content_id, agent, new.first_viewed_at)
         on conflict (content_id, ag_code) do nothing;
       if added > 0 then
         insert into content_view_days (content_id, view_date, ag_code, views)
           values (new.content_id, cast(new.last_viewed_at at time zone 'Asia/Tokyo' as date), agent, added)
           on conflict (view_date, content_id, ag_code) do update set views = content_view_days.views + excluded.views;
       end if;
       return null;
     end $$`,
    `create trigger content_views_insight after insert or update on content_views for each row execute function insight_content_view()`,
    `insert into content_reach (content_id, ag_code, first_opened_at)
      select v.content_id, u.ag_code, min(v.first_viewed_at) from content_views v join users u on u.user_id = v.user_id
      group by v.content_id, u.ag_code`,
    `insert into content_view_days (content_id, view_date, ag_code, views)
      select v.content_id, cast(v.last_viewed_at at time zone 'Asia/Tokyo' as date), u.ag_code, sum(v.view_count)
      from content_views v join users u on u.user_id = v.user_id
      group by 1, 2, 3`,

    `create table search_result_opens (
      open_id bigserial primary key,
      history_id bigint references search_histories(history_id) on delete set null,
      user_id varchar(10) not null,
      ag_code varchar(8) not null,
      content_id integer not null,
      opened_at timestamptz not null default now()
    )`,
    `create index search_result_opens_history_idx on search_result_opens (history_id)`,
    `create index search_histories_searched_idx on search_histories (searched_at)`,

    `create table application_status_history (
      change_id bigserial primary key,
      app_no integer not null references applications(app_no) on delete cascade,
      status_kbn varchar(2) not null,
      by_receiver boolean not null,
      changed_at timestamptz not null
    )`,
    `create index application_status_history_app_idx on application_status_history (app_no, changed_at)`,
    // A supplier reply sets provider_updated_at (api/resources/application/hook.ts); a status
    // change by the agent does not.
    `create function insight_application_status() returns trigger language plpgsql as $$
     begin
       if tg_op = 'INSERT' then
         insert into application_status_history (app_no, status_kbn, by_receiver, changed_at)
           values (new.app_no, new.status_kbn, false, coalesce(new.ag_updated_at, new.app_date));
       elsif new.provider_updated_at is distinct from old.provider_updated_at and new.provider_updated_at is not null then
         insert into application_status_history (app_no, status_kbn, by_receiver, changed_at)
           values (new.app_no, new.status_kbn, true, new.provider_updated_at);
       elsif new.status_kbn <> old.status_kbn then
         insert into application_status_history (app_no, status_kbn, by_receiver, changed_at)
           values (new.app_no, new.status_kbn, false, coalesce(new.ag_updated_at, new.updated_at));
       end if;
       return null;
     end $$`,
    `create trigger applications_insight after insert or update on applications for each row execute function insight_application_status()`,
    `insert into application_status_history (app_no, status_kbn, by_receiver, changed_at)
      select app_no, '20', false, app_date from applications where status_kbn <> '10'`,
    `insert into application_status_history (app_no, status_kbn, by_receiver, changed_at)
      select app_no, status_kbn, true, provider_updated_at from applications where provider_updated_at is not null`,
    `insert into application_status_history (app_no, status_kbn, by_receiver, changed_at)
      select app_no, status_kbn, false, coalesce(ag_updated_at, updated_at) from applications where status_kbn in ('40', '90')`,

    // Sign-ins per day and the agents' last sign-in (activity section).
    `create index sessions_created_idx on sessions (created_at)`,
    // Applications and cancellations per event; the supplier's own agent codes (left out of every scope).
    `create index if not exists event_entries_content_idx on event_entries (content_id)`,
    `create index if not exists users_provider_ag_idx on users (ag_code) where is_provider`,
    // The confirmations of one popup (the key starts with the user).
    `create index if not exists popup_check_history_content_idx on popup_check_history (content_id, user_id) where is_checked`,
  ]);
}
