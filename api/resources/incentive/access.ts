// Who may see incentive figures (spec 000 section 6, spec 002): the incentive permission plus
// isIncentiveEntry of the (effective) agent. A provider administrator acting as an agent is
// judged as that agent, so the figures are always those of the agent's own representative code.
import type { Kysely } from 'kysely';
import { effectiveIds, type Caller } from '../../authority/caller';
import { can } from '../../authority/permissions';
import type { Database } from '../../db/schema';
import { problem } from '../../http/problems';
import { isIncentiveEntrant } from './floating-repository';

export const INCENTIVE_CATEGORY_ID = 11;
/** The admin category of the figures import (provider staff), seeded by seeds/incentive.ts. */
export const INCENTIVE_IMPORT_CATEGORY_ID = 131;

export async function mayViewIncentive(db: Kysely<Database>, caller: Caller): Promise<boolean> {
  const ids = effectiveIds(caller);
  return (await can(db, caller.pseudo ?? caller, INCENTIVE_CATEGORY_ID)) && (await isIncentiveEntrant(db, ids.agCode));
}

/** The representative code whose figures the caller sees; 403 for anyone outside the programme. */
export async function incentiveDaihyoCode(db: Kysely<Database>, caller: Caller): Promise<string> {
  if (!(await mayViewIncentive(db, caller))) throw problem.forbidden();
  return effectiveIds(caller).daihyoCode;
}
