// Audience roll-ups of the insight screen (docs/insight.md, "Kept on write"), kept current by
// triggers (never a nightly batch), so that the reach and popup lists read one row per audience
// instead of deciding the targeting rule for each of 10,000 agents:
// - insight_audience_agents: the agents an audience counts (agent rows without a supplier user)
//   with their live agent-side users and administrators (insight_agent_users, 0030). It is what
//   was last added to the audiences below for that agent, so a change is applied as a difference.
// - insight_audiences: per audience (0: every agent; otherwise a segment's members) the number of
//   those agents, their users and administrators. A row only while it counts an agent.
// - insight_popup_totals: per content, the confirmations (insight_popup_checks, 0030) by users of
//   the agents the content is targeted at, among the agents above. A row only while it counts one.
// The targeting rule is the portal's one rule (contentTargets in api/authority/visibility.ts),
// restated here in SQL: display target 0 every agent, 1 the members of ag_segment_id, 2 the agent
// codes of content_agents. tests/api/insight.test.ts holds these rows to that rule after every kind
// of write.
// Also an index for the reach list's order. Rows from before: filled set-based at the end
// (INSIGHT_AUDIENCE_FILL, also used by the benchmark after its bulk load, which bypasses triggers).
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/** `c` (a contents row) is targeted at the agent code `agent` (an SQL expression). */
const targets = (agent: string) => `(c.display_target = '0'
  or (c.display_target = '1' and exists (select 1 from agent_segment_members tm
        where tm.ag_segment_id = c.ag_segment_id and tm.ag_code = ${agent}))
  or (c.display_target = '2' and exists (select 1 from content_agents ta
        where ta.content_id = c.content_id and ta.ag_code = ${agent})))`;

/** Fills the audience roll-ups from their sources (after those of 0030). */
export const INSIGHT_AUDIENCE_FILL: readonly string[] = [
  `truncate insight_audience_agents, insight_audiences, insight_popup_totals`,
  `insert into insight_audience_agents (ag_code, users, admins)
    select a.ag_code, coalesce(n.users, 0), coalesce(n.admins, 0)
    from agents a left join insight_agent_users n on n.ag_code = a.ag_code
    where not exists (select 1 from users u where u.ag_code = a.ag_code and u.is_provider)`,
  `insert into insight_audiences (ag_segment_id, agents, users, admins)
    select 0, count(*), sum(x.users), sum(x.admins) from insight_audience_agents x having count(*) > 0`,
  `insert into insight_audiences (ag_segment_id, agents, users, admins)
    select m.ag_segment_id, count(*), sum(x.users), sum(x.admins)
    from agent_segment_members m join insight_audience_agents x on x.ag_code = m.ag_code
    group by m.ag_segment_id`,
  `insert into insight_popup_totals (content_id, users, admins)
    select k.content_id, sum(k.users), sum(k.admins)
    from insight_popup_checks k
      join insight_audience_agents x on x.ag_code = k.ag_code
      join contents c on c.content_id = k.content_id
    where ${targets('k.ag_code')}
    group by k.content_id`,
];

/** Adds the rows of `source` (columns k, users, admins) to insight_audiences, dropping emptied rows. */
const addToAudiences = (source: string, sign: '+' | '-') => `
  insert into insight_audiences (ag_segment_id, agents, users, admins)
    select k, ${sign}count(*), ${sign}sum(users), ${sign}sum(admins) from (${source}) d group by k
    on conflict (ag_segment_id) do update set agents = insight_audiences.agents + excluded.agents,
      users = insight_audiences.users + excluded.users, admins = insight_audiences.admins + excluded.admins`;

/**
 * The confirmations of the popups targeted at the changed members' segments, by the changed
 * members (`rows`, a transition table): the popups are looked up first (few), then their
 * roll-up rows of those agents by primary key.
 */
const memberConfirmations = (rows: string) => `
  select k.content_id, sum(k.users) as users, sum(k.admins) as admins
  from contents c
    join ${rows} m on m.ag_segment_id = c.ag_segment_id
    join insight_popup_checks k on k.content_id = c.content_id and k.ag_code = m.ag_code
    join insight_audience_agents x on x.ag_code = m.ag_code
  where c.content_id = any (popups)
  group by k.content_id`;

