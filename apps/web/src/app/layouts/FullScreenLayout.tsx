import { Layout, theme } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useDayjsLocale } from '../dayjs-locale.ts';
import { FullPageLoading } from '../guards.tsx';

// The kiosk and embedded layout (SPEC §2 "/kiosk, opened in a new window"; "/fs/…" embedded pages): a signed-in page
// with no drawer, top bar or breadcrumbs, filling the window — a shop-floor terminal or a TV shows nothing else.
// These pages need no menu right to open (menu.ts marks them public); what they read still needs its rights.
export default function FullScreenLayout() {
  const { token } = theme.useToken();
  useDayjsLocale();
  return (
    <Layout style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <Suspense fallback={<FullPageLoading />}>
        <Outlet />
      </Suspense>
    </Layout>
  );
}
