// npm run migrate: brings the configured database (DATABASE_URL or the embedded one) up to date.
import { loadConfig } from '../config';
import { openDatabase } from './connect';
import { migrateToLatest } from './migrate';

const config = loadConfig();
const handle = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir });
try {
  const applied = await migrateToLatest(handle.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date.');
} finally {
  await handle.close();
}
