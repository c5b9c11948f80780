import { NotificationOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Spin, Typography } from 'antd';
import { Suspense } from 'react';
import { lazyPage } from '../../../app/lazy-page.ts';
import { useTranslation } from 'react-i18next';
import { NOTICE_DIALOG_MAX_WIDTH } from '@eqms/contract';
import { useNoticeView } from '../notice.queries.ts';
import { NOTICE_NS } from '../notice.locales.ts';

// The body (and the HTML sanitizer under it) loads when a notice is first opened, not with the shell's bell.
const NoticeContent = lazyPage(() => import('./NoticeContent.tsx').then((m) => ({ default: m.NoticeContent })));

/** SPEC §2 notice view dialog (max width 750). Opening it marks the notice read; Esc or Close closes it. */
export function NoticeViewDialog({
  noticeId,
  open,
  onClose,
}: {
  noticeId: number | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(NOTICE_NS);
  const { data: notice } = useNoticeView(noticeId, open, onClose);
  const shown = notice && notice.id === noticeId ? notice : null;
  const loading = (
    <Flex align="center" justify="center" style={{ height: 200 }}>
      <Spin description={t('loadingNotice')}>
        <div style={{ width: 120, height: 60 }} />
      </Spin>
    </Flex>
  );

  return (
    <Modal
      open={open && noticeId != null}
      onCancel={onClose}
      width={NOTICE_DIALOG_MAX_WIDTH}
      destroyOnHidden
      centered
      title={
        <Flex align="center" gap={8} style={{ paddingRight: 24 }}>
          <NotificationOutlined />
          <Typography.Text
            strong
            ellipsis={{ tooltip: shown?.title }}
            style={{ fontSize: 16 }}
            data-testid="notice-view-title"
          >
            {shown?.title ?? t('view')}
          </Typography.Text>
        </Flex>
      }
      footer={
        <Button onClick={onClose} data-testid="notice-view-close">
          {t('common:actions.close')}
        </Button>
      }
    >
      <div data-testid="notice-view-dialog">
        <Suspense fallback={loading}>{shown ? <NoticeContent notice={shown} /> : loading}</Suspense>
      </div>
    </Modal>
  );
}
