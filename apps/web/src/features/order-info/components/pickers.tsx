import { businessEndpoints } from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callPage } from '../../../api/http.ts';
import { type PickItem, searchPick } from '../../bom/bom.queries.ts';
import { ORDER_INFO_NS } from '../order-info.locales.ts';

// The order dialogs' pickers: a product found by code or name that keeps the chosen one labelled while another
// search shows (an order product opened for editing), and a business found by code, name or customer.

/** The text typed into a search, sent 250 ms after the last key. */
function useDebounced(term: string) {
  const [sent, setSent] = useState(term);
  useEffect(() => {
    const timer = setTimeout(() => setSent(term), 250);
    return () => clearTimeout(timer);
  }, [term]);
  return sent;
}

type Current = { id: number; code: string; name: string; specification?: string | null };

export function ProductPickSelect({
  value,
  onChange,
  onPicked,
  current,
  testId,
  id,
  disabled,
  placeholder,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  onPicked?: (item: PickItem | null) => void;
  /** The saved line's product, labelled while the pick-list does not hold it. */
  current?: Current;
  testId: string;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
}) {
  const { t } = useTranslation(ORDER_INFO_NS);
  const [term, setTerm] = useState('');
  const sent = useDebounced(term);
  const found = useQuery({
    queryKey: ['product', 'bom-pick', sent],
    queryFn: ({ signal }) => searchPick('PRODUCT', sent, signal),
    enabled: !disabled,
  });
  const items = found.data ?? [];
  const [picked, setPicked] = useState<Current | null>(null);
  const options: Current[] = [...items];
  const shown = picked ?? current ?? null;
  if (shown && shown.id === value && !items.some((i) => i.id === shown.id)) options.unshift(shown);
  return (
    <Select<number>
      id={id}
      data-testid={testId}
      aria-label={id ? undefined : (placeholder ?? t('fields.product'))}
      showSearch={{ filterOption: false, onSearch: setTerm }}
      value={value ?? undefined}
      disabled={disabled}
      placeholder={placeholder ?? t('hints.pickProduct')}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? undefined : t('hints.noProduct')}
      onChange={(v) => {
        const item = items.find((i) => i.id === v) ?? null;
        setPicked(item);
        onChange?.(v ?? null);
        onPicked?.(item);
      }}
      options={options.map((i) => ({
        value: i.id,
        label: (
          <span data-testid={`${testId}-option`} data-code={i.code}>
            {i.code} · {i.name}
            {i.specification && (
              <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
                {i.specification}
              </Typography.Text>
            )}
          </span>
        ),
      }))}
      popupMatchSelectWidth={false}
      style={{ width: '100%' }}
    />
  );
}

/** A business of any customer, found by its code, name or the customer's name (the first 50 by code). */
export function BusinessSelect({
  value,
  onChange,
  current,
  testId,
  id,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  current?: Current & { partner: string };
  testId: string;
  id?: string;
}) {
  const { t } = useTranslation(ORDER_INFO_NS);
  const [term, setTerm] = useState('');
  const sent = useDebounced(term);
  const found = useQuery({
    queryKey: ['orderInfo', 'business-pick', sent],
    queryFn: ({ signal }) =>
      callPage(businessEndpoints.list, { query: { q: sent.trim() || undefined, page: 1, size: 50 }, signal }),
  });
  const items = (found.data?.data ?? []).map((b) => ({
    id: b.id,
    code: b.code,
    name: b.name,
    partner: b.bizPartnerName,
  }));
  if (current && current.id === value && !items.some((b) => b.id === current.id)) items.unshift(current);
  return (
    <Select<number>
      id={id}
      data-testid={testId}
      showSearch={{ filterOption: false, onSearch: setTerm }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      loading={found.isFetching}
      placeholder={t('hints.pickBusiness')}
      notFoundContent={found.isFetching ? undefined : t('hints.noBusiness')}
      options={items.map((b) => ({ value: b.id, label: `${b.code} · ${b.name} (${b.partner})` }))}
      popupMatchSelectWidth={false}
      style={{ width: '100%' }}
    />
  );
}
