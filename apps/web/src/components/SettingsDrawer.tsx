import { CheckOutlined, HomeOutlined, MoonOutlined, SunOutlined, TeamOutlined } from '@ant-design/icons';
import {
  type DataOf,
  ONLINE_USERS_POLL_MS,
  settingsEndpoints,
  systemEndpoints,
  THEME_COLOR_HEX,
  THEME_COLORS,
  type ThemeMode,
} from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Flex, List, Segmented, Space, Tabs, Tooltip, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { call } from '../api/http.ts';
import { useCan } from '../app/permissions.ts';
import { saveTheme } from '../app/session.ts';
import { useAppStore } from '../app/store.ts';
import { UserAvatar } from './UserAvatar.tsx';

// The right drawer (SPEC §1): theme settings saved per user, the start page, and who is online.
type OnlineUser = DataOf<typeof systemEndpoints.onlineUsers>[number];

export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState('theme');
  // Who is online and since when is personal data: the tab is there with the user screen's view right only.
  const canSeeOnline = useCan('user', 'view');
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="right"
      size={360}
      title={t('settingsDrawer.title')}
      styles={{ body: { paddingTop: 8 } }}
      data-testid="settings-drawer"
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'theme',
            label: <span data-testid="settings-tab-theme">{t('settingsDrawer.themeTab')}</span>,
            children: <ThemeSettings />,
          },
          ...(canSeeOnline
            ? [
                {
                  key: 'online',
                  label: <span data-testid="settings-tab-online">{t('settingsDrawer.onlineTab')}</span>,
                  children: <OnlineUsers active={open && tab === 'online'} />,
                },
              ]
            : []),
        ]}
      />
    </Drawer>
  );
}

function ThemeSettings() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const mode = useAppStore((s) => s.theme);
  const color = useAppStore((s) => s.themeColor);
  return (
    <Space orientation="vertical" size={24} style={{ width: '100%' }}>
      <section>
        <Typography.Title level={5}>{t('theme.mode')}</Typography.Title>
        <Segmented<ThemeMode>
          block
          value={mode}
          onChange={(m) => void saveTheme({ theme: m, themeColor: color })}
          options={[
            { value: 'light', icon: <SunOutlined />, label: <span data-testid="theme-light">{t('theme.light')}</span> },
            { value: 'dark', icon: <MoonOutlined />, label: <span data-testid="theme-dark">{t('theme.dark')}</span> },
          ]}
        />
      </section>
      <section>
        <Typography.Title level={5}>{t('theme.color')}</Typography.Title>
        <Flex wrap gap={12}>
          {THEME_COLORS.map((c) => (
            <Tooltip key={c} title={t(`theme.colors.${c}`)}>
              <button
                type="button"
                onClick={() => void saveTheme({ theme: mode, themeColor: c })}
                aria-label={t(`theme.colors.${c}`)}
                aria-pressed={c === color}
                data-testid={`theme-color-${c}`}
                style={{
                  width: 36,
                  height: 36,
                  borderRadius: '50%',
                  border: c === color ? `2px solid ${token.colorText}` : `2px solid transparent`,
                  outline: `2px solid ${token.colorBgElevated}`,
                  outlineOffset: -4,
                  background: THEME_COLOR_HEX[c],
                  color: '#fff',
                  cursor: 'pointer',
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  padding: 0,
                }}
              >
                {c === color && <CheckOutlined />}
              </button>
            </Tooltip>
          ))}
        </Flex>
      </section>
      <HomePathSetting />
    </Space>
  );
}

/** The start page (PUT /api/settings/user/homepath): the current page, or back to the default. */
function HomePathSetting() {
  const { t } = useTranslation();
  const location = useLocation();
  const homePath = useAppStore((s) => s.homePath);
  const save = async (value: string | null) => {
    await call(settingsEndpoints.setHomePath, { body: { homePath: value } });
    useAppStore.getState().setHomePath(value);
    useAppStore.getState().notify(t('messages.saved'), 'success');
  };
  const current = location.pathname + location.search;
  return (
    <section>
      <Typography.Title level={5}>
        <HomeOutlined /> {t('settingsDrawer.homePath')}
      </Typography.Title>
      <Typography.Paragraph type={homePath ? undefined : 'secondary'} code={!!homePath} data-testid="home-path">
        {homePath ?? t('settingsDrawer.homePathDefault')}
      </Typography.Paragraph>
      <Space wrap>
        <Button
          onClick={() => void save(current)}
          disabled={current === '/' || current === homePath}
          data-testid="set-home"
        >
          {t('settingsDrawer.setHome')}
        </Button>
        <Button onClick={() => void save(null)} disabled={!homePath} data-testid="clear-home">
          {t('settingsDrawer.clearHome')}
        </Button>
      </Space>
    </section>
  );
}

function OnlineUsers({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const { data, isPending } = useQuery({
    queryKey: ['system', 'online-users'],
    queryFn: ({ signal }) => call(systemEndpoints.onlineUsers, { signal }),
    enabled: active,
    refetchInterval: active ? ONLINE_USERS_POLL_MS : false,
  });
  return (
    <>
      <Typography.Text type="secondary" data-testid="online-count">
        <TeamOutlined /> {t('settingsDrawer.onlineCount', { count: data?.length ?? 0 })}
      </Typography.Text>
      <List<OnlineUser>
        loading={active && isPending}
        dataSource={data ?? []}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('settingsDrawer.noOnline')} />,
        }}
        data-testid="online-users"
        renderItem={(u) => (
          <List.Item key={u.id}>
            <List.Item.Meta
              avatar={<UserAvatar id={u.id} name={u.username} hasImage={u.hasImage} size={36} />}
              title={u.username}
              description={
                <>
                  {u.userId} · {t('settingsDrawer.lastAccess', { time: dayjs(u.lastAccessAt).format('HH:mm') })}
                </>
              }
            />
          </List.Item>
        )}
      />
    </>
  );
}
