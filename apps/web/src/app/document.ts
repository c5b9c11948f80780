import type { Locale, ThemeMode } from '@eqms/contract';

// What the document itself says about the language and the colour scheme (screen readers, spelling, form controls
// and scroll bars). Its own module: the login page sets them before the app (and antd) is loaded.

export function applyDocumentLocale(locale: Locale) {
  document.documentElement.lang = locale === 'kr' ? 'ko' : 'en';
}

export function applyDocumentTheme(mode: ThemeMode) {
  document.documentElement.style.colorScheme = mode;
}
