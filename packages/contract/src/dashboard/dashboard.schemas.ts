import { z } from 'zod';
import { auditFields, dataOf, listOf } from '../common/common.schemas.ts';
import { WIDGET_REFRESH_MIN } from '../constants.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// SPEC §3 "Dashboard: id, name, with widget configuration"; SPEC §7 "Settings and dashboards". A dashboard is one
// user's own grid of widgets; each widget is one of the data widgets of SPEC §7 "Widgets" (its key is the
// `/widget/<key>/data` path segment), placed on a 12-column grid, with its own settings and refresh interval.

/** The data widgets of SPEC §7 "Widgets", by the key of their `/widget/<key>/data` path. */
export const WIDGET_TYPES = [
  'good-bad-status',
  'tool-product',
  'line-work-status',
  'scale-status',
  'current-trace-data',
  'today-prod-status',
  'product-stock-status',
  'all-production-plan-status',
  'tool-oper-rate-raise',
  'tool-oper-rate',
  'prod-plan-status-by-tool',
  'defect-improve-rate',
  'production-plan-status',
] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

/** SPEC §9 widget refresh, in minutes (the same list as constants.ts WIDGET_REFRESH_MIN). */
export const WIDGET_REFRESH_MINUTES = WIDGET_REFRESH_MIN;
export type WidgetRefreshMinutes = (typeof WIDGET_REFRESH_MINUTES)[number];
/** The period a period widget sums over. */
export const WIDGET_PERIODS = ['day', 'week', 'month'] as const;
export type WidgetPeriod = (typeof WIDGET_PERIODS)[number];

export const DASHBOARD_NAME_MAX = 50;
export const DASHBOARD_WIDGETS_MAX = 30;
/** The grid: 12 columns; rows as deep as a long dashboard needs, a widget at most 24 rows high. */
export const DASHBOARD_GRID = { columns: 12, maxY: 200, maxH: 24 } as const;
/** At most this many ids in one widget's id list (parameters, products). */
export const WIDGET_IDS_MAX = 20;
const WIDGET_KEY = /^[A-Za-z0-9_-]{1,40}$/;

const gridInt = (min: number, max: number) =>
  z
    .number({ error: (iss) => (iss.input === undefined ? ruleMessage('required') : ruleMessage('realNumber')) })
    .int({ error: ruleMessage('integer') })
    .min(min, { error: ruleMessage('between', { min, max }) })
    .max(max, { error: ruleMessage('between', { min, max }) });

/** A list of distinct ids (1 … ID_MAX), at least `min`. */
const idList = (min: number) =>
  z
    .array(rules.idValue())
    .min(min, { error: ruleMessage('minItems', { min }) })
    .max(WIDGET_IDS_MAX, { error: ruleMessage('maxItems', { max: WIDGET_IDS_MAX }) })
    .refine((ids) => new Set(ids).size === ids.length, { error: ruleMessage('duplicateValue') });

const period = z.enum(WIDGET_PERIODS, { error: ruleMessage('invalidOption') });
/** Planned operating hours per day, the operating rate's denominator (1 … 24). */
const baseHour = gridInt(1, 24);
const locationId = rules.idValue();
const toolId = rules.idValue();

/**
 * Each widget type's settings: the query of its data call (SPEC §7 "Widgets", contract widget.schemas.ts), so a saved
 * widget can always ask its data. Strict objects: an unknown key is a 400 on it.
 */
export const WIDGET_SETTINGS = {
  'good-bad-status': z.strictObject({ locationId }),
  'tool-product': z.strictObject({ locationId, period: period.default('day') }),
  'line-work-status': z.strictObject({ locationId }),
  'scale-status': z.strictObject({ groupParameterIds: idList(0).default([]), weightParameterIds: idList(1) }),
  'current-trace-data': z.strictObject({ parameterIds: idList(1) }),
  'today-prod-status': z.strictObject({}),
  'product-stock-status': z.strictObject({ productIds: idList(1) }),
  /** Without a date the widget shows the factory's today. */
  'all-production-plan-status': z.strictObject({ locationId, date: rules.date().optional() }),
  'tool-oper-rate-raise': z.strictObject({ toolId, baseHour: baseHour.default(8), period: period.default('week') }),
  'tool-oper-rate': z.strictObject({ toolId, baseHour: baseHour.default(8) }),
  'prod-plan-status-by-tool': z.strictObject({ toolId }),
  'defect-improve-rate': z.strictObject({ locationId, period: period.default('month') }),
  'production-plan-status': z.strictObject({ locationId }),
} satisfies Record<WidgetType, z.ZodType>;
export type WidgetSettings<T extends WidgetType = WidgetType> = z.output<(typeof WIDGET_SETTINGS)[T]>;

