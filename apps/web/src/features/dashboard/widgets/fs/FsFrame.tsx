import { Button, Empty, Flex, Result, Spin, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WIDGET_NS } from '../widget.locales.ts';

// The frame of the widgets' embedded pages (a TV on the floor at 1920 × 1080): a large title, the time of the last
// answer, the content filling the rest; or a message naming what is wrong with the URL and a way to the defaults.

/** Today as the browser's day (the factory's: the floor's TV runs in its time zone), following the clock. */
export function useToday(everyMs = 60_000) {
  const [today, setToday] = useState(() => dayjs().format('YYYY-MM-DD'));
  useEffect(() => {
    const timer = setInterval(() => setToday(dayjs().format('YYYY-MM-DD')), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return today;
}

/** The window's height, for charts that fill what is left of the screen. */
export function useWindowHeight() {
  const [h, setH] = useState(() => window.innerHeight);
  useEffect(() => {
    const onResize = () => setH(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return h;
}

export function FsProblem({ message, resetTo, testId }: { message: string; resetTo: string; testId: string }) {
  const { t } = useTranslation(WIDGET_NS);
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 24 }}>
      <Result
        status="warning"
        title={
          <span data-testid={`${testId}-error`} style={{ fontSize: 32 }}>
            {message}
          </span>
        }
        extra={
          <Link to={resetTo}>
            <Button type="primary" size="large">
              {t('fs.showToday')}
            </Button>
          </Link>
        }
      />
    </Flex>
  );
}

export function FsFrame({
  title,
  updatedAt,
  testId,
  loading = false,
  children,
}: {
  title: string;
  updatedAt: number;
  testId: string;
  /** Before the first answer: a large spinner instead of the content. */
  loading?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation(WIDGET_NS);
  const { token } = theme.useToken();
  useEffect(() => {
    document.title = `${title} - eQMS`;
  }, [title]);
  return (
    <div
      data-testid={testId}
      style={{
        height: '100vh',
        display: 'flex',
        flexDirection: 'column',
        gap: 24,
        padding: '24px 32px',
        overflow: 'hidden',
      }}
    >
      <Flex justify="space-between" align="center" wrap gap={16}>
        <Typography.Title
          level={1}
          data-testid={`${testId}-title`}
          style={{ margin: 0, fontSize: 44, lineHeight: 1.2, color: token.colorText }}
        >
          {title}
        </Typography.Title>
        {updatedAt > 0 && (
          <Typography.Text type="secondary" style={{ fontSize: 22 }} data-testid={`${testId}-updated`}>
            {t('fs.updated', { time: dayjs(updatedAt).format('HH:mm') })}
          </Typography.Text>
        )}
      </Flex>
      {loading ? (
        <Flex justify="center" style={{ padding: 64 }}>
          <Spin size="large" />
        </Flex>
      ) : (
        children
      )}
    </div>
  );
}

/** A TV page's "nothing made in this period", in type readable across the room. */
export function FsEmpty({ text, testId }: { text: string; testId: string }) {
  return (
    <Empty data-testid={testId} description={<span style={{ fontSize: 28 }}>{text}</span>} style={{ marginTop: 64 }} />
  );
}

/** A big figure of a TV page: its label above, the number in large type. */
export function FsFigure({
  label,
  value,
  color,
  testId,
}: {
  label: string;
  value: string;
  color?: string;
  testId: string;
}) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        flex: '1 1 0',
        padding: '16px 24px',
        borderRadius: 12,
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <div style={{ fontSize: 26, color: token.colorTextSecondary }}>{label}</div>
      <div
        data-testid={testId}
        style={{ fontSize: 64, fontWeight: 700, lineHeight: 1.2, color: color ?? token.colorText }}
      >
        {value}
      </div>
    </div>
  );
}
