import type { QualityHold } from '@eqms/contract';
import { Button, Descriptions, Flex, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { QUALITY_NS } from '../quality.locales.ts';
import { HoldStatusTag, holdSubject } from './cells.tsx';

export const when = (v: string | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '-');

/** One hold: its subject, state, who opened and closed it, and its dispositions; the dispose button while active. */
export function HoldPanel({ hold, onDispose }: { hold: QualityHold; onDispose?: (h: QualityHold) => void }) {
  const { t } = useTranslation(QUALITY_NS);
  const unitLabel = useCodeLabel('UNIT');
  const subject = holdSubject(hold);
  const active = hold.status !== 'CLOSED';
  return (
    <Flex vertical gap={8} data-testid="q-hold-panel">
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('titles.hold', { no: hold.holdNo })}
        </Typography.Title>
        {active && onDispose && (
          <Button type="primary" danger data-testid="q-hold-panel-dispose" onClick={() => onDispose(hold)}>
            {t('actions.dispose')}
          </Button>
        )}
      </Flex>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'subject', label: t(`fields.subject.${hold.subject}`), children: subject.id },
          { key: 'status', label: t('fields.holdStatus'), children: <HoldStatusTag status={hold.status} /> },
          { key: 'item', label: t('fields.item'), children: subject.item },
          { key: 'qty', label: t('fields.stockQty'), children: `${fmtQty(hold.stockQty)} ${unitLabel(hold.unit)}` },
          { key: 'opened', label: t('fields.opened'), children: `${hold.openedBy ?? '-'} · ${when(hold.openedAt)}` },
          {
            key: 'closed',
            label: t('fields.closed'),
            children: hold.closedAt
              ? `${hold.closedBy ?? '-'} · ${when(hold.closedAt)}${
                  hold.disposition ? ` · ${t(`disposition.${hold.disposition}`)}` : ''
                }${hold.closedByResultId ? ` · ${t('hints.closedByResult')}` : ''}`
              : '-',
          },
        ]}
      />
      {hold.dispositions.length > 0 && (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          data-testid="q-dispositions"
          dataSource={hold.dispositions}
          columns={[
            {
              title: t('fields.disposition'),
              dataIndex: 'disposition',
              width: 110,
              render: (v: string) => t(`disposition.${v}`),
            },
            { title: t('fields.reason'), dataIndex: 'reason' },
            {
              title: t('fields.leftStock'),
              dataIndex: 'qty',
              width: 100,
              align: 'right',
              render: (v: number) => `${fmtQty(v)} ${unitLabel(hold.unit)}`,
            },
            {
              title: t('fields.by'),
              width: 170,
              render: (_: unknown, d) => `${d.createdBy ?? '-'} · ${when(d.createdAt)}`,
            },
          ]}
        />
      )}
    </Flex>
  );
}
