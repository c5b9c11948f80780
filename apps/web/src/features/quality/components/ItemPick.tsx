import { Select } from 'antd';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMaterialPick } from '../../material-stock/material-stock.queries.ts';
import { useProductPick } from '../../product-stock/product-stock.queries.ts';
import { QUALITY_NS } from '../quality.locales.ts';
import type { Side } from '../quality-side.ts';

export type ItemLabel = { id: number; code: string; name: string };

/** A material or product chosen by typing part of its code or name (asked 250 ms after the last key). */
export function ItemPick({
  side,
  value,
  onChange,
  current,
  testId,
  placeholder,
  allowClear = true,
  style,
}: {
  side: Side;
  value: number | undefined;
  onChange: (item: ItemLabel | null) => void;
  /** Labels a chosen item the pick-list does not hold (one opened from the URL). */
  current?: ItemLabel | null;
  testId: string;
  placeholder?: string;
  allowClear?: boolean;
  style?: CSSProperties;
}) {
  const { t } = useTranslation(QUALITY_NS);
  const [term, setTerm] = useState('');
  const [sent, setSent] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSent(term), 250);
    return () => clearTimeout(timer);
  }, [term]);
  const products = useProductPick(side === 'PRODUCT' ? sent : '');
  const materials = useMaterialPick(side === 'MATERIAL' ? sent : '');
  const found = side === 'PRODUCT' ? products : materials;
  const items: ItemLabel[] = found.data ?? [];
  const options =
    current && current.id === value && !items.some((i) => i.id === current.id) ? [current, ...items] : items;
  const label = placeholder ?? t(`hints.pick.${side}`);
  return (
    <Select<number>
      data-testid={testId}
      aria-label={label}
      showSearch={{ filterOption: false, onSearch: setTerm }}
      allowClear={allowClear}
      value={value}
      placeholder={label}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? undefined : t('hints.noItem')}
      onChange={(v) => {
        setTerm('');
        onChange(options.find((i) => i.id === v) ?? null);
      }}
      options={options.map((i) => ({
        value: i.id,
        label: (
          <span data-testid={`${testId}-option`} data-code={i.code}>
            {i.code} · {i.name}
          </span>
        ),
      }))}
      style={{ width: 280, ...style }}
    />
  );
}
