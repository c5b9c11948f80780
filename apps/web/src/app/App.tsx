import { FIXED_COLORS, THEME_COLOR_HEX } from '@eqms/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, Layout, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import koKR from 'antd/locale/ko_KR';
import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { GlobalUi } from '../components/GlobalUi.tsx';
import { i18n } from '../i18n/index.ts';
import { MOTION } from './motion.ts';
import { queryClient } from './query-client.ts';
import { router } from './router.tsx';
import { useAppStore } from './store.ts';

// Providers and the global UI, mounted once. Theme, colour and language follow the store.
export function App() {
  const mode = useAppStore((s) => s.theme);
  const color = useAppStore((s) => s.themeColor);
  const locale = useAppStore((s) => s.locale);

  useEffect(() => {
    void i18n.changeLanguage(locale);
    document.documentElement.lang = locale === 'kr' ? 'ko' : 'en';
  }, [locale]);

  useEffect(() => {
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  const themeConfig = useMemo(
    () => ({
      algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
      token: {
        colorPrimary: THEME_COLOR_HEX[color],
        colorInfo: FIXED_COLORS.info,
        colorSuccess: FIXED_COLORS.success,
        colorWarning: FIXED_COLORS.warning,
        colorError: FIXED_COLORS.error,
        motion: MOTION,
        fontFamily:
          "Pretendard, 'Noto Sans KR', -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans CJK KR', sans-serif",
      },
    }),
    [mode, color],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={themeConfig} locale={locale === 'kr' ? koKR : enUS}>
        {/* antd's dark theme does not paint the page: the root Layout does (ARCHITECTURE §2 trap). */}
        <Layout style={{ minHeight: '100vh' }} data-theme={mode} data-testid="app-root">
          <RouterProvider router={router} />
        </Layout>
        <GlobalUi />
      </ConfigProvider>
    </QueryClientProvider>
  );
}
