// The signing secret: JWT_SECRET when set (required when several instances share a database),
// otherwise generated once into DATA_DIR so tokens survive a restart.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function loadSigningSecret(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secrets', 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A second key for cookies, derived so that one secret is enough to configure. */
export function cookieSecretFrom(signingSecret: string): string {
  return createHash('sha256').update(`cookie:${signingSecret}`).digest('base64url');
}
