// npm run audit:verify: walks the audit chain of the configured database (DATABASE_URL or the
// embedded one) and prints the first broken row; exit code 0 intact, 1 broken (docs/audit.md).
import { loadConfig } from '../config';
import { openDatabase } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { verifyAuditChain } from './verify';

const config = loadConfig();
const handle = await openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
);
let code = 0;
try {
  await migrateToLatest(handle.db);
  const started = Date.now();
  const report = await verifyAuditChain(handle.db);
  const took = `${((Date.now() - started) / 1000).toFixed(1)} s`;
  if (report.ok)
    console.log(
      report.rows
        ? `Audit chain intact: ${report.rows} rows (seq ${report.fromSeq + 1}–${report.headSeq}) in ${took}.`
        : `Audit chain intact: no rows after seq ${report.fromSeq} (${took}).`,
    );
  else {
    console.log(
      `Audit chain BROKEN (${report.reason}) at audit_id ${report.auditId ?? '-'}, seq ${report.seq ?? '-'}: ${report.detail}` +
        ` (${report.rows} rows before it verified, ${took}).`,
    );
    code = 1;
  }
} finally {
  await handle.close();
}
process.exit(code);
