import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type {
  Dashboard,
  DashboardCreate,
  DashboardItem,
  DashboardUpdate,
  DashboardWidget,
  WidgetConfig,
} from '@eqms/contract';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { assertKeyFree, auditView, createdStamp, firstOr404, uniqueAs, updatedStamp } from '../../platform/crud.ts';
import { duplicate, invalidField, notFound } from '../../platform/errors.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { locations } from '../location/location.table.ts';
import { parameters } from '../parameter/parameter.table.ts';
import { products } from '../product/product.table.ts';
import { tools } from '../tool/tool.table.ts';
import { users } from '../user/user.table.ts';
import { dashboards } from './dashboard.table.ts';

// A dashboard is its owner's alone: every query is scoped to the caller, and another user's dashboard is answered
// like a missing one (404), so its existence is not the caller's business.

type Row = typeof dashboards.$inferSelect;

export const DASHBOARD_UNIQUE = { dashboards_user_name_uq: 'name' };

const view = (r: Row): Dashboard => ({
  id: r.id,
  name: r.name,
  userId: r.userId,
  sort: r.sort,
  widgets: r.widgets,
  ...auditView(r),
});

const own = (actor: Actor, id: number) => and(eq(dashboards.id, id), eq(dashboards.userId, actor.id));

/** The caller's dashboards in their order (sort, then creation). */
export async function listDashboards(db: Executor, actor: Actor): Promise<DashboardItem[]> {
  return db
    .select({ id: dashboards.id, name: dashboards.name, sort: dashboards.sort })
    .from(dashboards)
    .where(eq(dashboards.userId, actor.id))
    .orderBy(asc(dashboards.sort), asc(dashboards.id));
}

export async function getDashboard(db: Executor, actor: Actor, id: number): Promise<Dashboard> {
  return view(await firstOr404(db.select().from(dashboards).where(own(actor, id)), 'Dashboard'));
}

/**
 * The widget whose id is `widgetId` on one of the caller's dashboards (SPEC §7 `widget-config?weightId=`). Widget ids
 * are unique among one user's dashboards (checked on every write), so there is at most one.
 */
export async function widgetConfig(db: Executor, actor: Actor, widgetId: string): Promise<WidgetConfig> {
  const rows = rowsOf<{ dashboard_id: number; dashboard_name: string; widget: DashboardWidget }>(
    await db.execute(sql`
      select d.id as dashboard_id, d.name as dashboard_name, w.value as widget
      from ${dashboards} d, jsonb_array_elements(d.widgets) w
      where d.user_id = ${actor.id} and w.value->>'id' = ${widgetId}
      order by d.id
      limit 1`),
  );
  const [row] = rows;
  if (!row) throw notFound('Widget');
  const widget = typeof row.widget === 'string' ? (JSON.parse(row.widget) as DashboardWidget) : row.widget;
  return { ...widget, dashboardId: Number(row.dashboard_id), dashboardName: row.dashboard_name };
}

/**
 * One user's dashboard writes run one after another (the user row is locked), so the name and widget-id checks
 * below cannot both pass for two concurrent requests.
 */
async function lockOwner(tx: Tx, actor: Actor): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
}

/** 409 DUPLICATE on the first widget whose id another of the caller's dashboards already uses. */
async function assertWidgetIdsFree(tx: Tx, actor: Actor, widgets: DashboardWidget[], exceptId?: number) {
  if (widgets.length === 0) return;
  const keys = widgets.map((w) => w.id);
  const taken = new Set(
    rowsOf<{ key: string }>(
      await tx.execute(sql`
        select w.value->>'id' as key
        from ${dashboards} d, jsonb_array_elements(d.widgets) w
        where d.user_id = ${actor.id} ${exceptId ? sql`and d.id <> ${exceptId}` : sql``}
          and w.value->>'id' in (${sql.join(
            keys.map((k) => sql`${k}`),
            sql`, `,
          )})`),
    ).map((r) => r.key),
  );
  const at = widgets.findIndex((w) => taken.has(w.id));
  if (at >= 0) throw duplicate(`widgets.${at}.id`);
}

