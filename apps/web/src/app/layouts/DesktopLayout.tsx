import {
  DRAWER_MINI_WIDTH,
  DRAWER_WIDTH,
  PAGE_HIT_APP,
  PAGE_HIT_DELAY_MS,
  SCROLL_TOP_THRESHOLD_PX,
  systemEndpoints,
} from '@eqms/contract';
import { MessageOutlined } from '@ant-design/icons';
import { FloatButton, Layout, Typography, theme } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { call } from '../../api/http.ts';
import { guardRoute, isPhone, pageTitle, parseShellQuery } from '../navigation.ts';
import type { RouteHandle } from '../router.tsx';
import { useRuntime, useSideMenu } from '../shell-data.ts';
import { useDayjsLocale } from '../dayjs-locale.ts';
import { useAppStore } from '../store.ts';
import { ForbiddenRedirect } from './redirects.tsx';
import { SideMenu } from './SideMenu.tsx';
import { TopBar } from './TopBar.tsx';

// The desktop home layout (SPEC §2): guards, side menu, top bar, page title, page hits, scroll-to-top.

const SettingsDrawer = lazy(() =>
  import('../../components/SettingsDrawer.tsx').then((m) => ({ default: m.SettingsDrawer })),
);
const ProfileDialog = lazy(() =>
  import('../../components/ProfileDialog.tsx').then((m) => ({ default: m.ProfileDialog })),
);
const ChatWidget = lazy(() => import('../../features/ai-chat/ChatWidget.tsx'));

export function useIsPhone(): boolean {
  const [phone, setPhone] = useState(() => isPhone(window.innerWidth, navigator.userAgent));
  useEffect(() => {
    const onResize = () => setPhone(isPhone(window.innerWidth, navigator.userAgent));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return phone;
}

/** The menu name of the deepest matched route that has one. */
export function useRouteName(): string | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const name = (matches[i].handle as RouteHandle | undefined)?.name;
    if (name) return name;
  }
  return null;
}

