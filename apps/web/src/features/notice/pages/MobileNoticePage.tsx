import {
  CheckCircleOutlined,
  EnvironmentOutlined,
  LeftOutlined,
  NotificationFilled,
  PaperClipOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { Badge, Button, Drawer, Empty, Flex, Spin, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notice } from '@eqms/contract';
import { useAppStore } from '../../../app/store.ts';
import { NoticeContent } from '../components/NoticeContent.tsx';
import { locationLabel, relativeTimeLabel, useMarkAllRead, useNoticePosts, useNoticeView } from '../notice.queries.ts';
import { NOTICE_NS } from '../notice.locales.ts';
import '../notice.css';

/** The phone's full-screen notice: the same content as the desktop dialog, with the body growing with the page. */
function MobileNoticeView({ noticeId, onClose }: { noticeId: number | null; onClose: () => void }) {
  const { t } = useTranslation(NOTICE_NS);
  const open = noticeId != null;
  const { data } = useNoticeView(noticeId, open, onClose);
  const notice = data && data.id === noticeId ? data : null;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="right"
      size="100%"
      destroyOnHidden
      closeIcon={<LeftOutlined aria-label={t('common:actions.back')} data-testid="m-notice-back" />}
      title={
        <Typography.Text strong ellipsis style={{ fontSize: 16 }} data-testid="notice-view-title">
          {notice?.title ?? t('view')}
        </Typography.Text>
      }
      styles={{ body: { padding: 16 } }}
    >
      <div data-testid="m-notice-view">
        {notice ? (
          <NoticeContent notice={notice} bodyHeight="auto" />
        ) : (
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin />
          </Flex>
        )}
      </div>
    </Drawer>
  );
}

function NoticeRow({ notice, onOpen }: { notice: Notice; onOpen: () => void }) {
  const { t } = useTranslation(NOTICE_NS);
  const { token } = theme.useToken();
  const locale = useAppStore((s) => s.locale);
  return (
    <button
      type="button"
      className="notice-mobile-item"
      data-testid="m-notice-item"
      data-read={notice.isRead}
      onClick={onOpen}
      style={{
        display: 'flex',
        gap: 12,
        width: '100%',
        alignItems: 'flex-start',
        padding: '14px 16px',
        border: 0,
        borderBottom: `1px solid ${token.colorSplit}`,
        background: notice.isRead ? 'transparent' : token.colorPrimaryBg,
        color: token.colorText,
        textAlign: 'left',
        cursor: 'pointer',
        minHeight: 64,
      }}
    >
      <span
        style={{
          fontSize: 20,
          lineHeight: '24px',
          color: notice.isRead ? token.colorTextQuaternary : token.colorPrimary,
        }}
      >
        {notice.isRead ? <CheckCircleOutlined /> : <NotificationFilled />}
      </span>
      <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Flex align="center" gap={6}>
          <Typography.Text strong={!notice.isRead} ellipsis style={{ flex: 1, fontSize: 15 }}>
            {notice.title}
          </Typography.Text>
          {notice.attachFileName && <PaperClipOutlined style={{ color: token.colorTextSecondary }} />}
        </Flex>
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
          <EnvironmentOutlined /> {locationLabel(notice.location, t('glossary:all'))} · {notice.author}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {notice.startDt} ~ {notice.endDt} · {relativeTimeLabel(notice.createdAt, locale)}
        </Typography.Text>
      </Flex>
      {!notice.isRead && <Badge status="processing" title={t('bell.unread')} style={{ marginTop: 6 }} />}
    </button>
  );
}

/** /m/notice: the signed-in user's current notices for a phone, unread first; tap opens the notice full screen. */
export default function MobileNoticePage() {
  const { t } = useTranslation(NOTICE_NS);
  const { token } = theme.useToken();
  const posts = useNoticePosts();
  const markAllRead = useMarkAllRead();
  const [viewId, setViewId] = useState<number | null>(null);
  // The server orders unread first; keep that while a mark-read is on its way back.
  const items = [...(posts.data ?? [])].sort((a, b) => Number(a.isRead) - Number(b.isRead));
  const unread = items.filter((n) => !n.isRead).length;

  return (
    <div
      data-testid="m-notice-page"
      style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, overflow: 'hidden' }}
    >
      {/* The mobile top bar already says "Notices": this row only carries the state and the actions. */}
      <Flex
        align="center"
        justify="space-between"
        gap={8}
        style={{ padding: '8px 8px 8px 16px', borderBottom: `1px solid ${token.colorSplit}` }}
      >
        <Typography.Text type={unread ? undefined : 'secondary'} strong={unread > 0} data-testid="m-notice-unread">
          {t('mobile.unreadCount', { count: unread })}
        </Typography.Text>
        <Flex gap={4} align="center">
          <Button
            type="link"
            disabled={unread === 0}
            onClick={() => markAllRead.mutate()}
            data-testid="m-notice-mark-all-read"
          >
            {t('bell.markAllRead')}
          </Button>
          <Button
            type="text"
            icon={<ReloadOutlined spin={posts.isFetching} />}
            aria-label={t('common:actions.refresh')}
            onClick={() => void posts.refetch()}
          />
        </Flex>
      </Flex>
      {posts.isLoading ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : items.length === 0 ? (
        <Empty style={{ padding: 48 }} image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mobile.empty')} />
      ) : (
        <div>
          {items.map((n) => (
            <NoticeRow key={n.id} notice={n} onOpen={() => setViewId(n.id)} />
          ))}
        </div>
      )}
      <MobileNoticeView noticeId={viewId} onClose={() => setViewId(null)} />
    </div>
  );
}
