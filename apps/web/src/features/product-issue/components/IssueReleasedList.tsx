import { RollbackOutlined, SwapOutlined } from '@ant-design/icons';
import { PLAN_MAX_DAYS, type ProductionProductStock } from '@eqms/contract';
import { Tag, Typography } from 'antd';
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
import { ISSUE_NS } from '../product-issue.locales.ts';
import { downloadIssueStocks, type IssueListArgs, useIssueStocks } from '../product-issue.queries.ts';
import { IssueHistoryDialog } from './IssueHistoryDialog.tsx';
import { IssueRestockDialog } from './IssueRestockDialog.tsx';

/** The released lots of the plans meeting a period: one page at a time, searched, exported whole. */
export function IssueReleasedList({
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
  args: IssueListArgs | null;
  period: string;
  onPeriod: (text: string | undefined) => void;
  q: string | undefined;
  onSearch: (q: string | undefined) => void;
  page: number;
  size: number;
  onPage: (page: number, size: number) => void;
}) {
  const { t } = useTranslation([ISSUE_NS, 'common']);
  const menuLabel = useMenuLabel('productStockOutRestock');
  const unitLabel = useCodeLabel('UNIT');
  const canCreate = useCan('productStockOutRestock', 'create');
  const rows = useIssueStocks(args, page, size);
  const [restocking, setRestocking] = useState<ProductionProductStock | null>(null);
  const [historyOf, setHistoryOf] = useState<ProductionProductStock | null>(null);

  const num = (
    key: 'qty' | 'releasedQty' | 'restockedQty' | 'consumedQty',
    title: string,
  ): DataColumn<ProductionProductStock> => ({
    key,
    title,
    width: 100,
    render: (r) => (key === 'qty' ? <Typography.Text strong>{fmtQty(r[key])}</Typography.Text> : fmtQty(r[key])),
    exportValue: (r) => r[key],
    sorter: (a, b) => a[key] - b[key],
  });
  const columns: DataColumn<ProductionProductStock>[] = [
    {
      key: 'lotId',
      title: t('fields.lotId'),
      width: 170,
      render: (r) => (
        <>
          {r.lotId}
          {r.disposed && (
            <Tag color="red" style={{ marginInlineStart: 4 }}>
              {t('hints.disposed')}
            </Tag>
          )}
        </>
      ),
      exportValue: (r) => r.lotId,
    },
    { key: 'productCode', title: t('fields.productCode'), dataIndex: 'productCode', width: 120 },
    { key: 'productName', title: t('fields.productName'), dataIndex: 'productName', width: 150 },
    num('qty', t('fields.atLine')),
    num('releasedQty', t('fields.releasedQty')),
    num('restockedQty', t('fields.restockedQty')),
    num('consumedQty', t('fields.consumedQty')),
    { key: 'unit', title: t('fields.unit'), width: 70, render: (r) => unitLabel(r.unit), exportValue: (r) => r.unit },
    { key: 'planProductCode', title: t('fields.planProductCode'), dataIndex: 'planProductCode', width: 120 },
    { key: 'planProductName', title: t('fields.planProductName'), dataIndex: 'planProductName', width: 150 },
    {
      key: 'planPeriod',
      title: t('fields.planPeriod'),
      width: 190,
      render: (r) => `${r.planStartDt} ~ ${r.planEndDt}`,
    },
    { key: 'lineName', title: t('fields.line'), dataIndex: 'lineName', width: 120 },
    { key: 'locationName', title: t('fields.from'), dataIndex: 'locationName', width: 120 },
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
          {canCreate && r.qty > 0 && !r.disposed && (
            <RowAction
              label={t('actions.restock')}
              icon={<RollbackOutlined />}
              testId={`issue-list-restock-${r.lotId}`}
              onClick={() => setRestocking(r)}
            />
          )}
          <RowAction
            label={t('actions.history')}
            icon={<SwapOutlined />}
            testId={`issue-list-history-${r.lotId}`}
            onClick={() => setHistoryOf(r)}
          />
        </span>
      ),
    },
  ];

  const exportAll = async () => {
    if (args) await downloadIssueStocks(args, `${menuLabel}.xlsx`);
  };

  return (
    <>
      <DataTable<ProductionProductStock>
        testId="issue-list-table"
        urlKey="l"
        rowKey="id"
        historyTable="production_product_stocks"
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
              testId="issue-list-period"
              value={period}
              onChange={(text) => onPeriod(text ?? undefined)}
              maxDays={PLAN_MAX_DAYS}
              allowClear={false}
              style={{ width: 250 }}
            />
            <SearchBox
              testId="issue-list-search"
              placeholder={t('filters.search')}
              value={q}
              onSearch={onSearch}
              style={{ width: 240 }}
            />
          </>
        }
      />
      <IssueRestockDialog row={restocking} onClose={() => setRestocking(null)} />
      <IssueHistoryDialog row={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}
