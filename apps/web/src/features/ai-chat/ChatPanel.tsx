import { RobotOutlined, SendOutlined, StopOutlined, UserOutlined } from '@ant-design/icons';
import { chatEndpoints } from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Avatar, Button, Input, Space, Spin, Typography, theme } from 'antd';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../api/http.ts';
import { errorText } from '../../api/error-text.ts';
import { useAppStore } from '../../app/store.ts';
import { AI_CHAT_NS } from './ai-chat.locales.ts';
import {
  ask,
  type ChatMessage,
  type Conversation,
  loadConversation,
  newConversation,
  saveConversation,
} from './chat-stream.ts';

export function useChatStatus() {
  return useQuery({
    queryKey: ['ai-chat', 'status'],
    queryFn: ({ signal }) => call(chatEndpoints.status, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });
}

/**
 * One conversation with the AI assistant (the /ai-chat page and the shell's widget): the messages, the question box
 * (Enter sends, Shift+Enter breaks the line), the answer written as it streams, stop, and a new conversation. Answers
 * are shown as plain text, never as HTML.
 */
export function ChatPanel({ testId = 'ai-chat' }: { testId?: string }) {
  const { t } = useTranslation(AI_CHAT_NS);
  const { token } = theme.useToken();
  const userId = useAppStore((s) => s.user?.userId ?? '');
  const locale = useAppStore((s) => s.locale);
  const status = useChatStatus();
  const [conversation, setConversation] = useState<Conversation>(() => loadConversation(userId));
  const [question, setQuestion] = useState('');
  const [busy, setBusy] = useState(false);
  const running = useRef<AbortController | null>(null);
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => saveConversation(userId, conversation), [userId, conversation]);
  // The newest words in view as the answer grows.
  const shownLength = conversation.messages.reduce((n, m) => n + m.text.length + 1, 0);
  useEffect(() => {
    if (shownLength) end.current?.scrollIntoView?.({ block: 'end' });
  }, [shownLength]);
  useEffect(() => () => running.current?.abort(), []);

  /** Changes the last message (the answer being written). */
  const patchLast = (patch: (m: ChatMessage) => ChatMessage) =>
    setConversation((c) => ({
      ...c,
      messages: [...c.messages.slice(0, -1), patch(c.messages[c.messages.length - 1])],
    }));

  const send = async () => {
    const text = question.trim();
    if (!text || busy) return;
    setQuestion('');
    setBusy(true);
    setConversation((c) => ({
      ...c,
      messages: [...c.messages, { role: 'user', text }, { role: 'assistant', text: '' }],
    }));
    const ac = new AbortController();
    running.current = ac;
    try {
      for await (const e of ask(text, conversation.id, ac.signal)) {
        if (e.event === 'token') patchLast((m) => ({ ...m, text: m.text + e.data }));
        else if (e.event === 'error') patchLast((m) => ({ ...m, error: e.data }));
      }
    } catch (e) {
      if (ac.signal.aborted) patchLast((m) => ({ ...m, stopped: true }));
      else {
        const message = e instanceof ApiError ? errorText(e, locale) : (e as Error).message;
        patchLast((m) => ({ ...m, error: message }));
      }
    } finally {
      running.current = null;
      setBusy(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  if (status.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!status.data?.configured) {
    return (
      <Alert
        type="info"
        showIcon
        data-testid={`${testId}-not-configured`}
        message={t('notConfigured.title')}
        description={t('notConfigured.body')}
      />
    );
  }

  return (
    <div
      data-testid={testId}
      style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, gap: 12 }}
    >
      <div
        role="log"
        aria-live="polite"
        aria-label={t('title')}
        data-testid={`${testId}-messages`}
        style={{ flex: 1, minHeight: 0, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 12 }}
      >
        {conversation.messages.length === 0 && (
          <Typography.Paragraph type="secondary" style={{ margin: 'auto', textAlign: 'center' }}>
            {t('empty')}
          </Typography.Paragraph>
        )}
        {conversation.messages.map((m, i) => (
          <div
            // The list only grows and its last entry changes in place: the index is the message's identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={i}
            data-testid={`${testId}-${m.role}`}
            style={{ display: 'flex', gap: 8, flexDirection: m.role === 'user' ? 'row-reverse' : 'row' }}
          >
            <Avatar
              size="small"
              icon={m.role === 'user' ? <UserOutlined /> : <RobotOutlined />}
              aria-label={m.role === 'user' ? t('you') : t('assistant')}
              style={{ flex: 'none', background: m.role === 'user' ? token.colorPrimary : token.colorTextTertiary }}
            />
            <div
              style={{
                maxWidth: '80%',
                padding: '8px 12px',
                borderRadius: 8,
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                background: m.role === 'user' ? token.colorPrimaryBg : token.colorFillTertiary,
                color: token.colorText,
              }}
            >
              {m.text || (busy && i === conversation.messages.length - 1 && !m.error ? t('thinking') : '')}
              {m.stopped && <Typography.Text type="secondary"> {t('stopped')}</Typography.Text>}
              {m.error && (
                <Typography.Text type="danger" data-testid={`${testId}-error`} style={{ display: 'block' }}>
                  {t('failed', { message: m.error })}
                </Typography.Text>
              )}
            </div>
          </div>
        ))}
        <div ref={end} />
      </div>
      <Space.Compact style={{ width: '100%' }}>
        <Input.TextArea
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('placeholder')}
          aria-label={t('placeholder')}
          autoSize={{ minRows: 1, maxRows: 5 }}
          maxLength={4000}
          data-testid={`${testId}-input`}
        />
        {busy ? (
          <Button icon={<StopOutlined />} onClick={() => running.current?.abort()} data-testid={`${testId}-stop`}>
            {t('stop')}
          </Button>
        ) : (
          <Button
            type="primary"
            icon={<SendOutlined />}
            onClick={() => void send()}
            disabled={!question.trim()}
            data-testid={`${testId}-send`}
          >
            {t('send')}
          </Button>
        )}
      </Space.Compact>
      <Button
        size="small"
        type="link"
        style={{ alignSelf: 'flex-start', padding: 0 }}
        disabled={busy || conversation.messages.length === 0}
        onClick={() => setConversation(newConversation())}
        data-testid={`${testId}-new`}
      >
        {t('newConversation')}
      </Button>
    </div>
  );
}
