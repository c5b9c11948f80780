import { type MaterialSale, materialSalesEndpoints } from '@eqms/contract';
import { Button, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../../api/http.ts';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import type { DataColumn } from '../../../components/DataTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { PeriodListTable, usePeriodList } from '../../../components/PeriodListTable.tsx';
import { rowActionsColumn } from '../../../components/RowAction.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { registerLocales } from '../../../i18n/index.ts';
import { SellDialog } from '../components/SellDialog.tsx';
import { MaterialPickSelect, PartnerSelect } from '../components/stock-inputs.tsx';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { useSales, useStockApi } from '../material-stock.queries.ts';
import { fmtQty } from '../stock-rules.ts';

registerLocales('materialStock', { kr, en });

const DEFAULT_DAYS = 30;

type Filters = {
  materialId: number | undefined;
  customerId: number | undefined;
  q: string | undefined;
};

/** /material/sales: material sold to customers from stock rows; a deleted sale returns its quantity. */
export default function MaterialSalesPage() {
  const { t } = useTranslation(['materialStock', 'common']);
  const canCreate = useCan('materialSales', 'create');
  const canDelete = useCan('materialSales', 'delete');
  const unitLabel = useCodeLabel('UNIT');
  const api = useStockApi();
  const [selling, setSelling] = useState(false);
  const view = usePeriodList<Filters>(
    DEFAULT_DAYS,
    { materialId: undefined, customerId: undefined, q: undefined },
    { numbers: ['materialId', 'customerId'] },
  );
  const { s, filter, period } = view;
  const args = period.error
    ? null
    : { from: period.from, to: period.to, materialId: s.materialId, customerId: s.customerId, q: s.q };
  const sales = useSales(args, s.page, s.size);

  const remove = async (rows: MaterialSale[]) => {
    await api.removeSales(rows.map((r) => r.id));
    useAppStore.getState().notify(t('common:messages.deleted'), 'success');
  };
  const removeOne = (r: MaterialSale) =>
    confirmRemove(t('messages.confirmDeleteSale', { material: r.materialName, qty: fmtQty(r.qty) }), () => remove([r]));

  const columns: DataColumn<MaterialSale>[] = [
    { key: 'saleDate', title: t('fields.saleDate'), dataIndex: 'saleDate', width: 100 },
    { key: 'customerName', title: t('fields.customer'), dataIndex: 'customerName', width: 150 },
    { key: 'materialCode', title: t('fields.materialCode'), dataIndex: 'materialCode', width: 110 },
    { key: 'materialName', title: t('fields.materialName'), dataIndex: 'materialName', width: 150 },
    { key: 'packageId', title: t('fields.packageId'), dataIndex: 'packageId', width: 140 },
    {
      key: 'qty',
      title: t('fields.qty'),
      width: 110,
      render: (r) => (
        <span data-testid="sale-qty">
          {fmtQty(r.qty)} {unitLabel(r.unit)}
        </span>
      ),
      exportValue: (r) => r.qty,
    },
    {
      key: 'unitPrice',
      title: t('fields.unitPrice'),
      width: 100,
      render: (r) => fmtQty(r.unitPrice),
      exportValue: (r) => r.unitPrice,
    },
    {
      key: 'amount',
      title: t('fields.amount'),
      width: 110,
      render: (r) => fmtQty(r.amount),
      exportValue: (r) => r.amount,
    },
    {
      key: 'expiredReason',
      title: t('fields.expiredReason'),
      width: 150,
      render: (r) =>
        r.expiredReason ? (
          <Tooltip title={r.expiredReason}>
            <Typography.Text type="warning">{r.expiredReason}</Typography.Text>
          </Tooltip>
        ) : (
          ''
        ),
      exportValue: (r) => r.expiredReason,
    },
    { key: 'description', title: t('fields.description'), dataIndex: 'description', width: 160 },
    { key: 'createdBy', title: t('fields.by'), dataIndex: 'createdBy', width: 100 },
    ...rowActionsColumn<MaterialSale>({
      title: t('fields.actions'),
      testId: 'sale',
      rowId: (r) => r.id,
      canModify: false,
      canDelete,
      onEdit: () => undefined,
      onDelete: (r) => void removeOne(r),
    }),
  ];

  return (
    <PageContainer
      menuName="materialSales"
      extra={
        canCreate && (
          <Button type="primary" data-testid="sale-create" onClick={() => setSelling(true)}>
            {t('actions.sell')}
          </Button>
        )
      }
    >
      <PeriodListTable
        testId="sales"
        menuName="materialSales"
        view={view}
        list={sales}
        args={args}
        rowKey="id"
        historyTable="material_sales"
        columns={columns}
        selectable={canDelete}
        onDeleteSelected={remove}
        onExport={(a, fileName) =>
          download(materialSalesEndpoints.salesExport, fileName, { query: { ...a, q: a.q || undefined } })
        }
        filters={
          <>
            <MaterialPickSelect
              testId="sales-material"
              placeholder={t('filters.allMaterials')}
              value={s.materialId ?? null}
              onChange={(materialId) => filter({ materialId: materialId ?? undefined })}
              style={{ width: 200 }}
            />
            <PartnerSelect
              type="CUSTOMER"
              testId="sales-customer"
              placeholder={t('filters.allCustomers')}
              value={s.customerId ?? null}
              onChange={(customerId) => filter({ customerId: customerId ?? undefined })}
              style={{ width: 180 }}
            />
            <SearchBox
              testId="sales-search"
              placeholder={t('filters.salesSearch')}
              value={s.q}
              onSearch={(q) => filter({ q })}
              style={{ width: 200 }}
            />
          </>
        }
      />
      <SellDialog open={selling} onClose={() => setSelling(false)} />
    </PageContainer>
  );
}
