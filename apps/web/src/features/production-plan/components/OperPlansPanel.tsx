import { EditOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import type { ProductionOperPlan, ProductionPlan } from '@eqms/contract';
import { Button, Card, Empty, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.ts';
import { RowAction } from '../../../components/RowAction.tsx';
import { fmtQty } from '../plan-rules.ts';
import { useOperPlans } from '../production-plan.queries.ts';
import { OperPlanDialog } from './OperPlanDialog.tsx';

/**
 * A production plan's operation plans in sequence (GET /plan/{id}/operplans): operation, tool, target, what the daily
 * plans add up to (flagged when it differs from the target) and the results. A row click chooses the operation plan
 * whose daily plans are edited beside it.
 */
export function OperPlansPanel({
  plan,
  selectedId,
  onSelect,
}: {
  plan: ProductionPlan;
  selectedId: number | null;
  onSelect: (operPlan: ProductionOperPlan) => void;
}) {
  const { t } = useTranslation(['productionPlan', 'common', 'glossary']);
  const canCreate = useCan('productionPlan', 'create');
  const canModify = useCan('productionPlan', 'modify');
  const list = useOperPlans(plan.id);
  const rows = list.data ?? [];
  // undefined: closed; null: adding; a row: editing it.
  const [editing, setEditing] = useState<ProductionOperPlan | null | undefined>(undefined);

  const columns: TableColumnsType<ProductionOperPlan> = [
    { key: 'seq', title: t('fields.seq'), dataIndex: 'seq', width: 56, align: 'right' },
    {
      key: 'operation',
      title: t('fields.operation'),
      width: 170,
      render: (_, o) => (
        <span>
          <Typography.Text type="secondary">{o.operationCode}</Typography.Text> {o.operationName}
        </span>
      ),
    },
    {
      key: 'tool',
      title: t('fields.tool'),
      width: 150,
      render: (_, o) => (o.toolId ? `${o.toolCode} · ${o.toolName}` : ''),
    },
    {
      key: 'targetQty',
      title: t('glossary:targetQty'),
      width: 100,
      align: 'right',
      render: (_, o) => <span data-testid={`oper-target-${o.operationCode}`}>{fmtQty(o.targetQty)}</span>,
    },
    {
      key: 'dailyTargetQty',
      title: t('fields.dailyTargetQty'),
      width: 120,
      align: 'right',
      render: (_, o) => {
        const differs = o.dailyTargetQty !== o.targetQty;
        return (
          <Tooltip title={differs ? t('hints.dailyDiffers') : undefined}>
            <Typography.Text
              type={differs ? 'warning' : undefined}
              data-testid={`oper-daily-${o.operationCode}`}
              data-differs={differs}
            >
              {differs && <WarningOutlined aria-label={t('hints.dailyDiffers')} style={{ marginInlineEnd: 4 }} />}
              {fmtQty(o.dailyTargetQty)}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {' '}
                ({o.dailyPlanCount})
              </Typography.Text>
            </Typography.Text>
          </Tooltip>
        );
      },
    },
    {
      key: 'goodBad',
      title: t('fields.goodBad'),
      width: 100,
      align: 'right',
      render: (_, o) => `${fmtQty(o.goodQty)} / ${fmtQty(o.badQty)}`,
    },
    ...(canModify
      ? [
          {
            key: 'actions',
            title: t('fields.actions'),
            width: 64,
            render: (_: unknown, o: ProductionOperPlan) => (
              // Clicks stay in the cell: editing must not also choose the row.
              <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
                <RowAction
                  label={t('common:actions.edit')}
                  icon={<EditOutlined />}
                  testId={`oper-edit-${o.operationCode}`}
                  onClick={() => setEditing(o)}
                />
              </span>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      size="small"
      data-testid="oper-card"
      title={t('glossary:operPlan')}
      extra={
        canCreate && (
          <Button size="small" icon={<PlusOutlined />} data-testid="oper-add" onClick={() => setEditing(null)}>
            {t('actions.addOperation')}
          </Button>
        )
      }
    >
      <Table<ProductionOperPlan>
        size="small"
        rowKey="id"
        data-testid="oper-table"
        loading={list.isFetching && !list.data}
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 700 }}
        rowClassName={(o) => (o.id === selectedId ? 'ant-table-row-selected' : '')}
        onRow={(o) =>
          ({
            onClick: () => onSelect(o),
            onKeyDown: (e: React.KeyboardEvent) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                onSelect(o);
              }
            },
            tabIndex: 0,
            style: { cursor: 'pointer' },
            'data-testid': `oper-row-${o.operationCode}`,
          }) as never
        }
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.noOperPlans')} /> }}
      />
      {editing !== undefined && (
        <OperPlanDialog open plan={plan} operPlan={editing} operPlans={rows} onClose={() => setEditing(undefined)} />
      )}
    </Card>
  );
}
