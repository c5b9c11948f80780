import { InfoCircleOutlined } from '@ant-design/icons';
import type { Lot } from '@eqms/contract';
import { Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOT_NS } from '../lot-report.locales.ts';

/** Why a lot's expiry is what it is, in the current language. */
export function useExpiryReason() {
  const { t } = useTranslation(LOT_NS);
  return (lot: Pick<Lot, 'expiryReason' | 'expiryPackageId'>) =>
    lot.expiryReason === 'MATERIAL'
      ? t('expiry.MATERIAL', { packageId: lot.expiryPackageId ?? '' })
      : lot.expiryReason === 'LOT'
        ? t('expiry.LOT', { lotId: lot.expiryPackageId ?? '' })
        : lot.expiryReason === 'SHELF_LIFE'
          ? t('expiry.SHELF_LIFE')
          : t('expiry.none');
}

/** A lot's expiry date with its reason as a tooltip (the material package or semi-finished LOT that set it, or the shelf life). */
export function ExpiryCell({ lot }: { lot: Pick<Lot, 'expiryDate' | 'expiryReason' | 'expiryPackageId'> }) {
  const reasonOf = useExpiryReason();
  const { token } = theme.useToken();
  if (!lot.expiryDate) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Tooltip title={reasonOf(lot)}>
      <span
        data-testid="lot-expiry"
        data-reason={lot.expiryReason ?? ''}
        style={{ whiteSpace: 'nowrap', cursor: 'help' }}
      >
        {lot.expiryDate}
        <InfoCircleOutlined
          aria-label={reasonOf(lot)}
          style={{
            marginInlineStart: 6,
            opacity: 0.55,
            color: lot.expiryReason === 'MATERIAL' || lot.expiryReason === 'LOT' ? token.colorWarning : undefined,
          }}
        />
      </span>
    </Tooltip>
  );
}
