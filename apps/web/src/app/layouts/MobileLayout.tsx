import {
  ApiOutlined,
  LogoutOutlined,
  MenuOutlined,
  MoonOutlined,
  ScanOutlined,
  SettingOutlined,
  SunOutlined,
} from '@ant-design/icons';
import type { Locale, ThemeMode } from '@eqms/contract';
import {
  Button,
  ConfigProvider,
  Drawer,
  Flex,
  Layout,
  Menu,
  Modal,
  Segmented,
  type ThemeConfig,
  Typography,
  theme,
} from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { MobileScanContext, type ScanTarget } from '../../components/scanner/scan-context.ts';
import { SCANNER_NS } from '../../components/scanner/scanner.locales.ts';
import { useWedgeScanner } from '../../components/scanner/wedge.ts';
import { mobileRoutes } from '../../features/registry.ts';
import { useRuntime } from '../shell-data.ts';
import { mayOpen, openableScreens } from './mobile-screens.ts';
import type { IncomingScan } from './ScanSheet.tsx';
import { logout, saveLocale, saveTheme } from '../session.ts';
import { useDayjsLocale } from '../dayjs-locale.ts';
import { useAppStore } from '../store.ts';

// The mobile shell (/m/*, SPEC §2): a top bar with the menu drawer, the barcode-scan button and a settings dialog
// (language, theme). The drawer, the title, the guard and the scan sheet's actions all come from the one mobile route
// list (features/registry.ts) and the user's rights. A keyboard-wedge scan made away from a text box goes to the page
// that asks for scans, else opens the scan sheet with it.

const ScanSheet = lazy(() => import('./ScanSheet.tsx'));
// A phone has no profile dialog (the desktop shell's), so its settings lead to the user's API tokens (issue 17).
const ApiTokensDialog = lazy(() => import('../../features/api-token/ApiTokensDialog.tsx'));

/** Big enough for a thumb (≥ 44 px): the mobile pages' large controls and the drawer's items. */
const TOUCH_THEME: ThemeConfig = {
  token: { controlHeightLG: 48 },
  components: { Menu: { itemHeight: 48 } },
};

