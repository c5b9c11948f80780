import type { Shipment } from '@eqms/contract';
import { Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { SHIPMENT_NS } from '../shipment.locales.ts';

// The shipment lists' status cell: "출하 취소 / Canceled shipment" (SPEC §4's canceled shipment label), with who
// canceled it, when and why in its tooltip; a shipment that stands is "출하".

export const canceledWhen = (at: string | null) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm') : '');

export function ShipmentStatusTag({
  row,
}: {
  row: Pick<Shipment, 'canceled' | 'canceledAt' | 'canceledBy' | 'cancelReason'>;
}) {
  const { t } = useTranslation(SHIPMENT_NS);
  if (!row.canceled)
    return (
      <Tag color="blue" style={{ marginInlineEnd: 0 }} data-testid="ship-status" data-canceled="false">
        {t('status.shipped')}
      </Tag>
    );
  const tip = [t('hints.canceledBy', { by: row.canceledBy ?? '-', at: canceledWhen(row.canceledAt) }), row.cancelReason]
    .filter(Boolean)
    .join(' · ');
  return (
    <Tooltip title={tip}>
      <Tag color="red" style={{ marginInlineEnd: 0 }} data-testid="ship-status" data-canceled="true">
        {t('status.canceled')}
      </Tag>
    </Tooltip>
  );
}

/** Who canceled, when and why, on one line (the list's cancellation column and the detail). */
export function cancelText(row: Pick<Shipment, 'canceled' | 'canceledAt' | 'canceledBy' | 'cancelReason'>): string {
  if (!row.canceled) return '';
  return [row.canceledBy, canceledWhen(row.canceledAt), row.cancelReason].filter(Boolean).join(' · ');
}