export default function DesktopLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const location = useLocation();
  const navigate = useNavigate();
  const name = useRouteName();
  const phone = useIsPhone();
  const locale = useAppStore((s) => s.locale);
  const perms = useAppStore((s) => s.user?.permissions ?? null);
  const { runtime } = useRuntime();
  useDayjsLocale();
  const { items } = useSideMenu();
  const query = parseShellQuery(location.search);
  const [collapsed, setCollapsed] = useState(query.fromMobile);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const [mounted, setMounted] = useState({ settings: false, profile: false });
  const [chatOpen, setChatOpen] = useState(false);
  // The chat widget (SPEC §2) where a chatflow is configured; its page needs no second window of itself.
  const chatShown = !!runtime.chatflowId && !!runtime.chatApiHost && name !== 'aiChat';

  // fromMobile=Y collapses the menu once and leaves the address (SPEC §2).
  useEffect(() => {
    if (query.cleanedSearch === null) return;
    if (query.fromMobile) setCollapsed(true);
    navigate({ pathname: location.pathname, search: query.cleanedSearch, hash: location.hash }, { replace: true });
  }, [query.cleanedSearch, query.fromMobile, location.pathname, location.hash, navigate]);

  const decision = guardRoute({
    name,
    pathname: location.pathname,
    search: location.search,
    hasToken: true,
    perms,
    phone,
  });

  // A page without a menu name (the error pages inside the shell) sets its own title.
  useEffect(() => {
    if (name) document.title = pageTitle(name, locale);
  }, [name, locale]);

  // A page hit is saved after a second on the page, never for the root (SPEC §2).
  useEffect(() => {
    if (decision.kind !== 'allow' || !name || location.pathname === '/') return;
    const timer = setTimeout(() => {
      void call(systemEndpoints.recordPageHit, {
        body: { app: PAGE_HIT_APP, name, path: location.pathname },
        silent: true,
        spinner: false,
      }).catch(() => undefined);
    }, PAGE_HIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [decision.kind, name, location.pathname]);

  if (decision.kind === 'mobile') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'login') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'forbidden') return <ForbiddenRedirect />;

  const dialogs = (
    <Suspense fallback={null}>
      {mounted.settings && <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />}
      {mounted.profile && <ProfileDialog open={profileOpen} onClose={() => setProfileOpen(false)} />}
      {chatShown && chatOpen && <ChatWidget onClose={() => setChatOpen(false)} />}
    </Suspense>
  );

  if (query.fullSize) {
    return (
      <Layout style={{ minHeight: '100vh' }} data-testid="shell-full-size">
        <Layout.Content style={{ padding: 16 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    );
  }

  return (
    <Layout hasSider style={{ minHeight: '100vh' }} data-testid="desktop-shell">
      <Layout.Sider
        width={DRAWER_WIDTH}
        collapsedWidth={DRAWER_MINI_WIDTH}
        collapsed={collapsed}
        trigger={null}
        theme="light"
        style={{
          position: 'sticky',
          top: 0,
          height: '100vh',
          overflowY: 'auto',
          overflowX: 'hidden',
          borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
        }}
        data-testid="side-drawer"
        data-collapsed={collapsed ? 'true' : 'false'}
      >
        <Brand collapsed={collapsed} />
        <SideMenu items={items} current={name} collapsed={collapsed} />
        {items.length === 0 && !collapsed && (
          <Typography.Paragraph type="secondary" style={{ padding: '8px 24px' }}>
            {t('shell.noMenu')}
          </Typography.Paragraph>
        )}
      </Layout.Sider>
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            position: 'sticky',
            top: 0,
            zIndex: 20,
            height: 56,
            lineHeight: 'normal',
            display: 'flex',
            alignItems: 'center',
            padding: '0 16px',
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
          data-testid="top-bar"
        >
          <TopBar
            name={name}
            collapsed={collapsed}
            onToggle={() => setCollapsed((c) => !c)}
            onOpenSettings={() => {
              setMounted((m) => ({ ...m, settings: true }));
              setSettingsOpen(true);
            }}
            onOpenProfile={() => {
              setMounted((m) => ({ ...m, profile: true }));
              setProfileOpen(true);
            }}
          />
        </Layout.Header>
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
      {chatShown && !chatOpen && (
        <FloatButton
          type="primary"
          icon={<MessageOutlined />}
          tooltip={t('shell.aiChat')}
          aria-label={t('shell.aiChat')}
          style={{ insetBlockEnd: 104 }}
          onClick={() => setChatOpen(true)}
          data-testid="ai-chat-open"
        />
      )}
      <FloatButton.BackTop
        visibilityHeight={SCROLL_TOP_THRESHOLD_PX}
        tooltip={t('shell.scrollTop')}
        data-testid="scroll-top"
      />
      {dialogs}
    </Layout>
  );
}

function Brand({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => navigate('/')}
      className="eqms-focus-ring"
      style={{
        // a plain button's look reset one property at a time: `all: unset` would also drop the focus outline
        background: 'none',
        margin: 0,
        font: 'inherit',
        color: 'inherit',
        textAlign: 'start',
        cursor: 'pointer',
        display: 'flex',
        alignItems: 'center',
        gap: 10,
        height: 56,
        padding: collapsed ? '0 16px' : '0 20px',
        boxSizing: 'border-box',
        width: '100%',
        borderWidth: '0 0 1px',
        borderStyle: 'solid',
        borderColor: token.colorBorderSecondary,
      }}
      // The accessible name is the visible text (label-in-name): "eQMS" and the tagline; the "eQ" mark is
      // decoration, and the collapsed button, which shows only the mark, is named "eQMS".
      aria-label={collapsed ? 'eQMS' : undefined}
      data-testid="brand"
    >
      <span
        aria-hidden="true"
        style={{
          width: 32,
          height: 32,
          flex: 'none',
          borderRadius: 8,
          background: `linear-gradient(135deg, ${token.colorPrimary}, ${token.colorPrimaryActive})`,
          color: '#fff',
          fontWeight: 700,
          fontSize: 13,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        eQ
      </span>
      {!collapsed && (
        <span style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
          <span style={{ fontWeight: 700, fontSize: 16, color: token.colorText, lineHeight: 1.2 }}>eQMS</span>
          <span
            style={{
              fontSize: 11,
              color: token.colorTextTertiary,
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
            }}
          >
            {t('shell.tagline')}
          </span>
        </span>
      )}
    </button>
  );
}