/** One widget on a dashboard, as it is sent and stored. */
export const dashboardWidgetSchema = z
  .object({
    /** A stable key made by the client (e.g. a UUID), unique among all of one user's dashboards. */
    id: z.string({ error: ruleMessage('required') }).regex(WIDGET_KEY, { error: ruleMessage('dashboardWidgetKey') }),
    type: z.enum(WIDGET_TYPES, { error: ruleMessage('invalidOption') }),
    x: gridInt(0, DASHBOARD_GRID.columns - 1),
    y: gridInt(0, DASHBOARD_GRID.maxY),
    w: gridInt(1, DASHBOARD_GRID.columns),
    h: gridInt(1, DASHBOARD_GRID.maxH),
    /** Checked against the type's settings schema (WIDGET_SETTINGS); its defaults are filled in. */
    settings: z.record(z.string(), z.unknown(), { error: ruleMessage('invalidType') }).default({}),
    refreshMinutes: z.literal(WIDGET_REFRESH_MINUTES, { error: ruleMessage('invalidOption') }),
  })
  .transform((w, ctx) => {
    if (w.x + w.w > DASHBOARD_GRID.columns) {
      ctx.addIssue({
        code: 'custom',
        path: ['w'],
        message: ruleMessage('dashboardGridWidth', { columns: DASHBOARD_GRID.columns }),
      });
    }
    const settings = WIDGET_SETTINGS[w.type].safeParse(w.settings);
    if (!settings.success) {
      for (const issue of settings.error.issues) {
        ctx.addIssue({ ...issue, path: ['settings', ...issue.path] } as Parameters<typeof ctx.addIssue>[0]);
      }
      return z.NEVER;
    }
    return { ...w, settings: settings.data as Record<string, unknown> };
  });
export type DashboardWidget = z.output<typeof dashboardWidgetSchema>;

/** The widgets of one dashboard: at most DASHBOARD_WIDGETS_MAX, each key once. */
const widgetList = z
  .array(dashboardWidgetSchema)
  .max(DASHBOARD_WIDGETS_MAX, { error: ruleMessage('maxItems', { max: DASHBOARD_WIDGETS_MAX }) })
  .superRefine((widgets, ctx) => {
    const seen = new Set<string>();
    widgets.forEach((w, i) => {
      if (seen.has(w.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: ruleMessage('duplicateValue') });
      seen.add(w.id);
    });
  });

const widgetOut = z.object({
  id: z.string(),
  type: z.enum(WIDGET_TYPES),
  x: z.number(),
  y: z.number(),
  w: z.number(),
  h: z.number(),
  settings: z.record(z.string(), z.unknown()),
  refreshMinutes: z.number(),
});

export const dashboardSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The owner (users.id): always the caller. */
  userId: z.number(),
  /** The place in the owner's list (ascending). */
  sort: z.number(),
  widgets: z.array(widgetOut),
  ...auditFields,
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** GET /dashboard/dashboards: the caller's dashboards in their order (SPEC §7: id and name). */
export const dashboardItemSchema = z.object({ id: z.number(), name: z.string(), sort: z.number() });
export type DashboardItem = z.infer<typeof dashboardItemSchema>;

const sortValue = gridInt(0, 9999);

/** Without a sort the new dashboard goes last in the caller's list. */
export const dashboardCreateBody = z.object({
  name: rules.text(DASHBOARD_NAME_MAX),
  sort: sortValue.optional(),
  widgets: widgetList.default([]),
});
/** A sort or widget list left out stays as it is (a rename needs no layout; a layout save no name change). */
export const dashboardUpdateBody = z.object({
  id: rules.idValue(),
  name: rules.text(DASHBOARD_NAME_MAX),
  sort: sortValue.optional(),
  widgets: widgetList.optional(),
});
export type DashboardCreate = z.output<typeof dashboardCreateBody>;
export type DashboardUpdate = z.output<typeof dashboardUpdateBody>;

/**
 * GET /dashboard/widget-config?weightId=<widget id>: the SPEC's `weightId` is read as the id (key) of one widget of
 * the caller's dashboards.
 */
export const widgetConfigQuery = z.object({
  weightId: z
    .string({ error: ruleMessage('required') })
    .regex(WIDGET_KEY, { error: ruleMessage('dashboardWidgetKey') }),
});
export const widgetConfigSchema = widgetOut.extend({ dashboardId: z.number(), dashboardName: z.string() });
export type WidgetConfig = z.infer<typeof widgetConfigSchema>;

export const dashboardResponse = dataOf(dashboardSchema);
export const dashboardListResponse = listOf(dashboardItemSchema);
export const widgetConfigResponse = dataOf(widgetConfigSchema);
