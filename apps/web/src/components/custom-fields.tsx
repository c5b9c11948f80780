import {
  CUSTOM_VALUE_MAX,
  type CustomExtTable,
  type CustomField,
  type CustomFieldService,
  customExtEndpoints,
  ruleMessage,
} from '@eqms/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Row, Select, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useMemo } from 'react';
import { call, getConfiguredPath } from '../api/http.ts';
import { codeLabel, loadCodes, useCodes } from '../app/codes.ts';
import { useAppStore } from '../app/store.ts';
import { registerLocales } from '../i18n/index.ts';
import type { DataColumn } from './DataTable.tsx';
import { checkRule } from './formErrors.ts';

// Custom extension fields (SPEC §3/§7, interfaces.md B): a table's extra fields, defined in /admin/custom-ext,
// appear in its form and list without code per field. Values live in the record's `ext` JSON as text.
registerLocales('customFields', {
  kr: { customField: '사용자 정의 항목', serviceFailed: '목록을 불러오지 못했습니다.' },
  en: { customField: 'Custom field', serviceFailed: 'The list could not be loaded.' },
});

export type FieldOption = { value: string; label: string; disabled?: boolean };

export const customExtKeys = {
  all: ['custom-ext'] as const,
  byTable: (table: CustomExtTable) => ['custom-ext', 'by-table', table] as const,
  service: (s: CustomFieldService) => ['custom-ext', 'service', s.path, s.params ?? {}] as const,
};

/** The table's custom fields in form order; forms and lists of the table share one cached copy. */
/** The custom fields of a table (none asked for without one: a master whose table takes none). */
export function useCustomFields(table: CustomExtTable | undefined) {
  return useQuery({
    queryKey: customExtKeys.byTable(table ?? ('' as CustomExtTable)),
    queryFn: ({ signal }) => call(customExtEndpoints.byTable, { params: { table: table! }, signal }),
    staleTime: 60_000,
    enabled: !!table,
  });
}

/** A value under a dotted key of a service row (labelKey may reach into a nested object, e.g. location.name). */
function pick(row: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), row);
}

/** A service list's rows as options (rows without a value are skipped). */
export function serviceOptions(rows: unknown, s: CustomFieldService): FieldOption[] {
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row) => {
    const value = pick(row, s.valueKey);
    if (value === null || value === undefined || value === '') return [];
    const label = pick(row, s.labelKey);
    return [{ value: String(value), label: label === null || label === undefined ? String(value) : String(label) }];
  });
}

/**
 * GET of a service list: the path is relative to /api and answers { data: [...] }. `function` is kept in the field's
 * data for the record of where the list came from; the web calls the path with the params as the query.
 */
export const fetchService = (s: CustomFieldService, signal?: AbortSignal) =>
  getConfiguredPath(s.path, { query: s.params, signal, silent: true });

const serviceOf = (f: CustomField) => (f.type === 'list' && f.data && 'service' in f.data ? f.data.service : null);
const categoryOf = (f: CustomField) => (f.type === 'list' && f.data && 'category' in f.data ? f.data.category : null);
const itemsOf = (f: CustomField): FieldOption[] | null =>
  f.type === 'list' && f.data && 'items' in f.data
    ? f.data.items.map((i) => ({ value: i.value, label: i.label }))
    : null;

/** The options of one list field (codes of its category, a service's rows or its fixed items). */
export function useFieldOptions(field: CustomField): { options: FieldOption[]; loading: boolean; failed: boolean } {
  const category = categoryOf(field);
  const service = serviceOf(field);
  const codes = useCodes(category ?? undefined);
  const rows = useQuery({
    queryKey: service ? customExtKeys.service(service) : ['custom-ext', 'service', null],
    queryFn: ({ signal }) => fetchService(service!, signal),
    enabled: !!service,
    staleTime: 60_000,
    retry: false,
  });
  const items = itemsOf(field);
  const options = useMemo<FieldOption[]>(() => {
    if (items) return items;
    if (category) return codes.options.map((o) => ({ value: o.value, label: o.label, disabled: o.disabled }));
    if (service) return serviceOptions(rows.data, service);
    return [];
  }, [items, category, codes.options, service, rows.data]);
  return { options, loading: codes.loading || rows.isLoading, failed: rows.isError };
}

/**
 * The options of every list field of `fields`, by field name, for showing labels in lists. Codes come from the
 * store's codes cache (loaded here when missing), service lists from the query cache.
 */
