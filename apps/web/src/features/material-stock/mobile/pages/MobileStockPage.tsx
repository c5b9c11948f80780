import type { BarcodeInfo } from '@eqms/contract';
import { Card, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ScanPanel, useScannedCode } from '../components/ScanLookup.tsx';
import { StockDetailCard, StockRowCard, useQtyText } from '../components/StockCards.tsx';
import '../../../../components/scanner/scanner.locales.ts';
import { MOBILE_STOCK_NS } from '../material-stock-mobile.locales.ts';
import { useMaterialRows } from '../mobile-stock.queries.ts';

// /m/material/stock (SPEC §2 mobile routes, query `barcode`): scan or type a material's barcode or code, or a package
// ID, and see where it is and how much. A material: its total and its packages in picking order (first expired first
// out), expiry flagged; a package: that row in full.

type MaterialInfo = Extract<BarcodeInfo, { type: 'MATERIAL' }>;

function MaterialStockView({ info }: { info: MaterialInfo }) {
  const { t } = useTranslation(MOBILE_STOCK_NS);
  const qty = useQtyText();
  const m = info.data;
  const rows = useMaterialRows(m.id);
  const below = m.safetyStock != null && m.stockQty < m.safetyStock;
  const list = rows.data?.data ?? [];
  const more = (rows.data?.total ?? 0) - list.length;
  return (
    <Flex vertical gap={12} data-testid="m-stock-material" data-material-id={m.id}>
      <Card styles={{ body: { padding: 16 } }}>
        <Typography.Text strong style={{ fontSize: 17, display: 'block' }} data-testid="m-stock-material-name">
          {m.name}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          {m.code}
          {m.specification ? ` · ${m.specification}` : ''}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          {t('stock.total')}
        </Typography.Text>
        <Flex align="baseline" gap={8} wrap>
          <Typography.Text strong style={{ fontSize: 28 }} data-testid="m-stock-total">
            {qty(m.stockQty, m.unit)}
          </Typography.Text>
          <Typography.Text type="secondary">{t('stock.packages', { count: m.stockCount })}</Typography.Text>
        </Flex>
        {m.safetyStock != null && (
          <Flex gap={6} align="center" wrap style={{ marginTop: 4 }}>
            <Typography.Text type="secondary">{t('stock.safety', { qty: qty(m.safetyStock, m.unit) })}</Typography.Text>
            {below && <Tag color="error">{t('stock.belowSafety')}</Tag>}
          </Flex>
        )}
      </Card>
      {rows.isLoading ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('stock.none')} />
      ) : (
        <>
          <Typography.Text strong>{t('stock.pickOrder')}</Typography.Text>
          <Flex vertical gap={8} data-testid="m-stock-rows">
            {list.map((row, i) => (
              <StockRowCard key={row.id} row={row} first={i === 0} />
            ))}
          </Flex>
          {more > 0 && <Typography.Text type="secondary">{t('stock.more', { count: more })}</Typography.Text>}
        </>
      )}
    </Flex>
  );
}

const MATERIAL_TYPES = ['MATERIAL', 'MATERIAL_STOCK'] as const;

export default function MobileStockPage() {
  const { t } = useTranslation(MOBILE_STOCK_NS);
  // A lot or a product is not a material: say so, with the code, as for an unknown one.
  const wrongType = useCallback(
    (data: BarcodeInfo) => t('stock.notMaterial', { type: t(`scanner:types.${data.type}`), code: data.code }),
    [t],
  );
  const { info, data, scan } = useScannedCode(MATERIAL_TYPES, wrongType);

  return (
    <Flex vertical gap={12} data-testid="m-stock-page">
      <ScanPanel testId="m-stock-scan" placeholder={t('stock.placeholder')} hint={t('stock.hint')} onScan={scan} />
      {info.isFetching && !data ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : data?.type === 'MATERIAL' ? (
        <MaterialStockView info={data} />
      ) : data?.type === 'MATERIAL_STOCK' ? (
        <StockDetailCard row={data.data} />
      ) : null}
    </Flex>
  );
}
