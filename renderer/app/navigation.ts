// Navigation from outside React components (API client, global error handling, route guard).
// main.tsx registers the router's navigate function once the router exists.

type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate | null = null;

export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

/** Go to an in-app path (relative to the base path /with-ag). */
export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigateImpl) {
    navigateImpl(to, options);
  } else {
    window.location.assign(`${import.meta.env.BASE_URL.replace(/\/$/, '')}${to}`);
  }
}

/** The path of the current page relative to the base path, with its query. */
export function currentAppPath(): string {
  return stripBasePath(window.location.pathname) + window.location.search;
}

export function stripBasePath(pathname: string): string {
  const base = import.meta.env.BASE_URL.replace(/\/$/, '');
  if (base && (pathname === base || pathname.startsWith(`${base}/`))) {
    return pathname.slice(base.length) || '/';
  }
  return pathname;
}

/** The address of an in-app path for a new window (window.open): the path under the base path. */
export function appHref(to: string): string {
  return `${import.meta.env.BASE_URL.replace(/\/$/, '')}${to}`;
}
