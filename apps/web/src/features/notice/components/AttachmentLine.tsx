import { formatFileSize } from '../../../components/file-size.ts';
import {
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
} from '@ant-design/icons';
import { Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';

// Attachments as the list, the form and the notice view show them. Apart from NoticeContent so the list page does
// not load the HTML sanitizer with its file icons.

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
