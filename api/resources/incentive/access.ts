// Who may see incentive figures (spec 000 section 6, spec 002): the incentive permission plus
// isIncentiveEntry of the (effective) agent. A provider administrator acting as an agent is
// judged as that agent, so the figures are always those of the agent's own representative code.
import type { Kysely } from 'kysely';
import { effectiveIds, type Caller } from '../../authority/caller';
import { can } from '../../authority/permissions';
import type { Database } from '../../db/schema';
import { problem } from '../../http/problems';
import { isIncentiveEntrant } from './floating-repository';
import { CATEGORY } from '../../../schemas/categories';

export async function mayViewIncentive(db: Kysely<Database>, caller: Caller): Promise<boolean> {
  const ids = effectiveIds(caller);
  return (await can(db, caller.pseudo ?? caller, CATEGORY.INCENTIVE)) && (await isIncentiveEntrant(db, ids.agCode));
}

/** The representative code whose figures the caller sees; 403 for anyone outside the programme. */
export async function incentiveDaihyoCode(db: Kysely<Database>, caller: Caller): Promise<string> {
  if (!(await mayViewIncentive(db, caller))) throw problem.forbidden();
  return effectiveIds(caller).daihyoCode;
}
