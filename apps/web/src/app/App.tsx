import { ConfigProvider, Layout } from 'antd';
import enUS from 'antd/locale/en_US';
import koKR from 'antd/locale/ko_KR';
import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { GlobalUi } from '../components/GlobalUi.tsx';
import { watchTableA11y } from './a11y-dom.ts';
import { applyDocumentLocale, applyDocumentTheme } from './document.ts';
import { i18n } from '../i18n/index.ts';
import { router } from './router.tsx';
import { useAppStore } from './store.ts';
import { buildTheme } from './theme.ts';

// Providers and the global UI, mounted once. Theme, colour and language follow the store.
export function App() {
  const mode = useAppStore((s) => s.theme);
  const color = useAppStore((s) => s.themeColor);
  const locale = useAppStore((s) => s.locale);

  useEffect(() => {
    void i18n.changeLanguage(locale);
    applyDocumentLocale(locale);
  }, [locale]);

  useEffect(() => applyDocumentTheme(mode), [mode]);

  // antd table faults no prop reaches, fixed for every table (./a11y-dom.ts).
  useEffect(() => watchTableA11y(document.body), []);

  const themeConfig = useMemo(() => buildTheme(mode, color), [mode, color]);

  // The query cache is provided by the session gate (session-gate.tsx): only signed-in pages query.
  return (
    <ConfigProvider theme={themeConfig} locale={locale === 'kr' ? koKR : enUS}>
      {/* antd's dark theme does not paint the page: the root Layout does (ARCHITECTURE §2 trap). */}
      <Layout style={{ minHeight: '100vh' }} data-theme={mode} data-testid="app-root">
        <RouterProvider router={router} />
      </Layout>
      <GlobalUi />
    </ConfigProvider>
  );
}
