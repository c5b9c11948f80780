import { asc, eq, inArray } from 'drizzle-orm';
import { type DashboardWidget, dashboardWidgetSchema, type WidgetType } from '@eqms/contract';
import type { Tx } from '../client.ts';
import { SYSTEM_ACTOR } from '../../platform/tx.ts';
import { dashboards } from '../../modules/dashboard/dashboard.table.ts';
import { dashboardPath } from '../../modules/dashboard/dashboard.service.ts';
import { parameters } from '../../modules/parameter/parameter.table.ts';
import { products } from '../../modules/product/product.table.ts';
import { tools } from '../../modules/tool/tool.table.ts';
import { users } from '../../modules/user/user.table.ts';

// Issue 17 "Home": the demo logins of the production, warehouse and quality roles and the administrator each get a
// home dashboard of a few widgets over the demo factory F01, and their home path opens it.

export type DemoDashboardResult = { dashboardIds: number[] };

type Place = (code: string) => number;
type Refs = { place: Place; tool: number; traceParameters: number[]; stockProducts: number[] };
type Spec = [
  key: string,
  type: WidgetType,
  layout: [x: number, y: number, w: number, h: number],
  refresh: number,
  settings: Record<string, unknown>,
];

const DEMO_TOOL = 'INJ-101';
const STOCK_PRODUCTS = ['FG-1001', 'FG-2001', 'FG-3001', 'FG-4001'];

/** Each demo login's home dashboard: its name and widgets (`<key>`, type, x/y/w/h, refresh minutes, settings). */
const HOMES: { userId: string; name: string; widgets: (r: Refs) => Spec[] }[] = [
  {
    userId: 'prod01',
    name: '생산 현황',
    widgets: (r) => [
      ['prod-line-work', 'line-work-status', [0, 0, 6, 4], 3, { locationId: r.place('F01') }],
      ['prod-plan-status', 'production-plan-status', [6, 0, 6, 4], 5, { locationId: r.place('F01-L01') }],
      ['prod-oper-rate', 'tool-oper-rate', [0, 4, 6, 4], 10, { toolId: r.tool, baseHour: 16 }],
      ['prod-trace', 'current-trace-data', [6, 4, 6, 4], 3, { parameterIds: r.traceParameters }],
    ],
  },
  {
    userId: 'wh01',
    name: '창고 현황',
    widgets: (r) => [
      ['wh-product-stock', 'product-stock-status', [0, 0, 8, 5], 10, { productIds: r.stockProducts }],
      ['wh-today-prod', 'today-prod-status', [8, 0, 4, 5], 5, {}],
      ['wh-plans', 'all-production-plan-status', [0, 5, 12, 4], 10, { locationId: r.place('F01') }],
    ],
  },
  {
    userId: 'qc01',
    name: '품질 현황',
    widgets: (r) => [
      ['qc-good-bad', 'good-bad-status', [0, 0, 6, 4], 5, { locationId: r.place('F01') }],
      ['qc-defect-improve', 'defect-improve-rate', [6, 0, 6, 4], 30, { locationId: r.place('F01'), period: 'month' }],
      ['qc-tool-product', 'tool-product', [0, 4, 12, 4], 10, { locationId: r.place('F01'), period: 'week' }],
    ],
  },
  {
    userId: 'admin',
    name: '공장 현황',
    widgets: (r) => [
      ['admin-today-prod', 'today-prod-status', [0, 0, 4, 4], 5, {}],
      ['admin-plan-status', 'production-plan-status', [4, 0, 8, 4], 5, { locationId: r.place('F01') }],
      ['admin-good-bad', 'good-bad-status', [0, 4, 6, 4], 5, { locationId: r.place('F01') }],
      ['admin-plan-by-tool', 'prod-plan-status-by-tool', [6, 4, 6, 4], 10, { toolId: r.tool }],
    ],
  },
];

/** Every widget goes through the API's own schema: the seed cannot store what a save would refuse. */
const widgetOf = ([id, type, [x, y, w, h], refreshMinutes, settings]: Spec): DashboardWidget =>
  dashboardWidgetSchema.parse({ id, type, x, y, w, h, refreshMinutes, settings });

export async function seedDemoDashboards(tx: Tx, placeIds: Map<string, number>): Promise<DemoDashboardResult> {
  const place: Place = (code) => {
    const id = placeIds.get(code);
    if (!id) throw new Error(`Demo dashboards name an unknown location code '${code}'.`);
    return id;
  };
  const [tool] = await tx.select({ id: tools.id }).from(tools).where(eq(tools.code, DEMO_TOOL));
  if (!tool) throw new Error(`Demo dashboards need the tool ${DEMO_TOOL}.`);
  const traceParameters = (
    await tx
      .select({ id: parameters.id })
      .from(parameters)
      .where(eq(parameters.toolId, tool.id))
      .orderBy(asc(parameters.sort), asc(parameters.id))
      .limit(3)
  ).map((p) => p.id);
  const productRows = await tx
    .select({ id: products.id, code: products.code })
    .from(products)
    .where(inArray(products.code, STOCK_PRODUCTS));
  const stockProducts = STOCK_PRODUCTS.map((code) => {
    const row = productRows.find((p) => p.code === code);
    if (!row) throw new Error(`Demo dashboards name an unknown product '${code}'.`);
    return row.id;
  });
  const refs: Refs = { place, tool: tool.id, traceParameters, stockProducts };

  const loginRows = await tx
    .select({ id: users.id, userId: users.userId })
    .from(users)
    .where(
      inArray(
        users.userId,
        HOMES.map((h) => h.userId),
      ),
    );
  const audit = { createdBy: SYSTEM_ACTOR.userId, updatedBy: SYSTEM_ACTOR.userId };
  const dashboardIds: number[] = [];
  for (const home of HOMES) {
    const user = loginRows.find((u) => u.userId === home.userId);
    if (!user) throw new Error(`Demo dashboards name an unknown login '${home.userId}'.`);
    const [row] = await tx
      .insert(dashboards)
      .values({ userId: user.id, name: home.name, sort: 1, widgets: home.widgets(refs).map(widgetOf), ...audit })
      .returning({ id: dashboards.id });
    await tx
      .update(users)
      .set({ homePath: dashboardPath(row.id), updatedBy: SYSTEM_ACTOR.userId, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    dashboardIds.push(row.id);
  }
  return { dashboardIds };
}
