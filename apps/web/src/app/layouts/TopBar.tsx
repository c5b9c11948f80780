import {
  BgColorsOutlined,
  DesktopOutlined,
  DownOutlined,
  FileProtectOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { Locale } from '@eqms/contract';
import { Breadcrumb, Button, Dropdown, Flex, Segmented, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { NoticeBell } from '../../features/notice/components/NoticeBell.tsx';
import { ShellAlerts } from '../shell-alerts/ShellAlerts.tsx';
import { breadcrumbItems } from '../navigation.ts';
import { useCan } from '../permissions.ts';
import { logout, saveLocale } from '../session.ts';
import { useAppStore } from '../store.ts';
import { SessionCountdown } from './SessionCountdown.tsx';

// The desktop top bar (SPEC §2): menu toggle, breadcrumbs, session countdown, kiosk button, notification bell,
// language, theme settings and the avatar menu (Profile, OSS Notice, Logout with confirmation).
export type TopBarProps = {
  name: string | null;
  collapsed: boolean;
  onToggle: () => void;
  onOpenSettings: () => void;
  onOpenProfile: () => void;
};

/**
 * SPEC §2: the kiosk opens in a window of its own, as large as the screen; pressing again brings that window back
 * (same name). Only the path is named here: the kiosk's code loads in that window, never with the shell.
 */
export function openKiosk() {
  const { availWidth, availHeight } = window.screen;
  const win = window.open('/kiosk', 'eqms-kiosk', `popup,left=0,top=0,width=${availWidth},height=${availHeight}`);
  win?.focus();
}

export function TopBar({ name, collapsed, onToggle, onOpenSettings, onOpenProfile }: TopBarProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const locale = useAppStore((s) => s.locale);
  const user = useAppStore((s) => s.user);
  const crumbs = breadcrumbItems(name, locale);
  // The kiosk reads and writes production results: offered to those who may see them.
  const kiosk = useCan('productionProfit', 'view');

  const askLogout = async () => {
    const ok = await useAppStore.getState().askConfirm({ title: t('actions.logout'), text: t('confirm.logout') });
    if (ok) await logout();
  };

  return (
    <Flex align="center" gap={12} style={{ width: '100%', minWidth: 0 }}>
      <Tooltip title={collapsed ? t('shell.expandMenu') : t('shell.collapseMenu')}>
        <Button
          type="text"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
          aria-label={collapsed ? t('shell.expandMenu') : t('shell.collapseMenu')}
          data-testid="menu-toggle"
        />
      </Tooltip>
      <Breadcrumb
        style={{ flex: 1, minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden' }}
        items={[{ title: t('shell.home') }, ...crumbs.map((c) => ({ title: c.label }))]}
        data-testid="breadcrumbs"
      />
      <SessionCountdown />
      {kiosk && (
        <Tooltip title={t('shell.kiosk')}>
          <Button
            type="text"
            icon={<DesktopOutlined />}
            onClick={openKiosk}
            aria-label={t('shell.kiosk')}
            data-testid="kiosk-open"
          />
        </Tooltip>
      )}
      <ShellAlerts />
      <NoticeBell />
      <Segmented<Locale>
        size="small"
        value={locale}
        onChange={(l) => void saveLocale(l)}
        options={[
          { label: <span data-testid="lang-kr">KR</span>, value: 'kr' },
          { label: <span data-testid="lang-en">EN</span>, value: 'en' },
        ]}
        aria-label={t('shell.language')}
      />
      <Tooltip title={t('shell.settings')}>
        <Button
          type="text"
          icon={<BgColorsOutlined />}
          onClick={onOpenSettings}
          aria-label={t('shell.settings')}
          data-testid="theme-button"
        />
      </Tooltip>
      {user && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              {
                key: 'profile',
                icon: <UserOutlined />,
                label: <span data-testid="user-menu-profile">{t('shell.profile')}</span>,
              },
              {
                key: 'oss',
                icon: <FileProtectOutlined />,
                label: <span data-testid="user-menu-oss">{t('shell.ossNotice')}</span>,
              },
              { type: 'divider' },
              {
                key: 'logout',
                icon: <LogoutOutlined />,
                danger: true,
                label: <span data-testid="user-menu-logout">{t('actions.logout')}</span>,
              },
            ],
            onClick: ({ key }) => {
              if (key === 'profile') onOpenProfile();
              else if (key === 'oss') navigate('/OSS');
              else if (key === 'logout') void askLogout();
            },
          }}
        >
          <Button type="text" style={{ height: 40, paddingInline: 6 }} data-testid="user-menu">
            <Flex align="center" gap={8}>
              <UserAvatar id={user.id} name={user.username} hasImage={user.hasImage} size={28} />
              <Typography.Text style={{ maxWidth: 120, color: token.colorText }} ellipsis>
                {user.username}
              </Typography.Text>
              <DownOutlined style={{ fontSize: 10, color: token.colorTextTertiary }} />
            </Flex>
          </Button>
        </Dropdown>
      )}
    </Flex>
  );
}
