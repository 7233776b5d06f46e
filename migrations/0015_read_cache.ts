// Reads the API keeps in memory per target and date (api/cache/tagged-cache.ts, cachedRead):
// the tables they come from tell every instance of any change, as a whole ("<table>:*"), through
// the change feed of migration 0014. Writes to them are rare (administrators), reads are every
// page load of every agent.
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

const TABLES = [
  // Contents as the visibility rules read them (api/authority/visibility.ts, api/resources/content/query.ts).
  'contents',
  'content_agents',
  'content_files',
  'sub_categories',
  'login_popups',
  'agent_segment_members',
  // Portal appearance.
  'banners',
  'icon_menu_settings',
  'icon_menu_rows',
  'global_navi_settings',
  'global_navi_rows',
  // Notifications (the badges).
  'notifications',
];

// A user's own rows: the message names the user ("content_views:<user_id>"), so opening a
// content drops only that user's badges and recently viewed pages.
const USER_TABLES = ['notification_reads', 'content_views', 'favorites'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    ...TABLES.map(
      (t) =>
        `create trigger ${t}_change_notify after insert or update or delete on ${t} for each row execute function portal_change_notify('*')`,
    ),
    ...USER_TABLES.map(
      (t) =>
        `create trigger ${t}_change_notify after insert or update or delete on ${t} for each row execute function portal_change_notify('user_id')`,
    ),
  ]);
}
