import { ExportOutlined, SwapOutlined, RollbackOutlined, WarningOutlined } from '@ant-design/icons';
import type { PlanMaterial, ProductionMaterialStock } from '@eqms/contract';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCan } from '../../../app/permissions.ts';
import { RowAction } from '../../../components/RowAction.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { PROD_NS } from '../production-material.locales.ts';
import { usePlanMaterials } from '../production-material.queries.ts';
import { ProdHistoryDialog } from './ProdHistoryDialog.tsx';
import { ReleaseDialog } from './ReleaseDialog.tsx';
import { RestockDialog } from './RestockDialog.tsx';

/** The plan's period and line, as the tree shows them. */
export type PlanHeader = { startDt: string | null; endDt: string | null; lineName: string };

/** Whether the warehouse holds less than what is still to release. */
const isShort = (m: PlanMaterial) => m.toReleaseQty > 0 && m.stockQty < m.toReleaseQty;

/** A selected plan: its materials against its BOM and its released packages, with release and restock. */
export function PlanPanel({ planId, header }: { planId: number; header: PlanHeader | null }) {
  const { t } = useTranslation([PROD_NS, 'common']);
  const unitLabel = useCodeLabel('UNIT');
  const canCreate = useCan('stockOutRestock', 'create');
  // A release picks a warehouse package: it reads the material stock too (restock needs only this screen's right).
  const canSeeStock = useCan('materialStock', 'view');
  const canRelease = canCreate && canSeeStock;
  const plan = usePlanMaterials(planId);
  const [releasing, setReleasing] = useState<{ materialId: number | null } | null>(null);
  const [restocking, setRestocking] = useState<ProductionMaterialStock | null>(null);
  const [historyOf, setHistoryOf] = useState<ProductionMaterialStock | null>(null);

  if (plan.isLoading)
    return (
      <Card>
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin />
        </Flex>
      </Card>
    );
  const p = plan.data;
  if (!p) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.planMissing')} />;

  const qtyCell = (v: number, testId?: string) => <span data-testid={testId}>{fmtQty(v)}</span>;
  const unitColumn = { title: t('fields.unit'), dataIndex: 'unit', width: 70, render: (v: string) => unitLabel(v) };
  // The figures to act on first (still to release, at the line, in the warehouse), the history of it after.
  const materialColumns: TableColumnsType<PlanMaterial> = [
    {
      title: t('fields.material'),
      key: 'material',
      width: 180,
      ellipsis: true,
      render: (_, m) => (
        <span title={`${m.code} · ${m.name}`}>
          <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineEnd: 4 }}>
            {m.code}
          </Typography.Text>
          {m.name}
        </span>
      ),
    },
    {
      title: t('fields.requiredQty'),
      dataIndex: 'requiredQty',
      width: 90,
      align: 'right',
      render: (v: number) => qtyCell(v, 'prod-material-required'),
    },
    {
      title: t('fields.toRelease'),
      dataIndex: 'toReleaseQty',
      width: 110,
      align: 'right',
      render: (v: number) =>
        v > 0 ? (
          <Tag color="orange" style={{ marginInlineEnd: 0 }} data-testid="prod-material-to-release">
            {fmtQty(v)}
          </Tag>
        ) : (
          <Typography.Text type="success" data-testid="prod-material-to-release">
            {t('hints.released')}
          </Typography.Text>
        ),
    },
    {
      title: t('fields.atLine'),
      dataIndex: 'atLineQty',
      width: 90,
      align: 'right',
      render: (v: number) => <Typography.Text strong>{qtyCell(v, 'prod-material-at-line')}</Typography.Text>,
    },
    {
      title: t('fields.stockQty'),
      dataIndex: 'stockQty',
      width: 110,
      align: 'right',
      render: (v: number, m) =>
        isShort(m) ? (
          <Space size={4} data-testid="prod-material-stock" data-short="true">
            <WarningOutlined style={{ color: 'var(--ant-color-error)' }} aria-label={t('hints.short')} />
            <Typography.Text type="danger">{fmtQty(v)}</Typography.Text>
          </Space>
        ) : (
          qtyCell(v, 'prod-material-stock')
        ),
    },
    unitColumn,
    {
      title: t('fields.releasedQty'),
      dataIndex: 'releasedQty',
      width: 80,
      align: 'right',
      render: (v: number) => qtyCell(v),
    },
    {
      title: t('fields.restockedQty'),
      dataIndex: 'restockedQty',
      width: 80,
      align: 'right',
      render: (v: number) => qtyCell(v),
    },
    {
      title: t('fields.consumedQty'),
      dataIndex: 'consumedQty',
      width: 80,
      align: 'right',
      render: (v: number) => qtyCell(v),
    },
    ...(canRelease
      ? [
          {
            title: t('fields.actions'),
            key: 'actions',
            width: 70,
            fixed: 'right' as const,
            render: (_: unknown, m: PlanMaterial) => (
              <RowAction
                label={t('actions.release')}
                icon={<ExportOutlined />}
                testId={`prod-material-release-${m.code}`}
                onClick={() => setReleasing({ materialId: m.materialId })}
              />
            ),
          },
        ]
      : []),
  ];

  const stockColumns: TableColumnsType<ProductionMaterialStock> = [
    {
      title: t('fields.packageId'),
      dataIndex: 'packageId',
      width: 150,
      ellipsis: true,
      render: (v: string) => <span data-testid="prod-stock-package-id">{v}</span>,
    },
    {
      title: t('fields.material'),
      key: 'material',
      width: 170,
      ellipsis: true,
      render: (_, r) => `${r.materialCode} · ${r.materialName}`,
    },
    {
      title: t('fields.atLine'),
      dataIndex: 'qty',
      width: 90,
      align: 'right',
      render: (v: number) => <Typography.Text strong>{qtyCell(v, 'prod-stock-qty')}</Typography.Text>,
    },
    unitColumn,
    {
      title: t('fields.releasedQty'),
      dataIndex: 'releasedQty',
      width: 80,
      align: 'right',
      render: (v: number) => qtyCell(v),
    },
    {
      title: t('fields.restockedQty'),
      dataIndex: 'restockedQty',
      width: 80,
      align: 'right',
      render: (v: number) => qtyCell(v),
    },
    {
      title: t('fields.consumedQty'),
      dataIndex: 'consumedQty',
      width: 80,
      align: 'right',
      render: (v: number) => qtyCell(v),
    },
    {
      title: t('fields.expiryDate'),
      dataIndex: 'expiryDate',
      width: 110,
      render: (v: string | null) => v ?? <Typography.Text type="secondary">-</Typography.Text>,
    },
    {
      title: t('fields.actions'),
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          {canCreate && r.qty > 0 && (
            <RowAction
              label={t('actions.restock')}
              icon={<RollbackOutlined />}
              testId={`prod-stock-restock-${r.packageId}`}
              onClick={() => setRestocking(r)}
            />
          )}
          <RowAction
            label={t('actions.history')}
            icon={<SwapOutlined />}
            testId={`prod-stock-history-${r.packageId}`}
            onClick={() => setHistoryOf(r)}
          />
        </Space>
      ),
    },
  ];

  const toRelease = p.materials.filter((m) => m.toReleaseQty > 0).length;
  const short = p.materials.filter(isShort).length;
  return (
    <Flex vertical gap={16} data-testid="prod-plan-panel" data-plan-id={p.planId}>
      <Card
        size="small"
        title={
          <span data-testid="prod-plan-title">
            {p.productCode} · {p.productName}
          </span>
        }
        extra={
          canRelease && (
            <Button
              type="primary"
              icon={<ExportOutlined />}
              data-testid="prod-release-open"
              disabled={!p.materials.length}
              onClick={() => setReleasing({ materialId: null })}
            >
              {t('actions.release')}
            </Button>
          )
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, xl: 4 }}>
          <Descriptions.Item label={t('fields.planQty')}>{fmtQty(p.qty)}</Descriptions.Item>
          {header && (
            <>
              <Descriptions.Item label={t('fields.line')}>{header.lineName}</Descriptions.Item>
              <Descriptions.Item label={t('fields.planPeriod')}>
                {header.startDt} ~ {header.endDt}
              </Descriptions.Item>
            </>
          )}
          <Descriptions.Item label={t('fields.summary')}>
            <Space size={4} wrap>
              {toRelease > 0 ? (
                <Tag color="orange" data-testid="prod-plan-to-release-count">
                  {t('hints.toReleaseCount', { count: toRelease })}
                </Tag>
              ) : (
                <Tag color="green">{t('hints.allReleased')}</Tag>
              )}
              {short > 0 && <Tag color="red">{t('hints.shortCount', { count: short })}</Tag>}
            </Space>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t('titles.materials')}>
        <Table<PlanMaterial>
          size="small"
          rowKey="materialId"
          data-testid="prod-materials-table"
          columns={materialColumns}
          dataSource={p.materials}
          pagination={false}
          scroll={{ x: 880 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.noBom')} /> }}
          onRow={(m) =>
            ({
              'data-testid': 'prod-material-row',
              'data-code': m.code,
              'data-short': isShort(m) ? 'true' : 'false',
            }) as never
          }
        />
      </Card>
      <Card size="small" title={t('titles.packages')}>
        <Table<ProductionMaterialStock>
          size="small"
          rowKey="id"
          data-testid="prod-stocks-table"
          columns={stockColumns}
          dataSource={p.stocks}
          pagination={false}
          scroll={{ x: 840 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.noPackages')} /> }}
          onRow={(r) => ({ 'data-testid': 'prod-stock-row', 'data-package': r.packageId }) as never}
        />
      </Card>
      <ReleaseDialog
        plan={releasing ? p : null}
        materialId={releasing?.materialId}
        onClose={() => setReleasing(null)}
      />
      <RestockDialog row={restocking} onClose={() => setRestocking(null)} />
      <ProdHistoryDialog row={historyOf} onClose={() => setHistoryOf(null)} />
    </Flex>
  );
}
