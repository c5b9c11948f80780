import { PartitionOutlined } from '@ant-design/icons';
import { type OrderProduct, type ShipmentDetail, shipmentCreateBody } from '@eqms/contract';
import { Alert, Button, Col, DatePicker, Divider, Form, type FormInstance, Input, Row, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldMessage } from '../../../api/error-text.ts';
import { ApiError } from '../../../api/http.ts';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { dateItemProps, PartnerSelect } from '../../material-stock/components/stock-inputs.tsx';
import { fmtQty, today } from '../../material-stock/stock-rules.ts';
import { SHIPMENT_NS } from '../shipment.locales.ts';
import { type BomReqSubject, useShipmentApi, useShippedOfOrderProduct } from '../shipment.queries.ts';
import {
  lineProblem,
  refusedLine,
  roundQty,
  type ShipLine,
  shipmentBody,
  totalOf,
  withStockOfRefusal,
} from '../shipment-rules.ts';
import { BomReqDialog } from './BomReqDialog.tsx';
import { LinesEditor } from './LinesEditor.tsx';
import { type Labelled, OrderProductSelect, ProductPickSelect } from './pickers.tsx';

const shape = shipmentCreateBody.shape;

type Values = {
  bizPartnerId?: number;
  orderProductId?: number | null;
  productId?: number | null;
  shipmentDt?: string | null;
  description?: string | null;
};

/** What was ordered, made and shipped of the chosen order product, and what is left to ship. */
function OrderProductSummary({ op }: { op: OrderProduct }) {
  const { t } = useTranslation(SHIPMENT_NS);
  const unitLabel = useCodeLabel('UNIT');
  const shipped = useShippedOfOrderProduct(op.id);
  const q = (v: number) => `${fmtQty(v)} ${unitLabel(op.unit)}`;
  const s = shipped.data;
  return (
    <Typography.Text
      type="secondary"
      style={{ fontSize: 12 }}
      data-testid="ship-order-summary"
      title={t('hints.shippedWindow')}
    >
      {t('hints.orderProductSummary', {
        qty: q(op.qty),
        produced: q(op.producedQty),
        shipped: s === undefined ? '…' : q(s),
        remaining: s === undefined ? '…' : q(Math.max(0, roundQty(op.qty - s))),
        due: op.dueDt,
      })}
    </Typography.Text>
  );
}

/**
 * The form's fields: the customer, optionally one of its order products (its product then fixed), the product, the
 * date and a note, then the lots. The order product's remaining quantity proposes the FEFO quantity.
 */
