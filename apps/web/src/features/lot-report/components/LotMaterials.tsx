import { ClockCircleOutlined } from '@ant-design/icons';
import type { LotMaterial } from '@eqms/contract';
import { Empty, Flex, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { LOT_NS } from '../lot-report.locales.ts';
import { useLotMaterials } from '../lot-report.queries.ts';

/** Sums per material of the packages consumed, in the list's order. */
function perMaterial(rows: LotMaterial[]) {
  const out = new Map<number, { code: string; name: string; unit: string; qty: number; packages: number }>();
  for (const r of rows) {
    const m = out.get(r.materialId) ?? {
      code: r.materialCode,
      name: r.materialName,
      unit: r.unit,
      qty: 0,
      packages: 0,
    };
    m.qty = Math.round((m.qty + r.qty) * 1e5) / 1e5;
    m.packages += 1;
    out.set(r.materialId, m);
  }
  return [...out.values()];
}

/**
 * Backward genealogy of a lot: the material packages (supplier lots) its daily plans consumed, net of corrections,
 * with supplier, received day and expiry, and the sums per material.
 */
export function LotMaterials({ lotRowId, handLot }: { lotRowId: number; handLot: boolean }) {
  const { t } = useTranslation(LOT_NS);
  const unitLabel = useCodeLabel('UNIT');
  const list = useLotMaterials(lotRowId, !handLot);
  const sums = useMemo(() => perMaterial(list.data ?? []), [list.data]);
  const columns: ColumnsType<LotMaterial> = [
    {
      key: 'packageId',
      title: t('fields.packageId'),
      width: 170,
      render: (_, r) => (
        <Flex gap={4} align="center" wrap={false}>
          <Typography.Text copyable data-testid="lot-material-package">
            {r.packageId}
          </Typography.Text>
          {r.setsLotExpiry && (
            <Tooltip title={t('hints.setsExpiry')}>
              <ClockCircleOutlined aria-label={t('hints.setsExpiry')} data-testid="lot-material-sets-expiry" />
            </Tooltip>
          )}
        </Flex>
      ),
    },
    {
      key: 'material',
      title: t('fields.material'),
      width: 160,
      render: (_, r) => (
        <>
          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
            {r.materialCode}
          </Typography.Text>
          {r.materialName}
        </>
      ),
    },
    {
      key: 'qty',
      title: t('fields.consumedQty'),
      width: 100,
      align: 'right',
      render: (_, r) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Typography.Text strong data-testid="lot-material-qty">
            {fmtQty(r.qty)}
          </Typography.Text>{' '}
          {unitLabel(r.unit)}
        </span>
      ),
    },
    { key: 'supplierLot', title: t('fields.supplierLot'), width: 110, render: (_, r) => r.supplierLot ?? '' },
    { key: 'supplier', title: t('fields.supplier'), width: 120, render: (_, r) => r.supplierName ?? '' },
    { key: 'receivedDate', title: t('fields.receivedDate'), dataIndex: 'receivedDate', width: 100 },
    {
      key: 'expiryDate',
      title: t('fields.expiryDate'),
      width: 100,
      render: (_, r) => (
        <Typography.Text type={r.setsLotExpiry ? 'warning' : undefined}>{r.expiryDate ?? '-'}</Typography.Text>
      ),
    },
    {
      key: 'dailyPlans',
      title: t('fields.dailyPlans'),
      width: 80,
      align: 'right',
      render: (_, r) => r.dailyPlanIds.length,
    },
  ];
  if (handLot)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.handLot')} data-testid="lot-hand" />;
  return (
    <Flex vertical gap={12}>
      {sums.length > 0 && (
        <Flex gap={8} wrap align="center" data-testid="lot-material-sums">
          <Typography.Text type="secondary">{t('titles.byMaterial')}</Typography.Text>
          {sums.map((m) => (
            <Tag key={m.code} data-testid="lot-material-sum" data-code={m.code} style={{ marginInlineEnd: 0 }}>
              {m.code} {m.name}: <b>{fmtQty(m.qty)}</b> {unitLabel(m.unit)} ({m.packages})
            </Tag>
          ))}
        </Flex>
      )}
      <Table<LotMaterial>
        data-testid="lot-material-table"
        size="small"
        rowKey="stockId"
        columns={columns}
        dataSource={list.data}
        loading={list.isFetching}
        pagination={false}
        scroll={{ x: 940 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.noMaterials')} /> }}
        onRow={(r) => ({ 'data-testid': 'lot-material-row', 'data-package': r.packageId }) as never}
      />
    </Flex>
  );
}
