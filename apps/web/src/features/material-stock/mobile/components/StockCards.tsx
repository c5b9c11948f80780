import type { ExpiryState, MaterialStock } from '@eqms/contract';
import { Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../../app/store.ts';
import { MOBILE_STOCK_NS } from '../material-stock-mobile.locales.ts';
import { LabeledLine } from '../../../../components/LabeledLine.tsx';

// The phone's stock rows: a compact card per package for a material's picking list, and the detail of one package.

const EXPIRY_TAG: Record<ExpiryState, string | undefined> = {
  EXPIRED: 'error',
  SOON: 'warning',
  OK: undefined,
  NONE: undefined,
};

export function useQtyText() {
  const locale = useAppStore((s) => s.locale);
  const fmt = new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'ko-KR', { maximumFractionDigits: 5 });
  return (qty: number, unit: string) => `${fmt.format(qty)} ${unit}`;
}

export function ExpiryTag({ row }: { row: Pick<MaterialStock, 'expiryState' | 'daysToExpiry'> }) {
  const { t } = useTranslation(MOBILE_STOCK_NS);
  const color = EXPIRY_TAG[row.expiryState];
  if (!color) return null;
  const days = row.daysToExpiry;
  const detail =
    days == null ? '' : days < 0 ? t('expiry.overdue', { count: -days }) : t('expiry.days', { count: days });
  return (
    <Tag color={color} style={{ marginInlineEnd: 0 }} data-testid="m-expiry-tag" data-state={row.expiryState}>
      {t(`expiry.${row.expiryState}`)}
      {detail && ` · ${detail}`}
    </Tag>
  );
}

/** One package in a material's picking list: package ID, quantity, place, expiry. */
export function StockRowCard({ row, first }: { row: MaterialStock; first?: boolean }) {
  const { t } = useTranslation(MOBILE_STOCK_NS);
  const qty = useQtyText();
  return (
    <Card size="small" data-testid="m-stock-row" data-package-id={row.packageId} styles={{ body: { padding: 12 } }}>
      <Flex justify="space-between" align="flex-start" gap={8} wrap>
        <Typography.Text strong style={{ fontSize: 15 }}>
          {row.packageId}
        </Typography.Text>
        <Typography.Text strong style={{ fontSize: 17 }} data-testid="m-stock-row-qty">
          {qty(row.qty, row.unit)}
        </Typography.Text>
      </Flex>
      <Typography.Text type="secondary" style={{ display: 'block' }} data-testid="m-stock-row-place">
        {row.placePath}
      </Typography.Text>
      <Flex gap={6} align="center" wrap style={{ marginTop: 4 }}>
        {first && <Tag color="blue">{t('stock.pickFirst')}</Tag>}
        <Typography.Text type="secondary">
          {t('fields.expiry')} {row.expiryDate ?? '-'}
        </Typography.Text>
        <ExpiryTag row={row} />
      </Flex>
    </Card>
  );
}

/** One package in full (a scanned package ID). */
export function StockDetailCard({ row }: { row: MaterialStock }) {
  const { t } = useTranslation(MOBILE_STOCK_NS);
  const qty = useQtyText();
  return (
    <Card data-testid="m-stock-detail" styles={{ body: { padding: 16 } }}>
      <Typography.Text strong style={{ fontSize: 17, display: 'block' }}>
        {row.materialName}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
        {row.materialCode}
        {row.specification ? ` · ${row.specification}` : ''}
      </Typography.Text>
      <Typography.Text strong style={{ fontSize: 28, display: 'block' }} data-testid="m-stock-detail-qty">
        {qty(row.qty, row.unit)}
      </Typography.Text>
      <LabeledLine label={t('fields.packageId')}>{row.packageId}</LabeledLine>
      <LabeledLine label={t('fields.place')} testId="m-stock-detail-place">
        {row.placePath}
      </LabeledLine>
      <LabeledLine label={t('fields.expiry')}>
        <Flex gap={6} align="center" wrap component="span">
          {row.expiryDate ?? '-'} <ExpiryTag row={row} />
        </Flex>
      </LabeledLine>
      <LabeledLine label={t('fields.received')}>{row.receivedDate}</LabeledLine>
      {row.manufactureDate && <LabeledLine label={t('fields.manufactured')}>{row.manufactureDate}</LabeledLine>}
      {row.supplierName && <LabeledLine label={t('fields.supplier')}>{row.supplierName}</LabeledLine>}
      {row.supplierLot && <LabeledLine label={t('fields.supplierLot')}>{row.supplierLot}</LabeledLine>}
      {row.description && <LabeledLine label={t('fields.note')}>{row.description}</LabeledLine>}
    </Card>
  );
}
