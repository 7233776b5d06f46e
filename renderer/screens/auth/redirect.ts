// The redirect query of /login is honoured only for in-app paths.
export const DEFAULT_AFTER_LOGIN = '/portal-top';

/**
 * An in-app path: starts with a single "/", no "//" or "\" anywhere, no scheme, no control
 * characters. Anything else gives /portal-top.
 */
export function safeRedirect(value: string | null | undefined): string {
  if (typeof value !== 'string' || value === '') return DEFAULT_AFTER_LOGIN;
  if (!value.startsWith('/') || value.includes('//') || value.includes('\\')) return DEFAULT_AFTER_LOGIN;
  // Control characters and whitespace can be used to smuggle a scheme past the checks above.
  if (/\s/.test(value) || [...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) {
    return DEFAULT_AFTER_LOGIN;
  }
  const path = value.split(/[?#]/, 1)[0] ?? '';
  if (/^\/?[a-z][a-z0-9+.-]*:/i.test(path)) return DEFAULT_AFTER_LOGIN;
  // Never back to the sign-in screens themselves.
  if (/^\/(login|login-otp)(\/|$)/.test(path)) return DEFAULT_AFTER_LOGIN;
  return value;
}
