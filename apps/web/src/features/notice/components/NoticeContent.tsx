import {
  CalendarOutlined,
  DownloadOutlined,
  EnvironmentOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
} from '@ant-design/icons';
import { Button, Flex, Typography, theme } from 'antd';
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTICE_BODY_HEIGHT, type Notice, noticeEndpoints } from '@eqms/contract';
import { download } from '../../../api/http.ts';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { formatFileSize, locationLabel } from '../notice.queries.ts';
import { NOTICE_NS } from '../notice.locales.ts';
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

/** An icon for the attachment by MIME type, falling back to the file name's extension. */
export function fileTypeIcon(mimeType: string | null | undefined, name: string | null | undefined): ReactNode {
  const mime = (mimeType ?? '').toLowerCase();
  const ext = (name ?? '').toLowerCase().split('.').pop() ?? '';
  if (mime === 'application/pdf' || ext === 'pdf') return <FilePdfOutlined style={{ color: '#E53935' }} />;
  if (mime.startsWith('image/')) return <FileImageOutlined style={{ color: '#8E24AA' }} />;
  if (mime.includes('spreadsheet') || mime.includes('excel') || ['xls', 'xlsx', 'csv'].includes(ext))
    return <FileExcelOutlined style={{ color: '#43A047' }} />;
  if (mime.includes('word') || ['doc', 'docx', 'hwp', 'hwpx'].includes(ext))
    return <FileWordOutlined style={{ color: '#1976D2' }} />;
  if (mime.includes('presentation') || mime.includes('powerpoint') || ['ppt', 'pptx'].includes(ext))
    return <FilePptOutlined style={{ color: '#FB8C00' }} />;
  if (mime.includes('zip') || mime.includes('compressed') || ['zip', '7z', 'gz', 'tar'].includes(ext))
    return <FileZipOutlined style={{ color: '#6D4C41' }} />;
  if (mime.startsWith('text/') || ['txt', 'log', 'md'].includes(ext)) return <FileTextOutlined />;
  return <FileOutlined />;
}

/** One attachment line: icon, name, size and an optional action (download or remove). */
export function AttachmentLine({
  name,
  mimeType,
  size,
  action,
  testId,
}: {
  name: string;
  mimeType: string | null;
  size: number | null;
  action?: ReactNode;
  testId?: string;
}) {
  const { token } = theme.useToken();
  return (
    <Flex
      align="center"
      gap={10}
      data-testid={testId}
      style={{
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
        padding: '6px 10px',
        minWidth: 0,
      }}
    >
      <span style={{ fontSize: 22, lineHeight: 1 }}>{fileTypeIcon(mimeType, name)}</span>
      <Flex vertical style={{ minWidth: 0, flex: 1 }}>
        <Typography.Text ellipsis={{ tooltip: name }} data-testid={testId ? `${testId}-name` : undefined}>
          {name}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={testId ? `${testId}-size` : undefined}>
          {formatFileSize(size)}
        </Typography.Text>
      </Flex>
      {action}
    </Flex>
  );
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
