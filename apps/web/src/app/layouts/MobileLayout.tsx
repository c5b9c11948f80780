import { LogoutOutlined, MenuOutlined, MoonOutlined, SettingOutlined, SunOutlined } from '@ant-design/icons';
import type { Locale, ThemeMode } from '@eqms/contract';
import { Button, Drawer, Flex, Layout, Menu, Modal, Segmented, Typography, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { mobileRoutes } from '../../features/registry.ts';
import { logout, saveLocale, saveTheme } from '../session.ts';
import { useDayjsLocale } from '../dayjs-locale.ts';
import { useAppStore } from '../store.ts';

// The mobile shell (/m/*, SPEC §2): a top bar with the menu drawer and a settings dialog (language, theme).

/** The spec's mobile screens and their label keys; only those with a registered route are offered. */
const MOBILE_LABELS: Record<string, string> = {
  '/m/notice': 'notice',
  '/m/material/stock': 'materialStock',
  '/m/material/in': 'materialIn',
  '/m/material/out': 'materialOut',
  '/m/material/re-in': 'materialReIn',
  '/m/production/stock': 'productStock',
  '/m/production/shipment': 'shipment',
  '/m/production/shipmentList': 'shipmentList',
};

export function mobileMenuPaths(registered: readonly { path: string }[]): string[] {
  const have = new Set(registered.map((r) => r.path));
  return Object.keys(MOBILE_LABELS).filter((p) => have.has(p));
}

export default function MobileLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const location = useLocation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const locale = useAppStore((s) => s.locale);
  const mode = useAppStore((s) => s.theme);
  const paths = mobileMenuPaths(mobileRoutes);
  useDayjsLocale();
  const current = MOBILE_LABELS[location.pathname];
  const title = current ? t(`mobile.routes.${current}`) : 'eQMS';

  useEffect(() => {
    document.title = `${title} - eQMS`;
  }, [title]);

  const setTheme = (m: ThemeMode) => {
    void saveTheme({ theme: m, themeColor: useAppStore.getState().themeColor });
  };

  const askLogout = async () => {
    const ok = await useAppStore.getState().askConfirm({ title: t('actions.logout'), text: t('confirm.logout') });
    if (ok) await logout();
  };

  return (
    <Layout style={{ minHeight: '100vh' }} data-testid="mobile-shell">
      <Layout.Header
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 20,
          height: 52,
          lineHeight: 'normal',
          padding: '0 8px',
          display: 'flex',
          alignItems: 'center',
          gap: 4,
          background: token.colorPrimary,
        }}
      >
        <Button
          type="text"
          icon={<MenuOutlined style={{ color: '#fff' }} />}
          onClick={() => setMenuOpen(true)}
          aria-label={t('mobile.menu')}
          data-testid="mobile-menu-button"
        />
        <Typography.Title level={1} style={{ flex: 1, margin: 0, color: '#fff', fontSize: 16 }} ellipsis>
          {title}
        </Typography.Title>
        <Button
          type="text"
          icon={<SettingOutlined style={{ color: '#fff' }} />}
          onClick={() => setSettingsOpen(true)}
          aria-label={t('mobile.settings')}
          data-testid="mobile-settings-button"
        />
      </Layout.Header>
      <Layout.Content style={{ padding: 12 }}>
        <Outlet />
      </Layout.Content>
      <Drawer
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        placement="left"
        size={280}
        title="eQMS"
        styles={{ body: { padding: 0 } }}
        data-testid="mobile-menu"
      >
        <Menu
          mode="inline"
          selectedKeys={[location.pathname]}
          items={paths.map((p) => ({ key: p, label: t(`mobile.routes.${MOBILE_LABELS[p]}`) }))}
          onClick={({ key }) => {
            setMenuOpen(false);
            navigate(key);
          }}
          style={{ borderInlineEnd: 'none' }}
        />
        <div style={{ padding: 16 }}>
          <Button block icon={<LogoutOutlined />} onClick={() => void askLogout()} data-testid="mobile-logout">
            {t('actions.logout')}
          </Button>
        </div>
      </Drawer>
      <Modal
        open={settingsOpen}
        onCancel={() => setSettingsOpen(false)}
        footer={null}
        title={t('mobile.settings')}
        width={360}
        data-testid="mobile-settings"
      >
        <Flex vertical gap={16} style={{ paddingBlock: 8 }}>
          <div>
            <Typography.Text type="secondary">{t('shell.language')}</Typography.Text>
            <Segmented<Locale>
              block
              value={locale}
              onChange={(l) => void saveLocale(l)}
              options={[
                { label: '한국어', value: 'kr' },
                { label: 'English', value: 'en' },
              ]}
              style={{ marginTop: 6 }}
            />
          </div>
          <div>
            <Typography.Text type="secondary">{t('shell.theme')}</Typography.Text>
            <Segmented<ThemeMode>
              block
              value={mode}
              onChange={setTheme}
              options={[
                { value: 'light', icon: <SunOutlined />, label: t('theme.light') },
                { value: 'dark', icon: <MoonOutlined />, label: t('theme.dark') },
              ]}
              style={{ marginTop: 6 }}
            />
          </div>
        </Flex>
      </Modal>
    </Layout>
  );
}
