import { cleanup } from '@testing-library/react';
import { beforeAll } from 'vitest';
import { useAppStore } from '../app/store.ts';
import { i18n } from '../i18n/index.ts';

// The web test files without vi.mock share their worker's modules and document (vitest.config.ts): each file starts
// as a fresh page would — no DOM left by the file before (antd's portals live outside render()'s container), empty
// storage, the app store as first made, Korean.
const g = globalThis as { __eqmsFreshStore?: ReturnType<typeof useAppStore.getState> };
g.__eqmsFreshStore ??= useAppStore.getState();

beforeAll(async () => {
  cleanup();
  document.body.innerHTML = '';
  localStorage.clear();
  sessionStorage.clear();
  useAppStore.setState(g.__eqmsFreshStore!, true);
  await i18n.changeLanguage('kr');
});
