import { CloseOutlined, ExpandOutlined } from '@ant-design/icons';
import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AI_CHAT_NS } from './ai-chat.locales.ts';
import { ChatPanel } from './ChatPanel.tsx';

/** SPEC §9: the chat window is 500 × 700 (smaller when the screen is). */
export const CHAT_WIDGET_SIZE = { width: 500, height: 700 };

/** The shell's floating chat window (loaded when first opened): the same conversation as the /ai-chat page. */
export default function ChatWidget({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(AI_CHAT_NS);
  const navigate = useNavigate();
  return (
    <Card
      role="dialog"
      aria-label={t('title')}
      // Escape closes it like the app's other windows.
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
      data-testid="ai-chat-widget"
      title={t('title')}
      size="small"
      extra={
        <Space size={0}>
          <Button
            type="text"
            size="small"
            icon={<ExpandOutlined />}
            aria-label={t('widget.openPage')}
            onClick={() => {
              onClose();
              navigate('/ai-chat');
            }}
          />
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={t('widget.close')}
            onClick={onClose}
            data-testid="ai-chat-widget-close"
          />
        </Space>
      }
      style={{
        position: 'fixed',
        insetInlineEnd: 24,
        insetBlockEnd: 24,
        zIndex: 1000,
        width: `min(${CHAT_WIDGET_SIZE.width}px, calc(100vw - 48px))`,
        height: `min(${CHAT_WIDGET_SIZE.height}px, calc(100vh - 48px))`,
        display: 'flex',
        flexDirection: 'column',
        boxShadow: '0 6px 24px rgba(0, 0, 0, 0.2)',
      }}
      styles={{ body: { flex: 1, minHeight: 0, padding: 12 } }}
    >
      <ChatPanel testId="ai-chat-widget-panel" />
    </Card>
  );
}
