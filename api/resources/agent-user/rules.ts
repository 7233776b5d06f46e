// Rules of agent users that the form's hook and the user routes both apply.
import { effectiveIds, isProviderAdmin, type Caller } from '../../authority/caller';

/** Whether the caller may read and write the users of the agent. */
export function mayManage(c: Caller, agCode: string): boolean {
  return isProviderAdmin(c) || agCode === effectiveIds(c).agCode;
}
