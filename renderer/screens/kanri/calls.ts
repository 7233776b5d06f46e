// The admin top's calls (spec 001 "Admin top", spec 000 "Pseudo-login"), with the wire types of
// schemas/wire/kanri.ts that the server declares.
import type { AdminCategory, ChangeAgCodeAnswer, KanriCategoryAnswer } from '../../../schemas/wire/kanri';
import { apiPost } from '../../api/client';
import { effectiveIds } from '../../app/session';

export type { AdminCategory, ChangeAgCodeAnswer };

/** The admin buttons the caller may use (permission flags). */
export const loadKanriCategories = async (
  ids: { userId: string; agCode: string },
  signal?: AbortSignal,
): Promise<AdminCategory[]> =>
  (await apiPost<Partial<KanriCategoryAnswer>>('/api/KanriTop/getKanriCategory', ids, { signal }))?.categoryListData ??
  [];

/** Pseudo-login as the agent (its own code cancels). */
export const changeAgCode = (pseudoLoginAgCode: string) =>
  apiPost<ChangeAgCodeAnswer>('/api/KanriTop/changeAgCode', { ...effectiveIds(), pseudoLoginAgCode });
