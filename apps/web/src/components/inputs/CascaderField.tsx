import { CASCADER_MAX_HEIGHT, CASCADER_SEPARATOR, cascaderDepthOk, isEmpty } from '@eqms/contract';
import { Cascader } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { INPUTS_NS } from './inputs.locales.ts';
import { ruleText } from './rule-text.ts';

export type CascaderValue = string | number;
/** One level of the tree; `label` is plain text because search and the chosen path are built from it. */
export type CascaderOption = {
  value: CascaderValue;
  label: string;
  disabled?: boolean;
  children?: CascaderOption[];
};

export type CascaderFieldProps = {
  value?: CascaderValue[] | null;
  onChange?: (path: CascaderValue[] | null) => void;
  options: CascaderOption[];
  /**
   * With a depth the path must end exactly there (SPEC §5, checked by `cascaderRule`). Any level can then be
   * clicked, so a too-short path is refused with the message instead of silently not being chosen.
   */
  requiredDepth?: number;
  separator?: string;
  allowClear?: boolean;
  placeholder?: string;
  disabled?: boolean;
  loading?: boolean;
  testId?: string;
  /** Given by Form.Item, so its label focuses the selector. */
  id?: string;
  style?: CSSProperties;
};

/** The labels along a path, e.g. ['Seoul', 'Plant 1'] for ['S1', 'F1']; unknown values end the walk. */
export function cascaderLabels(options: CascaderOption[], path: readonly CascaderValue[]): string[] {
  const labels: string[] = [];
  let level: CascaderOption[] | undefined = options;
  for (const v of path) {
    const hit: CascaderOption | undefined = level?.find((o) => o.value === v);
    if (!hit) break;
    labels.push(hit.label);
    level = hit.children;
  }
  return labels;
}

/** The cascading multi-level selector of SPEC §1: search over the joined path, max height 380, ' / ' between levels. */
export function CascaderField({
  value,
  onChange,
  options,
  requiredDepth,
  separator = CASCADER_SEPARATOR,
  allowClear = true,
  placeholder,
  disabled,
  loading,
  testId = 'cascader-field',
  id,
  style,
}: CascaderFieldProps) {
  const { t } = useTranslation(INPUTS_NS);
  return (
    <Cascader<CascaderOption>
      data-testid={testId}
      id={id}
      value={value ?? undefined}
      onChange={(path) => onChange?.(path?.length ? (path as CascaderValue[]) : null)}
      options={options}
      changeOnSelect={!!requiredDepth}
      allowClear={allowClear}
      placeholder={placeholder ?? t('cascader.placeholder')}
      disabled={disabled}
      loading={loading}
      displayRender={(labels) => labels.join(separator)}
      showSearch={{
        filter: (input, path) =>
          path
            .map((o) => o.label)
            .join(separator)
            .toLowerCase()
            .includes(input.trim().toLowerCase()),
        // antd's own render highlights the match and already uses the default separator.
        ...(separator === CASCADER_SEPARATOR
          ? {}
          : { render: (_: string, path: CascaderOption[]) => path.map((o) => o.label).join(separator) }),
      }}
      // Each level is a column; columns share the height of the longest, up to the SPEC §9 maximum.
      styles={{ popup: { list: { height: 'auto', maxHeight: CASCADER_MAX_HEIGHT } } }}
      style={{ width: '100%', ...style }}
    />
  );
}

/**
 * The form rule of a cascader with a required depth: an empty value is left to `required`; a chosen path must reach
 * exactly `depth` levels, otherwise `text` or the contract's cascaderDepth message is shown.
 */
export function cascaderRule(depth: number, text?: string) {
  return {
    validator: async (_: unknown, value: readonly CascaderValue[] | null | undefined) => {
      if (isEmpty(value)) return;
      if (!cascaderDepthOk(value, depth)) throw new Error(text ?? ruleText('cascaderDepth', { depth }));
    },
  };
}
