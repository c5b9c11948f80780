import { type ProductionProductStock, productShipRestockBody } from '@eqms/contract';
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
import { isOutOfStockRefusal } from '../../production-material/release-rules.ts';
import { ISSUE_NS } from '../product-issue.locales.ts';
import { useIssueApi } from '../product-issue.queries.ts';

const shape = productShipRestockBody.shape;

type RestockFormValues = { qty?: number | null; reason?: string | null };

/**
 * Return what the line did not use of a released lot to its product stock row (POST
 * /production-product-stock/ship-restock): at most what is at the line. The server's refusals (OUT_OF_STOCK beyond
 * the line, lotDisposed for a discarded row) show in the dialog, which stays open.
 */
export function IssueRestockDialog({ row, onClose }: { row: ProductionProductStock | null; onClose: () => void }) {
  const { t } = useTranslation([ISSUE_NS, 'common']);
  const api = useIssueApi();
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
      await api.restock({ prodProductStockId: row.id, qty: v.qty!, reason: v.reason || null });
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
      title={t('titles.restock', { lotId: row?.lotId ?? '' })}
      testId="issue-restock"
      okText={t('actions.restock')}
      onSubmit={submit}
      onClose={onClose}
    >
      {row && (
        <Typography.Paragraph type="secondary" data-testid="issue-restock-info">
          {row.productCode} · {row.productName} —{' '}
          {t('hints.atLine', { qty: fmtQty(row.qty), unit: unitLabel(row.unit) })}
          <br />
          {row.planProductCode} · {row.planProductName} ({row.lineName}) → {row.locationName}
        </Typography.Paragraph>
      )}
      {refusal && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="issue-restock-refusal"
          title={errorText(refusal, locale)}
        />
      )}
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="qty" label={t('fields.restockQty')} required rules={[zodRule(shape.qty)]}>
            <NumberField
              testId="issue-restock-qty"
              min={0}
              suffix={row ? unitLabel(row.unit) : undefined}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="reason" label={t('fields.reason')} rules={[zodRule(shape.reason)]}>
            <Input data-testid="issue-restock-reason" maxLength={200} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
