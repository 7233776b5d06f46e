// Robustness fixes of issue 14.
// - Agent segments drive the provider's targeting for every agent, so maintaining them needs
//   provider staff (docs/decisions.md section 3): category 101 moves to the audience 'provider' in
//   databases seeded before (the seed says so itself now). A wider audience is narrowed; an
//   operator's narrower one is kept.
// - One-time-code mails are limited per login id (api/resources/auth/otp-throttle.ts): a challenge
//   whose code was entered is marked verified_at and no longer counts against the limit.
import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, [
    `update categories set audience = 'provider' where category_id = 101 and audience in ('everyone', 'agent', 'admin_or_provider')`,
    `alter table otp_challenges add column verified_at timestamptz`,
    `create index otp_challenges_user_created_idx on otp_challenges (user_id, created_at)`,
  ]);
}
