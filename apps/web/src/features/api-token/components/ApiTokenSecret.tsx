import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Grid, Input, Space, Typography } from 'antd';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { copyText } from '../../../components/clipboard.ts';
import { API_TOKEN_NS } from '../api-token.locales.ts';
import { authorizationHeader, mcpUrl, shownPrefix } from '../api-token-status.ts';
import type { CreatedApiToken } from './ApiTokenCreateForm.tsx';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/**
 * The token just created, the one time the server hands it out: a read-only box with a copy button, the warning that
 * it is not shown again, and what to enter in an MCP client. Gone when the user says it is copied or the dialog closes.
 */
export function ApiTokenSecret({ made, onDone }: { made: CreatedApiToken; onDone: () => void }) {
  const { t } = useTranslation(API_TOKEN_NS);
  const box = useRef<HTMLDivElement>(null);
  const url = mcpUrl(window.location.origin);
  const narrow = !Grid.useBreakpoint().sm;

  const copy = async () => {
    const ok = await copyText(made.token, box.current ?? undefined);
    useAppStore.getState().notify(t(ok ? 'secret.copied' : 'secret.copyFailed'), ok ? 'success' : 'warning');
  };

  return (
    <Alert
      type="warning"
      // A phone needs the icon's width for the token.
      showIcon={!narrow}
      title={t('secret.title', { name: made.name })}
      data-testid="api-token-secret-panel"
      description={
        <Flex vertical gap={12} ref={box} style={{ marginTop: 4 }}>
          <Typography.Text data-testid="api-token-secret-warning">{t('secret.warning')}</Typography.Text>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              readOnly
              value={made.token}
              aria-label={t('secret.label')}
              onFocus={(e) => e.currentTarget.select()}
              style={{ fontFamily: MONO }}
              data-testid="api-token-secret"
            />
            <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="api-token-copy">
              {t('secret.copy')}
            </Button>
          </Space.Compact>
          <div>
            <Typography.Text strong>{t('secret.connectTitle')}</Typography.Text>
            <Typography.Paragraph style={{ margin: '4px 0 8px' }}>{t('secret.connectText')}</Typography.Paragraph>
            <Flex vertical gap={6}>
              <Connection label={t('secret.url')}>
                <Typography.Text code copyable style={{ overflowWrap: 'anywhere' }} data-testid="api-token-mcp-url">
                  {url}
                </Typography.Text>
              </Connection>
              <Connection label={t('secret.header')}>
                {/* The whole header is copied; the box shows the token's start, as the full one stands above. */}
                <Typography.Text
                  code
                  copyable={{ text: authorizationHeader(made.token) }}
                  style={{ overflowWrap: 'anywhere' }}
                  data-testid="api-token-mcp-header"
                >
                  {authorizationHeader(shownPrefix(made.prefix))}
                </Typography.Text>
              </Connection>
            </Flex>
          </div>
          <Flex justify="flex-end">
            <Button icon={<CheckOutlined />} onClick={onDone} data-testid="api-token-secret-done">
              {t('secret.done')}
            </Button>
          </Flex>
        </Flex>
      }
    />
  );
}

/** One line of what to enter in the client: its name, then the value (wrapping under the name on a phone). */
function Connection({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex gap="4px 12px" wrap align="baseline">
      <Typography.Text type="secondary" style={{ flex: '0 0 56px' }}>
        {label}
      </Typography.Text>
      <div style={{ flex: '1 1 240px', minWidth: 0 }}>{children}</div>
    </Flex>
  );
}
