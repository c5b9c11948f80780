import type { OrderProduct, Product } from '@eqms/contract';
import { Select } from 'antd';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { useProductPick } from '../../product-stock/product-stock.queries.ts';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { SHIPMENT_NS } from '../shipment.locales.ts';
import { useOrderProductPick } from '../shipment.queries.ts';

// The shipment screens' pickers: a product by code or name, and an order product of a customer.

/** Text typed into a search box, sent 250 ms after the last key. */
function useSettled(term: string) {
  const [sent, setSent] = useState(term);
  useEffect(() => {
    const timer = setTimeout(() => setSent(term), 250);
    return () => clearTimeout(timer);
  }, [term]);
  return sent;
}

export type Labelled = { id: number; code: string; name: string };

/** A product chosen by typing part of its code or name; `current` labels a chosen one the list does not hold. */
export function ProductPickSelect({
  value,
  onChange,
  onPicked,
  current,
  testId,
  id,
  placeholder,
  disabled,
  style,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  onPicked?: (p: Product | null) => void;
  current?: Labelled | null;
  testId: string;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
}) {
  const { t } = useTranslation(SHIPMENT_NS);
  const [term, setTerm] = useState('');
  const found = useProductPick(useSettled(term));
  const items: Labelled[] = found.data ?? [];
  const options =
    current && current.id === value && !items.some((p) => p.id === current.id) ? [current, ...items] : items;
  return (
    <Select<number>
      id={id}
      data-testid={testId}
      aria-label={id ? undefined : (placeholder ?? t('fields.product'))}
      showSearch={{ filterOption: false, onSearch: setTerm }}
      allowClear
      disabled={disabled}
      value={value ?? undefined}
      placeholder={placeholder ?? t('hints.pickProduct')}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? undefined : t('hints.noProduct')}
      onChange={(v) => {
        onChange?.(v ?? null);
        onPicked?.((found.data ?? []).find((p) => p.id === v) ?? null);
      }}
      options={options.map((p) => ({ value: p.id, label: `${p.code} · ${p.name}` }))}
      style={{ width: '100%', ...style }}
    />
  );
}

/** An order product as one line: order number, product, due date, quantity. */
export function useOrderProductLabel() {
  const { t } = useTranslation(SHIPMENT_NS);
  const unitLabel = useCodeLabel('UNIT');
  return (o: Pick<OrderProduct, 'orderNo' | 'productCode' | 'productName' | 'dueDt' | 'qty' | 'unit'>) =>
    t('hints.orderProductOption', {
      orderNo: o.orderNo,
      product: `${o.productCode} ${o.productName}`,
      due: o.dueDt,
      qty: `${fmtQty(o.qty)} ${unitLabel(o.unit)}`,
    });
}

/**
 * An order product of the customer (due within ±6 months of today), narrowed by typed text (order no., product);
 * without a customer, every customer's. `onPicked` gives it whole (its product, quantities).
 */
export function OrderProductSelect({
  bizPartnerId,
  value,
  onChange,
  onPicked,
  current,
  testId,
  id,
  placeholder,
  style,
  size,
}: {
  bizPartnerId: number | null | undefined;
  value?: number | null;
  onChange?: (id: number | null) => void;
  onPicked?: (o: OrderProduct | null) => void;
  current?: OrderProduct | null;
  testId: string;
  id?: string;
  placeholder?: string;
  style?: CSSProperties;
  size?: 'large';
}) {
  const { t } = useTranslation(SHIPMENT_NS);
  const label = useOrderProductLabel();
  const [term, setTerm] = useState('');
  // Asked once the list is opened (or a value is shown), not for every screen that merely holds the picker.
  const [opened, setOpened] = useState(false);
  const found = useOrderProductPick(bizPartnerId, useSettled(term), opened || value != null);
  const items = found.data?.data ?? [];
  const options =
    current && current.id === value && !items.some((o) => o.id === current.id) ? [current, ...items] : items;
  return (
    <Select<number>
      id={id}
      data-testid={testId}
      aria-label={id ? undefined : (placeholder ?? t('fields.orderProduct'))}
      showSearch={{ filterOption: false, onSearch: setTerm }}
      allowClear
      size={size}
      onOpenChange={(open) => open && setOpened(true)}
      value={value ?? undefined}
      placeholder={placeholder}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? undefined : t('hints.noOrderProducts')}
      onChange={(v) => {
        onChange?.(v ?? null);
        onPicked?.(options.find((o) => o.id === v) ?? null);
      }}
      options={options.map((o) => ({
        value: o.id,
        label: bizPartnerId ? label(o) : `${label(o)} · ${o.bizPartnerName}`,
      }))}
      style={{ width: '100%', ...style }}
    />
  );
}
