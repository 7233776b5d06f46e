// npm run migrate: brings the configured database (DATABASE_URL or the embedded one) up to date,
// under the same start-up lock as the server (api/db/migrate.ts), so it may run while instances start.
import { loadConfig } from '../config';
import { openDatabase } from './connect';
import { migrateToLatest, withStartupLock } from './migrate';

const config = loadConfig();
const handle = await openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
);
try {
  const applied = await withStartupLock(handle, migrateToLatest, {
    onWait: () => console.log('Another process is migrating or seeding this database: waiting for it.'),
  });
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date.');
} finally {
  await handle.close();
}
