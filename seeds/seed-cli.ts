// npm run seed: loads the demo data into an empty database (migrating it first).
import { loadConfig } from '../api/config';
import { openDatabase } from '../api/db/connect';
import { migrateToLatest } from '../api/db/migrate';
import { storageFor } from '../api/files/storage';
import { seedIfEmpty } from './index';

const config = loadConfig();
const handle = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir });
try {
  await migrateToLatest(handle.db);
  console.log((await seedIfEmpty(handle.db, { storage: storageFor(config) })) ? 'Demo data loaded.' : 'The database already has data; nothing loaded.');
} finally {
  await handle.close();
}
