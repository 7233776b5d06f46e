// The row behind a signed media address (api/resources/downloads/repository.ts, mediaFile) is kept
// in memory: every portal-top load fetches a dozen banner and icon images, each a query before.
// Banners, icon menu rows and content files already tell the change feed (0015); thumbnails
// (a content's or a one-stop block's image) join it here, as a whole ("thumbnails:*").
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `create trigger thumbnails_change_notify after insert or update or delete on thumbnails for each row execute function portal_change_notify('*')`,
  ]);
}
