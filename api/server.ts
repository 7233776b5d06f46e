// Entry point: configuration, database (embedded PGlite or DATABASE_URL), migrations, demo
// data on an empty database, then the app. Prints the URL, demo accounts and operating hours.
import { buildApp } from './app';
import { systemClock } from './clock';
import { nextOpening } from './plugins/operating-hours';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/connect';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrateAndSeed } from './db/migrate-and-seed';
import { describeStorage, storageFor } from './files/storage';
import { StorageUnavailableError } from './files/storage-availability';
import { loadSigningSecret } from './secrets';
import { demoAccounts } from '../seeds/platform';

function describeHours(config: Config): string {
  const h = config.operatingHours;
  if (h.kind === 'always') return 'always open (OPERATING_HOURS=always)';
  const opensAt = nextOpening(h, systemClock.now());
  // Said at start-up so whoever tries the portal at night knows why every screen is closed.
  const now = opensAt
    ? `CLOSED NOW: screens and API answer "out of operation" until ${opensAt} (set OPERATING_HOURS=always to try it now)`
    : 'open now';
  return `${h.text} Asia/Tokyo (OPERATING_HOURS), ${now}`;
}

async function main() {
  const config = loadConfig();
  const handle = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  );
  const storage = storageFor(config);
  // Under the start-up lock: instances starting together migrate and seed once (api/db/migrate.ts).
  const { seeded } = await migrateAndSeed(handle, {
    seed: config.seed === 'demo',
    storage,
    onWait: () => console.log('Another instance is migrating or seeding the database: waiting for it.'),
  });

  const app = await buildApp({
    config,
    db: handle.db,
    storage,
    signingSecret: loadSigningSecret(config.dataDir, config.jwtSecret),
  });
  // SIGTERM (an orchestrator, a rolling upgrade): /readyz fails first so the balancer stops
  // sending requests, the instance keeps serving for SHUTDOWN_GRACE_MS while it notices, then
  // the server closes (requests in flight finish), then the change feed and the database.
  // SIGINT (Ctrl-C in a terminal) skips the grace. A second signal ends the process at once.
  let stopping = false;
  const shutdown = async (signal: 'SIGTERM' | 'SIGINT') => {
    stopping = true;
    const grace = signal === 'SIGTERM' ? config.shutdownGraceMs : 0;
    app.readiness.beginShutdown();
    app.log.info(`${signal}: readiness fails now; closing in ${grace} ms`);
    try {
      if (grace > 0) await new Promise((resolve) => setTimeout(resolve, grace));
      await app.close();
      await handle.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    app.log.info('stopped');
    process.exit(0);
  };
  const onSignal = (signal: 'SIGTERM' | 'SIGINT') => (stopping ? process.exit(1) : void shutdown(signal));
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  await app.listen({ port: config.port, host: config.host });
  app.retention.start(); // once a day from RETENTION_PURGE_AT, one instance at a time

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
