import { Col, Form, Input, Select } from 'antd';
import type { FormItemProps } from 'antd';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { zodRule } from '../formErrors.ts';
import { NumberField, type NumberFieldProps, numberRule } from '../inputs/NumberField.tsx';

// The items of a master form. Each is a column of the form's grid (full width on phones, `sm` of 24 above) with a
// Form.Item named after a field of the create body: label `fields.<name>`, test id `<domain>-form-<name>`, the
// asterisk when the body requires the field, and the body's zod rule for it (the form says what the server would).
// `labelKey` names both the label and the test id when they are not the field's name (routeId → route).
// CodeItem and SwitchItem are in master-choice-items.tsx (so a form without them does not load their inputs).

export type MasterFormContextValue = { name: string; shape: Record<string, ZodType>; creating: boolean };
export const MasterFormContext = createContext<MasterFormContextValue>({ name: 'form', shape: {}, creating: true });

export type ItemProps = {
  name: string;
  labelKey?: string;
  sm?: number;
  tooltip?: ReactNode;
  /** Replaces the default rules (the body's zod rule of the field). */
  rules?: FormItemProps['rules'];
  required?: boolean;
  dependencies?: FormItemProps['dependencies'];
};

/** The label, test id, asterisk and rules of an item from the form's domain and body. */
export function useItem(name: string, labelKey?: string) {
  const ctx = useContext(MasterFormContext);
  const { t } = useTranslation(ctx.name);
  const schema = ctx.shape[name];
  const key = labelKey ?? name;
  return {
    label: t(`fields.${key}`),
    testId: `${ctx.name}-form-${key}`,
    required: !!schema && !schema.safeParse(undefined).success,
    rules: schema ? [zodRule(schema)] : undefined,
    creating: ctx.creating,
  };
}

export type Item = ReturnType<typeof useItem>;

export function ItemCol({
  p,
  item,
  children,
  valuePropName,
}: {
  p: ItemProps;
  item: Item;
  children: ReactNode;
  valuePropName?: string;
}) {
  const sm = p.sm ?? 12;
  return (
    <Col xs={24} sm={sm === 24 ? undefined : sm}>
      <Form.Item
        name={p.name}
        label={item.label}
        required={p.required ?? (item.required || undefined)}
        rules={p.rules ?? item.rules}
        tooltip={p.tooltip}
        dependencies={p.dependencies}
        {...(valuePropName ? { valuePropName } : {})}
      >
        {children}
      </Form.Item>
    </Col>
  );
}

export function TextItem(p: ItemProps & { maxLength: number; autoComplete?: string; autoFocus?: boolean }) {
  const item = useItem(p.name, p.labelKey);
  return (
    <ItemCol p={p} item={item}>
      <Input data-testid={item.testId} maxLength={p.maxLength} autoComplete={p.autoComplete} autoFocus={p.autoFocus} />
    </ItemCol>
  );
}

export function TextAreaItem(p: ItemProps & { maxLength: number; rows?: number }) {
  const item = useItem(p.name, p.labelKey);
  return (
    <ItemCol p={{ sm: 24, ...p }} item={item}>
      <Input.TextArea data-testid={item.testId} maxLength={p.maxLength} rows={p.rows ?? 2} />
    </ItemCol>
  );
}

/** A number (SPEC §5 digits while typing); its rule is numberRule({ min }) unless `rules` are given. */
export function NumberItem({
  name,
  labelKey,
  sm = 8,
  tooltip,
  rules,
  required,
  dependencies,
  ...field
}: ItemProps & Omit<NumberFieldProps, 'testId' | 'value' | 'onChange'>) {
  const item = useItem(name, labelKey);
  const p = { name, sm, tooltip, required, dependencies, rules: rules ?? [numberRule({ min: field.min })] };
  return (
    <ItemCol p={p} item={item}>
      <NumberField {...field} testId={item.testId} style={{ width: '100%' }} />
    </ItemCol>
  );
}

/**
 * Another domain's rows as a select's options, `name (code)`; the row's current value stays shown (with its name
 * from the row) while the rows load or when they do not offer it.
 */
export function rowOptions(
  rows: { id: number; name: string; code: string }[] | undefined,
  current?: { id: number | null; label: string | null } | null,
) {
  const options = (rows ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.code})` }));
  if (current?.id && !options.some((o) => o.value === current.id)) {
    options.push({ value: current.id, label: current.label ?? String(current.id) });
  }
  return options;
}

/** A select of given options (another domain's rows, fixed values); `search` filters by label. */
export function SelectItem<V extends string | number>(
  p: ItemProps & {
    options: { value: V; label: string }[];
    loading?: boolean;
    allowClear?: boolean;
    search?: boolean;
    notFoundContent?: ReactNode;
  },
) {
  const item = useItem(p.name, p.labelKey);
  return (
    <ItemCol p={p} item={item}>
      <Select
        data-testid={item.testId}
        allowClear={p.allowClear}
        loading={p.loading}
        options={p.options}
        showSearch={p.search ? { optionFilterProp: 'label' } : undefined}
        notFoundContent={p.notFoundContent}
      />
    </ItemCol>
  );
}