function Fields({
  lines,
  onLines,
  errors,
  onBomReq,
}: {
  lines: ShipLine[];
  onLines: (lines: ShipLine[]) => void;
  errors: Map<number, string>;
  onBomReq: (s: BomReqSubject) => void;
}) {
  const { t } = useTranslation([SHIPMENT_NS, 'common']);
  const form = Form.useFormInstance<Values>();
  const canSeeOrders = useCan('orderInfo', 'view');
  const bizPartnerId = Form.useWatch('bizPartnerId', form);
  const orderProductId = Form.useWatch('orderProductId', form);
  const productId = Form.useWatch('productId', form);
  const [orderProduct, setOrderProduct] = useState<OrderProduct | null>(null);
  const [product, setProduct] = useState<(Labelled & { unit: string }) | null>(null);
  const [fefoQty, setFefoQty] = useState<number | null>(null);
  const shipped = useShippedOfOrderProduct(orderProduct?.id);

  // The remaining quantity of the order product, once known, is the proposed FEFO quantity.
  useEffect(() => {
    if (orderProduct && shipped.data !== undefined)
      setFefoQty(Math.max(0, roundQty(orderProduct.qty - shipped.data)) || null);
  }, [orderProduct, shipped.data]);

  const chooseProduct = (p: (Labelled & { unit: string }) | null) => {
    if ((p?.id ?? null) !== (productId ?? null)) onLines([]);
    setProduct(p);
    form.setFieldValue('productId', p?.id ?? null);
  };

  const total = totalOf(lines);
  const bomSubject: BomReqSubject | null = orderProductId
    ? { orderProductId, qty: total > 0 ? total : undefined }
    : productId && (total > 0 || fefoQty)
      ? { productId, qty: total > 0 ? total : (fefoQty ?? 0) }
      : null;

  return (
    <>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="bizPartnerId" label={t('fields.customer')} required rules={[zodRule(shape.bizPartnerId)]}>
            <PartnerSelect
              type="CUSTOMER"
              testId="ship-customer"
              notFound={t('hints.noCustomers')}
              onChange={() => {
                if (orderProductId) {
                  form.setFieldValue('orderProductId', null);
                  setOrderProduct(null);
                }
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="shipmentDt"
            label={t('fields.shipmentDt')}
            required
            rules={[zodRule(shape.shipmentDt)]}
            {...dateItemProps}
          >
            <DatePicker data-testid="ship-date" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        {canSeeOrders && (
          <Col xs={24}>
            <Form.Item
              name="orderProductId"
              label={t('fields.orderProduct')}
              extra={orderProduct ? <OrderProductSummary op={orderProduct} /> : undefined}
            >
              <OrderProductSelect
                bizPartnerId={bizPartnerId}
                testId="ship-order-product"
                placeholder={t(bizPartnerId ? 'hints.noOrderProduct' : 'hints.pickCustomerFirst')}
                current={orderProduct}
                onPicked={(op) => {
                  setOrderProduct(op);
                  if (op) {
                    if (!bizPartnerId) form.setFieldValue('bizPartnerId', op.bizPartnerId);
                    chooseProduct({ id: op.productId, code: op.productCode, name: op.productName, unit: op.unit });
                  }
                }}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} sm={12}>
          <Form.Item
            name="productId"
            label={t('fields.product')}
            required
            rules={[zodRule(shape.productId)]}
            extra={orderProductId ? t('hints.productFromOrder') : undefined}
          >
            <ProductPickSelect
              testId="ship-product"
              current={product}
              disabled={!!orderProductId}
              onPicked={(p) => chooseProduct(p && { id: p.id, code: p.code, name: p.name, unit: p.unit })}
              onChange={(id) => {
                if (id == null) chooseProduct(null);
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
            <Input data-testid="ship-description" maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start" plain style={{ margin: '0 0 8px' }}>
        {t('sections.lots')}
      </Divider>
      <LinesEditor
        productId={productId ?? null}
        unit={product?.unit ?? ''}
        lines={lines}
        onLines={onLines}
        onProductFromLot={(p) => chooseProduct(p)}
        errors={errors}
        fefoQty={fefoQty}
        onFefoQty={setFefoQty}
      />
      <Button
        icon={<PartitionOutlined />}
        disabled={!bomSubject}
        title={bomSubject ? undefined : t('hints.bomNeedsQty')}
        onClick={() => bomSubject && onBomReq(bomSubject)}
        style={{ marginTop: 12 }}
        data-testid="ship-bom-open"
      >
        {t('actions.bomReq')}
      </Button>
    </>
  );
}

/**
 * A new shipment (POST /shipment): the customer, an order product if it is for one, the product and date, and the
 * lots with their quantities. Lines are checked before asking (a quantity above 0 and within what the row held); a
 * refusal that names a lot — OUT_OF_STOCK, LOT_ON_HOLD, a discarded LOT — is shown on that line and above, and the
 * dialog stays open.
 */
export function ShipmentDialog({
  open,
  onClose,
  onShipped,
}: {
  open: boolean;
  onClose: () => void;
  onShipped?: (s: ShipmentDetail) => void;
}) {
  const { t } = useTranslation([SHIPMENT_NS, 'common']);
  const locale = useAppStore((s) => s.locale);
  const api = useShipmentApi();
  const [lines, setLines] = useState<ShipLine[]>([]);
  const [errors, setErrors] = useState<Map<number, string>>(new Map());
  const [refusal, setRefusal] = useState<string | null>(null);
  const [bom, setBom] = useState<BomReqSubject | null>(null);
  useEffect(() => {
    if (!open) {
      setLines([]);
      setErrors(new Map());
      setRefusal(null);
    }
  }, [open]);

  const changeLines = (next: ShipLine[]) => {
    setLines(next);
    // A changed line may no longer be wrong: its message goes until the next try.
    setErrors((prev) => {
      const kept = new Map<number, string>();
      for (const l of next) {
        const before = lines.find((x) => x.productStockId === l.productStockId);
        const msg = prev.get(l.productStockId);
        if (msg && before && before.qty === l.qty && before.available === l.available) kept.set(l.productStockId, msg);
      }
      return kept;
    });
  };

  const submit = async (v: Values, form: FormInstance<Values>) => {
    setRefusal(null);
    const problems = new Map<number, string>();
    for (const l of lines) {
      const p = lineProblem(l);
      if (p)
        problems.set(
          l.productStockId,
          p.kind === 'qtyRequired'
            ? t('hints.qtyRequired')
            : t('hints.qtyOverAvailable', { available: fmtQty(p.available) }),
        );
    }
    setErrors(problems);
    if (lines.length === 0 || problems.size > 0) {
      const text = lines.length === 0 ? t('hints.linesRequired') : t('common:messages.invalidForm');
      setRefusal(lines.length === 0 ? text : null);
      useAppStore.getState().notify(text, 'warning');
      throw new Error('lines');
    }
    try {
      const saved = await api.create(
        shipmentBody({
          bizPartnerId: v.bizPartnerId!,
          orderProductId: v.orderProductId ?? null,
          productId: v.productId!,
          shipmentDt: v.shipmentDt!,
          description: v.description,
          lines,
        }),
      );
      useAppStore.getState().notify(t('messages.shipped', { no: saved.shipmentNo }), 'success');
      onShipped?.(saved);
    } catch (e) {
      if (e instanceof ApiError) {
        const line = refusedLine(e, lines);
        const text = errorText(e, locale);
        setLines(withStockOfRefusal(e, lines));
        if (line != null) setErrors(new Map([[line, (e.status === 400 && fieldMessage(e, locale)) || text]]));
        if (e.status === 409 || line != null) setRefusal(text);
        else showSaveError(form, e);
      }
      throw e;
    }
  };

  return (
    <>
      <FormDialog<Values>
        open={open}
        title={t('titles.create')}
        testId="ship-dialog"
        width={960}
        okText={t('actions.ship')}
        initialValues={{ shipmentDt: today() }}
        onSubmit={submit}
        onClose={onClose}
      >
        {refusal && (
          <Alert type="error" showIcon style={{ marginBottom: 12 }} data-testid="ship-refusal" title={refusal} />
        )}
        <Fields lines={lines} onLines={changeLines} errors={errors} onBomReq={setBom} />
      </FormDialog>
      <BomReqDialog subject={bom} onClose={() => setBom(null)} />
    </>
  );
}
