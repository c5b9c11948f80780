import { type Shipment, shipmentCancelBody } from '@eqms/contract';
import { Alert, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/error-text.ts';
import { ApiError } from '../../../api/http.ts';
import { useAppStore } from '../../../app/store.ts';
import { zodRule } from '../../../components/formErrors.ts';
import { SHIPMENT_NS } from '../shipment.locales.ts';
import { useShipmentApi } from '../shipment.queries.ts';

const REASON_MAX = 200;

/**
 * Cancel one shipment or several (PUT /shipment/cancel, /cancels: all or none) with an optional reason. The dialog is
 * the confirmation: it names the shipments and says what a cancel does, and its button is the danger one. A refusal
 * (one canceled already, a discarded LOT) stays in the dialog.
 */
export function CancelDialog({
  rows,
  onClose,
  onDone,
}: {
  rows: Pick<Shipment, 'id' | 'shipmentNo'>[] | null;
  onClose: () => void;
  onDone?: () => void;
}) {
  const { t } = useTranslation([SHIPMENT_NS, 'common']);
  const locale = useAppStore((s) => s.locale);
  const api = useShipmentApi();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const open = !!rows && rows.length > 0;
  useEffect(() => {
    if (open) {
      setReason('');
      setError(null);
    }
  }, [open]);

  const submit = async () => {
    if (!rows || saving) return;
    try {
      await zodRule(shipmentCancelBody.shape.reason).validator(null, reason.trim());
    } catch (e) {
      setError((e as Error).message);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await api.cancel(
        rows.map((r) => r.id),
        reason.trim() || null,
      );
      useAppStore
        .getState()
        .notify(
          rows.length === 1 ? t('messages.canceled') : t('messages.canceledMany', { count: rows.length }),
          'success',
        );
      onDone?.();
      onClose();
    } catch (err) {
      if (err instanceof ApiError) setError(errorText(err, locale));
      else throw err;
    } finally {
      setSaving(false);
    }
  };

  const many = (rows?.length ?? 0) > 1;
  return (
    <Modal
      open={open}
      title={many ? t('titles.cancelMany', { count: rows?.length }) : t('titles.cancel')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('actions.cancel')}
      cancelText={t('common:actions.close')}
      okButtonProps={{ danger: true, loading: saving, 'data-testid': 'ship-cancel-ok' }}
      cancelButtonProps={{ 'data-testid': 'ship-cancel-close' }}
      destroyOnHidden
      data-testid="ship-cancel-dialog"
    >
      <Typography.Paragraph data-testid="ship-cancel-nos">
        <Typography.Text strong>{rows?.map((r) => r.shipmentNo).join(', ')}</Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('hints.cancelText')}</Typography.Paragraph>
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="ship-cancel-error" />
      )}
      <Input.TextArea
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder={t('hints.cancelReason')}
        aria-label={t('hints.cancelReason')}
        maxLength={REASON_MAX}
        rows={2}
        autoFocus
        data-testid="ship-cancel-reason"
      />
    </Modal>
  );
}
