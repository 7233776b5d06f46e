// Roll-ups of the insight screen (docs/insight.md, "Kept on write"), each kept current by triggers
// on the rows it sums (never a nightly batch), so a section reads a few thousand rows instead of
// every confirmation, watch mark, view or session. Every roll-up row is recomputed from its
// source rows for the one key a write touches (agent, popup and agent, phase and agent), so a
// roll-up is exactly what the plain query over the sources would count.
// - insight_agent_users: live agent-side users (and administrators among them) per agent.
// - insight_popup_checks: confirmations (is_checked) per popup and agent, by live agent-side users
//   (and administrators among them).
// - insight_skilup_agents: per skill-up phase and agent, when the agent first touched a chapter
//   (a watch mark or an open) and when it had watched every live chapter to the end.
// - insight_view_agent_days / insight_view_days: content views per Tokyo day and agent, and per day.
// - insight_signed_in_users: users with at least one session row; insight_agent_users also counts
//   the live agent-side users without one (never signed in).
// - insight_sign_in_days: the users that signed in per Tokyo day (a session created that day), with
//   their agent.
// - insight_opened_searches: the searches (not made while acting as an agent) followed by at least
//   one opened result, with their time and agent.
// Rows from before: filled set-based from the sources at the end (INSIGHT_ROLLUP_FILL, also used by
// the benchmark after its bulk load, which bypasses triggers).
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/** Per phase and agent from the sources; `phase` narrows to one phase (a plpgsql variable). */
const skilupRows = (phase: string | null) => `
  with ch as (
    select sc.phase_id, sc.content_id from skilup_contents sc
    join contents c on c.content_id = sc.content_id and c.deleted_at is null
    ${phase ? `where sc.phase_id = ${phase}` : ''}
  ),
  size as (select phase_id, count(*) as n from ch group by 1),
  touched as (
    select ch.phase_id, ch.content_id, u.ag_code, min(w.updated_at) filter (where w.is_watched) as watched_at,
      min(w.updated_at) as touched_at
    from ch join skilup_watch_status w on w.content_id = ch.content_id join users u on u.user_id = w.user_id
    group by 1, 2, 3
    union all
    select ch.phase_id, ch.content_id, r.ag_code, null, r.first_opened_at
    from ch join content_reach r on r.content_id = ch.content_id
  ),
  per_chapter as (
    select phase_id, content_id, ag_code, min(watched_at) as watched_at, min(touched_at) as touched_at
    from touched group by 1, 2, 3
  )
  select p.phase_id, p.ag_code, min(p.touched_at),
    case when count(p.watched_at) = z.n then max(p.watched_at) end
  from per_chapter p join size z on z.phase_id = p.phase_id
  group by p.phase_id, p.ag_code, z.n`;

