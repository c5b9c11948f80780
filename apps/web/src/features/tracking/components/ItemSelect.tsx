import type { TrackingKind } from '@eqms/contract';
import { Select } from 'antd';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMaterialPick } from '../../material-stock/material-stock.queries.ts';
import { useProductPick } from '../../product-stock/product-stock.queries.ts';
import { TRACKING_NS } from '../tracking.locales.ts';

export type ItemLabel = { id: number; code: string; name: string };

/** Text typed into the search, sent 250 ms after the last key. */
function useSettled(term: string) {
  const [sent, setSent] = useState(term);
  useEffect(() => {
    const timer = setTimeout(() => setSent(term), 250);
    return () => clearTimeout(timer);
  }, [term]);
  return sent;
}

/**
 * The item to track: a product or a material by code or name, or none (every item with a requirement). `current`
 * labels a chosen item the pick-list does not hold (one opened from the URL).
 */
export function ItemSelect({
  kind,
  value,
  onChange,
  current,
  style,
}: {
  kind: TrackingKind;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  current: ItemLabel | null;
  style?: CSSProperties;
}) {
  const { t } = useTranslation(TRACKING_NS);
  const [term, setTerm] = useState('');
  const sent = useSettled(term);
  const products = useProductPick(kind === 'product' ? sent : '');
  const materials = useMaterialPick(kind === 'material' ? sent : '');
  const found = kind === 'product' ? products : materials;
  const items: ItemLabel[] = found.data ?? [];
  const options =
    current && current.id === value && !items.some((i) => i.id === current.id) ? [current, ...items] : items;
  return (
    <Select<number>
      data-testid="tracking-item-select"
      aria-label={t('filters.item')}
      showSearch={{ filterOption: false, onSearch: setTerm }}
      allowClear
      value={value}
      placeholder={kind === 'product' ? t('filters.allProducts') : t('filters.allMaterials')}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? undefined : t('hints.noItem')}
      onChange={(v) => {
        setTerm('');
        onChange(v ?? undefined);
      }}
      options={options.map((i) => ({ value: i.id, label: `${i.code} · ${i.name}` }))}
      popupMatchSelectWidth={false}
      style={{ width: 240, ...style }}
    />
  );
}
