import { z } from 'zod';
import { checkDayPeriod, listOf, pageQuery } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// SPEC §3 change-history entry and the SPEC §7 History calls.

export const REVISION_TYPES = ['ADD', 'MOD', 'DEL'] as const;
export type RevisionType = (typeof REVISION_TYPES)[number];
/** How the change-history screen names a revision type (SPEC §3: ADD shown as 'create', …). */
export const REVISION_TYPE_ACTION: Record<RevisionType, 'create' | 'modify' | 'delete'> = {
  ADD: 'create',
  MOD: 'modify',
  DEL: 'delete',
};

/**
 * The menu whose view right opens a table's record history (the change-history dialog), and whose label names the
 * table as a "service" on the history screen. A module that adds an audited table adds its line here; a table not
 * listed has no record history (404). One map for server and web.
 */
export const HISTORY_TABLE_MENUS: Readonly<Record<string, string>> = {
  users: 'user',
  roles: 'role',
  user_roles: 'user',
  code_categories: 'code',
  codes: 'code',
  locations: 'location',
  notices: 'notice',
  notice_reads: 'notice',
  system_menus: 'config',
  files: 'notice',
  custom_ext_fields: 'customExt',
  tools: 'tools',
  tool_inspect_histories: 'tools',
  parameters: 'parameter',
  products: 'productInfo',
  materials: 'materialInfo',
  operations: 'operation',
  routes: 'route',
  route_opers: 'route',
  oper_plans: 'operPlan',
  biz_partners: 'bizPartner',
  biz_partner_contacts: 'bizPartner',
  boms: 'bom',
  material_stocks: 'materialStock',
  material_sales: 'materialSales',
  production_plans: 'productionPlan',
  production_oper_plans: 'productionPlan',
  daily_plans: 'productionPlan',
  production_material_stocks: 'stockOutRestock',
  daily_plan_defects: 'productionProfit',
  lots: 'prodStock',
  product_stocks: 'prodStock',
  workers: 'worker',
  businesses: 'orderInfo',
  orders: 'orderInfo',
  order_products: 'orderInfo',
  order_materials: 'orderInfo',
  order_product_plans: 'orderInfo',
  out_sourcings: 'outSourcing',
  production_product_stocks: 'productStockOutRestock',
  daily_quality_results: 'dailyQualityResult',
  daily_quality_defects: 'dailyQualityResult',
};

/** The menu owning a table's record history, or undefined when it has none. */
export const historyMenuOf = (table: string): string | undefined =>
  Object.hasOwn(HISTORY_TABLE_MENUS, table) ? HISTORY_TABLE_MENUS[table] : undefined;

/** A date range query spans at most this many days; an id range at most HISTORY_MAX_IDS revisions. */
export const HISTORY_MAX_DAYS = 366;
export const HISTORY_MAX_IDS = 1000;

export const historyEntrySchema = z.object({
  revisionId: z.number(),
  revisionDate: z.string(),
  revisionType: z.enum(REVISION_TYPES),
  /** The table name, e.g. users. */
  table: z.string(),
  rowId: z.string().nullable(),
  updateBy: z.string().nullable(),
  oldData: z.record(z.string(), z.unknown()).nullable(),
  newData: z.record(z.string(), z.unknown()).nullable(),
  /** For MOD: the columns whose values differ (updated_at ignored); empty for ADD and DEL. */
  changedFields: z.array(z.string()),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
/** Revisions, with the total when paged. */
export const historyListResponse = listOf(historyEntrySchema);

const dateRange = z.object({ from: rules.date(), to: rules.date() });
const checkDates = (p: z.infer<typeof dateRange>, ctx: z.RefinementCtx) => checkDayPeriod(p, HISTORY_MAX_DAYS, ctx);

/** /history/service/date/{from}/{to}: yyyy-MM-dd days of the factory time zone, both inclusive. */
export const historyDateParams = dateRange.superRefine(checkDates);
/** /history/date/{from}/{to}/service/{name}: name is a table name such as users. */
export const historyServiceParams = dateRange
  .extend({ name: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, { error: ruleMessage('invalidType') }) })
  .superRefine(checkDates);
export const historyIdRangeParams = z.object({ a: rules.id(), b: rules.id() }).superRefine((p, ctx) => {
  if (p.b < p.a) ctx.addIssue({ code: 'custom', path: ['b'], message: ruleMessage('min', { min: p.a }) });
  else if (p.b - p.a + 1 > HISTORY_MAX_IDS) {
    ctx.addIssue({ code: 'custom', path: ['b'], message: ruleMessage('max', { max: p.a + HISTORY_MAX_IDS - 1 }) });
  }
});
export const historyRecordParams = z.object({
  table: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, { error: ruleMessage('invalidType') }),
  id: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, { error: ruleMessage('invalidType') }),
});
export const historyListQuery = pageQuery;
