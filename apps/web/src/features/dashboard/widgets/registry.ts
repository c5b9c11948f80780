import type { WidgetType } from '@eqms/contract';
import { type ComponentType, lazy } from 'react';
import type { WidgetKind, WidgetViewProps } from './widget-kit.ts';
import './widget.locales.ts';

// Every widget type the dashboard offers, in the order of its "add widget" list. A type that is not here is not
// offered (nothing unfinished reaches the screen). Views and settings fields load when a dashboard shows them.

const production = () => import('./ProductionWidgets.tsx');
const plans = () => import('./PlanWidgets.tsx');
const tools = () => import('./ToolWidgets.tsx');
const values = () => import('./ValueWidgets.tsx');
const fields = () => import('./WidgetSettingsFields.tsx');

/** A view exported by name from one of the views' modules, loaded lazily. */
function view<T extends WidgetType, M>(load: () => Promise<M>, pick: (m: M) => ComponentType<WidgetViewProps<T>>) {
  return lazy(() => load().then((m) => ({ default: pick(m) })));
}
function settingsOf(pick: (m: Awaited<ReturnType<typeof fields>>) => ComponentType) {
  return lazy(() => fields().then((m) => ({ default: pick(m) })));
}
/** One type's kind, typed by its own settings, stored among the others. */
const kind = <T extends WidgetType>(k: WidgetKind<T>) => k as unknown as WidgetKind;

export const WIDGET_KINDS: Partial<Record<WidgetType, WidgetKind>> = {
  'today-prod-status': {
    type: 'today-prod-status',
    size: { w: 6, h: 3 },
    View: lazy(() => import('./TodayProdStatusWidget.tsx')),
    SettingsFields: null,
  },
  'good-bad-status': kind({
    type: 'good-bad-status',
    size: { w: 6, h: 5 },
    View: view(production, (m) => m.GoodBadStatusWidget),
    SettingsFields: settingsOf((m) => m.LocationSettings),
  }),
  'tool-product': kind({
    type: 'tool-product',
    size: { w: 6, h: 5 },
    View: view(production, (m) => m.ToolProductWidget),
    SettingsFields: settingsOf((m) => m.LocationPeriodDaySettings),
  }),
  'line-work-status': kind({
    type: 'line-work-status',
    size: { w: 8, h: 5 },
    View: view(production, (m) => m.LineWorkStatusWidget),
    SettingsFields: settingsOf((m) => m.LocationSettings),
  }),
  'scale-status': kind({
    type: 'scale-status',
    size: { w: 6, h: 4 },
    View: view(values, (m) => m.ScaleStatusWidget),
    SettingsFields: settingsOf((m) => m.ScaleSettings),
  }),
  'current-trace-data': kind({
    type: 'current-trace-data',
    size: { w: 6, h: 4 },
    View: view(values, (m) => m.CurrentTraceDataWidget),
    SettingsFields: settingsOf((m) => m.ParameterSettings),
  }),
  'product-stock-status': kind({
    type: 'product-stock-status',
    size: { w: 6, h: 4 },
    View: view(values, (m) => m.ProductStockStatusWidget),
    SettingsFields: settingsOf((m) => m.ProductSettings),
  }),
  'all-production-plan-status': kind({
    type: 'all-production-plan-status',
    size: { w: 8, h: 5 },
    View: view(plans, (m) => m.AllProductionPlanStatusWidget),
    SettingsFields: settingsOf((m) => m.LocationDateSettings),
  }),
  'tool-oper-rate-raise': kind({
    type: 'tool-oper-rate-raise',
    size: { w: 4, h: 3 },
    View: view(tools, (m) => m.ToolOperRateRaiseWidget),
    SettingsFields: settingsOf((m) => m.ToolBaseHourPeriodSettings),
  }),
  'tool-oper-rate': kind({
    type: 'tool-oper-rate',
    size: { w: 3, h: 4 },
    View: view(tools, (m) => m.ToolOperRateWidget),
    SettingsFields: settingsOf((m) => m.ToolBaseHourSettings),
  }),
  'prod-plan-status-by-tool': kind({
    type: 'prod-plan-status-by-tool',
    size: { w: 8, h: 5 },
    View: view(plans, (m) => m.ProdPlanStatusByToolWidget),
    SettingsFields: settingsOf((m) => m.ToolSettings),
  }),
  'defect-improve-rate': kind({
    type: 'defect-improve-rate',
    size: { w: 4, h: 5 },
    View: view(production, (m) => m.DefectImproveRateWidget),
    SettingsFields: settingsOf((m) => m.LocationPeriodMonthSettings),
  }),
  'production-plan-status': kind({
    type: 'production-plan-status',
    size: { w: 6, h: 5 },
    View: view(plans, (m) => m.ProductionPlanStatusWidget),
    SettingsFields: settingsOf((m) => m.LocationSettings),
  }),
};
