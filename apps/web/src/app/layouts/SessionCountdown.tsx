import { ClockCircleOutlined, ExclamationCircleFilled, ReloadOutlined } from '@ant-design/icons';
import { SESSION_WARNING_S } from '@eqms/contract';
import { Button, Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { expireSession, tokenStore } from '../../api/http.ts';
import { extendSession } from '../session.ts';
import { useRuntime } from '../shell-data.ts';
import { useAppStore } from '../store.ts';

// SPEC §4: idle time since the last request or navigation counts down in the top bar; from 300 s a warning with
// a refresh button; at zero logout and the session-expired alert.

export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** Whole seconds left; a last access newer than the clock's last tick counts as now. */
export function remainingSeconds(lastAccess: number, idleMs: number, now: number): number {
  const elapsed = Math.max(0, now - lastAccess);
  return Math.max(0, Math.ceil((idleMs - elapsed) / 1000));
}

export function SessionCountdown() {
  const { t } = useTranslation();
  const lastAccess = useAppStore((s) => s.lastAccess);
  // The limit is the server's (runtime sessionIdleMs): nothing is shown until it is known.
  const { runtime, ready } = useRuntime();
  const idleMs = runtime.sessionIdleMs;
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const remaining = remainingSeconds(lastAccess, idleMs, now);
  useEffect(() => {
    if (ready && remaining === 0 && tokenStore.get()) expireSession();
  }, [ready, remaining]);

  const extend = async () => {
    setBusy(true);
    const ok = await extendSession();
    setBusy(false);
    setNow(Date.now());
    if (ok) useAppStore.getState().notify(t('session.extended'), 'success');
    else expireSession();
  };

  const warning = remaining <= SESSION_WARNING_S;
  if (!ready) return null;
  return (
    <span
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      data-testid={warning ? 'session-warning' : undefined}
    >
      <Tooltip title={warning ? t('session.warning') : t('session.remaining')}>
        <Tag
          color={warning ? 'warning' : undefined}
          icon={warning ? <ExclamationCircleFilled /> : <ClockCircleOutlined />}
          style={{ fontVariantNumeric: 'tabular-nums', marginInlineEnd: 0, fontSize: 13, padding: '2px 8px' }}
          data-testid="session-countdown"
        >
          {formatCountdown(remaining)}
        </Tag>
      </Tooltip>
      {warning && (
        <Tooltip title={t('session.warning')}>
          <Button
            size="small"
            type="primary"
            ghost
            icon={<ReloadOutlined />}
            loading={busy}
            onClick={extend}
            data-testid="session-extend"
          >
            {t('session.extend')}
          </Button>
        </Tooltip>
      )}
    </span>
  );
}
