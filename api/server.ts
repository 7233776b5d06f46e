// Entry point: configuration, database (embedded PGlite or DATABASE_URL), migrations, demo
// data on an empty database, then the app. Prints the URL, demo accounts and operating hours.
import { buildApp } from './app';
import { systemClock } from './clock';
import { nextOpening } from './plugins/operating-hours';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/connect';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrateToLatest } from './db/migrate';
import { describeStorage, storageFor } from './files/storage';
import { StorageUnavailableError } from './files/storage-availability';
import { loadSigningSecret } from './secrets';
import { seedIfEmpty } from '../seeds/index';
import { demoAccounts } from '../seeds/platform';

function describeHours(config: Config): string {
  const h = config.operatingHours;
  if (h.kind === 'always') return 'always open (OPERATING_HOURS=always)';
  const opensAt = nextOpening(h, systemClock.now());
  // Said at start-up so whoever tries the portal at night knows why every screen is closed.
  const now = opensAt ? `CLOSED NOW: screens and API answer "out of operation" until ${opensAt} (set OPERATING_HOURS=always to try it now)` : 'open now';
  return `${h.text} Asia/Tokyo (OPERATING_HOURS), ${now}`;
}

async function main() {
  const config = loadConfig();
  const handle = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir });
  await migrateToLatest(handle.db);
  const storage = storageFor(config);
  const seeded = config.seed === 'demo' ? await seedIfEmpty(handle.db, { storage }) : false;

  const app = await buildApp({ config, db: handle.db, storage, signingSecret: loadSigningSecret(config.dataDir, config.jwtSecret) });
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });

  const url = `${config.publicUrl}/with-ag/`;
  const lines = [
    '',
    `代理店ポータル is running: ${url}`,
    `Database: ${handle.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/pgdata` : 'PostgreSQL (DATABASE_URL)'}${seeded ? ', demo data loaded' : ''}`,
    `Operating hours: ${describeHours(config)}`,
    `Files: ${describeStorage(config)}`,
    `Mail: ${config.smtpUrl ? 'SMTP (SMTP_URL)' : `outbox files in ${config.dataDir}/mail (one-time codes are there)`}`,
  ];
  if (config.seed === 'demo') {
    lines.push('Demo accounts (login id / password):');
    for (const a of demoAccounts) lines.push(`  ${a.loginId.padEnd(14)} ${a.password.padEnd(18)} ${a.who}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof StorageUnavailableError) {
    console.error(`Cannot start: ${err.message}`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
