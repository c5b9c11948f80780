import { BellOutlined, CheckCircleOutlined, NotificationFilled } from '@ant-design/icons';
import { Badge, Button, Empty, Flex, Popover, Spin, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_LIST_MAX_HEIGHT, type Notice } from '@eqms/contract';
import { useAppStore } from '../../../app/store.ts';
import { relativeTimeLabel, useMarkAllRead, useNoticePosts } from '../notice.queries.ts';
import { NOTICE_NS } from '../notice.locales.ts';
import { NoticeViewDialog } from './NoticeViewDialog.tsx';
import '../notice.css';

/** SPEC §3 notification entry: what one line of the bell's list shows. */
export type NotificationEntry = {
  id: number;
  isRead: boolean;
  title: string;
  color: string;
  icon: 'unread' | 'read';
  timeLabel: string;
};

export function toNotificationEntries(
  posts: Notice[],
  locale: 'kr' | 'en',
  colors: { unread: string; read: string },
  now = Date.now(),
) {
  // The server already orders unread first; sorting again keeps that true between a mark-read and the refetch.
  return [...posts]
    .sort((a, b) => Number(a.isRead) - Number(b.isRead))
    .map<NotificationEntry>((n) => ({
      id: n.id,
      isRead: n.isRead,
      title: n.title,
      color: n.isRead ? colors.read : colors.unread,
      icon: n.isRead ? 'read' : 'unread',
      timeLabel: relativeTimeLabel(n.createdAt, locale, now),
    }));
}

/** The top bar's bell (SPEC §2): unread count, the list of current notices polled every 60 s, mark all read. */
export function NoticeBell() {
  const { t } = useTranslation(NOTICE_NS);
  const { token } = theme.useToken();
  const locale = useAppStore((s) => s.locale);
  const signedIn = useAppStore((s) => s.user != null);
  const posts = useNoticePosts(signedIn);
  const markAllRead = useMarkAllRead();
  const [open, setOpen] = useState(false);
  const [viewId, setViewId] = useState<number | null>(null);

  const entries = toNotificationEntries(posts.data ?? [], locale, {
    unread: token.colorPrimary,
    read: token.colorTextQuaternary,
  });
  const unread = entries.filter((e) => !e.isRead).length;

  const list = (
    <div style={{ width: 340, maxWidth: 'calc(100vw - 48px)' }} data-testid="notice-bell-list">
      <Flex
        align="center"
        justify="space-between"
        style={{ padding: '4px 4px 8px', borderBottom: `1px solid ${token.colorSplit}` }}
      >
        <Typography.Text strong>{t('bell.title')}</Typography.Text>
        <Button
          size="small"
          type="link"
          disabled={unread === 0}
          loading={markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
          data-testid="notice-mark-all-read"
        >
          {t('bell.markAllRead')}
        </Button>
      </Flex>
      <div style={{ maxHeight: NOTIFICATION_LIST_MAX_HEIGHT, overflowY: 'auto', marginTop: 4 }}>
        {posts.isLoading ? (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin />
          </Flex>
        ) : entries.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bell.empty')} />
        ) : (
          entries.map((e) => (
            <button
              type="button"
              key={e.id}
              data-testid="notice-bell-item"
              data-read={e.isRead}
              onClick={() => {
                setOpen(false);
                setViewId(e.id);
              }}
              style={{
                display: 'flex',
                width: '100%',
                gap: 10,
                alignItems: 'flex-start',
                padding: '8px 6px',
                border: 0,
                borderRadius: token.borderRadiusSM,
                cursor: 'pointer',
                textAlign: 'left',
                color: token.colorText,
              }}
              className="notice-bell-item"
            >
              <span style={{ color: e.color, fontSize: 18, lineHeight: '22px' }}>
                {e.icon === 'unread' ? <NotificationFilled /> : <CheckCircleOutlined />}
              </span>
              <span style={{ flex: 1, minWidth: 0 }}>
                <Typography.Text
                  strong={!e.isRead}
                  type={e.isRead ? 'secondary' : undefined}
                  ellipsis
                  style={{ display: 'block' }}
                >
                  {e.title}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {e.timeLabel}
                </Typography.Text>
              </span>
              <Badge
                status={e.isRead ? 'default' : 'processing'}
                title={e.isRead ? t('bell.read') : t('bell.unread')}
                style={{ marginTop: 6 }}
              />
            </button>
          ))
        )}
      </div>
    </div>
  );

  return (
    <>
      <Popover
        content={list}
        trigger="click"
        open={open}
        onOpenChange={setOpen}
        placement="bottomRight"
        arrow={false}
        styles={{ container: { padding: 8 } }}
      >
        <Button
          type="text"
          shape="circle"
          aria-label={`${t('bell.title')} (${unread})`}
          data-testid="notice-bell"
          icon={
            // The aria-label says it all; the drawn count and the bell's own label would make the name and the
            // visible text differ (axe label-content-name-mismatch).
            <span aria-hidden="true">
              <Badge count={unread} size="small" overflowCount={99}>
                <BellOutlined style={{ fontSize: 18 }} />
              </Badge>
            </span>
          }
        >
          <span className="notice-sr-only" data-testid="notice-bell-count">
            {unread}
          </span>
        </Button>
      </Popover>
      <NoticeViewDialog noticeId={viewId} open={viewId != null} onClose={() => setViewId(null)} />
    </>
  );
}
