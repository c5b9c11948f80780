import { type MaterialStock, stockUpdateBody } from '@eqms/contract';
import { Col, Descriptions, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { useCodeLabel } from '../../../app/codes.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { useStockApi } from '../material-stock.queries.ts';
import { fmtQty, placeBody, placeOf } from '../stock-rules.ts';
import { StockDateFields, type PlaceKind, PlaceFields } from './stock-inputs.tsx';

const shape = stockUpdateBody.shape;

type CorrectFormValues = {
  qty: number;
  placeKind: PlaceKind;
  locationId?: number | null;
  toolId?: number | null;
  supplierLot?: string | null;
  manufactureDate?: string | null;
  expiryDate?: string | null;
  description?: string | null;
  reason: string;
};

/**
 * Correct a stock row: the counted quantity (a difference is a CORRECT movement), another shelf or tool (a MOVE),
 * dates and note — always with a reason (PUT /material-stock/stock).
 */
export function CorrectDialog({ row, onClose }: { row: MaterialStock | null; onClose: () => void }) {
  const { t } = useTranslation(['materialStock', 'common']);
  const api = useStockApi();
  const unitLabel = useCodeLabel('UNIT');

  const submit = async (v: CorrectFormValues, form: Parameters<typeof showSaveError>[0]) => {
    if (!row) return;
    try {
      await api.update({
        id: row.id,
        qty: v.qty,
        ...placeBody(v.placeKind, v.locationId, v.toolId),
        supplierLot: v.supplierLot || null,
        manufactureDate: v.manufactureDate || null,
        expiryDate: v.expiryDate || null,
        description: v.description || null,
        reason: v.reason,
      });
      useAppStore.getState().notify(t('common:messages.saved'), 'success');
    } catch (e) {
      showSaveError(form, e);
      throw e;
    }
  };

  return (
    <FormDialog<CorrectFormValues>
      open={row !== null}
      title={t('titles.correct', { packageId: row?.packageId ?? '' })}
      testId="stock-correct"
      width={680}
      initialValues={
        row
          ? {
              qty: row.qty,
              placeKind: placeOf(row),
              locationId: row.locationId,
              toolId: row.toolId,
              supplierLot: row.supplierLot,
              manufactureDate: row.manufactureDate,
              expiryDate: row.expiryDate,
              description: row.description,
            }
          : undefined
      }
      onSubmit={submit}
      onClose={onClose}
    >
      {row && (
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'material', label: t('fields.material'), children: `${row.materialCode} · ${row.materialName}` },
            {
              key: 'qty',
              label: t('fields.currentQty'),
              children: `${fmtQty(row.qty)} ${unitLabel(row.unit)}`,
            },
            { key: 'place', label: t('fields.place'), children: row.placePath },
            { key: 'received', label: t('fields.receivedDate'), children: row.receivedDate },
          ]}
        />
      )}
      <Row gutter={12}>
        <Col xs={24} sm={8}>
          <Form.Item name="qty" label={t('fields.countedQty')} required rules={[zodRule(shape.qty)]}>
            <NumberField
              testId="stock-correct-qty"
              min={0}
              suffix={row ? unitLabel(row.unit) : undefined}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16}>
          <Form.Item name="supplierLot" label={t('fields.supplierLot')} rules={[zodRule(shape.supplierLot)]}>
            <Input data-testid="stock-correct-supplier-lot" maxLength={100} autoComplete="off" />
          </Form.Item>
        </Col>
        <PlaceFields testId="stock-correct" />
        <StockDateFields testId="stock-correct" />
        <Col xs={24}>
          <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
            <Input.TextArea data-testid="stock-correct-description" maxLength={500} rows={2} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="reason"
            label={t('fields.reason')}
            required
            rules={[zodRule(shape.reason)]}
            tooltip={t('hints.reason')}
          >
            <Input data-testid="stock-correct-reason" maxLength={200} autoComplete="off" autoFocus />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
