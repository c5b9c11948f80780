import { type ProductionMaterialStock, restockBody } from '@eqms/contract';
import { Alert, Col, Form, Input, Row, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/error-text.ts';
import { ApiError } from '../../../api/http.ts';
import { useCodeLabel } from '../../../app/codes.ts';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { PROD_NS } from '../production-material.locales.ts';
import { useProdApi } from '../production-material.queries.ts';
import { isOutOfStockRefusal } from '../release-rules.ts';

const shape = restockBody.shape;

type RestockFormValues = { qty?: number | null; reason?: string | null };

/**
 * Return unused material of a released package from the line to its warehouse package (POST
 * /material-stock/ship-in-restock): at most what is at the line; the server's OUT_OF_STOCK refusal shows in the
 * dialog, which stays open.
 */
export function RestockDialog({ row, onClose }: { row: ProductionMaterialStock | null; onClose: () => void }) {
  const { t } = useTranslation([PROD_NS, 'common']);
  const api = useProdApi();
  const locale = useAppStore((s) => s.locale);
  const unitLabel = useCodeLabel('UNIT');
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  useEffect(() => {
    if (!row) setRefusal(null);
  }, [row]);

  const submit = async (v: RestockFormValues, form: Parameters<typeof showSaveError>[0]) => {
    if (!row) return;
    setRefusal(null);
    try {
      await api.restock({ prodStockId: row.id, qty: v.qty!, reason: v.reason || null });
      useAppStore.getState().notify(t('messages.restocked'), 'success');
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        setRefusal(e);
        if (isOutOfStockRefusal(e)) form.setFields([{ name: 'qty', errors: [errorText(e, locale)] }]);
        throw e;
      }
      showSaveError(form, e);
      throw e;
    }
  };

  return (
    <FormDialog<RestockFormValues>
      open={row !== null}
      title={t('titles.restock', { packageId: row?.packageId ?? '' })}
      testId="prod-restock"
      okText={t('actions.restock')}
      onSubmit={submit}
      onClose={onClose}
    >
      {row && (
        <Typography.Paragraph type="secondary" data-testid="prod-restock-info">
          {row.materialCode} · {row.materialName} —{' '}
          {t('hints.atLine', { qty: fmtQty(row.qty), unit: unitLabel(row.unit) })}
          <br />
          {row.productCode} · {row.productName} ({row.lineName})
        </Typography.Paragraph>
      )}
      {refusal && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="prod-restock-refusal"
          title={errorText(refusal, locale)}
        />
      )}
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="qty" label={t('fields.restockQty')} required rules={[zodRule(shape.qty)]}>
            <NumberField
              testId="prod-restock-qty"
              min={0}
              suffix={row ? unitLabel(row.unit) : undefined}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="reason" label={t('fields.reason')} rules={[zodRule(shape.reason)]}>
            <Input data-testid="prod-restock-reason" maxLength={200} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
