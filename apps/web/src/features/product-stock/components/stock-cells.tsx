import type { ProductMovementType, ProductStock } from '@eqms/contract';
import { Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EXPIRY_COLOR } from '../../material-stock/stock-rules.ts';
import { PROD_STOCK_NS } from '../product-stock.locales.ts';

// The product stock lists' cells: the lot's expiry with why it is what it is, the discarded LOT tag, movement types.

type ExpiryOf = Pick<ProductStock, 'expiryDate' | 'expiryReason' | 'expiryPackageId' | 'expiryState' | 'daysToExpiry'>;

/** Why the expiry is what it is, as a small tag with the detail in its tooltip (SHELF_LIFE, MATERIAL, LOT or by hand). */
export function ExpiryReasonTag({ row }: { row: ExpiryOf }) {
  const { t } = useTranslation(PROD_STOCK_NS);
  if (!row.expiryDate) return null;
  const [label, tip, color] =
    row.expiryReason === 'MATERIAL'
      ? [t('expiry.MATERIAL'), t('expiry.materialTip', { packageId: row.expiryPackageId ?? '-' }), 'orange']
      : row.expiryReason === 'LOT'
        ? [t('expiry.LOT'), t('expiry.lotTip', { lotId: row.expiryPackageId ?? '-' }), 'gold']
        : row.expiryReason === 'SHELF_LIFE'
          ? [t('expiry.SHELF_LIFE'), t('expiry.shelfLifeTip'), 'blue']
          : [t('expiry.manual'), t('expiry.manualTip'), 'default'];
  return (
    <Tooltip title={tip}>
      <Tag
        color={color}
        bordered={false}
        style={{ marginInlineEnd: 0, cursor: 'help' }}
        data-testid="prod-expiry-reason"
        data-reason={row.expiryReason ?? 'MANUAL'}
        aria-label={tip}
        tabIndex={0}
      >
        {label}
      </Tag>
    </Tooltip>
  );
}

/** The expiry date, days left (or past) coloured when soon or expired, and its reason. */
export function LotExpiryCell({ row }: { row: ExpiryOf }) {
  const { t } = useTranslation(PROD_STOCK_NS);
  if (!row.expiryDate) return <Typography.Text type="secondary">-</Typography.Text>;
  const color = EXPIRY_COLOR[row.expiryState];
  const days = row.daysToExpiry;
  const left =
    days === null ? '' : days < 0 ? t('expiry.daysAgo', { count: -days }) : t('expiry.daysLeft', { count: days });
  return (
    <Space size={4} wrap data-testid="prod-expiry" data-state={row.expiryState}>
      <Typography.Text type={color === 'error' ? 'danger' : color}>{row.expiryDate}</Typography.Text>
      {color ? (
        <Tag color={color} style={{ marginInlineEnd: 0 }}>
          {row.expiryState === 'EXPIRED' ? t('expiry.EXPIRED') : left}
        </Tag>
      ) : (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {left}
        </Typography.Text>
      )}
      <ExpiryReasonTag row={row} />
    </Space>
  );
}

/** "폐기 LOT / Discarded LOT", with when and why in its tooltip. */
export function DisposedTag({ row }: { row: Pick<ProductStock, 'disposed' | 'disposedAt' | 'disposedReason'> }) {
  const { t } = useTranslation(PROD_STOCK_NS);
  if (!row.disposed) return null;
  const tip = [
    row.disposedAt ? t('disposed.at', { at: dayjs(row.disposedAt).format('YYYY-MM-DD HH:mm') }) : null,
    row.disposedReason ? t('disposed.reason', { reason: row.disposedReason }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Tooltip title={tip || undefined}>
      <Tag color="red" style={{ marginInlineEnd: 0 }} data-testid="prod-disposed-tag">
        {t('disposed.tag')}
      </Tag>
    </Tooltip>
  );
}

const MOVEMENT_COLORS: Record<ProductMovementType, string> = {
  PRODUCE: 'green',
  ADD: 'cyan',
  ADJUST: 'orange',
  DISPOSE: 'red',
  SHIP: 'blue',
  SHIP_CANCEL: 'purple',
  RELEASE: 'geekblue',
  RESTOCK: 'lime',
};

export function ProductMovementTag({ type }: { type: ProductMovementType }) {
  const { t } = useTranslation(PROD_STOCK_NS);
  return (
    <Tag color={MOVEMENT_COLORS[type]} data-testid="prod-movement-type" data-type={type} style={{ marginInlineEnd: 0 }}>
      {t(`movement.${type}`)}
    </Tag>
  );
}
