import { StopOutlined } from '@ant-design/icons';
import type { ApiToken } from '@eqms/contract';
import { Button, Empty, Flex, Grid, Table, type TableColumnsType, Tag, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { API_TOKEN_NS } from '../api-token.locales.ts';
import { useApiTokens, useRevokeApiToken } from '../api-token.queries.ts';
import { type ApiTokenStatus, shownPrefix, tokenStatus } from '../api-token-status.ts';

const STATUS_COLOR: Record<ApiTokenStatus, string> = { active: 'success', expired: 'warning', revoked: 'default' };
const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

const day = (iso: string) => dayjs(iso).format('YYYY-MM-DD');
const minute = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');
const full = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

type Row = ApiToken & { status: ApiTokenStatus };

/**
 * The user's tokens, newest first, revoked and expired ones kept (greyed) as the record of what could sign in as
 * them. Revoking asks first. On a phone each token is one stacked cell instead of six columns.
 */
export function ApiTokenTable() {
  const { t } = useTranslation([API_TOKEN_NS, 'common']);
  const { token: design } = theme.useToken();
  const narrow = !Grid.useBreakpoint().sm;
  const list = useApiTokens();
  const revoke = useRevokeApiToken();
  const now = Date.now();
  const rows: Row[] = (list.data ?? []).map((r) => ({ ...r, status: tokenStatus(r, now) }));

  const ask = async (row: Row) => {
    const { askConfirm, notify } = useAppStore.getState();
    const ok = await askConfirm({
      title: t('revoke.title'),
      text: t('revoke.confirm', { name: row.name }),
      danger: true,
    });
    if (!ok) return;
    try {
      await revoke.mutateAsync(row.id);
      notify(t('revoke.done'), 'success');
    } catch {
      // The API client has shown the error.
    }
  };

  const name = (r: Row) => (
    <Typography.Text delete={r.status === 'revoked'} style={{ color: 'inherit', overflowWrap: 'anywhere' }}>
      {r.name}
    </Typography.Text>
  );
  const prefix = (r: Row) => (
    <span style={{ fontFamily: MONO, fontSize: 12, whiteSpace: 'nowrap' }} data-testid={`api-token-prefix-${r.id}`}>
      {shownPrefix(r.prefix)}
    </span>
  );
  const expires = (r: Row) =>
    r.expiresAt ? <span title={full(r.expiresAt)}>{day(r.expiresAt)}</span> : t('list.never');
  const lastUsed = (r: Row) =>
    r.lastUsedAt ? <span title={full(r.lastUsedAt)}>{minute(r.lastUsedAt)}</span> : t('list.neverUsed');
  const status = (r: Row) => (
    <Tag color={STATUS_COLOR[r.status]} style={{ marginInlineEnd: 0 }} data-testid={`api-token-status-${r.id}`}>
      {t(`status.${r.status}`)}
    </Tag>
  );
  const action = (r: Row): ReactNode =>
    r.status === 'active' && (
      <Button
        size="small"
        danger
        icon={<StopOutlined />}
        loading={revoke.isPending && revoke.variables === r.id}
        onClick={() => void ask(r)}
        aria-label={`${t('revoke.action')} ${r.name}`}
        data-testid={`api-token-revoke-${r.id}`}
      >
        {t('revoke.action')}
      </Button>
    );

  const wide: TableColumnsType<Row> = [
    { key: 'name', title: t('list.name'), render: (_, r) => name(r) },
    { key: 'prefix', title: t('list.prefix'), width: 130, render: (_, r) => prefix(r) },
    {
      key: 'createdAt',
      title: t('list.createdAt'),
      width: 110,
      render: (_, r) => <span title={full(r.createdAt)}>{day(r.createdAt)}</span>,
    },
    { key: 'expiresAt', title: t('list.expiresAt'), width: 110, render: (_, r) => expires(r) },
    { key: 'lastUsedAt', title: t('list.lastUsedAt'), width: 150, render: (_, r) => lastUsed(r) },
    { key: 'status', title: t('list.status'), width: 90, render: (_, r) => status(r) },
    { key: 'action', width: 96, align: 'right', render: (_, r) => action(r) },
  ];
  const stacked: TableColumnsType<Row> = [
    {
      key: 'token',
      title: t('list.name'),
      render: (_, r) => (
        <Flex vertical gap={2}>
          <Flex gap={8} align="center" wrap>
            {name(r)}
            {status(r)}
          </Flex>
          {prefix(r)}
          <span style={{ fontSize: 12 }}>
            {r.expiresAt ? (
              <>
                {t('list.expiresAt')} {expires(r)}
              </>
            ) : (
              t('form.noExpiry')
            )}
            {' · '}
            {r.lastUsedAt ? (
              <>
                {t('list.lastUsedAt')} {lastUsed(r)}
              </>
            ) : (
              t('list.neverUsed')
            )}
          </span>
        </Flex>
      ),
    },
    { key: 'action', width: 88, align: 'right', render: (_, r) => action(r) },
  ];

  return (
    <Table<Row>
      size="small"
      rowKey="id"
      columns={narrow ? stacked : wide}
      dataSource={rows}
      loading={list.isLoading}
      pagination={false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('list.empty')} /> }}
      // Revoked and expired tokens stay listed, in the secondary text colour (still readable: AA contrast).
      onRow={(r) =>
        ({
          'data-testid': `api-token-row-${r.id}`,
          'data-status': r.status,
          style:
            r.status === 'active' ? undefined : { color: design.colorTextSecondary, background: design.colorFillAlter },
        }) as object
      }
      data-testid="api-tokens-table"
    />
  );
}
