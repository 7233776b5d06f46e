// What each route of the table carries to the layout, the header and the operation log.
import { useMatches } from 'react-router-dom';
import type { ScreenNeeds } from './screen-access';

export interface RouteHandle {
  /** Japanese screen name, used in the operation log. */
  screenName: string;
  /** Administrator screen: the header shows 管理者モード. */
  admin: boolean;
  access: 'public' | 'guarded';
  /** What the screen needs before it opens (screen-access.ts). */
  needs?: ScreenNeeds;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).screenName === 'string';
}

/** The handle of the deepest matched route of the table. */
export function useRouteHandle(): RouteHandle | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return null;
}
