import { LOCALE_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@eqms/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Issue 10 §4: the chosen language is kept per user on the server (like the theme) and on the device; at login
// (and on reload) the server's choice is applied.
const apiGet = vi.fn();
const apiPut = vi.fn();
vi.mock('../api/http.ts', async () => {
  const mock = (await import('../test/http-mock.ts')).httpMock({ get: apiGet, put: apiPut });
  return {
    ...mock,
    callRaw: vi.fn(),
    clearSession: vi.fn(),
    tokenStore: {
      get: () => localStorage.getItem(TOKEN_STORAGE_KEY),
      set: (t: string) => localStorage.setItem(TOKEN_STORAGE_KEY, t),
      clear: () => localStorage.removeItem(TOKEN_STORAGE_KEY),
    },
  };
});
const { loadUserSettings, saveLocale } = await import('./session.ts');
const { useAppStore } = await import('./store.ts');

const settings = (locale: 'kr' | 'en' | null) => ({
  homePath: null,
  options: { theme: 'light', themeColor: 'blue' },
  locale,
});

beforeEach(() => {
  localStorage.clear();
  apiGet.mockReset();
  apiPut.mockReset();
  useAppStore.getState().setLocale('kr');
});

describe('the chosen language', () => {
  it('is kept on the device and, signed in, on the server', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    apiPut.mockResolvedValue({ data: settings('en') });
    await saveLocale('en');
    expect(useAppStore.getState().locale).toBe('en');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
    expect(apiPut).toHaveBeenCalledWith('/settings/user/locale', { locale: 'en' }, expect.anything());
  });

  it('is only kept on the device before login (the login page)', async () => {
    await saveLocale('en');
    expect(useAppStore.getState().locale).toBe('en');
    expect(apiPut).not.toHaveBeenCalled();
  });

  it("follows the server's choice at login, and the device's when the user never chose", async () => {
    apiGet.mockResolvedValue(settings('en'));
    await loadUserSettings();
    expect(useAppStore.getState().locale).toBe('en');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
    apiGet.mockResolvedValue(settings(null));
    useAppStore.getState().setLocale('kr');
    await loadUserSettings();
    expect(useAppStore.getState().locale).toBe('kr');
  });

  it('stays chosen when the server cannot save it', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    apiPut.mockRejectedValue(new Error('offline'));
    await saveLocale('en');
    expect(useAppStore.getState().locale).toBe('en');
  });
});
