import type { BomKind } from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { type PickItem, searchPick } from '../bom.queries.ts';

/**
 * A product or material chosen by typing part of its code or name: the pinned pick-list searches, asked 250 ms after
 * the last key. `onPicked` gives the whole item (its unit fills the unit's placeholder).
 */
export function PickSelect({
  kind,
  value,
  onChange,
  onPicked,
  excludeId,
  testId,
  id,
  placeholder,
}: {
  kind: BomKind;
  value?: number | null;
  onChange?: (id: number | null) => void;
  onPicked?: (item: PickItem | null) => void;
  excludeId?: number;
  testId: string;
  id?: string;
  placeholder?: string;
}) {
  const [term, setTerm] = useState('');
  const [sent, setSent] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSent(term), 250);
    return () => clearTimeout(timer);
  }, [term]);
  const found = useQuery({
    queryKey: [kind === 'PRODUCT' ? 'product' : 'material', 'bom-pick', sent],
    queryFn: ({ signal }) => searchPick(kind, sent, signal),
  });
  const items = (found.data ?? []).filter((i) => i.id !== excludeId);
  return (
    <Select<number>
      id={id}
      data-testid={testId}
      showSearch={{ filterOption: false, onSearch: setTerm }}
      allowClear
      value={value ?? undefined}
      placeholder={placeholder}
      loading={found.isFetching}
      onChange={(v) => {
        onChange?.(v ?? null);
        onPicked?.(items.find((i) => i.id === v) ?? null);
      }}
      options={items.map((i) => ({
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
      style={{ width: '100%' }}
    />
  );
}
