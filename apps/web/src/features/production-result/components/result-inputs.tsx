import type { WorkStatus } from '@eqms/contract';
import { Select, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CascaderField } from '../../../components/inputs/CascaderField.tsx';
import { STATUS_COLOR } from '../../production-plan/plan-rules.ts';
import type { PickUser } from '../production-result.queries.ts';
import { RESULT_NS } from '../production-result.locales.ts';
import { type ShelfOption, shelfPath } from '../result-rules.ts';

// The result screen's small parts: the status tag, the worker pick-list and the shelf cascader.

/** A work status as a coloured tag in the UI language (SPEC §4: plan completed → working → work completed). */
export function ResultStatusTag({ status, testId }: { status: WorkStatus; testId?: string }) {
  const { t } = useTranslation(RESULT_NS);
  return (
    <Tag color={STATUS_COLOR[status]} data-testid={testId} data-status={status} style={{ marginInlineEnd: 0 }}>
      {t(`status.${status}`)}
    </Tag>
  );
}

/**
 * The result's worker: the line's workers first, then the factory's other users; the stored worker stays labelled
 * when neither list holds them any more.
 */
export function WorkerSelect({
  value,
  onChange,
  id,
  lineWorkers,
  others,
  current,
  loading,
  disabled,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  id?: string;
  lineWorkers: PickUser[];
  others: PickUser[];
  current: { id: number | null; name: string | null };
  loading: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation(RESULT_NS);
  const options = useMemo(() => {
    const label = (u: PickUser) => `${u.username} (${u.userId})`;
    const groups = [
      { label: t('groups.lineWorkers'), options: lineWorkers.map((u) => ({ value: u.id, label: label(u) })) },
      { label: t('groups.otherUsers'), options: others.map((u) => ({ value: u.id, label: label(u) })) },
    ].filter((g) => g.options.length > 0);
    const known = [...lineWorkers, ...others].some((u) => u.id === current.id);
    if (current.id != null && !known)
      groups.push({
        label: t('fields.worker'),
        options: [{ value: current.id, label: current.name ?? `#${current.id}` }],
      });
    return groups;
  }, [lineWorkers, others, current.id, current.name, t]);
  return (
    <Select<number>
      id={id}
      data-testid="result-worker"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={options}
      loading={loading}
      disabled={disabled}
      placeholder={t('hints.pickWorker')}
      notFoundContent={loading ? undefined : t('hints.noWorkers')}
      style={{ width: '100%' }}
    />
  );
}

/** Warehouse → shelf of the factory; the value is the shelf's id. */
export function ShelfCascader({
  value,
  onChange,
  id,
  options,
  loading,
  disabled,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  id?: string;
  options: ShelfOption[];
  loading: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation(RESULT_NS);
  return (
    <CascaderField
      id={id}
      testId="result-shelf"
      value={shelfPath(options, value)}
      onChange={(path) => {
        const last = path?.at(-1);
        onChange?.(typeof last === 'number' ? last : null);
      }}
      options={options}
      loading={loading}
      disabled={disabled}
      placeholder={t('hints.shelfDefault')}
    />
  );
}
