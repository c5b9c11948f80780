import type { BomRequirement, BomStock } from '@eqms/contract';
import { Alert, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { fmt } from './bom-format.ts';

// The roll-up of the tree: each material's total required quantity for the production quantity against its stock.

export function BomRequirements({
  stock,
  qty,
  unit,
}: {
  stock: BomStock | undefined;
  qty: number;
  /** The product's unit code. */
  unit: string;
}) {
  const { t } = useTranslation(['bom', 'common']);
  const unitLabel = useCodeLabel('UNIT');

  const columns: TableColumnsType<BomRequirement> = [
    { title: t('fields.code'), dataIndex: 'code', width: 124, ellipsis: true },
    { title: t('fields.name'), dataIndex: 'name', ellipsis: true },
    { title: t('fields.specification'), dataIndex: 'specification', width: 100, ellipsis: true },
    {
      title: t('fields.unit'),
      dataIndex: 'unit',
      width: 60,
      render: (u: string) => <span title={unitLabel(u)}>{u}</span>,
    },
    {
      title: t('fields.requiredFor', { qty: fmt(qty) }),
      dataIndex: 'requiredQty',
      width: 110,
      align: 'right',
      render: (v: number) => <span data-testid="bom-req-required">{fmt(v)}</span>,
    },
    {
      title: t('fields.stock'),
      dataIndex: 'stockQty',
      width: 90,
      align: 'right',
      render: (v: number | null) =>
        v == null ? (
          <Typography.Text type="secondary">-</Typography.Text>
        ) : (
          <span data-testid="bom-req-stock">{fmt(v)}</span>
        ),
    },
    {
      title: t('fields.shortage'),
      dataIndex: 'shortageQty',
      width: 90,
      align: 'right',
      render: (v: number | null) =>
        v == null ? (
          <Typography.Text type="secondary">-</Typography.Text>
        ) : v > 0 ? (
          <Typography.Text type="danger" strong data-testid="bom-req-shortage">
            {fmt(v)}
          </Typography.Text>
        ) : (
          <span data-testid="bom-req-shortage">{fmt(v)}</span>
        ),
    },
    {
      title: t('fields.sufficient'),
      dataIndex: 'sufficient',
      width: 90,
      render: (v: boolean | null) =>
        v == null ? (
          <Typography.Text type="secondary">-</Typography.Text>
        ) : v ? (
          <Tag color="success">{t('stock.enough')}</Tag>
        ) : (
          <Tag color="error" data-testid="bom-req-insufficient">
            {t('stock.short')}
          </Tag>
        ),
    },
  ];

  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('titles.requirements', { qty: fmt(qty), unit: unitLabel(unit) })}
      </Typography.Title>
      {stock && stock.materials.length > 0 && stock.sufficient === null && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('stock.notTracked')}
          data-testid="bom-stock-not-tracked"
        />
      )}
      {stock?.sufficient === false && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="bom-stock-insufficient"
          title={t('stock.insufficient')}
          description={t('stock.shortCount', {
            count: stock.materials.filter((m) => m.sufficient === false).length,
            total: stock.materials.length,
          })}
        />
      )}
      {stock?.sufficient === true && stock.materials.length > 0 && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="bom-stock-sufficient"
          title={t('stock.sufficient')}
        />
      )}
      <Table<BomRequirement>
        size="small"
        rowKey="materialId"
        data-testid="bom-requirements"
        columns={columns}
        dataSource={stock?.materials ?? []}
        pagination={false}
        scroll={{ x: 740 }}
      />
    </>
  );
}