const popupsOf = (rows: string) => `
  select array_agg(c.content_id) into popups from contents c
  where c.display_target = '1' and c.ag_segment_id in (select distinct ag_segment_id from ${rows})
    and exists (select 1 from insight_popup_checks e where e.content_id = c.content_id)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table insight_audience_agents (
      ag_code varchar(8) primary key,
      users integer not null,
      admins integer not null
    )`,
    `create table insight_audiences (
      ag_segment_id integer primary key,
      agents integer not null,
      users integer not null,
      admins integer not null
    )`,
    `create table insight_popup_totals (
      content_id integer primary key references contents(content_id) on delete cascade,
      users integer not null,
      admins integer not null
    )`,
    // A change of an agent's counted state reads its confirmations.
    `create index insight_popup_checks_agent_idx on insight_popup_checks (ag_code)`,
    // The reach list's order (important first, newest posting start, id): its first 50 contents of
    // a period are read in index order instead of sorting every content of the period.
    `create index contents_insight_order_idx on contents (jyuyo_flg desc, keisai_start desc, content_id desc)
      include (keisai_end) where deleted_at is null`,

    `create function insight_refresh_popup_total(popup integer) returns void language plpgsql as $$
     begin
       delete from insight_popup_totals where content_id = popup;
       insert into insight_popup_totals (content_id, users, admins)
         select popup, sum(k.users), sum(k.admins)
         from contents c
           join insight_popup_checks k on k.content_id = c.content_id
           join insight_audience_agents x on x.ag_code = k.ag_code
         where c.content_id = popup and ${targets('k.ag_code')}
         having count(*) > 0;
     end $$`,

    // An agent's part in the audiences (every agent and its segments) from its sources; applied as
    // the difference to what was added before. Whether it counts at all changes which
    // confirmations the popups count: those popups are recomputed.
    `create function insight_refresh_audience_agent(agent varchar) returns void language plpgsql as $$
     declare
       was_counted boolean;
       was_users integer := 0;
       was_admins integer := 0;
       counted boolean;
       n_users integer := 0;
       n_admins integer := 0;
     begin
       select x.users, x.admins into was_users, was_admins from insight_audience_agents x where x.ag_code = agent;
       was_counted := found;
       if not was_counted then was_users := 0; was_admins := 0; end if;
       counted := exists (select 1 from agents a where a.ag_code = agent)
         and not exists (select 1 from users u where u.ag_code = agent and u.is_provider);
       if counted then
         select coalesce(max(n.users), 0), coalesce(max(n.admins), 0) into n_users, n_admins
           from insight_agent_users n where n.ag_code = agent;
       end if;
       if counted = was_counted and n_users = was_users and n_admins = was_admins then return; end if;
       insert into insight_audiences (ag_segment_id, agents, users, admins)
         select s.k, counted::integer - was_counted::integer, n_users - was_users, n_admins - was_admins
         from (select 0 as k union all select m.ag_segment_id from agent_segment_members m where m.ag_code = agent) s
         on conflict (ag_segment_id) do update set agents = insight_audiences.agents + excluded.agents,
           users = insight_audiences.users + excluded.users, admins = insight_audiences.admins + excluded.admins;
       delete from insight_audiences where agents = 0
         and ag_segment_id in (select 0 union all select m.ag_segment_id from agent_segment_members m where m.ag_code = agent);
       if counted then
         insert into insight_audience_agents (ag_code, users, admins) values (agent, n_users, n_admins)
           on conflict (ag_code) do update set users = excluded.users, admins = excluded.admins;
       else
         delete from insight_audience_agents where ag_code = agent;
       end if;
       if counted <> was_counted then
         perform insight_refresh_popup_total(k.content_id) from insight_popup_checks k where k.ag_code = agent;
       end if;
     end $$`,

    // 0030's refresh of an agent's live users is the one path every change of them (and of the
    // agent's supplier users) takes: it now carries the change on to the audiences.
    `create or replace function insight_refresh_agent_users(agent varchar) returns void language plpgsql as $$
     begin
       delete from insight_agent_users where ag_code = agent;
       insert into insight_agent_users (ag_code, users, admins, never_signed_in)
         select agent, count(*), count(*) filter (where u.is_admin),
           count(*) filter (where not exists (select 1 from insight_signed_in_users i where i.user_id = u.user_id))
         from users u
         where u.ag_code = agent and u.deleted_at is null and not u.is_provider having count(*) > 0;
       perform insight_refresh_audience_agent(agent);
     end $$`,
    `create function insight_agent() returns trigger language plpgsql as $$
     begin
       if tg_op <> 'INSERT' then perform insight_refresh_audience_agent(old.ag_code); end if;
       if tg_op <> 'DELETE' then perform insight_refresh_audience_agent(new.ag_code); end if;
       return null;
     end $$`,
    `create trigger agents_insight after insert or delete or update of ag_code on agents
      for each row execute function insight_agent()`,

    // Segment members, per statement (a CSV replaces thousands): the changed members' parts are
    // added to or taken from their segments, and from the popups targeted at those segments.
    `create function insight_members() returns trigger language plpgsql as $$
     declare
       popups integer[];
     begin
       if tg_op <> 'INSERT' then
         ${addToAudiences('select m.ag_segment_id as k, x.users, x.admins from removed m join insight_audience_agents x on x.ag_code = m.ag_code', '-')};
         delete from insight_audiences where agents = 0 and ag_segment_id in (select ag_segment_id from removed);
         ${popupsOf('removed')};
         if popups is not null then
           update insight_popup_totals t set users = t.users - d.users, admins = t.admins - d.admins
             from (${memberConfirmations('removed')}) d where t.content_id = d.content_id;
           delete from insight_popup_totals where content_id = any (popups) and users = 0 and admins = 0;
         end if;
       end if;
       if tg_op <> 'DELETE' then
         ${addToAudiences('select m.ag_segment_id as k, x.users, x.admins from added m join insight_audience_agents x on x.ag_code = m.ag_code', '+')};
         ${popupsOf('added')};
         if popups is not null then
           insert into insight_popup_totals (content_id, users, admins)
             select d.content_id, d.users, d.admins from (${memberConfirmations('added')}) d
             on conflict (content_id) do update set users = insight_popup_totals.users + excluded.users,
               admins = insight_popup_totals.admins + excluded.admins;
         end if;
       end if;
       return null;
     end $$`,
    `create trigger agent_segment_members_insight_added after insert on agent_segment_members
      referencing new table as added for each statement execute function insight_members()`,
    `create trigger agent_segment_members_insight_removed after delete on agent_segment_members
      referencing old table as removed for each statement execute function insight_members()`,
    `create trigger agent_segment_members_insight_moved after update on agent_segment_members
      referencing old table as removed new table as added for each statement execute function insight_members()`,

    // A popup's confirmations per agent (0030) change: its total, when the agent counts and is targeted.
    `create function insight_popup_total_check() returns trigger language plpgsql as $$
     begin
       if tg_op <> 'INSERT' then
         update insight_popup_totals t set users = t.users - old.users, admins = t.admins - old.admins
           from contents c
           where t.content_id = old.content_id and c.content_id = old.content_id
             and exists (select 1 from insight_audience_agents x where x.ag_code = old.ag_code)
             and ${targets('old.ag_code')};
         delete from insight_popup_totals where content_id = old.content_id and users = 0 and admins = 0;
       end if;
       if tg_op <> 'DELETE' then
         insert into insight_popup_totals (content_id, users, admins)
           select new.content_id, new.users, new.admins from contents c
           where c.content_id = new.content_id
             and exists (select 1 from insight_audience_agents x where x.ag_code = new.ag_code)
             and ${targets('new.ag_code')}
           on conflict (content_id) do update set users = insight_popup_totals.users + excluded.users,
             admins = insight_popup_totals.admins + excluded.admins;
       end if;
       return null;
     end $$`,
    `create trigger insight_popup_checks_total after insert or update or delete on insight_popup_checks
      for each row execute function insight_popup_total_check()`,

    // A content retargeted (display target, segment) or its named agents changed: its total again.
    `create function insight_popup_retargeted() returns trigger language plpgsql as $$
     begin
       perform insight_refresh_popup_total(new.content_id);
       return null;
     end $$`,
    `create trigger contents_insight_popup_total after update of display_target, ag_segment_id on contents
      for each row when (old.display_target is distinct from new.display_target
        or old.ag_segment_id is distinct from new.ag_segment_id)
      execute function insight_popup_retargeted()`,
    `create function insight_content_agents() returns trigger language plpgsql as $$
     begin
       perform insight_refresh_popup_total(p.content_id) from (select distinct content_id from changed) p
         where exists (select 1 from insight_popup_checks k where k.content_id = p.content_id);
       return null;
     end $$`,
    ...[
      ['added', 'insert', 'new'],
      ['removed', 'delete', 'old'],
      ['moved_from', 'update', 'old'],
      ['moved_to', 'update', 'new'],
    ].map(
      ([name, event, rows]) => `create trigger content_agents_insight_${name} after ${event} on content_agents
        referencing ${rows} table as changed for each statement execute function insight_content_agents()`,
    ),
    ...INSIGHT_AUDIENCE_FILL,
  ]);
}
