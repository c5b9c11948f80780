import { LOT_ID_PATTERN, type Product, productStockAddBody, ruleMessage, translateMessage } from '@eqms/contract';
import { Col, DatePicker, Form, Input, Row, Select, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { checkRule, showSaveError, zodRule } from '../../../components/formErrors.ts';
import { type CascaderValue, CascaderField, cascaderRule } from '../../../components/inputs/CascaderField.tsx';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { useLocationTree } from '../../../components/LocationTreeSelect.tsx';
import { dateItemProps } from '../../material-stock/components/stock-inputs.tsx';
import { nextExpiry } from '../../material-stock/stock-rules.ts';
import { PROD_STOCK_NS } from '../product-stock.locales.ts';
import { useProdStockApi, useProductPick } from '../product-stock.queries.ts';
import { proposeLotExpiry, shelfOptions } from '../product-stock-rules.ts';

const shape = productStockAddBody.shape;

type AddFormValues = {
  productId: number;
  qty: number;
  shelf: CascaderValue[] | null;
  day?: string | null;
  expiryDate?: string | null;
  lotId?: string | null;
  description?: string | null;
};

/** A product chosen by typing part of its code or name (asked 250 ms after the last key); `onPicked` gives it whole. */
function ProductPickSelect({
  value,
  onChange,
  onPicked,
  id,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  onPicked?: (p: Product | null) => void;
  id?: string;
}) {
  const { t } = useTranslation(PROD_STOCK_NS);
  const [term, setTerm] = useState('');
  const [sent, setSent] = useState('');
  const [picked, setPicked] = useState<Product | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSent(term), 250);
    return () => clearTimeout(timer);
  }, [term]);
  const found = useProductPick(sent);
  const items = found.data ?? [];
  const options = picked && picked.id === value && !items.some((p) => p.id === picked.id) ? [picked, ...items] : items;
  return (
    <Select<number>
      id={id}
      data-testid="prod-add-product"
      showSearch={{ filterOption: false, onSearch: setTerm }}
      allowClear
      value={value ?? undefined}
      placeholder={t('hints.pickProduct')}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? undefined : t('hints.noProduct')}
      onChange={(v) => {
        const p = options.find((i) => i.id === v) ?? null;
        setPicked(p);
        onChange?.(v ?? null);
        onPicked?.(p);
      }}
      options={options.map((p) => ({
        value: p.id,
        label: (
          <span data-testid="prod-add-product-option" data-code={p.code}>
            {p.code} · {p.name}
            {p.specification && (
              <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
                {p.specification}
              </Typography.Text>
            )}
          </span>
        ),
      }))}
      style={{ width: '100%' }}
    />
  );
}

/**
 * Proposes the expiry from the product's shelf life when the product or the production day changes; a date the user
 * picked stays (material stock's nextExpiry rule).
 */
function ExpiryProposal({ product }: { product: Product | null }) {
  const { t } = useTranslation(PROD_STOCK_NS);
  const form = Form.useFormInstance<AddFormValues>();
  const day = Form.useWatch('day', form);
  const last = useRef<string | null>(null);
  const shelfLife = product?.shelfLifeDays ?? null;
  useEffect(() => {
    const proposal = proposeLotExpiry(shelfLife, day);
    const current = form.getFieldValue('expiryDate') as string | null | undefined;
    const next = nextExpiry(current, last.current, proposal);
    last.current = proposal;
    if (next !== (current ?? null)) form.setFieldValue('expiryDate', next);
  }, [form, shelfLife, day]);
  if (!product) return null;
  return (
    <Typography.Text type="secondary" data-testid="prod-add-shelf-life" style={{ fontSize: 12 }}>
      {shelfLife != null ? t('hints.shelfLife', { days: shelfLife }) : t('hints.noShelfLife')}
    </Typography.Text>
  );
}

/** POST /productstock/stock-add: a product's stock put onto a shelf by hand, as a new lot or more of a hand-added one. */
export function AddStockDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation([PROD_STOCK_NS, 'common']);
  const api = useProdStockApi();
  const unitLabel = useCodeLabel('UNIT');
  const locale = useAppStore((s) => s.locale);
  const tree = useLocationTree();
  const shelves = useMemo(() => shelfOptions(tree.data ?? []), [tree.data]);
  const [product, setProduct] = useState<Product | null>(null);
  useEffect(() => {
    if (!open) setProduct(null);
  }, [open]);

  const submit = async (v: AddFormValues, form: Parameters<typeof showSaveError>[0]) => {
    try {
      const saved = await api.add({
        productId: v.productId,
        qty: v.qty,
        locationId: Number(v.shelf?.at(-1)),
        lotId: v.lotId?.trim() || null,
        day: v.day || null,
        expiryDate: v.expiryDate || null,
        description: v.description || null,
      });
      useAppStore.getState().notify(t('messages.added', { lotId: saved.lotId }), 'success');
    } catch (e) {
      showSaveError(form, e, {
        duplicateText: { lotId: t('messages.duplicateLot') },
        fieldNames: { locationId: 'shelf' },
      });
      throw e;
    }
  };

  return (
    <FormDialog<AddFormValues>
      open={open}
      title={t('titles.add')}
      testId="prod-add"
      width={720}
      okText={t('actions.add')}
      onSubmit={submit}
      onClose={onClose}
    >
      <Row gutter={12}>
        <Col xs={24} sm={16}>
          <Form.Item
            name="productId"
            label={t('fields.product')}
            required
            rules={[zodRule(shape.productId)]}
            extra={<ExpiryProposal product={product} />}
          >
            <ProductPickSelect onPicked={setProduct} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="qty" label={t('fields.qty')} required rules={[zodRule(shape.qty)]}>
            <NumberField
              testId="prod-add-qty"
              min={0}
              suffix={product ? unitLabel(product.unit) : undefined}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="shelf"
            label={t('fields.shelf')}
            required
            rules={[{ required: true, message: t('hints.shelfRequired') }, cascaderRule(2, t('hints.shelfRequired'))]}
          >
            <CascaderField
              testId="prod-add-shelf"
              options={shelves}
              requiredDepth={2}
              loading={tree.isLoading}
              placeholder={shelves.length || tree.isLoading ? t('hints.pickShelf') : t('hints.noShelf')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="day" label={t('fields.day')} extra={t('hints.dayBlank')} {...dateItemProps}>
            <DatePicker data-testid="prod-add-day" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="expiryDate"
            label={t('fields.expiryDate')}
            dependencies={['day']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_: unknown, v: string | null | undefined) => {
                  const day = getFieldValue('day') as string | null | undefined;
                  if (v && day && v < day)
                    throw new Error(translateMessage(ruleMessage('expiryBeforeProduction'), locale));
                },
              }),
            ]}
            {...dateItemProps}
          >
            <DatePicker data-testid="prod-add-expiry" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="lotId"
            label={t('fields.lotId')}
            tooltip={t('hints.lotId')}
            rules={[
              zodRule(shape.lotId),
              checkRule((v) => !v || LOT_ID_PATTERN.test(String(v).trim()), 'lotIdPattern'),
            ]}
          >
            <Input
              data-testid="prod-add-lot-id"
              maxLength={50}
              autoComplete="off"
              placeholder={t('hints.lotIdBlank')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
            <Input data-testid="prod-add-description" maxLength={500} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
