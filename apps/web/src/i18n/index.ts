import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY, type Locale } from '@eqms/contract';
import commonEn from './locales/common.en.json';
import commonKr from './locales/common.kr.json';
import glossaryEn from './locales/glossary.en.json';
import glossaryKr from './locales/glossary.kr.json';

// Locale codes are the spec's: kr (default) and en. Features add their namespace with registerLocales().
export const i18n = i18next.createInstance();

const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(LOCALE_STORAGE_KEY) : null;
void i18n.use(initReactI18next).init({
  lng: stored === 'en' ? 'en' : DEFAULT_LOCALE,
  fallbackLng: false,
  ns: ['common', 'glossary'],
  defaultNS: 'common',
  resources: { kr: { common: commonKr, glossary: glossaryKr }, en: { common: commonEn, glossary: glossaryEn } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** A feature's own namespace (features/<domain>/locales/{kr,en}.json). */
export function registerLocales(ns: string, resources: Record<Locale, object>) {
  for (const lng of ['kr', 'en'] as const) {
    if (!i18n.hasResourceBundle(lng, ns)) i18n.addResourceBundle(lng, ns, resources[lng], true, true);
  }
}
