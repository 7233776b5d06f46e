// Indexes for the portal top's NEW badges at national scale (issue 26, docs/performance.md "At
// national scale"):
// - Contents still NEW, by the day their NEW period ends (the expression of
//   api/authority/visibility.ts isNewOn) and their posting start, now holding every column the
//   badges' visibility check reads: the few thousand NEW today are counted from the index alone
//   (no table row each). Replaces 0027's index of the same key.
// - The contents targeted at an agent's code, by agent then content: the targeting check reads
//   an agent's list from the index alone instead of a table row per entry.
// - The number of notifications per category and addressee (every agent / an agent, every user /
//   a user), kept current on write by a trigger: the badges read a handful of rows where they
//   counted every notification for all (tens of thousands) on each page load. Read marks by user:
//   the badges subtract the user's reads of them. Backfilled from the rows there.
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create index contents_new_cover_idx on contents ((keisai_start + new_days), keisai_start)
       include (category_id, content_id, new_days, keisai_end, display_target, ag_segment_id)
       where deleted_at is null and new_days > 0`,
    `drop index contents_new_until_idx`,
    `create index content_agents_agent_content_idx on content_agents (ag_code, content_id)`,
    `drop index content_agents_ag_code_idx`,
    `create index notification_reads_user_idx on notification_reads (user_id, notification_id)`,
    `create table notification_totals (
       category_id integer not null,
       ag_code varchar(8) not null,
       user_id varchar(10) not null,
       n integer not null,
       primary key (ag_code, user_id, category_id)
     )`,
    `comment on table notification_totals is 'notifications per category and addressee (empty: every agent / user), kept by trigger'`,
    `insert into notification_totals (category_id, ag_code, user_id, n)
       select category_id, coalesce(ag_code, ''), coalesce(user_id, ''), count(*) from notifications group by 1, 2, 3`,
    `create function notification_totals_keep() returns trigger language plpgsql as $$
     begin
       if tg_op = 'TRUNCATE' then
         delete from notification_totals;
         return null;
       end if;
       if tg_op in ('DELETE', 'UPDATE') then
         update notification_totals set n = n - 1
          where category_id = old.category_id and ag_code = coalesce(old.ag_code, '') and user_id = coalesce(old.user_id, '');
       end if;
       if tg_op in ('INSERT', 'UPDATE') then
         insert into notification_totals (category_id, ag_code, user_id, n)
         values (new.category_id, coalesce(new.ag_code, ''), coalesce(new.user_id, ''), 1)
         on conflict (ag_code, user_id, category_id) do update set n = notification_totals.n + 1;
       end if;
       return null;
     end $$`,
    `create trigger notification_totals_keep after insert or delete or update of category_id, ag_code, user_id
       on notifications for each row execute function notification_totals_keep()`,
    `create trigger notification_totals_truncate after truncate on notifications
       for each statement execute function notification_totals_keep()`,
  ]);
}
