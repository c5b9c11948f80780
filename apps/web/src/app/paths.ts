// The login and home paths and the redirect rules (SPEC §2), apart from navigation.ts so the login page and the
// router (the entry chunk) do not pull in the menu and permission code.

export const LOGIN_PATH = '/auth/loginForm';
export const MOBILE_HOME = '/m/notice';

/** Login with the requested page in the redirect query. */
export function loginRedirect(pathname: string, search = ''): string {
  const target = pathname + search;
  if (!target || target === '/') return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(target)}`;
}

/** Where to go after login: only a path inside this app (no other origin, not the login itself). */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (raw.startsWith('/auth')) return null;
  return raw;
}
