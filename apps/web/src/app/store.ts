import { create } from 'zustand';
import {
  ALERT_MAX_WIDTH,
  DEFAULT_THEME,
  LOCALE_STORAGE_KEY,
  type Locale,
  type Permissions,
  SNACKBAR_TIMEOUT_MS,
  type RelatedData,
  SESSION_IDLE_MS,
  type ThemeColor,
  type ThemeMode,
  type User,
} from '@eqms/contract';

// The one app store (ARCHITECTURE §7): theme, locale, snackbar, alert, confirm, spinner, codes, relation data, user.
export type SnackbarType = 'success' | 'info' | 'warning' | 'error';
export type Snackbar = { show: boolean; text: string; type: SnackbarType; timeout: number; key: number };
export type Alert = {
  show: boolean;
  title: string;
  text: string;
  icon?: 'info' | 'warning' | 'error' | 'success';
  maxWidth: number;
  onOk?: () => void;
};
export type Confirm = { show: boolean; title: string; text: string; danger?: boolean; resolve?: (ok: boolean) => void };
export type CodeItem = {
  id: number;
  code: string;
  codeName: string;
  codeNameEn: string | null;
  parentId: number | null;
};
export type SessionUser = User & { permissions: Permissions };

type State = {
  theme: ThemeMode;
  themeColor: ThemeColor;
  locale: Locale;
  homePath: string | null;
  user: SessionUser | null;
  spinner: number;
  snackbar: Snackbar;
  alert: Alert;
  confirm: Confirm;
  relationData: RelatedData[] | null;
  codes: Record<string, CodeItem[]>;
  /** Epoch ms of the last request or navigation (SPEC §4 idle measure). */
  lastAccess: number;
  /** The idle limit the server enforces (GET /api/system/runtime sessionIdleMs; SPEC §9 default). */
  sessionIdleMs: number;
};

type Actions = {
  setTheme: (theme: ThemeMode) => void;
  setThemeColor: (c: ThemeColor) => void;
  setLocale: (l: Locale) => void;
  setUser: (u: SessionUser | null) => void;
  setHomePath: (p: string | null) => void;
  showSpinner: () => void;
  hideSpinner: (all?: boolean) => void;
  notify: (text: string, type?: SnackbarType, timeout?: number) => void;
  closeSnackbar: () => void;
  showAlert: (a: Partial<Alert> & { text: string }) => void;
  closeAlert: () => void;
  /** Resolves true on OK, false on cancel. */
  askConfirm: (c: { title: string; text: string; danger?: boolean }) => Promise<boolean>;
  closeConfirm: (ok: boolean) => void;
  setRelationData: (d: RelatedData[] | null) => void;
  setCodes: (category: string, items: CodeItem[]) => void;
  touch: () => void;
  setSessionIdleMs: (ms: number) => void;
};

// The theme is per user on the server; the last one used is also kept locally so the login page matches it.
const THEME_STORAGE_KEY = 'eqms.theme';
const initialTheme = (): ThemeMode => {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(THEME_STORAGE_KEY) : null;
  return stored === 'dark' || stored === 'light' ? stored : DEFAULT_THEME;
};

const initialLocale = (): Locale => {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(LOCALE_STORAGE_KEY) : null;
  return stored === 'en' ? 'en' : 'kr';
};

export const useAppStore = create<State & Actions>()((set, get) => ({
  theme: initialTheme(),
  themeColor: 'blue',
  locale: initialLocale(),
  homePath: null,
  user: null,
  spinner: 0,
  snackbar: { show: false, text: '', type: 'info', timeout: SNACKBAR_TIMEOUT_MS, key: 0 },
  alert: { show: false, title: '', text: '', maxWidth: ALERT_MAX_WIDTH },
  confirm: { show: false, title: '', text: '' },
  relationData: null,
  codes: {},
  lastAccess: Date.now(),
  sessionIdleMs: SESSION_IDLE_MS,
  setTheme: (theme) => {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
    set({ theme });
  },
  setThemeColor: (themeColor) => set({ themeColor }),
  setLocale: (locale) => {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    set({ locale });
  },
  setUser: (user) => set({ user }),
  setHomePath: (homePath) => set({ homePath }),
  showSpinner: () => set((s) => ({ spinner: s.spinner + 1 })),
  hideSpinner: (all) => set((s) => ({ spinner: all ? 0 : Math.max(0, s.spinner - 1) })),
  notify: (text, type = 'info', timeout = SNACKBAR_TIMEOUT_MS) =>
    set((s) => ({ snackbar: { show: true, text, type, timeout, key: s.snackbar.key + 1 } })),
  closeSnackbar: () => set((s) => ({ snackbar: { ...s.snackbar, show: false } })),
  showAlert: (a) => set({ alert: { show: true, title: '', maxWidth: ALERT_MAX_WIDTH, ...a } }),
  closeAlert: () => {
    const onOk = get().alert.onOk;
    set((s) => ({ alert: { ...s.alert, show: false, onOk: undefined } }));
    onOk?.();
  },
  askConfirm: (c) =>
    new Promise<boolean>((resolve) => {
      get().confirm.resolve?.(false);
      set({ confirm: { show: true, ...c, resolve } });
    }),
  closeConfirm: (ok) => {
    get().confirm.resolve?.(ok);
    set({ confirm: { show: false, title: '', text: '' } });
  },
  setRelationData: (relationData) => set({ relationData }),
  setCodes: (category, items) => set((s) => ({ codes: { ...s.codes, [category]: items } })),
  touch: () => set({ lastAccess: Date.now() }),
  setSessionIdleMs: (sessionIdleMs) => set({ sessionIdleMs }),
}));
