import { DAILY_QUALITY_PERIOD_MAX_DAYS, type DailyQualityResult, dailyQualityResultEndpoints } from '@eqms/contract';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../../api/http.ts';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import type { DataColumn } from '../../../components/DataTable.tsx';
import { LocationTreeSelect } from '../../../components/LocationTreeSelect.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { PeriodListTable, usePeriodList } from '../../../components/PeriodListTable.tsx';
import { rowActionsColumn } from '../../../components/RowAction.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { ProductPickSelect } from '../../shipment/components/pickers.tsx';
import { DailyQualityDialog } from '../components/DailyQualityDialog.tsx';
import { DAILY_QUALITY_NS } from '../daily-quality.locales.ts';
import { useDailyQualityApi, useDailyQualityResults } from '../daily-quality.queries.ts';

const DEFAULT_DAYS = 14;

type Filters = {
  lineId: number | undefined;
  productId: number | undefined;
  q: string | undefined;
};

/** /quality/daily/result: per day, line and product the quantities inspected and passed, defects by type. */
export default function DailyQualityPage() {
  const { t } = useTranslation([DAILY_QUALITY_NS, 'common']);
  const canCreate = useCan('dailyQualityResult', 'create');
  const canModify = useCan('dailyQualityResult', 'modify');
  const canDelete = useCan('dailyQualityResult', 'delete');
  const unitLabel = useCodeLabel('UNIT');
  const defectLabel = useCodeLabel('DEFECT_TYPE');
  const api = useDailyQualityApi();
  const [editing, setEditing] = useState<DailyQualityResult | 'new' | null>(null);
  const view = usePeriodList<Filters>(
    DEFAULT_DAYS,
    { lineId: undefined, productId: undefined, q: undefined },
    { numbers: ['lineId', 'productId'], maxDays: DAILY_QUALITY_PERIOD_MAX_DAYS },
  );
  const { s, filter, period } = view;
  const args = period.error
    ? null
    : { startDt: period.from, endDt: period.to, lineId: s.lineId, productId: s.productId, q: s.q };
  const list = useDailyQualityResults(args, s.page, s.size);

  const remove = async (rows: DailyQualityResult[]) => {
    await api.remove(rows.map((r) => r.id));
    useAppStore.getState().notify(t('common:messages.deleted'), 'success');
  };
  const qty = (v: number, r: DailyQualityResult) => `${fmtQty(v)} ${unitLabel(r.unit)}`;
  const defectsText = (r: DailyQualityResult) =>
    r.defects.map((d) => `${defectLabel(d.defectCode)} ${fmtQty(d.qty)}`).join(', ');

  const columns: DataColumn<DailyQualityResult>[] = [
    { key: 'day', title: t('fields.day'), dataIndex: 'day', width: 100 },
    { key: 'lineName', title: t('fields.line'), dataIndex: 'lineName', width: 110 },
    { key: 'productCode', title: t('fields.productCode'), dataIndex: 'productCode', width: 110 },
    { key: 'productName', title: t('fields.productName'), dataIndex: 'productName', width: 140 },
    {
      key: 'inspectedQty',
      title: t('fields.inspectedQty'),
      width: 100,
      render: (r) => qty(r.inspectedQty, r),
      exportValue: (r) => r.inspectedQty,
    },
    {
      key: 'passedQty',
      title: t('fields.passedQty'),
      width: 100,
      render: (r) => qty(r.passedQty, r),
      exportValue: (r) => r.passedQty,
    },
    {
      key: 'failedQty',
      title: t('fields.failedQty'),
      width: 100,
      render: (r) => <span data-testid="dq-failed-cell">{qty(r.failedQty, r)}</span>,
      exportValue: (r) => r.failedQty,
    },
    {
      key: 'defectRate',
      title: t('fields.defectRate'),
      width: 90,
      render: (r) => (
        <Tag color={r.defectRate > 5 ? 'red' : r.defectRate > 2 ? 'orange' : 'green'}>{r.defectRate}%</Tag>
      ),
      exportValue: (r) => r.defectRate,
    },
    {
      key: 'defects',
      title: t('fields.defects'),
      width: 220,
      render: (r) => <span data-testid="dq-defects-cell">{defectsText(r) || t('hints.noDefects')}</span>,
      exportValue: defectsText,
    },
    { key: 'description', title: t('fields.description'), dataIndex: 'description', width: 160 },
    { key: 'updatedBy', title: t('fields.by'), dataIndex: 'updatedBy', width: 100 },
    ...rowActionsColumn<DailyQualityResult>({
      title: t('fields.actions'),
      testId: 'dq',
      rowId: (r) => r.id,
      canModify,
      canDelete,
      onEdit: (r) => setEditing(r),
      onDelete: (r) =>
        void confirmRemove(t('messages.confirmDelete', { day: r.day, line: r.lineName, product: r.productName }), () =>
          remove([r]),
        ),
    }),
  ];

  return (
    <PageContainer
      menuName="dailyQualityResult"
      extra={
        canCreate && (
          <Button type="primary" data-testid="dq-create" onClick={() => setEditing('new')}>
            {t('actions.create')}
          </Button>
        )
      }
    >
      <PeriodListTable
        testId="dq"
        menuName="dailyQualityResult"
        view={view}
        list={list}
        args={args}
        rowKey="id"
        historyTable="daily_quality_results"
        columns={columns}
        selectable={canDelete}
        onDeleteSelected={remove}
        onExport={(a, fileName) =>
          download(dailyQualityResultEndpoints.listExport, fileName, { query: { ...a, q: a.q || undefined } })
        }
        filters={
          <>
            <div style={{ width: 180 }}>
              <LocationTreeSelect
                testId="dq-filter-line"
                typeUntils={['LINE']}
                selectableTypes={['LINE']}
                placeholder={t('filters.allLines')}
                value={s.lineId ?? null}
                onChange={(lineId) => filter({ lineId: lineId ?? undefined })}
              />
            </div>
            <ProductPickSelect
              testId="dq-filter-product"
              placeholder={t('filters.allProducts')}
              value={s.productId ?? null}
              onChange={(productId) => filter({ productId: productId ?? undefined })}
              style={{ width: 200 }}
            />
            <SearchBox
              testId="dq-search"
              placeholder={t('filters.search')}
              value={s.q}
              onSearch={(q) => filter({ q })}
              style={{ width: 200 }}
            />
          </>
        }
        wrapToolbar
      />
      <DailyQualityDialog
        open={editing !== null}
        row={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
    </PageContainer>
  );
}
