// npm run search:rebuild: rebuilds the site-search index from the contents (after a bulk import,
// or once on a database that had contents before migration 0004_search).
import { loadConfig } from '../config';
import { openDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { rebuildSearchIndex } from './index-content';
import { progressBar } from '../progress-bar';

const config = loadConfig();
const handle = await openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
);
try {
  await migrateToLatest(handle.db);
  const bar = progressBar('documents written');
  const { documents, ms } = await rebuildSearchIndex(handle.db, {
    onProgress: ({ phase, done, total }) => {
      bar(done, total);
      if (phase === 'index') console.error('Building the bigram index and the statistics …');
    },
  });
  console.log(`Search index rebuilt: ${documents} contents in ${(ms / 1000).toFixed(1)} s.`);
} finally {
  await handle.close();
}
