import { productEndpoints, toolEndpoints, WIDGET_IDS_MAX, widgetEndpoints } from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, InputNumber, Select, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callPage } from '../../../api/http.ts';
import { LocationTreeSelect } from '../../../components/LocationTreeSelect.tsx';
import { WIDGET_NS } from './widget.locales.ts';

// The settings fields of the widget types, rendered inside the dashboard's widget dialog Form: each a
// `Form.Item name={['settings', key]}` (a widget's settings are its data call's query, WIDGET_SETTINGS).

const useT = () => useTranslation(WIDGET_NS).t;
const required = (message: string) => [{ required: true, message }];

function LocationField() {
  const t = useT();
  return (
    <Form.Item
      name={['settings', 'locationId']}
      label={t('settings.location')}
      rules={required(t('settings.locationRequired'))}
    >
      <LocationTreeSelect typeUntils={['LINE']} allowClear={false} testId="widget-settings-location" />
    </Form.Item>
  );
}

function PeriodField({ initial }: { initial: 'day' | 'week' | 'month' }) {
  const t = useT();
  return (
    <Form.Item name={['settings', 'period']} label={t('settings.period')} initialValue={initial}>
      <Select
        data-testid="widget-settings-period"
        options={(['day', 'week', 'month'] as const).map((p) => ({ value: p, label: t(`periods.${p}`) }))}
      />
    </Form.Item>
  );
}

function ToolField() {
  const t = useT();
  const tools = useQuery({
    queryKey: ['tool', 'tools'],
    queryFn: ({ signal }) => call(toolEndpoints.list, { signal }),
    staleTime: 60_000,
  });
  const options = useMemo(
    () => (tools.data ?? []).map((x) => ({ value: x.id, label: `${x.code} ${x.name}` })),
    [tools.data],
  );
  return (
    <Form.Item name={['settings', 'toolId']} label={t('settings.tool')} rules={required(t('settings.toolRequired'))}>
      <Select
        data-testid="widget-settings-tool"
        options={options}
        loading={tools.isLoading}
        showSearch={{ optionFilterProp: 'label' }}
      />
    </Form.Item>
  );
}

function BaseHourField() {
  const t = useT();
  return (
    <Form.Item
      name={['settings', 'baseHour']}
      label={t('settings.baseHour')}
      initialValue={8}
      rules={[{ required: true, type: 'number', min: 1, max: 24, message: t('settings.baseHourRange') }]}
    >
      <InputNumber data-testid="widget-settings-base-hour" min={1} max={24} precision={1} style={{ width: 160 }} />
    </Form.Item>
  );
}

const idsRules = (t: (k: string, o?: Record<string, unknown>) => string, min: number) => [
  ...(min > 0 ? required(t('settings.pickOne')) : []),
  { type: 'array' as const, max: WIDGET_IDS_MAX, message: t('settings.idsMax', { max: WIDGET_IDS_MAX }) },
];

/** Tools with their parameters; parameters are what is picked (a tool checks all of its own). */
function ParameterField({ name, label, min }: { name: string; label: string; min: number }) {
  const t = useT();
  const tree = useQuery({
    queryKey: ['widget', 'tool-parameter-tree'],
    queryFn: ({ signal }) => call(widgetEndpoints.toolParameterTree, { signal }),
    staleTime: 60_000,
  });
  const treeData = useMemo(
    () =>
      (tree.data ?? []).map((tool) => ({
        value: tool.key,
        title: `${tool.toolCode} ${tool.toolName} (${tool.locationPath})`,
        children: tool.children.map((p) => ({
          value: p.parameterId,
          title: `${p.code} ${p.name}${p.unit ? ` [${p.unit}]` : ''}`,
        })),
      })),
    [tree.data],
  );
  return (
    <Form.Item name={['settings', name]} label={label} rules={idsRules(t, min)}>
      <TreeSelect
        data-testid={`widget-settings-${name}`}
        treeData={treeData}
        loading={tree.isLoading}
        treeCheckable
        showCheckedStrategy={TreeSelect.SHOW_CHILD}
        showSearch={{ treeNodeFilterProp: 'title' }}
        maxTagCount="responsive"
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}

export function LocationSettings() {
  return <LocationField />;
}

export function LocationPeriodDaySettings() {
  return (
    <>
      <LocationField />
      <PeriodField initial="day" />
    </>
  );
}

export function LocationPeriodMonthSettings() {
  return (
    <>
      <LocationField />
      <PeriodField initial="month" />
    </>
  );
}

export function LocationDateSettings() {
  const t = useT();
  return (
    <>
      <LocationField />
      <Form.Item
        name={['settings', 'date']}
        label={t('settings.date')}
        extra={t('settings.dateHint')}
        getValueProps={(v: string | undefined) => ({ value: v ? dayjs(v) : null })}
        normalize={(d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined)}
      >
        <DatePicker data-testid="widget-settings-date" allowClear />
      </Form.Item>
    </>
  );
}

export function ToolSettings() {
  return <ToolField />;
}

export function ToolBaseHourSettings() {
  return (
    <>
      <ToolField />
      <BaseHourField />
    </>
  );
}

export function ToolBaseHourPeriodSettings() {
  return (
    <>
      <ToolField />
      <BaseHourField />
      <PeriodField initial="week" />
    </>
  );
}

export function ParameterSettings() {
  const t = useT();
  return <ParameterField name="parameterIds" label={t('settings.parameters')} min={1} />;
}

export function ScaleSettings() {
  const t = useT();
  return (
    <>
      <ParameterField name="weightParameterIds" label={t('settings.weightParameters')} min={1} />
      <ParameterField name="groupParameterIds" label={t('settings.groupParameters')} min={0} />
    </>
  );
}

export function ProductSettings() {
  const t = useT();
  const products = useQuery({
    queryKey: ['product', 'widget-pick'],
    queryFn: async ({ signal }) =>
      (await callPage(productEndpoints.list, { query: { page: 1, size: 1000 }, signal })).data,
    staleTime: 60_000,
  });
  const options = useMemo(
    () => (products.data ?? []).map((p) => ({ value: p.id, label: `${p.code} ${p.name}` })),
    [products.data],
  );
  return (
    <Form.Item name={['settings', 'productIds']} label={t('settings.products')} rules={idsRules(t, 1)}>
      <Select
        mode="multiple"
        data-testid="widget-settings-products"
        options={options}
        loading={products.isLoading}
        showSearch={{ optionFilterProp: 'label' }}
        maxTagCount="responsive"
      />
    </Form.Item>
  );
}