export default function MobileLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const location = useLocation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [scanOpen, setScanOpen] = useState(false);
  const [tokensOpen, setTokensOpen] = useState(false);
  const [tokensLoaded, setTokensLoaded] = useState(false);
  const [incoming, setIncoming] = useState<IncomingScan | null>(null);
  const locale = useAppStore((s) => s.locale);
  const mode = useAppStore((s) => s.theme);
  const perms = useAppStore((s) => s.user?.permissions);
  const screens = useMemo(() => openableScreens(mobileRoutes, perms), [perms]);
  const { runtime } = useRuntime();
  useDayjsLocale();
  const route = mobileRoutes.find((r) => r.path === location.pathname);
  const allowed = !route || mayOpen(route, perms);
  const title = route ? t(`mobile.routes.${route.label}`) : 'eQMS';

  useEffect(() => {
    document.title = `${title} - eQMS`;
  }, [title]);

  // Wedge scans: the open sheet takes them, else the page that claimed them (latest first), else they open the sheet.
  const claims = useRef<((code: string) => void)[]>([]);
  const scanTarget = useMemo<ScanTarget>(
    () => ({
      claim: (onScan) => {
        claims.current.push(onScan);
        return () => {
          claims.current = claims.current.filter((c) => c !== onScan);
        };
      },
    }),
    [],
  );
  const openSheetWith = useCallback((code: string | null) => {
    setIncoming((prev) => (code ? { code, n: (prev?.n ?? 0) + 1 } : null));
    setScanOpen(true);
  }, []);
  useWedgeScanner((code) => {
    const page = claims.current[claims.current.length - 1];
    if (!scanOpen && page) page(code);
    else openSheetWith(code);
  });

  const setTheme = (m: ThemeMode) => {
    void saveTheme({ theme: m, themeColor: useAppStore.getState().themeColor });
  };

  const askLogout = async () => {
    const ok = await useAppStore.getState().askConfirm({ title: t('actions.logout'), text: t('confirm.logout') });
    if (ok) await logout();
  };

  const barButton = { minWidth: 44, height: 44 };
  return (
    <ConfigProvider theme={TOUCH_THEME}>
      <MobileScanContext.Provider value={scanTarget}>
        <Layout style={{ minHeight: '100vh' }} data-testid="mobile-shell">
          <Layout.Header
            style={{
              position: 'sticky',
              top: 0,
              zIndex: 20,
              height: 52,
              lineHeight: 'normal',
              padding: '0 4px',
              display: 'flex',
              alignItems: 'center',
              gap: 2,
              background: token.colorPrimary,
            }}
          >
            <Button
              type="text"
              icon={<MenuOutlined style={{ color: '#fff', fontSize: 18 }} />}
              onClick={() => setMenuOpen(true)}
              aria-label={t('mobile.menu')}
              data-testid="mobile-menu-button"
              style={barButton}
            />
            <Typography.Title level={1} style={{ flex: 1, margin: 0, color: '#fff', fontSize: 16 }} ellipsis>
              {title}
            </Typography.Title>
            <Button
              type="text"
              icon={<ScanOutlined style={{ color: '#fff', fontSize: 20 }} />}
              onClick={() => openSheetWith(null)}
              aria-label={t(`${SCANNER_NS}:scan`)}
              data-testid="mobile-scan-button"
              style={barButton}
            />
            <Button
              type="text"
              icon={<SettingOutlined style={{ color: '#fff', fontSize: 18 }} />}
              onClick={() => setSettingsOpen(true)}
              aria-label={t('mobile.settings')}
              data-testid="mobile-settings-button"
              style={barButton}
            />
          </Layout.Header>
          <Layout.Content style={{ padding: 12 }}>
            {allowed ? (
              <Outlet />
            ) : (
              <Flex
                vertical
                align="center"
                gap={8}
                data-testid="mobile-forbidden"
                style={{ padding: 32, background: token.colorBgContainer, borderRadius: token.borderRadiusLG }}
              >
                <Typography.Title level={2} style={{ margin: 0 }}>
                  403
                </Typography.Title>
                <Typography.Text type="secondary">{t('errors.accessDenied')}</Typography.Text>
              </Flex>
            )}
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
              items={screens
                .filter((r) => !r.listedWhen || runtime[r.listedWhen])
                .map((r) => ({ key: r.path, label: t(`mobile.routes.${r.label}`) }))}
              onClick={({ key }) => {
                setMenuOpen(false);
                navigate(key);
              }}
              style={{ borderInlineEnd: 'none' }}
              data-testid="mobile-menu-items"
            />
            <div style={{ padding: 16 }}>
              <Button
                block
                size="large"
                icon={<LogoutOutlined />}
                onClick={() => void askLogout()}
                data-testid="mobile-logout"
              >
                {t('actions.logout')}
              </Button>
            </div>
          </Drawer>
          {scanOpen && (
            <Suspense fallback={null}>
              <ScanSheet open={scanOpen} onClose={() => setScanOpen(false)} incoming={incoming} screens={screens} />
            </Suspense>
          )}
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
                  size="large"
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
                  size="large"
                  value={mode}
                  onChange={setTheme}
                  options={[
                    { value: 'light', icon: <SunOutlined />, label: t('theme.light') },
                    { value: 'dark', icon: <MoonOutlined />, label: t('theme.dark') },
                  ]}
                  style={{ marginTop: 6 }}
                />
              </div>
              <Button
                block
                size="large"
                icon={<ApiOutlined />}
                onClick={() => {
                  setSettingsOpen(false);
                  setTokensLoaded(true);
                  setTokensOpen(true);
                }}
                data-testid="mobile-api-tokens"
              >
                {t('profile.apiTokens')}
              </Button>
            </Flex>
          </Modal>
          {tokensLoaded && (
            <Suspense fallback={null}>
              <ApiTokensDialog open={tokensOpen} onClose={() => setTokensOpen(false)} />
            </Suspense>
          )}
        </Layout>
      </MobileScanContext.Provider>
    </ConfigProvider>
  );
}