/** The settings keys that name rows, and the table each names. */
const SETTINGS_REFERENCES: { keys: string[]; table: PgTable; id: AnyPgColumn }[] = [
  { keys: ['locationId'], table: locations, id: locations.id },
  { keys: ['toolId'], table: tools, id: tools.id },
  { keys: ['parameterIds', 'groupParameterIds', 'weightParameterIds'], table: parameters, id: parameters.id },
  { keys: ['productIds'], table: products, id: products.id },
];

/**
 * 400 `notExists` on the first widget setting naming a location, tool, parameter or product that does not exist
 * (one query per kind). A row deleted later leaves the id in the layout: the widget's data call answers for it then.
 */
async function assertSettingsExist(tx: Tx, widgets: DashboardWidget[]) {
  for (const ref of SETTINGS_REFERENCES) {
    const named: { field: string; ids: number[] }[] = [];
    widgets.forEach((w, i) => {
      for (const key of ref.keys) {
        const v = w.settings[key];
        if (v === undefined) continue;
        named.push({ field: `widgets.${i}.settings.${key}`, ids: Array.isArray(v) ? (v as number[]) : [v as number] });
      }
    });
    const all = [...new Set(named.flatMap((n) => n.ids))];
    if (all.length === 0) continue;
    const found = new Set(
      (await tx.select({ id: ref.id }).from(ref.table).where(inArray(ref.id, all))).map((r) => r.id),
    );
    const missing = named.find((n) => n.ids.some((id) => !found.has(id)));
    if (missing) throw invalidField(missing.field, 'notExists');
  }
}

const assertNameFree = (tx: Tx, actor: Actor, name: string, exceptId?: number) =>
  assertKeyFree(tx, dashboards, dashboards.id, 'name', dashboards.name, name, {
    exceptId,
    within: eq(dashboards.userId, actor.id),
  });

export async function createDashboard(db: Db, actor: Actor, body: DashboardCreate): Promise<Dashboard> {
  return uniqueAs(DASHBOARD_UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      await lockOwner(tx, actor);
      await assertNameFree(tx, actor, body.name);
      await assertWidgetIdsFree(tx, actor, body.widgets);
      await assertSettingsExist(tx, body.widgets);
      const sort = body.sort ?? (await nextSort(tx, actor));
      const [row] = await tx
        .insert(dashboards)
        .values({ userId: actor.id, name: body.name, sort, widgets: body.widgets, ...createdStamp(actor) })
        .returning();
      return view(row);
    }),
  );
}

async function nextSort(tx: Tx, actor: Actor): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${dashboards.sort})` })
    .from(dashboards)
    .where(eq(dashboards.userId, actor.id));
  return row?.max === null || row?.max === undefined ? 1 : Math.min(Number(row.max) + 1, 9999);
}

export async function updateDashboard(db: Db, actor: Actor, body: DashboardUpdate): Promise<Dashboard> {
  return uniqueAs(DASHBOARD_UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      await lockOwner(tx, actor);
      await firstOr404(tx.select({ id: dashboards.id }).from(dashboards).where(own(actor, body.id)), 'Dashboard');
      await assertNameFree(tx, actor, body.name, body.id);
      if (body.widgets) {
        await assertWidgetIdsFree(tx, actor, body.widgets, body.id);
        await assertSettingsExist(tx, body.widgets);
      }
      const [row] = await tx
        .update(dashboards)
        .set({
          name: body.name,
          ...(body.sort !== undefined ? { sort: body.sort } : {}),
          ...(body.widgets ? { widgets: body.widgets } : {}),
          ...updatedStamp(actor),
        })
        .where(own(actor, body.id))
        .returning();
      return view(row);
    }),
  );
}

/** A home path that opened the deleted dashboard is cleared, so the user's start page is not a 404. */
export async function deleteDashboard(db: Db, actor: Actor, id: number): Promise<void> {
  await withTx(db, actor, async (tx) => {
    const deleted = await tx.delete(dashboards).where(own(actor, id)).returning({ id: dashboards.id });
    if (deleted.length === 0) throw notFound('Dashboard');
    await tx
      .update(users)
      .set({ homePath: null, ...updatedStamp(actor) })
      .where(and(eq(users.id, actor.id), eq(users.homePath, dashboardPath(id))));
  });
}

/** The web path of a dashboard (SPEC §2 /dashboard/:id?), as a home path holds it. */
export const dashboardPath = (id: number) => `/dashboard/${id}`;
