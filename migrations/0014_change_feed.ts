// The change feed (api/cache/change-feed.ts): tables whose rows the API keeps in memory tell
// every instance when a row changes, through NOTIFY on the channel portal_changes with the
// payload "<table>:<key>" ("<table>:*" when the cache keeps the table whole). A trigger, not
// the code that writes, so that every write counts: the portal's own, a migration, an
// operator's SQL. PostgreSQL delivers a transaction's notifications at its commit and folds
// duplicates, so a bulk import sends one message per distinct key.
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

/** Table → the column whose value names the changed row ('*': the table as a whole). */
const WATCHED: ReadonlyArray<{ table: string; key: string; events: string }> = [
  // A session changes what it authorises only when it is revoked or removed.
  { table: 'sessions', key: 'session_id', events: 'update of revoked_at or delete' },
  { table: 'users', key: 'user_id', events: 'update or delete' },
  { table: 'agents', key: 'ag_code', events: 'update or delete' },
  { table: 'role_permissions', key: 'role_id', events: 'insert or update or delete' },
  { table: 'categories', key: '*', events: 'insert or update or delete' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create function portal_change_notify() returns trigger language plpgsql as $$
     declare
       new_key text;
       old_key text;
     begin
       if tg_argv[0] = '*' then
         perform pg_notify('portal_changes', tg_table_name || ':*');
         return null;
       end if;
       if tg_op <> 'DELETE' then new_key := to_jsonb(new) ->> tg_argv[0]; end if;
       if tg_op <> 'INSERT' then old_key := to_jsonb(old) ->> tg_argv[0]; end if;
       if new_key is not null then perform pg_notify('portal_changes', tg_table_name || ':' || new_key); end if;
       if old_key is not null and old_key is distinct from new_key then perform pg_notify('portal_changes', tg_table_name || ':' || old_key); end if;
       return null;
     end $$`,
    ...WATCHED.map(
      (w) =>
        `create trigger ${w.table}_change_notify after ${w.events} on ${w.table} for each row execute function portal_change_notify('${w.key}')`,
    ),
  ]);
}
