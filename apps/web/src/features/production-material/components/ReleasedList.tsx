import { SwapOutlined, RollbackOutlined } from '@ant-design/icons';
import { PLAN_MAX_DAYS, type ProductionMaterialStock } from '@eqms/contract';
import { Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCan } from '../../../app/permissions.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { DateRangeField } from '../../../components/inputs/DateRangeField.tsx';
import { useMenuLabel } from '../../../components/PageContainer.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { PROD_NS } from '../production-material.locales.ts';
import { downloadProdStocks, type ProdListArgs, useProdStocks } from '../production-material.queries.ts';
import { ProdHistoryDialog } from './ProdHistoryDialog.tsx';
import { RestockDialog } from './RestockDialog.tsx';

/** The released material of the plans meeting a period: one page at a time, searched, exported whole. */
export function ReleasedList({
  args,
  period,
  onPeriod,
  q,
  onSearch,
  page,
  size,
  onPage,
}: {
  /** Null while the period cannot be asked (its error shows above). */
  args: ProdListArgs | null;
  period: string;
  onPeriod: (text: string | undefined) => void;
  q: string | undefined;
  onSearch: (q: string | undefined) => void;
  page: number;
  size: number;
  onPage: (page: number, size: number) => void;
}) {
  const { t } = useTranslation([PROD_NS, 'common']);
  const menuLabel = useMenuLabel('stockOutRestock');
  const unitLabel = useCodeLabel('UNIT');
  const canCreate = useCan('stockOutRestock', 'create');
  const rows = useProdStocks(args, page, size);
  const [restocking, setRestocking] = useState<ProductionMaterialStock | null>(null);
  const [historyOf, setHistoryOf] = useState<ProductionMaterialStock | null>(null);

  const num = (
    key: 'qty' | 'releasedQty' | 'restockedQty' | 'consumedQty',
    title: string,
  ): DataColumn<ProductionMaterialStock> => ({
    key,
    title,
    width: 100,
    render: (r) => (key === 'qty' ? <Typography.Text strong>{fmtQty(r[key])}</Typography.Text> : fmtQty(r[key])),
    exportValue: (r) => r[key],
    sorter: (a, b) => a[key] - b[key],
  });
  const columns: DataColumn<ProductionMaterialStock>[] = [
    { key: 'packageId', title: t('fields.packageId'), dataIndex: 'packageId', width: 150 },
    { key: 'materialCode', title: t('fields.materialCode'), dataIndex: 'materialCode', width: 120 },
    { key: 'materialName', title: t('fields.materialName'), dataIndex: 'materialName', width: 150 },
    num('qty', t('fields.atLine')),
    num('releasedQty', t('fields.releasedQty')),
    num('restockedQty', t('fields.restockedQty')),
    num('consumedQty', t('fields.consumedQty')),
    { key: 'unit', title: t('fields.unit'), width: 70, render: (r) => unitLabel(r.unit), exportValue: (r) => r.unit },
    { key: 'productCode', title: t('fields.productCode'), dataIndex: 'productCode', width: 120 },
    { key: 'productName', title: t('fields.productName'), dataIndex: 'productName', width: 150 },
    {
      key: 'planPeriod',
      title: t('fields.planPeriod'),
      width: 190,
      render: (r) => `${r.planStartDt} ~ ${r.planEndDt}`,
    },
    { key: 'lineName', title: t('fields.line'), dataIndex: 'lineName', width: 120 },
    { key: 'expiryDate', title: t('fields.expiryDate'), dataIndex: 'expiryDate', width: 110 },
    {
      key: 'updatedAt',
      title: t('fields.updatedAt'),
      width: 140,
      render: (r) => dayjs(r.updatedAt).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 90,
      fixed: 'right',
      render: (r) => (
        <span onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
          {canCreate && r.qty > 0 && (
            <RowAction
              label={t('actions.restock')}
              icon={<RollbackOutlined />}
              testId={`prod-list-restock-${r.packageId}`}
              onClick={() => setRestocking(r)}
            />
          )}
          <RowAction
            label={t('actions.history')}
            icon={<SwapOutlined />}
            testId={`prod-list-history-${r.packageId}`}
            onClick={() => setHistoryOf(r)}
          />
        </span>
      ),
    },
  ];

  const exportAll = async () => {
    if (args) await downloadProdStocks(args, `${menuLabel}.xlsx`);
  };

  return (
    <>
      <DataTable<ProductionMaterialStock>
        testId="prod-list-table"
        urlKey="l"
        rowKey="id"
        historyTable="production_material_stocks"
        columns={columns}
        data={rows.data?.data}
        loading={rows.isFetching}
        exportName={menuLabel}
        onExport={args ? exportAll : undefined}
        pagination={{ page, size, total: rows.data?.total ?? 0, onChange: onPage }}
        toolbar={
          <>
            <Typography.Text type="secondary">{t('filters.planPeriod')}</Typography.Text>
            <DateRangeField
              testId="prod-list-period"
              value={period}
              onChange={(text) => onPeriod(text ?? undefined)}
              maxDays={PLAN_MAX_DAYS}
              allowClear={false}
              style={{ width: 250 }}
            />
            <SearchBox
              testId="prod-list-search"
              placeholder={t('filters.search')}
              value={q}
              onSearch={onSearch}
              style={{ width: 240 }}
            />
          </>
        }
      />
      <RestockDialog row={restocking} onClose={() => setRestocking(null)} />
      <ProdHistoryDialog row={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}
