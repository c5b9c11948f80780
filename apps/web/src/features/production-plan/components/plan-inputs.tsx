import type { WorkStatus } from '@eqms/contract';
import { Select, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLineTools } from '../../oper-plan/oper-plan.queries.ts';
import { STATUS_COLOR } from '../plan-rules.ts';

// Small parts the production plan screen's tables and dialogs share.

/** A work status as a coloured tag in the UI language (SPEC §4). */
export function WorkStatusTag({ status, testId }: { status: WorkStatus; testId?: string }) {
  const { t } = useTranslation('productionPlan');
  return (
    <Tag color={STATUS_COLOR[status]} data-testid={testId} data-status={status} style={{ marginInlineEnd: 0 }}>
      {t(`status.${status}`)}
    </Tag>
  );
}

/**
 * A tool that can run an operation: one on a LINE (the server refuses others, toolNotOnLine). The plan's own line's
 * tools come first.
 */
export function LineToolSelect({
  value,
  onChange,
  lineId,
  testId,
  id,
  placeholder,
  ariaLabel,
  size,
  style,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  lineId?: number;
  testId: string;
  id?: string;
  placeholder?: string;
  ariaLabel?: string;
  size?: 'small' | 'middle';
  style?: React.CSSProperties;
}) {
  const tools = useLineTools();
  const options = useMemo(
    () =>
      [...tools.data]
        .sort((a, b) => Number(b.locationId === lineId) - Number(a.locationId === lineId))
        .map((tool) => ({ value: tool.id, label: `${tool.code} · ${tool.name} (${tool.locationName})` })),
    [tools.data, lineId],
  );
  return (
    <Select<number>
      id={id}
      data-testid={testId}
      aria-label={id ? undefined : ariaLabel}
      allowClear
      size={size}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      loading={tools.isLoading}
      options={options}
      placeholder={placeholder}
      showSearch={{ optionFilterProp: 'label' }}
      popupMatchSelectWidth={false}
      style={{ width: '100%', ...style }}
    />
  );
}
