import type { WidgetSettings, WidgetType } from '@eqms/contract';
import type { ComponentType, LazyExoticComponent } from 'react';

// The dashboard widgets (issue 17; SPEC §7 "Widgets"): each type is a `WidgetKind` in ./registry.ts — its view (a
// chart or table over its /widget/<type>/data call), the form fields of its settings, and the grid size a new one
// gets. The dashboard page (../pages) places, sizes and saves widgets; it knows nothing of what a widget shows.

/** What a widget's view gets: its saved settings (the data call's query) and how often to ask again. */
export type WidgetViewProps<T extends WidgetType = WidgetType> = {
  settings: WidgetSettings<T>;
  refreshMinutes: number;
};

/**
 * The settings fields of a type, rendered inside the dashboard's widget dialog, an antd Form whose values are
 * `{ type, refreshMinutes, settings: {...} }`: each field is a `Form.Item name={['settings', '<key>']}`.
 */
export type WidgetSettingsFields = ComponentType;

export type WidgetKind<T extends WidgetType = WidgetType> = {
  type: T;
  /** Grid cells (12 columns) a new widget of the type takes. */
  size: { w: number; h: number };
  View: LazyExoticComponent<ComponentType<WidgetViewProps<T>>>;
  /** Null when the type has no settings (today's production status). */
  SettingsFields: LazyExoticComponent<WidgetSettingsFields> | null;
};

/** How often a widget's data is asked again (SPEC §9: 3, 5, 10 or 30 minutes). */
export const refetchMs = (refreshMinutes: number) => refreshMinutes * 60_000;
