// Sign-in history and log retention (docs/security.md "Sign-in history", docs/operations.md
// "Retention"):
//  - sign_in_events: one row per authentication event of a known user (successes, wrong
//    passwords, lockouts, one-time codes sent and failed, remembered-browser sign-ins, reset
//    mails, password changes), with the address and browser. auth_attempts stays the throttle's
//    counter (it is cleared on success; this table is the record).
//  - job_leases: one row per background job that only one instance may run at a time (the daily
//    purge): the holder, until when it holds the lease, and when the job last finished. A lease
//    row instead of an advisory lock so that PGlite and PostgreSQL work the same way.
//  - indexes the purge by date needs: operation_logs gets a BRIN index on action_time (rows arrive
//    in time order, so a BRIN index of a few hundred kilobytes finds a day among 50 million rows;
//    a btree would cost every insert another index page, docs/performance.md), the error logs
//    and search histories a btree on their date, sessions on last_seen_at.
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create table sign_in_events (
      event_id bigserial primary key,
      user_id varchar(10) not null,
      ag_code varchar(8) not null,
      login_id varchar(255) not null default '',
      kind varchar(30) not null,
      at timestamptz not null,
      ip varchar(64) not null default '',
      user_agent varchar(512) not null default '',
      detail varchar(500) not null default ''
    )`,
    // The screen pages newest first by (at, event_id), per user or per agent.
    `create index sign_in_events_user_idx on sign_in_events (user_id, at desc, event_id desc)`,
    `create index sign_in_events_agent_idx on sign_in_events (ag_code, at desc, event_id desc)`,
    `create index sign_in_events_at_idx on sign_in_events (at)`,
    `create table job_leases (
      job varchar(60) primary key,
      holder varchar(64) not null default '',
      lease_until timestamptz not null,
      last_finished_at timestamptz
    )`,
    `create index operation_logs_action_time_brin on operation_logs using brin (action_time)`,
    `create index error_logs_created_at_idx on error_logs (created_at)`,
    `create index search_histories_searched_at_idx on search_histories (searched_at)`,
    `create index sessions_last_seen_idx on sessions (last_seen_at)`,
  ]);
}
