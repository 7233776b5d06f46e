// Idempotent creates (docs/forms.md, "Idempotent creates"): a create call of the form engine may
// carry an `Idempotency-Key` header (the renderer sends one per submission). The key is the
// caller's own (keys are scoped by the token's user) and lives 24 hours:
//  - the same key, call and body again answers the first answer and creates nothing;
//  - the same key with another call or body is 409 ERR_0037 (「送信内容が変更されています。…」);
//  - a concurrent duplicate waits: the key row is inserted in the create's own transaction, so
//    the second insert waits on the primary key until the first commits (PostgreSQL) or runs
//    after it (PGlite holds one transaction at a time), then reads the stored answer.
// Only a create that committed leaves its key: a refused or failed one rolls it back, so a retry
// runs again (nothing was created).
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpProblem, messagesBody, problem } from '../http/problems';
import type { FileInput } from './request-body';

/** How long a key is remembered. */
export const IDEMPOTENCY_HOURS = 24;

export interface IdempotentCall {
  userId: string;
  key: string;
  path: string;
  hash: string;
}

/** Thrown inside the create's transaction when the key was committed by another request first. */
export class KeyAlreadyUsed extends Error {}

// Visible ASCII, as HTTP header values are; a UUID is 36 characters.
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Stable JSON: object keys sorted, so the same body hashes the same whatever its key order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  return value;
}

/** The call's key from its header (undefined without one); a malformed key is 400. */
export function idempotentCall(
  request: FastifyRequest,
  path: string,
  body: Record<string, unknown>,
  files: Map<string, FileInput>,
): IdempotentCall | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header))
    throw problem.validation([{ messageId: 'ERR_0025', args: ['Idempotency-Key'] }]);
  const hash = createHash('sha256');
  hash.update(JSON.stringify(canonical(body)));
  // Files sent as parts count by name and content.
  for (const [field, f] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    hash.update(`\0${field}\0${f.fileName}\0${f.size}\0`);
    if (f.bytes) hash.update(f.bytes);
  }
  return { userId: request.caller!.userId, key: header, path, hash: hash.digest('hex') };
}

const cutoff = (now: Date) => new Date(now.getTime() - IDEMPOTENCY_HOURS * 3600 * 1000);

/** The answer a live key holds for this call and body; 409 for the same key with another call or body. */
export async function storedAnswer(db: Kysely<Database>, call: IdempotentCall, now: Date): Promise<unknown> {
  // Keys past their 24 hours go first (any user's: the index on created_at keeps it cheap).
  await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff(now)).execute();
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['call_path', 'body_hash', 'answer'])
    .where('user_id', '=', call.userId)
    .where('idem_key', '=', call.key)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.call_path !== call.path || row.body_hash !== call.hash)
    throw new HttpProblem(409, messagesBody([{ messageId: 'ERR_0037', args: ['送信内容'] }]));
  // Kept as text, not jsonb, so the answer is the same to the byte (jsonb reorders keys).
  return JSON.parse(row.answer);
}

/**
 * Takes the key in the create's transaction, before anything is written; throws KeyAlreadyUsed
 * when another request committed it meanwhile (the caller rolls back and answers that one's answer).
 */
export async function claimKey(trx: Kysely<Database>, call: IdempotentCall, now: Date): Promise<void> {
  const r = await trx
    .insertInto('idempotency_keys')
    .values({
      user_id: call.userId,
      idem_key: call.key,
      call_path: call.path,
      body_hash: call.hash,
      status_code: 200,
      answer: '{}',
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'idem_key']).doNothing())
    .executeTakeFirst();
  if (Number(r.numInsertedOrUpdatedRows ?? 0) !== 1) throw new KeyAlreadyUsed();
}

/** The create's answer, stored with its key in the same transaction. */
export async function keepAnswer(trx: Kysely<Database>, call: IdempotentCall, answer: unknown): Promise<void> {
  await trx
    .updateTable('idempotency_keys')
    .set({ answer: JSON.stringify(answer) })
    .where('user_id', '=', call.userId)
    .where('idem_key', '=', call.key)
    .execute();
}
