import type { Parameter } from '@eqms/contract';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { byTool } from '../data-collection.queries.ts';
import { DATA_COLLECTION_NS } from '../data-collection.locales.ts';

/** A parameter's label: name and code, with its unit. */
export const parameterLabel = (p: Pick<Parameter, 'name' | 'code' | 'unit'>) =>
  `${p.name} (${p.code})${p.unit ? ` [${p.unit}]` : ''}`;

/** Options grouped by tool ("name (code)"), searchable by tool or parameter text; `disabled` greys some out. */
function useOptions(parameters: Parameter[], disabled?: (p: Parameter) => string | undefined) {
  return useMemo(
    () =>
      byTool(parameters).map((tool) => ({
        label: `${tool.toolName} (${tool.toolCode})`,
        title: `${tool.toolName} (${tool.toolCode})`,
        options: tool.parameters.map((p) => {
          const why = disabled?.(p);
          return {
            value: p.id,
            label: parameterLabel(p),
            search: `${tool.toolCode} ${tool.toolName} ${p.code} ${p.name}`.toLowerCase(),
            disabled: !!why,
            title: why ?? parameterLabel(p),
          };
        }),
      })),
    [parameters, disabled],
  );
}

export function ParametersSelect({
  parameters,
  value,
  onChange,
  disabled,
  maxCount,
  loading,
  testId,
}: {
  parameters: Parameter[];
  value: number[];
  onChange: (ids: number[]) => void;
  disabled?: (p: Parameter) => string | undefined;
  maxCount: number;
  loading?: boolean;
  testId: string;
}) {
  const { t } = useTranslation(DATA_COLLECTION_NS);
  const options = useOptions(parameters, disabled);
  return (
    <Select<number[]>
      data-testid={testId}
      mode="multiple"
      allowClear
      showSearch={{ optionFilterProp: 'search' }}
      loading={loading}
      maxCount={maxCount}
      placeholder={t('filters.parametersPlaceholder')}
      aria-label={t('filters.parameters')}
      value={value}
      onChange={onChange}
      options={options}
      style={{ minWidth: 320, maxWidth: 720 }}
      notFoundContent={t('hints.noParameters')}
    />
  );
}

export function ParameterSelect({
  parameters,
  value,
  onChange,
  loading,
  testId,
  label,
}: {
  parameters: Parameter[];
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  loading?: boolean;
  testId: string;
  label: string;
}) {
  const { t } = useTranslation(DATA_COLLECTION_NS);
  const options = useOptions(parameters);
  return (
    <Select<number>
      data-testid={testId}
      showSearch={{ optionFilterProp: 'search' }}
      allowClear
      loading={loading}
      placeholder={t('filters.parameterPlaceholder')}
      aria-label={label}
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
      options={options}
      style={{ width: 300 }}
      notFoundContent={t('hints.noParameters')}
    />
  );
}
