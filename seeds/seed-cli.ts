// npm run seed: loads the demo data into an empty database (migrating it first), under the
// start-up lock of the server (api/db/migrate.ts).
import { loadConfig } from '../api/config';
import { openDatabase } from '../api/db/connect';
import { migrateAndSeed } from '../api/db/migrate-and-seed';
import { storageFor } from '../api/files/storage';

const config = loadConfig();
const handle = await openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
);
try {
  const { seeded } = await migrateAndSeed(handle, {
    seed: true,
    storage: storageFor(config),
    onWait: () => console.log('Another process is migrating or seeding this database: waiting for it.'),
  });
  console.log(seeded ? 'Demo data loaded.' : 'The database already has data; nothing loaded.');
} finally {
  await handle.close();
}
