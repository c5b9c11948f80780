import { type ItemSale, SALE_ITEM_KINDS } from '@eqms/contract';
import { Select, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import type { DataColumn } from '../../../components/DataTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { PeriodListTable, usePeriodList } from '../../../components/PeriodListTable.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { registerLocales } from '../../../i18n/index.ts';
import { PartnerSelect } from '../components/stock-inputs.tsx';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { useItemSales } from '../material-stock.queries.ts';
import { fmtQty } from '../stock-rules.ts';

registerLocales('materialStock', { kr, en });

const DEFAULT_DAYS = 30;

type Kind = (typeof SALE_ITEM_KINDS)[number];
type Filters = {
  kind: string | undefined;
  customerId: number | undefined;
  q: string | undefined;
};
/** A sale with a key unique in the page (the id is unique within its kind only). */
type Row = ItemSale & { key: string };

/** /sales/materialProdSales: material sales and product shipments of a period together, newest first. */
export default function ItemSalesPage() {
  const { t } = useTranslation(['materialStock', 'common']);
  const unitLabel = useCodeLabel('UNIT');
  const view = usePeriodList<Filters>(
    DEFAULT_DAYS,
    { kind: undefined, customerId: undefined, q: undefined },
    { numbers: ['customerId'] },
  );
  const { s, filter, period } = view;
  const kind = SALE_ITEM_KINDS.includes(s.kind as Kind) ? (s.kind as Kind) : undefined;
  const list = useItemSales(
    period.from && period.to ? { from: period.from, to: period.to, kind, customerId: s.customerId, q: s.q } : null,
    s.page,
    s.size,
  );
  const rows = useMemo(() => list.data?.data.map((r) => ({ ...r, key: `${r.kind}-${r.id}` })), [list.data]);

  const columns: DataColumn<Row>[] = [
    { key: 'saleDate', title: t('fields.saleDate'), dataIndex: 'saleDate', width: 100 },
    {
      key: 'kind',
      title: t('fields.kind'),
      width: 90,
      render: (r) => (
        <Tag color={r.kind === 'MATERIAL' ? 'green' : 'blue'} style={{ marginInlineEnd: 0 }}>
          {t(`kind.${r.kind}`)}
        </Tag>
      ),
      exportValue: (r) => t(`kind.${r.kind}`),
    },
    { key: 'customerName', title: t('fields.customer'), dataIndex: 'customerName', width: 150 },
    { key: 'itemCode', title: t('fields.itemCode'), dataIndex: 'itemCode', width: 120 },
    { key: 'itemName', title: t('fields.itemName'), dataIndex: 'itemName', width: 160 },
    {
      key: 'qty',
      title: t('fields.qty'),
      width: 110,
      render: (r) => `${fmtQty(r.qty)} ${unitLabel(r.unit)}`,
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
    { key: 'reference', title: t('fields.reference'), dataIndex: 'reference', width: 150 },
    { key: 'createdBy', title: t('fields.by'), dataIndex: 'createdBy', width: 100 },
  ];

  return (
    <PageContainer menuName="materialProdSales">
      <PeriodListTable
        testId="item-sales"
        menuName="materialProdSales"
        view={view}
        list={list}
        rowKey="key"
        columns={columns}
        data={rows}
        filters={
          <>
            <Select<Kind>
              data-testid="item-sales-kind"
              aria-label={t('fields.kind')}
              placeholder={t('filters.allKinds')}
              allowClear
              value={kind}
              onChange={(v) => filter({ kind: v ?? undefined })}
              options={SALE_ITEM_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
              style={{ width: 130 }}
            />
            <PartnerSelect
              type="CUSTOMER"
              testId="item-sales-customer"
              placeholder={t('filters.allCustomers')}
              value={s.customerId ?? null}
              onChange={(customerId) => filter({ customerId: customerId ?? undefined })}
              style={{ width: 180 }}
            />
            <SearchBox
              testId="item-sales-search"
              placeholder={t('filters.itemSalesSearch')}
              value={s.q}
              onSearch={(q) => filter({ q })}
              style={{ width: 200 }}
            />
          </>
        }
      />
    </PageContainer>
  );
}
