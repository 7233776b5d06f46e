// What a screen needs before it opens (issue 22 item 5): the permission of one of its categories
// (the session's userParmition, which sign-in loads from the same rule the server checks) and the
// query parameters its first call cannot do without. A screen that a role cannot use shows ERR_0022
// and one opened without its context ERR_SYS998, each with a way back, before any of its calls
// is made; the server refuses those calls anyway (docs/architecture.md "The renderer").
import { CATEGORY } from '../../schemas/categories';
import type { SessionSnapshot } from './session';
import { isPseudoLogin } from './session';

export interface ScreenNeeds {
  /** The screen opens for a holder of one of these categories' permission. */
  permission?: readonly number[];
  /**
   * An agent's screen: while a provider administrator acts as an agent, the agent's permission
   * counts, which the session does not hold; the server checks it on the screen's first call.
   */
  agentSide?: boolean;
  /** Query parameters the screen needs, each with the values it accepts. */
  query?: Readonly<Record<string, readonly string[]>>;
}

export type ScreenRefusal = { messageId: 'ERR_0022' | 'ERR_SYS998' };

function holds(session: SessionSnapshot, categories: readonly number[]): boolean {
  return session.userParmition.some((p) => categories.includes(p.categoryId) && p.parmitionFlg === '1');
}

/** Why the screen cannot open for this session and address, or null when it can. */
export function screenRefusal(
  needs: ScreenNeeds | undefined,
  session: SessionSnapshot,
  search: URLSearchParams,
): ScreenRefusal | null {
  if (!needs) return null;
  const permitted =
    !needs.permission || (needs.agentSide && isPseudoLogin(session)) || holds(session, needs.permission);
  if (!permitted) return { messageId: 'ERR_0022' };
  for (const [name, accepted] of Object.entries(needs.query ?? {})) {
    if (!accepted.includes(search.get(name) ?? '')) return { messageId: 'ERR_SYS998' };
  }
  return null;
}

/** Whether the session may use the admin top (the way back from an admin screen). */
export function mayUseAdminTop(session: SessionSnapshot): boolean {
  return holds(session, [CATEGORY.ADMIN_TOP]);
}