/** Fills every roll-up from its sources (empty tables first). */
export const INSIGHT_ROLLUP_FILL: readonly string[] = [
  `truncate insight_agent_users, insight_popup_checks, insight_skilup_agents, insight_view_agent_days,
     insight_view_days, insight_signed_in_users, insight_sign_in_days, insight_opened_searches`,
  `insert into insight_signed_in_users (user_id) select distinct user_id from sessions`,
  `insert into insight_agent_users (ag_code, users, admins, never_signed_in)
    select u.ag_code, count(*), count(*) filter (where u.is_admin), count(*) filter (where i.user_id is null)
    from users u left join insight_signed_in_users i on i.user_id = u.user_id
    where u.deleted_at is null and not u.is_provider group by u.ag_code`,
  `insert into insight_sign_in_days (sign_in_date, user_id, ag_code)
    select distinct cast(s.created_at at time zone 'Asia/Tokyo' as date), s.user_id, u.ag_code
    from sessions s join users u on u.user_id = s.user_id`,
  `insert into insight_opened_searches (history_id, searched_at, ag_code)
    select h.history_id, h.searched_at, h.ag_code from search_histories h
    where h.pseudo_user_id = '' and exists (select 1 from search_result_opens o where o.history_id = h.history_id)`,
  `insert into insight_popup_checks (content_id, ag_code, users, admins)
    select h.content_id, u.ag_code, count(*), count(*) filter (where u.is_admin)
    from popup_check_history h join users u on u.user_id = h.user_id
    where h.is_checked and u.deleted_at is null and not u.is_provider group by 1, 2`,
  `insert into insight_skilup_agents (phase_id, ag_code, started_at, completed_at) ${skilupRows(null)}`,
  `insert into insight_view_agent_days (view_date, ag_code, views)
    select view_date, ag_code, sum(views) from content_view_days group by 1, 2`,
  `insert into insight_view_days (view_date, views) select view_date, sum(views) from content_view_days group by 1`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table insight_agent_users (
      ag_code varchar(8) primary key,
      users integer not null,
      admins integer not null,
      never_signed_in integer not null
    )`,
    `create table insight_signed_in_users (user_id varchar(10) primary key)`,
    `create function insight_refresh_agent_users(agent varchar) returns void language plpgsql as $$
     begin
       delete from insight_agent_users where ag_code = agent;
       insert into insight_agent_users (ag_code, users, admins, never_signed_in)
         select agent, count(*), count(*) filter (where u.is_admin),
           count(*) filter (where not exists (select 1 from insight_signed_in_users i where i.user_id = u.user_id))
         from users u
         where u.ag_code = agent and u.deleted_at is null and not u.is_provider having count(*) > 0;
     end $$`,

    `create table insight_popup_checks (
      content_id integer not null references contents(content_id) on delete cascade,
      ag_code varchar(8) not null,
      users integer not null,
      admins integer not null,
      primary key (content_id, ag_code)
    )`,
    `create function insight_refresh_popup_checks(popup integer, agent varchar) returns void language plpgsql as $$
     begin
       delete from insight_popup_checks where content_id = popup and ag_code = agent;
       insert into insight_popup_checks (content_id, ag_code, users, admins)
         select popup, agent, count(*), count(*) filter (where u.is_admin)
         from users u join popup_check_history h on h.user_id = u.user_id and h.content_id = popup
         where u.ag_code = agent and h.is_checked and u.deleted_at is null and not u.is_provider
         having count(*) > 0;
     end $$`,
    `create function insight_popup_check() returns trigger language plpgsql as $$
     begin
       if tg_op <> 'INSERT' then
         perform insight_refresh_popup_checks(old.content_id, u.ag_code) from users u where u.user_id = old.user_id;
       end if;
       if tg_op <> 'DELETE' then
         perform insight_refresh_popup_checks(new.content_id, u.ag_code) from users u where u.user_id = new.user_id;
       end if;
       return null;
     end $$`,
    `create trigger popup_check_history_insight after insert or update or delete on popup_check_history
      for each row execute function insight_popup_check()`,

    `create table insight_skilup_agents (
      phase_id integer not null references skilup_phases(phase_id) on delete cascade,
      ag_code varchar(8) not null,
      started_at timestamptz not null,
      completed_at timestamptz,
      primary key (phase_id, ag_code)
    )`,
    `create index skilup_watch_status_content_idx on skilup_watch_status (content_id)`,
    `create function insight_refresh_skilup(phase integer, agent varchar) returns void language plpgsql as $$
     begin
       delete from insight_skilup_agents where phase_id = phase and ag_code = agent;
       insert into insight_skilup_agents (phase_id, ag_code, started_at, completed_at)
         select phase, agent, min(x.touched_at), case when count(x.watched_at) = count(*) then max(x.watched_at) end
         from (
           select
             (select min(w.updated_at) from users u join skilup_watch_status w on w.user_id = u.user_id
               where u.ag_code = agent and w.content_id = sc.content_id and w.is_watched) as watched_at,
             least(
               (select min(w.updated_at) from users u join skilup_watch_status w on w.user_id = u.user_id
                 where u.ag_code = agent and w.content_id = sc.content_id),
               (select r.first_opened_at from content_reach r where r.content_id = sc.content_id and r.ag_code = agent)
             ) as touched_at
           from skilup_contents sc join contents c on c.content_id = sc.content_id and c.deleted_at is null
           where sc.phase_id = phase
         ) x
         having min(x.touched_at) is not null;
     end $$`,
    `create function insight_refresh_skilup_phase(phase integer) returns void language plpgsql as $$
     begin
       delete from insight_skilup_agents where phase_id = phase;
       insert into insight_skilup_agents (phase_id, ag_code, started_at, completed_at) ${skilupRows('phase')};
     end $$`,
    // A watch mark or an open changes one agent of the chapter's phase.
    `create function insight_skilup_mark() returns trigger language plpgsql as $$
     begin
       if tg_op <> 'INSERT' then
         perform insight_refresh_skilup(sc.phase_id, u.ag_code) from skilup_contents sc, users u
           where sc.content_id = old.content_id and u.user_id = old.user_id;
       end if;
       if tg_op <> 'DELETE' then
         perform insight_refresh_skilup(sc.phase_id, u.ag_code) from skilup_contents sc, users u
           where sc.content_id = new.content_id and u.user_id = new.user_id;
       end if;
       return null;
     end $$`,
    `create trigger skilup_watch_status_insight after insert or update or delete on skilup_watch_status
      for each row execute function insight_skilup_mark()`,
    `create function insight_skilup_open() returns trigger language plpgsql as $$
     begin
       perform insight_refresh_skilup(sc.phase_id, new.ag_code) from skilup_contents sc where sc.content_id = new.content_id;
       return null;
     end $$`,
    `create trigger content_reach_insight after insert on content_reach for each row execute function insight_skilup_open()`,
    // The chapters of a phase change (a chapter added, moved, removed, or its content deleted): the whole phase.
    `create function insight_skilup_chapters() returns trigger language plpgsql as $$
     begin
       if tg_op <> 'INSERT' then perform insight_refresh_skilup_phase(old.phase_id); end if;
       if tg_op <> 'DELETE' and (tg_op = 'INSERT' or new.phase_id <> old.phase_id or new.content_id <> old.content_id) then
         perform insight_refresh_skilup_phase(new.phase_id);
       end if;
       return null;
     end $$`,
    `create trigger skilup_contents_insight after insert or update or delete on skilup_contents
      for each row execute function insight_skilup_chapters()`,
    `create function insight_skilup_content() returns trigger language plpgsql as $$
     begin
       perform insight_refresh_skilup_phase(sc.phase_id) from skilup_contents sc where sc.content_id = new.content_id;
       return null;
     end $$`,
    `create trigger contents_insight_skilup after update of deleted_at on contents
      for each row when (old.deleted_at is distinct from new.deleted_at) execute function insight_skilup_content()`,

    // A user's agent, live state, role or administrator flag: its agents' counts, its confirmations, its watch marks.
    `create function insight_user() returns trigger language plpgsql as $$
     begin
       if tg_op <> 'INSERT' then perform insight_refresh_agent_users(old.ag_code); end if;
       if tg_op <> 'DELETE' then perform insight_refresh_agent_users(new.ag_code); end if;
       if tg_op = 'UPDATE' then
         perform insight_refresh_popup_checks(h.content_id, a.code)
           from popup_check_history h, (values (old.ag_code), (new.ag_code)) a(code)
           where h.user_id = new.user_id;
         if new.ag_code <> old.ag_code then
           update insight_sign_in_days set ag_code = new.ag_code where user_id = new.user_id;
           perform insight_refresh_skilup(sc.phase_id, a.code)
             from skilup_watch_status w join skilup_contents sc on sc.content_id = w.content_id,
               (values (old.ag_code), (new.ag_code)) a(code)
             where w.user_id = new.user_id;
         end if;
       end if;
       return null;
     end $$`,
    `create trigger users_insight after insert or delete on users for each row execute function insight_user()`,
    `create trigger users_insight_change after update of ag_code, deleted_at, is_provider, is_admin on users
      for each row when (old.ag_code is distinct from new.ag_code or old.deleted_at is distinct from new.deleted_at
        or old.is_provider is distinct from new.is_provider or old.is_admin is distinct from new.is_admin)
      execute function insight_user()`,

    `create table insight_view_agent_days (
      view_date date not null,
      ag_code varchar(8) not null,
      views bigint not null,
      primary key (view_date, ag_code)
    )`,
    `create table insight_view_days (view_date date primary key, views bigint not null)`,
    // content_view_days changes by its own trigger (0026) and by a content's deletion (cascade).
    `create function insight_view_day() returns trigger language plpgsql as $$
     begin
       if tg_op <> 'INSERT' then
         update insight_view_agent_days set views = views - old.views where view_date = old.view_date and ag_code = old.ag_code;
         update insight_view_days set views = views - old.views where view_date = old.view_date;
       end if;
       if tg_op <> 'DELETE' then
         insert into insight_view_agent_days (view_date, ag_code, views) values (new.view_date, new.ag_code, new.views)
           on conflict (view_date, ag_code) do update set views = insight_view_agent_days.views + excluded.views;
         insert into insight_view_days (view_date, views) values (new.view_date, new.views)
           on conflict (view_date) do update set views = insight_view_days.views + excluded.views;
       end if;
       return null;
     end $$`,
    `create trigger content_view_days_insight after insert or update or delete on content_view_days
      for each row execute function insight_view_day()`,

    `create table insight_sign_in_days (
      sign_in_date date not null,
      user_id varchar(10) not null,
      ag_code varchar(8) not null,
      primary key (sign_in_date, user_id)
    )`,
    `create index insight_sign_in_days_agent_idx on insight_sign_in_days (ag_code, sign_in_date)`,
    `create index insight_sign_in_days_user_idx on insight_sign_in_days (user_id)`,
    // A sign-in adds its day (and a first sign-in takes the user off its agent's never-signed-in
    // count); removing a user's last session of a day, or its last one, takes them back.
    `create function insight_session() returns trigger language plpgsql as $$
     declare
       day date;
       agent varchar(8);
       n integer;
     begin
       if tg_op = 'INSERT' then
         day := cast(new.created_at at time zone 'Asia/Tokyo' as date);
         select u.ag_code into agent from users u where u.user_id = new.user_id;
         insert into insight_sign_in_days (sign_in_date, user_id, ag_code) values (day, new.user_id, agent)
           on conflict do nothing;
         insert into insight_signed_in_users (user_id) values (new.user_id) on conflict do nothing;
         get diagnostics n = row_count;
         if n > 0 then perform insight_refresh_agent_users(agent); end if;
       else
         day := cast(old.created_at at time zone 'Asia/Tokyo' as date);
         if not exists (select 1 from sessions s where s.user_id = old.user_id
             and s.created_at >= (day::timestamp at time zone 'Asia/Tokyo')
             and s.created_at < ((day + 1)::timestamp at time zone 'Asia/Tokyo')) then
           delete from insight_sign_in_days where sign_in_date = day and user_id = old.user_id;
         end if;
         if not exists (select 1 from sessions s where s.user_id = old.user_id) then
           delete from insight_signed_in_users where user_id = old.user_id;
           perform insight_refresh_agent_users(u.ag_code) from users u where u.user_id = old.user_id;
         end if;
       end if;
       return null;
     end $$`,
    `create trigger sessions_insight after insert or delete on sessions for each row execute function insight_session()`,

    `create table insight_opened_searches (
      history_id bigint primary key,
      searched_at timestamptz not null,
      ag_code varchar(8) not null
    )`,
    `create index insight_opened_searches_at_idx on insight_opened_searches (searched_at) include (ag_code)`,
    `create function insight_search_open() returns trigger language plpgsql as $$
     begin
       if tg_op <> 'INSERT' and old.history_id is not null and not exists (
           select 1 from search_result_opens o where o.history_id = old.history_id) then
         delete from insight_opened_searches where history_id = old.history_id;
       end if;
       if tg_op <> 'DELETE' and new.history_id is not null then
         insert into insight_opened_searches (history_id, searched_at, ag_code)
           select h.history_id, h.searched_at, h.ag_code from search_histories h
           where h.history_id = new.history_id and h.pseudo_user_id = ''
           on conflict do nothing;
       end if;
       return null;
     end $$`,
    `create trigger search_result_opens_insight after insert or update or delete on search_result_opens
      for each row execute function insight_search_open()`,
    // The searches of a period in one index-only pass (search section).
    `create index search_histories_insight_idx on search_histories (searched_at)
      include (ag_code, keyword, result_count, history_id) where pseudo_user_id = ''`,
    ...INSIGHT_ROLLUP_FILL,
  ]);
}
