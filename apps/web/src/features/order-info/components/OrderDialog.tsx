import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type Business, type Order, orderCreateBody, orderLineProductBody } from '@eqms/contract';
import { Button, Col, DatePicker, Divider, Form, Input, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { dateItemProps } from '../../material-stock/components/stock-inputs.tsx';
import { today } from '../../material-stock/stock-rules.ts';
import { ORDER_INFO_NS } from '../order-info.locales.ts';
import { useOrderInfoApi } from '../order-info.queries.ts';
import { endNotBeforeRule, requiredZod } from './form-parts.tsx';
import { BusinessSelect, ProductPickSelect } from './pickers.tsx';

const shape = orderCreateBody.shape;
const line = orderLineProductBody.shape;

type LineValues = {
  productId?: number | null;
  qty?: number | null;
  dueDt?: string | null;
  unitPrice?: number | null;
  description?: string | null;
};
type Values = {
  businessId?: number | null;
  orderNo?: string;
  orderDt?: string | null;
  dueDt?: string | null;
  description?: string | null;
  products?: LineValues[];
};

const text = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** The first order products of a new order: one row each, product · qty · due date · unit price. */
function FirstProducts() {
  const { t } = useTranslation(ORDER_INFO_NS);
  const form = Form.useFormInstance<Values>();
  return (
    <Form.List name="products">
      {(fields, { add, remove }) => (
        <>
          <Divider titlePlacement="start" plain style={{ margin: '4px 0 8px' }}>
            {t('sections.firstProducts')}
          </Divider>
          {fields.length === 0 && (
            <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
              {t('hints.firstProducts')}
            </Typography.Paragraph>
          )}
          {fields.map((f) => (
            <Row gutter={8} key={f.key} align="top" data-testid="order-line">
              <Col xs={24} md={9}>
                <Form.Item
                  name={[f.name, 'productId']}
                  label={t('fields.product')}
                  required
                  rules={[zodRule(line.productId)]}
                >
                  <ProductPickSelect testId={`order-line-${f.name}-product`} />
                </Form.Item>
              </Col>
              <Col xs={8} md={4}>
                <Form.Item name={[f.name, 'qty']} label={t('fields.qty')} required rules={[requiredZod(line.qty)]}>
                  <NumberField testId={`order-line-${f.name}-qty`} min={0} />
                </Form.Item>
              </Col>
              <Col xs={8} md={5}>
                <Form.Item
                  name={[f.name, 'dueDt']}
                  label={t('fields.dueDt')}
                  required
                  rules={[zodRule(line.dueDt)]}
                  {...dateItemProps}
                >
                  <DatePicker data-testid={`order-line-${f.name}-due`} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={6} md={5}>
                <Form.Item name={[f.name, 'unitPrice']} label={t('fields.unitPrice')} rules={[zodRule(line.unitPrice)]}>
                  <NumberField testId={`order-line-${f.name}-price`} min={0} />
                </Form.Item>
              </Col>
              <Col xs={2} md={1} style={{ paddingTop: 30 }}>
                <RowAction
                  label={t('actions.removeLine')}
                  icon={<DeleteOutlined />}
                  danger
                  testId={`order-line-${f.name}-remove`}
                  onClick={() => remove(f.name)}
                />
              </Col>
            </Row>
          ))}
          <Button
            type="dashed"
            block
            icon={<PlusOutlined />}
            data-testid="order-line-add"
            onClick={() => add({ dueDt: form.getFieldValue('dueDt') ?? null })}
          >
            {t('actions.addLine')}
          </Button>
        </>
      )}
    </Form.List>
  );
}

/**
 * An order under a business: create (order === null, with its first order products if any, all in one transaction)
 * or modify its own fields (another business too). A bad line refuses the whole order and is shown on its row.
 */
export function OrderDialog({
  open,
  order,
  business,
  onClose,
  onSaved,
}: {
  open: boolean;
  order: Order | null;
  /** The business a new order goes under. */
  business: Business | null;
  onClose: () => void;
  onSaved?: (o: Order) => void;
}) {
  const { t } = useTranslation([ORDER_INFO_NS, 'common']);
  const api = useOrderInfoApi();
  const currentBusiness = order
    ? { id: order.businessId, code: order.businessCode, name: order.businessName, partner: order.bizPartnerName }
    : business
      ? { id: business.id, code: business.code, name: business.name, partner: business.bizPartnerName }
      : undefined;

  const submit = async (v: Values, form: Parameters<typeof showSaveError>[0]) => {
    const own = {
      businessId: v.businessId as number,
      orderNo: (v.orderNo ?? '').trim(),
      orderDt: v.orderDt as string,
      dueDt: v.dueDt || null,
      description: text(v.description),
    };
    try {
      const saved = order
        ? await api.updateOrder({ id: order.id, ...own })
        : await api.createOrder({
            ...own,
            products: (v.products ?? []).map((p) => ({
              productId: p.productId as number,
              qty: p.qty as number,
              dueDt: p.dueDt as string,
              unitPrice: p.unitPrice ?? null,
              description: text(p.description),
            })),
            materials: [],
          });
      useAppStore.getState().notify(t('common:messages.saved'), 'success');
      onSaved?.(saved);
    } catch (e) {
      showSaveError(form, e, { duplicateText: { orderNo: t('messages.duplicateOrderNo') } });
      throw e;
    }
  };

  return (
    <FormDialog<Values>
      open={open}
      title={order ? t('titles.editOrder', { no: order.orderNo }) : t('titles.createOrder')}
      testId="order-dialog"
      width={order ? 600 : 820}
      initialValues={
        order
          ? {
              businessId: order.businessId,
              orderNo: order.orderNo,
              orderDt: order.orderDt,
              dueDt: order.dueDt,
              description: order.description,
            }
          : { businessId: business?.id, orderDt: today(), products: [] }
      }
      onSubmit={submit}
      onClose={onClose}
    >
      <Row gutter={12}>
        <Col xs={24}>
          <Form.Item name="businessId" label={t('fields.business')} required rules={[zodRule(shape.businessId)]}>
            <BusinessSelect testId="order-business" current={currentBusiness} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={order ? 24 : 8}>
          <Form.Item name="orderNo" label={t('fields.orderNo')} required rules={[zodRule(shape.orderNo)]}>
            <Input data-testid="order-no" maxLength={50} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={order ? 12 : 8}>
          <Form.Item
            name="orderDt"
            label={t('fields.orderDt')}
            required
            rules={[zodRule(shape.orderDt)]}
            {...dateItemProps}
          >
            <DatePicker data-testid="order-date" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={order ? 12 : 8}>
          <Form.Item
            name="dueDt"
            label={t('fields.orderDueDt')}
            dependencies={['orderDt']}
            rules={[endNotBeforeRule('orderDt')]}
            {...dateItemProps}
          >
            <DatePicker data-testid="order-due" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
            <Input.TextArea data-testid="order-description" rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
      {!order && <FirstProducts />}
    </FormDialog>
  );
}
