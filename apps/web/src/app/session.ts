import {
  authEndpoints,
  LOCALES,
  type Locale,
  LOGOUT_DELAY_MS,
  type ResponseOf,
  settingsEndpoints,
  THEME_COLORS,
  type ThemeColor,
  type ThemeMode,
  USER_ID_STORAGE_KEY,
  userEndpoints,
} from '@eqms/contract';
import { ApiError, call, callRaw, clearSession, tokenStore } from '../api/http.ts';
import { type SessionUser, useAppStore } from './store.ts';
import { sessionEnd } from './session-end.ts';

// Login, restore on reload, extend and logout (SPEC §4 session).

/** What login and reissue answer (their token is in the authorization header, so they are read raw). */
type AuthResponse = ResponseOf<typeof authEndpoints.login>;

function takeToken(res: Response): string | null {
  return res.headers.get('authorization')?.replace(/^Bearer /, '') || null;
}

async function errorOf(res: Response): Promise<ApiError> {
  let body: { code?: string; message?: string } = {};
  try {
    body = await res.json();
  } catch {
    /* not JSON: a proxy's error page */
  }
  return new ApiError(res.status, body.code ?? 'UNKNOWN', body.message ?? res.statusText);
}

/** Applies a theme at once and saves it for the user's next login (a failed save keeps the local choice). */
export async function saveTheme(next: { theme: ThemeMode; themeColor: ThemeColor }) {
  const store = useAppStore.getState();
  store.setTheme(next.theme);
  store.setThemeColor(next.themeColor);
  await call(settingsEndpoints.setTheme, { body: { options: next }, spinner: false }).catch(() => undefined);
}

/**
 * Applies a language at once and keeps it on the device (localStorage) and, when signed in, for the user on the
 * server, so their next login on any device opens in it (a failed save keeps the local choice).
 */
export async function saveLocale(locale: Locale) {
  useAppStore.getState().setLocale(locale);
  if (!tokenStore.get()) return;
  await call(settingsEndpoints.setLocale, { body: { locale }, spinner: false, silent: true }).catch(() => undefined);
}

/** The user's theme, language and home path (GET /api/settings/user), applied to the store. */
export async function loadUserSettings(): Promise<void> {
  try {
    const settings = await call(settingsEndpoints.get, { silent: true });
    const store = useAppStore.getState();
    if (settings.options?.theme === 'light' || settings.options?.theme === 'dark')
      store.setTheme(settings.options.theme);
    if (THEME_COLORS.includes(settings.options?.themeColor as ThemeColor))
      store.setThemeColor(settings.options.themeColor);
    store.setHomePath(settings.homePath ?? null);
    // The server's choice wins at login; a user who never chose keeps the device's.
    if (LOCALES.includes(settings.locale as Locale)) store.setLocale(settings.locale as Locale);
  } catch {
    // Settings are a convenience: the app works with the defaults.
  }
}

function signIn(token: string, user: SessionUser) {
  tokenStore.set(token);
  localStorage.setItem(USER_ID_STORAGE_KEY, user.userId);
  const store = useAppStore.getState();
  store.setUser(user);
  if (user.homePath) store.setHomePath(user.homePath);
  store.touch();
}

export type LoginResult = { ok: true; user: SessionUser } | { ok: false; error: ApiError };

/** POST /api/auth/login: the token comes in the authorization response header. */
export async function login(userId: string, password: string): Promise<LoginResult> {
  let res: Response;
  try {
    res = await callRaw(authEndpoints.login, { body: { userId, password } });
  } catch (e) {
    return { ok: false, error: e instanceof ApiError ? e : new ApiError(0, 'INTERNAL_SERVER_ERROR', String(e)) };
  }
  if (!res.ok) return { ok: false, error: await errorOf(res) };
  const token = takeToken(res);
  const body = (await res.json()) as AuthResponse;
  if (!token) return { ok: false, error: new ApiError(500, 'INTERNAL_SERVER_ERROR', 'No token in the response') };
  signIn(token, body.data);
  await loadUserSettings();
  return { ok: true, user: body.data };
}

/** POST /api/auth/reissue-access-token: a fresh token, the user and their current permissions. */
async function reissue(): Promise<boolean> {
  let res: Response;
  try {
    res = await callRaw(authEndpoints.reissue);
  } catch {
    return false;
  }
  const token = takeToken(res);
  if (!res.ok || !token) return false;
  signIn(token, ((await res.json()) as AuthResponse).data);
  return true;
}

let restoring: Promise<boolean> | null = null;
/**
 * After a reload the token is in localStorage but the user and permissions are not: GET /api/user/me brings them
 * back (an expired access token is reissued once by the API client). Shared by every caller.
 */
export function restoreSession(): Promise<boolean> {
  restoring ??= (async () => {
    let ok = false;
    let rejected = false;
    try {
      const user = await call(userEndpoints.me, { silent: true });
      useAppStore.getState().setUser(user);
      if (user.homePath) useAppStore.getState().setHomePath(user.homePath);
      ok = true;
    } catch (e) {
      // Only the server's "no" ends the session: a request cut off by a reload or a network blip keeps the token.
      rejected = e instanceof ApiError && e.status === 401;
    }
    if (ok) await loadUserSettings();
    else if (rejected) clearSession();
    restoring = null;
    return ok;
  })();
  return restoring;
}

/** The countdown's refresh button: a reissue extends the session on the server and resets the idle measure. */
export async function extendSession(): Promise<boolean> {
  return reissue();
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

export { sessionEnd };

/** SPEC §4 logout: call the server, wait 1 s, then clear the token, the user (roles emptied) and the last access. */
export async function logout(): Promise<void> {
  const store = useAppStore.getState();
  store.showSpinner();
  // Set first: the server ends the session at once, and a request of the page still running in the next second (a
  // list refetch, the notice bell) gets its 401 and ends the session too; that end is this logout, not an expiry
  // that should bring the user back to the page.
  sessionEnd.byLogout = true;
  try {
    await call(authEndpoints.logout, { silent: true, spinner: false }).catch(() => undefined);
    await delay(LOGOUT_DELAY_MS);
  } finally {
    clearSession();
    useAppStore.setState({ lastAccess: Date.now(), homePath: null });
    store.hideSpinner();
  }
}
