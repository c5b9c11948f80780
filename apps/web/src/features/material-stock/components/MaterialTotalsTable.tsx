import type { MaterialStockTotal } from '@eqms/contract';
import { Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { CodeSelect } from '../../../components/inputs/CodeSelect.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { useMaterialTotals } from '../material-stock.queries.ts';
import { fmtQty } from '../stock-rules.ts';

const PAGE_SIZE = 50;

/** Stock per material against its safety stock (GET /material-stock/material-stocks); below it in red. */
export function MaterialTotalsTable({ onOpen }: { onOpen: (m: MaterialStockTotal) => void }) {
  const { t } = useTranslation(['materialStock', 'common']);
  const typeLabel = useCodeLabel('MATERIAL_TYPE');
  const unitLabel = useCodeLabel('UNIT');
  const [s, set] = useUrlState(
    { q: undefined, type: undefined, below: '', zero: '', page: 1, size: PAGE_SIZE } as {
      q: string | undefined;
      type: string | undefined;
      below: string;
      zero: string;
      page: number;
      size: number;
    },
    { prefix: 't' },
  );
  const totals = useMaterialTotals(
    { q: s.q, type: s.type, belowSafety: s.below === 'true', containQtyZero: s.zero === 'true' },
    s.page,
    s.size,
  );
  const danger = (m: MaterialStockTotal, text: string) =>
    m.belowSafety ? <Typography.Text type="danger">{text}</Typography.Text> : text;

  const columns: DataColumn<MaterialStockTotal>[] = [
    {
      key: 'code',
      title: t('fields.materialCode'),
      width: 120,
      render: (m) => danger(m, m.code),
      exportValue: (m) => m.code,
    },
    { key: 'name', title: t('fields.materialName'), dataIndex: 'name', width: 160 },
    { key: 'type', title: t('fields.materialType'), width: 100, render: (m) => typeLabel(m.type) },
    { key: 'specification', title: t('fields.specification'), dataIndex: 'specification', width: 120 },
    {
      key: 'qty',
      title: t('fields.qty'),
      width: 120,
      render: (m) => (
        <span data-testid="stock-total-qty">
          {danger(m, fmtQty(m.qty))} {unitLabel(m.unit)}
        </span>
      ),
      exportValue: (m) => m.qty,
    },
    { key: 'safetyStock', title: t('fields.safetyStock'), width: 100, render: (m) => fmtQty(m.safetyStock) },
    {
      key: 'shortageQty',
      title: t('fields.shortage'),
      width: 100,
      render: (m) =>
        m.shortageQty > 0 ? (
          <Typography.Text type="danger" strong data-testid="stock-total-shortage">
            −{fmtQty(m.shortageQty)}
          </Typography.Text>
        ) : (
          ''
        ),
      exportValue: (m) => m.shortageQty,
    },
    { key: 'stockCount', title: t('fields.stockCount'), dataIndex: 'stockCount', width: 90 },
    {
      key: 'expiredQty',
      title: t('fields.expiredQty'),
      width: 100,
      render: (m) => (m.expiredQty ? <Typography.Text type="danger">{fmtQty(m.expiredQty)}</Typography.Text> : ''),
      exportValue: (m) => m.expiredQty,
    },
    {
      key: 'soonQty',
      title: t('fields.soonQty'),
      width: 100,
      render: (m) => (m.soonQty ? <Typography.Text type="warning">{fmtQty(m.soonQty)}</Typography.Text> : ''),
      exportValue: (m) => m.soonQty,
    },
    { key: 'nearestExpiry', title: t('fields.nearestExpiry'), dataIndex: 'nearestExpiry', width: 110 },
  ];

  return (
    <DataTable<MaterialStockTotal>
      testId="stock-totals-table"
      urlKey="t"
      rowKey="materialId"
      columns={columns}
      data={totals.data?.data}
      loading={totals.isFetching}
      exportName={t('tabs.totals')}
      onRowClick={onOpen}
      pagination={{
        page: s.page,
        size: s.size,
        total: totals.data?.total ?? 0,
        onChange: (page, size) => set({ page, size }),
      }}
      toolbar={
        <>
          <SearchBox
            testId="stock-totals-search"
            placeholder={t('filters.totalsSearch')}
            value={s.q}
            onSearch={(q) => set({ q, page: 1 })}
            style={{ width: 220 }}
          />
          <CodeSelect
            category="MATERIAL_TYPE"
            testId="stock-totals-type"
            placeholder={t('filters.allTypes')}
            value={s.type ?? null}
            onChange={(v) => set({ type: v ?? undefined, page: 1 })}
            style={{ width: 140 }}
          />
          <Flex align="center" gap={6}>
            <Switch
              size="small"
              checked={s.below === 'true'}
              onChange={(v) => set({ below: v ? 'true' : '', page: 1 })}
              data-testid="stock-totals-below"
              aria-label={t('filters.belowSafety')}
            />
            <Typography.Text>{t('filters.belowSafety')}</Typography.Text>
          </Flex>
          <Flex align="center" gap={6}>
            <Switch
              size="small"
              checked={s.zero === 'true'}
              onChange={(v) => set({ zero: v ? 'true' : '', page: 1 })}
              data-testid="stock-totals-zero"
              aria-label={t('filters.containQtyZero')}
            />
            <Typography.Text>{t('filters.containQtyZero')}</Typography.Text>
          </Flex>
        </>
      }
    />
  );
}
