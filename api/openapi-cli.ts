// npm run openapi: writes docs/openapi.json from the route schemas (an in-memory database
// is enough: the document only needs the routes).
import fs from 'node:fs';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/connect';

const handle = await openDatabase({ kind: 'pglite', dataDir: null });
const app = await buildApp({
  config: loadConfig({ OPERATING_HOURS: 'always', DATA_DIR: '/tmp/portal-openapi' }),
  db: handle.db,
  signingSecret: 'openapi-only-secret-0123456789-abcdef',
  logger: false,
  distDir: '/nonexistent',
});
await app.ready();
const doc = app.swagger() as { paths?: Record<string, unknown> };
fs.writeFileSync('docs/openapi.json', JSON.stringify(doc, null, 2) + '\n');
console.log(`docs/openapi.json: ${Object.keys(doc.paths ?? {}).length} paths`);
await app.close();
await handle.close();
