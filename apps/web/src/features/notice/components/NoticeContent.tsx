import { CalendarOutlined, DownloadOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, theme } from 'antd';
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTICE_BODY_HEIGHT, type Notice, noticeEndpoints } from '@eqms/contract';
import { download } from '../../../api/http.ts';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { locationLabel } from '../notice.queries.ts';
import { NOTICE_NS } from '../notice.locales.ts';
import { AttachmentLine } from './AttachmentLine.tsx';
import '../notice.css';

let purifier: Purifier | null = null;
/**
 * Notice HTML is sanitized on the server when saved and again here before rendering, so a row written by
 * anything else can never run script in a reader's session. A private DOMPurify instance keeps the link hook
 * (new tab, no opener) away from other users of the library.
 */
export function sanitizeNoticeHtml(html: string): string {
  if (!purifier) {
    purifier = DOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
  }
  return purifier.sanitize(html, { USE_PROFILES: { html: true } });
}

/**
 * The body of a notice as SPEC §2 shows it: author, target location ('all' when for everyone), period,
 * attachment with download, and the sanitized HTML. `bodyHeight` is the dialog's fixed 430 px; the phone view
 * lets the body grow with the page instead.
 */
export function NoticeContent({
  notice,
  bodyHeight = NOTICE_BODY_HEIGHT,
}: {
  notice: Notice;
  bodyHeight?: number | 'auto';
}) {
  const { t } = useTranslation(NOTICE_NS);
  const { token } = theme.useToken();
  const [downloading, setDownloading] = useState(false);
  const html = useMemo(() => sanitizeNoticeHtml(notice.contents), [notice.contents]);

  const downloadAttachment = async () => {
    setDownloading(true);
    try {
      await download(noticeEndpoints.attachment, notice.attachFileName ?? 'attachment', { params: { id: notice.id } });
    } catch {
      // download has already shown the error snackbar.
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Flex vertical gap={12} data-testid="notice-view">
      <Flex wrap align="center" gap={16} style={{ rowGap: 6 }}>
        <Flex align="center" gap={8}>
          <UserAvatar id={notice.authorId} name={notice.author} hasImage={notice.authorHasImage} size={28} />
          <Typography.Text strong data-testid="notice-view-author">
            {notice.author}
          </Typography.Text>
        </Flex>
        <Typography.Text type="secondary">
          <EnvironmentOutlined />{' '}
          <span data-testid="notice-view-location">{locationLabel(notice.location, t('glossary:all'))}</span>
        </Typography.Text>
        <Typography.Text type="secondary">
          <CalendarOutlined />{' '}
          <span data-testid="notice-view-period">
            {notice.startDt} ~ {notice.endDt}
          </span>
        </Typography.Text>
      </Flex>
      {notice.attachFileName && (
        <AttachmentLine
          name={notice.attachFileName}
          mimeType={notice.attachFileMimeType}
          size={notice.attachFileSize}
          testId="notice-view-attachment"
          action={
            <Button
              icon={<DownloadOutlined />}
              loading={downloading}
              onClick={downloadAttachment}
              data-testid="notice-view-download"
            >
              {t('common:actions.download')}
            </Button>
          }
        />
      )}
      <div
        className="notice-html"
        data-testid="notice-view-body"
        style={{
          height: bodyHeight,
          overflowY: bodyHeight === 'auto' ? 'visible' : 'auto',
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadius,
          padding: '12px 16px',
          background: token.colorFillQuaternary,
        }}
        // Sanitized just above with DOMPurify.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitized by sanitizeNoticeHtml
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </Flex>
  );
}