export function useCustomFieldOptions(fields: CustomField[] | undefined): Record<string, FieldOption[]> {
  const list = fields ?? [];
  const categories = [...new Set(list.map(categoryOf).filter((c): c is string => !!c))];
  const codes = useAppStore((s) => s.codes);
  const locale = useAppStore((s) => s.locale);
  const categoryKey = categories.join('\u0001');
  useEffect(() => {
    for (const c of categoryKey ? categoryKey.split('\u0001') : []) loadCodes(c).catch(() => undefined);
  }, [categoryKey]);
  const services = list.filter((f) => serviceOf(f));
  const results = useQueries({
    queries: services.map((f) => ({
      queryKey: customExtKeys.service(serviceOf(f)!),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchService(serviceOf(f)!, signal),
      staleTime: 60_000,
      retry: false,
    })),
  });
  const serviceData = results.map((r) => r.data);
  // biome-ignore lint/correctness/useExhaustiveDependencies: serviceData is a new array each render; its items are stable.
  return useMemo(() => {
    const out: Record<string, FieldOption[]> = {};
    for (const f of list) {
      const items = itemsOf(f);
      const category = categoryOf(f);
      const service = serviceOf(f);
      if (items) out[f.field] = items;
      else if (category)
        out[f.field] = (codes[category] ?? []).map((c) => ({ value: c.code, label: codeLabel(c, locale) }));
      else if (service) out[f.field] = serviceOptions(serviceData[services.indexOf(f)], service);
    }
    return out;
  }, [list, codes, locale, ...serviceData]);
}

/** The text shown for a stored value: its option label when known, else the value itself. */
export function extText(field: CustomField, value: unknown, options?: FieldOption[]): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (field.type !== 'list') return text;
  return options?.find((o) => o.value === text)?.label ?? text;
}

/**
 * The ext of a form's payload: only the keys of the table's current fields, empty ones left out (the server drops
 * them anyway). Undefined while the fields are unknown, so a save then leaves the stored ext as it is.
 */
export function extPayload(
  fields: CustomField[] | undefined,
  values: Record<string, unknown> | null | undefined,
): Record<string, string> | undefined {
  if (!fields) return undefined;
  const out: Record<string, string> = {};
  for (const f of fields) {
    const v = values?.[f.field];
    if (v === null || v === undefined) continue;
    const text = String(v).trim();
    if (text !== '') out[f.field] = text;
  }
  return out;
}

const maxLengthRule = checkRule(
  (v) => v === null || v === undefined || String(v).length <= CUSTOM_VALUE_MAX,
  ruleMessage('maxLength', { max: CUSTOM_VALUE_MAX }),
);

function ListFieldSelect({ field, ...rest }: { field: CustomField; value?: string; onChange?: (v: string) => void }) {
  const { options, loading, failed } = useFieldOptions(field);
  return (
    <Select
      {...rest}
      data-testid={`custom-field-${field.field}`}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      status={failed ? 'warning' : undefined}
      options={options}
    />
  );
}

/**
 * One form item per custom field of `table`, named ['ext', field], in the fields' sequence. `stored` is the record's
 * ext when it is loaded after the form opened: it fills the items the user has not touched yet.
 */
export function CustomFieldItems({
  table,
  stored,
}: {
  table: CustomExtTable;
  stored?: Record<string, unknown> | null;
}) {
  const fields = useCustomFields(table);
  const form = Form.useFormInstance();
  useEffect(() => {
    if (!stored) return;
    const untouched = Object.entries(stored).filter(([k]) => !form.isFieldTouched(['ext', k]));
    if (untouched.length) form.setFieldsValue({ ext: Object.fromEntries(untouched) });
  }, [stored, form]);
  if (!fields.data?.length) return null;
  return (
    <Row gutter={16} data-testid={`custom-fields-${table}`}>
      {fields.data.map((f) => (
        <Col xs={24} sm={12} key={f.id}>
          {f.type === 'list' ? (
            <Form.Item name={['ext', f.field]} label={f.display}>
              <ListFieldSelect field={f} />
            </Form.Item>
          ) : (
            <Form.Item name={['ext', f.field]} label={f.display} rules={[maxLengthRule]}>
              <Input data-testid={`custom-field-${f.field}`} maxLength={CUSTOM_VALUE_MAX} />
            </Form.Item>
          )}
        </Col>
      ))}
    </Row>
  );
}

/**
 * List columns for the custom fields: the option label of list values (when `options` knows it; fixed items always
 * do), sortable, filterable and exported as that text.
 */
export function customFieldColumns<T extends { ext?: Record<string, unknown> | null }>(
  fields: CustomField[],
  t: TFunction,
  options: Record<string, FieldOption[]> = {},
): DataColumn<T>[] {
  return fields.map((f) => {
    const opts = options[f.field] ?? itemsOf(f) ?? undefined;
    const text = (row: T) => extText(f, row.ext?.[f.field], opts);
    return {
      key: `ext.${f.field}`,
      title: (
        <Tooltip title={t('customFields:customField')}>
          <span data-testid={`custom-column-${f.field}`}>{f.display}</span>
        </Tooltip>
      ),
      width: 140,
      render: (row) => text(row),
      exportValue: (row) => text(row),
      sorter: true,
    };
  });
}
