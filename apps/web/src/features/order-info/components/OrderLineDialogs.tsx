import { type OrderMaterial, type OrderProduct, orderMaterialCreateBody, orderProductCreateBody } from '@eqms/contract';
import { Col, DatePicker, Form, Input, Row, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { dateItemProps, MaterialPickSelect } from '../../material-stock/components/stock-inputs.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { ORDER_INFO_NS } from '../order-info.locales.ts';
import { useOrderInfoApi } from '../order-info.queries.ts';
import { endNotBeforeRule, RefusalAlert, requiredZod, useRefusal } from './form-parts.tsx';
import { ProductPickSelect } from './pickers.tsx';

const op = orderProductCreateBody.shape;
const om = orderMaterialCreateBody.shape;
const text = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

type ProductValues = {
  productId?: number | null;
  qty?: number | null;
  dueDt?: string | null;
  unitPrice?: number | null;
  description?: string | null;
};

/**
 * An order product: add one to the order (row === null) or change it. Its product is fixed once a plan or a shipment
 * refers to it (the server answers 409 orderProductPlanned, kept at the top of the dialog); a quantity below what is
 * planned leaves nothing remaining.
 */
export function OrderProductDialog({
  open,
  orderId,
  orderDueDt,
  row,
  onClose,
}: {
  open: boolean;
  orderId: number;
  /** A new line's default due date: the order's. */
  orderDueDt?: string | null;
  row: OrderProduct | null;
  onClose: () => void;
}) {
  const { t } = useTranslation([ORDER_INFO_NS, 'common']);
  const api = useOrderInfoApi();
  const unitLabel = useCodeLabel('UNIT');
  const [unit, setUnit] = useState<string | null>(null);
  const { refusal, clear, keep } = useRefusal(open);
  const fixed = !!row && row.planCount > 0;
  const shownUnit = unit ?? row?.unit ?? null;

  const submit = async (v: ProductValues, form: Parameters<typeof showSaveError>[0]) => {
    clear();
    const body = {
      productId: v.productId as number,
      qty: v.qty as number,
      dueDt: v.dueDt as string,
      unitPrice: v.unitPrice ?? null,
      description: text(v.description),
    };
    try {
      if (row) await api.updateProduct({ id: row.id, ...body });
      else await api.createProduct({ orderId, ...body });
      useAppStore.getState().notify(t('common:messages.saved'), 'success');
    } catch (e) {
      keep(e);
      showSaveError(form, e);
      throw e;
    }
  };

  return (
    <FormDialog<ProductValues>
      open={open}
      title={row ? t('titles.editProduct', { name: row.productName }) : t('titles.addProduct')}
      testId="op-dialog"
      width={620}
      initialValues={
        row
          ? {
              productId: row.productId,
              qty: row.qty,
              dueDt: row.dueDt,
              unitPrice: row.unitPrice,
              description: row.description,
            }
          : { dueDt: orderDueDt ?? null }
      }
      onSubmit={submit}
      onClose={() => {
        setUnit(null);
        onClose();
      }}
    >
      <RefusalAlert refusal={refusal} testId="op-refusal" />
      <Row gutter={12}>
        <Col xs={24}>
          <Form.Item
            name="productId"
            label={t('fields.product')}
            required
            rules={[zodRule(op.productId)]}
            extra={fixed ? t('hints.productFixed') : undefined}
          >
            <ProductPickSelect
              testId="op-product"
              disabled={fixed}
              current={row ? { id: row.productId, code: row.productCode, name: row.productName } : undefined}
              onPicked={(p) => setUnit(p?.unit ?? null)}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item name="qty" label={t('fields.qty')} required rules={[requiredZod(op.qty)]}>
            <NumberField testId="op-qty" min={0} suffix={shownUnit ? unitLabel(shownUnit) : undefined} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item name="dueDt" label={t('fields.dueDt')} required rules={[zodRule(op.dueDt)]} {...dateItemProps}>
            <DatePicker data-testid="op-due" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="unitPrice" label={t('fields.unitPrice')} rules={[zodRule(op.unitPrice)]}>
            <NumberField testId="op-price" min={0} />
          </Form.Item>
        </Col>
        {row && (
          <Col xs={24}>
            <Typography.Paragraph type="secondary" style={{ fontSize: 12 }} data-testid="op-planned">
              {t('hints.plannedSoFar', {
                planned: fmtQty(row.plannedQty),
                produced: fmtQty(row.producedQty),
                remaining: fmtQty(row.remainingQty),
              })}
            </Typography.Paragraph>
          </Col>
        )}
        <Col xs={24}>
          <Form.Item name="description" label={t('fields.description')} rules={[zodRule(op.description)]}>
            <Input.TextArea data-testid="op-description" rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}

type MaterialValues = {
  materialId?: number | null;
  qty?: number | null;
  startDt?: string | null;
  endDt?: string | null;
  supplied?: boolean;
  description?: string | null;
};

/** An order material: what the order needs or the customer supplies, over a period. */
export function OrderMaterialDialog({
  open,
  orderId,
  row,
  onClose,
}: {
  open: boolean;
  orderId: number;
  row: OrderMaterial | null;
  onClose: () => void;
}) {
  const { t } = useTranslation([ORDER_INFO_NS, 'common']);
  const api = useOrderInfoApi();
  const { refusal, clear, keep } = useRefusal(open);

  const submit = async (v: MaterialValues, form: Parameters<typeof showSaveError>[0]) => {
    clear();
    const body = {
      materialId: v.materialId as number,
      qty: v.qty as number,
      startDt: v.startDt as string,
      endDt: v.endDt as string,
      supplied: !!v.supplied,
      description: text(v.description),
    };
    try {
      if (row) await api.updateMaterial({ id: row.id, ...body });
      else await api.createMaterial({ orderId, ...body });
      useAppStore.getState().notify(t('common:messages.saved'), 'success');
    } catch (e) {
      keep(e);
      showSaveError(form, e);
      throw e;
    }
  };

  return (
    <FormDialog<MaterialValues>
      open={open}
      title={row ? t('titles.editMaterial', { name: row.materialName }) : t('titles.addMaterial')}
      testId="om-dialog"
      width={620}
      initialValues={
        row
          ? {
              materialId: row.materialId,
              qty: row.qty,
              startDt: row.startDt,
              endDt: row.endDt,
              supplied: row.supplied,
              description: row.description,
            }
          : { supplied: false }
      }
      onSubmit={submit}
      onClose={onClose}
    >
      <RefusalAlert refusal={refusal} testId="om-refusal" />
      <Row gutter={12}>
        <Col xs={24}>
          <Form.Item name="materialId" label={t('fields.material')} required rules={[zodRule(om.materialId)]}>
            <MaterialPickSelect
              testId="om-material"
              allowClear={false}
              current={row ? { id: row.materialId, code: row.materialCode, name: row.materialName } : undefined}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="qty" label={t('fields.qty')} required rules={[requiredZod(om.qty)]}>
            <NumberField testId="om-qty" min={0} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item
            name="startDt"
            label={t('fields.startDt')}
            required
            rules={[zodRule(om.startDt)]}
            {...dateItemProps}
          >
            <DatePicker data-testid="om-start" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item
            name="endDt"
            label={t('fields.endDt')}
            required
            dependencies={['startDt']}
            rules={[zodRule(om.endDt), endNotBeforeRule('startDt')]}
            {...dateItemProps}
          >
            <DatePicker data-testid="om-end" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="supplied" label={t('fields.supplied')} valuePropName="checked" extra={t('hints.supplied')}>
            <Switch data-testid="om-supplied" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t('fields.description')} rules={[zodRule(om.description)]}>
            <Input.TextArea data-testid="om-description" rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
