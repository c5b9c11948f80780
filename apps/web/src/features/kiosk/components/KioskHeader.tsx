import {
  CloseOutlined,
  EnvironmentOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  MoonOutlined,
  ReloadOutlined,
  SunOutlined,
} from '@ant-design/icons';
import type { Locale } from '@eqms/contract';
import { Button, Flex, Segmented, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { saveLocale, saveTheme } from '../../../app/session.ts';
import { useAppStore } from '../../../app/store.ts';
import { KIOSK_NS } from '../kiosk.locales.ts';
import { KioskDialog } from './KioskDialog.tsx';

// The kiosk's header: the factory and line (tap to change), the factory's work day and a live clock, and large
// buttons for refresh, language, theme, full screen and closing the window. Every button shows what it does by an
// icon that needs no hover to understand (refresh, sun and moon, full screen, close), and its name for screen readers.

/** The time now, ticking every second. */
function useNow() {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function useFullscreen() {
  const [on, setOn] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const sync = () => setOn(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return { on, toggle, available: typeof document !== 'undefined' && document.fullscreenEnabled === true };
}

export function KioskHeader({
  placeLabel,
  onChoosePlace,
  day,
  onRefresh,
  refreshing,
}: {
  placeLabel: ReactNode;
  onChoosePlace: () => void;
  /** The factory's today (GET /kiosk/works), while a line is shown. */
  day: string | null;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const { t } = useTranslation(KIOSK_NS);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const now = useNow();
  const locale = useAppStore((s) => s.locale);
  const mode = useAppStore((s) => s.theme);
  const fullscreen = useFullscreen();
  const [closing, setClosing] = useState(false);

  const close = () => {
    setClosing(false);
    window.close();
    // A window the app did not open (a tablet's bookmark) cannot close itself: go to the start page instead.
    setTimeout(() => {
      if (!window.closed) navigate('/');
    }, 300);
  };

  const square: CSSProperties = { height: 56, minWidth: 56, fontSize: 18 };
  return (
    <header
      className="kiosk-header"
      data-testid="kiosk-header"
      style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      <Button
        size="large"
        className="kiosk-place"
        icon={<EnvironmentOutlined />}
        onClick={onChoosePlace}
        data-testid="kiosk-place-button"
        title={t('header.choosePlace')}
        style={{ height: 56, fontSize: 22, fontWeight: 700, paddingInline: 14, minWidth: 0, textAlign: 'start' }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}>
          {placeLabel}
        </span>
      </Button>
      <Flex align="baseline" gap={14} style={{ whiteSpace: 'nowrap' }}>
        <span style={{ fontSize: 22, fontWeight: 600 }} data-testid="kiosk-day" title={t('header.day')}>
          {(day ? dayjs(day) : now).format('YYYY-MM-DD (ddd)')}
        </span>
        <time
          dateTime={now.format('HH:mm:ss')}
          title={t('header.clock')}
          data-testid="kiosk-clock"
          style={{ fontSize: 34, fontWeight: 700, fontVariantNumeric: 'tabular-nums', lineHeight: 1 }}
        >
          {now.format('HH:mm:ss')}
        </time>
      </Flex>
      <Flex gap={8} align="center" justify="flex-end">
        <Button
          size="large"
          icon={<ReloadOutlined spin={refreshing} />}
          onClick={onRefresh}
          aria-label={t('header.refresh')}
          title={t('header.refresh')}
          style={square}
          data-testid="kiosk-refresh"
        />
        <Segmented<Locale>
          size="large"
          value={locale}
          onChange={(l) => void saveLocale(l)}
          aria-label={t('header.language')}
          options={[
            { label: <span data-testid="kiosk-lang-kr">KR</span>, value: 'kr' },
            { label: <span data-testid="kiosk-lang-en">EN</span>, value: 'en' },
          ]}
          style={{ fontSize: 18 }}
        />
        <Button
          size="large"
          icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
          onClick={() =>
            void saveTheme({ theme: mode === 'dark' ? 'light' : 'dark', themeColor: useAppStore.getState().themeColor })
          }
          aria-label={mode === 'dark' ? t('header.toLight') : t('header.toDark')}
          title={mode === 'dark' ? t('header.toLight') : t('header.toDark')}
          style={square}
          data-testid="kiosk-theme"
        />
        {fullscreen.available && (
          <Button
            size="large"
            icon={fullscreen.on ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={fullscreen.toggle}
            aria-label={fullscreen.on ? t('header.exitFullscreen') : t('header.fullscreen')}
            title={fullscreen.on ? t('header.exitFullscreen') : t('header.fullscreen')}
            style={square}
            data-testid="kiosk-fullscreen"
          />
        )}
        <Button
          size="large"
          danger
          icon={<CloseOutlined />}
          onClick={() => setClosing(true)}
          aria-label={t('header.close')}
          title={t('header.close')}
          style={square}
          data-testid="kiosk-close"
        />
      </Flex>
      <KioskDialog
        open={closing}
        title={t('header.close')}
        width={560}
        onCancel={() => setClosing(false)}
        onOk={close}
        okText={t('actions.close')}
        okDanger
        testId="kiosk-close-confirm"
      >
        <Typography.Text style={{ fontSize: 20 }}>{t('header.closeConfirm')}</Typography.Text>
      </KioskDialog>
    </header>
  );
}
