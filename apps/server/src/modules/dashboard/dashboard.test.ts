import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, locationBranch, uniq } from '../../test/harness.ts';
import { changeHistory } from '../history/history.table.ts';
import { parameters } from '../parameter/parameter.table.ts';
import { products } from '../product/product.table.ts';
import { tools } from '../tool/tool.table.ts';
import { users } from '../user/user.table.ts';
import { dashboards } from './dashboard.table.ts';

const t = await createTestApp();
const en = { 'accept-language': 'en' };

const ALL = { dashboard: { all: true } };
const VIEW = { dashboard: { view: true } };

const list = (token: string | null) =>
  t.inject({ method: 'GET', url: '/api/dashboard/dashboards', token, headers: en });
const get = (id: number | string, token: string | null) =>
  t.inject({ method: 'GET', url: `/api/dashboard/${id}`, token, headers: en });
const config = (weightId: string | null, token: string | null) =>
  t.inject({
    method: 'GET',
    url: `/api/dashboard/widget-config${weightId === null ? '' : `?weightId=${encodeURIComponent(weightId)}`}`,
    token,
    headers: en,
  });
const create = (payload: unknown, token: string | null, headers: Record<string, string> = en) =>
  t.inject({ method: 'POST', url: '/api/dashboard', token, headers, payload });
const update = (payload: unknown, token: string | null) =>
  t.inject({ method: 'PUT', url: '/api/dashboard', token, headers: en, payload });
const remove = (id: number | string, token: string | null) =>
  t.inject({ method: 'DELETE', url: `/api/dashboard/${id}`, token, headers: en });

const widget = (over: Record<string, unknown> = {}) => ({
  id: uniq('w').replace(/[^A-Za-z0-9_-]/g, ''),
  type: 'today-prod-status',
  x: 0,
  y: 0,
  w: 6,
  h: 4,
  settings: {},
  refreshMinutes: 5,
  ...over,
});

async function made(token: string, payload: Record<string, unknown> = {}) {
  const res = await create({ name: uniq('대시보드'), ...payload }, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

// The rows widget settings name: a place, a tool with three parameters, two products.
const place = await locationBranch(t.db);
const fixture = await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
  const [tool] = await tx
    .insert(tools)
    .values({ code: uniq('T'), name: '사출기', locationId: place.line.id })
    .returning();
  const params = await tx
    .insert(parameters)
    .values(['A', 'B', 'C'].map((code) => ({ toolId: tool.id, code, name: code })))
    .returning();
  const prods = await tx
    .insert(products)
    .values(['1', '2'].map((n) => ({ code: uniq(`FG${n}`), name: uniq('제품'), type: 'FINISHED', unit: 'EA' })))
    .returning();
  return { tool: tool.id, params: params.map((r) => r.id), products: prods.map((r) => r.id) };
});
const MISSING = 2_000_000_000;
const [p1, p2, p3] = fixture.params;
const [g1, g2] = fixture.products;
const loc = place.factory.id;

const fieldsOf = (res: { body: any }) => res.body.extraData?.fields ?? [];

describe('dashboards', () => {
  it('round trip: create with widgets, list in order, get, update, delete', async () => {
    const me = await t.makeUser(ALL);
    const trend = widget({ type: 'current-trace-data', settings: { parameterIds: [p3, p1] }, refreshMinutes: 3 });
    const rate = widget({ type: 'tool-oper-rate', x: 6, w: 6, settings: { toolId: fixture.tool }, refreshMinutes: 30 });
    const first = await made(me.token, { name: ' 생산 현황 ', widgets: [trend, rate] });
    expect(first).toMatchObject({ name: '생산 현황', userId: me.user.id, sort: 1, createdBy: me.userId });
    // The type's defaults are filled in (tool-oper-rate: 8 base hours).
    expect(first.widgets).toEqual([trend, { ...rate, settings: { toolId: fixture.tool, baseHour: 8 } }]);
    const second = await made(me.token, { name: '품질' });
    expect(second).toMatchObject({ sort: 2, widgets: [] });
    const third = await made(me.token, { name: '창고', sort: 0 });

    const listed = await list(me.token);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      { id: third.id, name: '창고', sort: 0 },
      { id: first.id, name: '생산 현황', sort: 1 },
      { id: second.id, name: '품질', sort: 2 },
    ]);

    const got = await get(first.id, me.token);
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(first);

    // A rename keeps the widgets and the order; a layout save replaces the widgets.
    const renamed = await update({ id: first.id, name: '생산' }, me.token);
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: '생산', sort: 1, widgets: first.widgets });
    const moved = { ...trend, x: 6, y: 4, w: 6, h: 3 };
    const relaid = await update({ id: first.id, name: '생산', sort: 5, widgets: [moved] }, me.token);
    expect(relaid.body.data).toMatchObject({ sort: 5, widgets: [moved] });
    expect((await get(first.id, me.token)).body.data.widgets).toEqual([moved]);

    expect((await remove(first.id, me.token)).status).toBe(200);
    expect((await get(first.id, me.token)).status).toBe(404);
    expect((await remove(first.id, me.token)).status).toBe(404);
    expect((await list(me.token)).body.data.map((d: { id: number }) => d.id)).toEqual([third.id, second.id]);
  });

  it('keeps each user to their own dashboards: another user’s is not listed and is a 404 everywhere', async () => {
    const owner = await t.makeUser(ALL);
    const other = await t.makeUser(ALL);
    const w = widget();
    const mine = await made(owner.token, { name: '공용 이름', widgets: [w] });
    expect((await list(other.token)).body.data).toEqual([]);
    expect((await get(mine.id, other.token)).status).toBe(404);
    expect((await config(w.id, other.token)).status).toBe(404);
    expect((await update({ id: mine.id, name: '가로채기' }, other.token)).status).toBe(404);
    expect((await remove(mine.id, other.token)).status).toBe(404);
    // Names are unique per user only; widget ids too.
    expect((await create({ name: '공용 이름', widgets: [w] }, other.token)).status).toBe(200);
    expect((await get(mine.id, owner.token)).body.data).toMatchObject({ name: '공용 이름', widgets: [w] });
  });

  it('refuses a second dashboard of the same name (ignoring case) with 409 DUPLICATE on name', async () => {
    const me = await t.makeUser(ALL);
    const a = await made(me.token, { name: 'Line A' });
    const b = await made(me.token, { name: 'Line B' });
    const dup = await create({ name: 'line a' }, me.token);
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'DUPLICATE', extraData: { field: 'name' } });
    const renamed = await update({ id: b.id, name: 'LINE A' }, me.token);
    expect(renamed.status).toBe(409);
    expect(renamed.body.extraData.field).toBe('name');
    // Keeping its own name is no duplicate.
    expect((await update({ id: a.id, name: 'Line A', sort: 3 }, me.token)).status).toBe(200);
    // Concurrent creates of one name: one wins, the other is a 409, never a 500.
    const name = uniq('race');
    const both = await Promise.all([create({ name }, me.token), create({ name }, me.token)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('refuses a widget id another of the caller’s dashboards uses, and one used twice in a dashboard', async () => {
    const me = await t.makeUser(ALL);
    const w = widget();
    const holder = await made(me.token, { widgets: [w] });
    const other = await create({ name: uniq('d'), widgets: [widget(), { ...widget(), id: w.id }] }, me.token);
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ code: 'DUPLICATE', extraData: { field: 'widgets.1.id' } });
    const twice = await create({ name: uniq('d'), widgets: [w, { ...w, x: 6 }] }, me.token);
    expect(twice.status).toBe(400);
    expect(fieldsOf(twice)).toContainEqual({ field: 'widgets.1.id', message: 'This value already exists.' });
    // Saving the dashboard that holds it again is fine.
    expect((await update({ id: holder.id, name: holder.name, widgets: [{ ...w, y: 2 }] }, me.token)).status).toBe(200);
  });

  it('validates the name and every widget, naming the field, in the request’s language', async () => {
    const me = await t.makeUser(ALL);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'This field is required.'],
      [{ name: '   ' }, 'name', 'This field is required.'],
      [{ name: undefined }, 'name', 'This field is required.'],
      [{ name: 'n'.repeat(51) }, 'name', 'Enter at most 50 characters.'],
      [{ sort: -1 }, 'sort', 'Must be between 0 and 9999.'],
      [{ owner: 3 }, 'owner', 'Unknown field.'],
      [{ widgets: [widget({ type: 'pie-chart' })] }, 'widgets.0.type', 'Choose one of the listed values.'],
      [
        { widgets: [widget({ type: 'scale-status/tool-parameter-tree' })] },
        'widgets.0.type',
        'Choose one of the listed values.',
      ],
      [{ widgets: [widget({ refreshMinutes: 1 })] }, 'widgets.0.refreshMinutes', 'Choose one of the listed values.'],
      [{ widgets: [widget({ refreshMinutes: '5' })] }, 'widgets.0.refreshMinutes', 'Choose one of the listed values.'],
      [{ widgets: [widget({ x: -1 })] }, 'widgets.0.x', 'Must be between 0 and 11.'],
      [{ widgets: [widget({ x: 12 })] }, 'widgets.0.x', 'Must be between 0 and 11.'],
      [{ widgets: [widget({ w: 0 })] }, 'widgets.0.w', 'Must be between 1 and 12.'],
      [{ widgets: [widget({ w: 13 })] }, 'widgets.0.w', 'Must be between 1 and 12.'],
      [{ widgets: [widget({ h: 25 })] }, 'widgets.0.h', 'Must be between 1 and 24.'],
      [{ widgets: [widget({ y: 201 })] }, 'widgets.0.y', 'Must be between 0 and 200.'],
      [{ widgets: [widget({ w: 2.5 })] }, 'widgets.0.w', 'Enter a whole number.'],
      [{ widgets: [widget({ h: undefined })] }, 'widgets.0.h', 'This field is required.'],
      [
        { widgets: [widget({ x: 8, w: 6 })] },
        'widgets.0.w',
        'A widget must fit the 12-column grid (x + w at most 12).',
      ],
      [{ widgets: [widget({ id: 'a b' })] }, 'widgets.0.id', 'A widget id is 1 to 40 letters, digits, "-" or "_".'],
      [{ widgets: [widget({ color: 'red' })] }, 'widgets.0.color', 'Unknown field.'],
      [{ widgets: [widget(), widget({ settings: 'x' })] }, 'widgets.1.settings', 'Invalid value.'],
      [{ widgets: [widget({ settings: { locationId: 1 } })] }, 'widgets.0.settings.locationId', 'Unknown field.'],
      [
        { widgets: [widget({ type: 'tool-product', settings: { period: 'year' } })] },
        'widgets.0.settings.period',
        'Choose one of the listed values.',
      ],
      [
        { widgets: [widget({ type: 'tool-oper-rate', settings: {} })] },
        'widgets.0.settings.toolId',
        'This field is required.',
      ],
      [
        { widgets: [widget({ type: 'tool-oper-rate', settings: { toolId: 1, baseHour: 25 } })] },
        'widgets.0.settings.baseHour',
        'Must be between 1 and 24.',
      ],
      [
        { widgets: [widget({ type: 'good-bad-status', settings: { locationId: 0 } })] },
        'widgets.0.settings.locationId',
        'An id is a whole number from 1 to 2147483647.',
      ],
      [
        { widgets: [widget({ type: 'current-trace-data', settings: { parameterIds: [] } })] },
        'widgets.0.settings.parameterIds',
        'Select at least 1.',
      ],
      [
        { widgets: [widget({ type: 'product-stock-status', settings: { productIds: [2, 2] } })] },
        'widgets.0.settings.productIds',
        'This value already exists.',
      ],
      [
        { widgets: [widget({ type: 'all-production-plan-status', settings: { date: '2026-13-01' } })] },
        'widgets.0.settings.date',
        'Use the format yyyy-MM-dd.',
      ],
      [{ widgets: Array.from({ length: 31 }, () => widget()) }, 'widgets', 'Select at most 30.'],
    ];
    for (const [change, field, message] of cases) {
      const res = await create({ name: uniq('d'), ...change }, me.token);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(change)).toContainEqual({ field, message });
    }
    const kr = await create({ name: '', widgets: [] }, me.token, {});
    expect(fieldsOf(kr)).toEqual([{ field: 'name', message: '필수 입력 항목입니다.' }]);
    const krWidget = await create({ name: 'k', widgets: [widget({ x: 10, w: 4 })] }, me.token, {});
    expect(fieldsOf(krWidget)).toEqual([
      { field: 'widgets.0.w', message: '위젯의 가로 위치와 너비의 합은 12칸 이하여야 합니다.' },
    ]);
    // PUT checks the same, and needs an id.
    const noId = await update({ name: 'x' }, me.token);
    expect(noId.status).toBe(400);
    expect(fieldsOf(noId)).toContainEqual({ field: 'id', message: 'This field is required.' });
    const d = await made(me.token);
    const bad = await update({ id: d.id, name: d.name, widgets: [widget({ refreshMinutes: 60 })] }, me.token);
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toContainEqual({
      field: 'widgets.0.refreshMinutes',
      message: 'Choose one of the listed values.',
    });
    // Nothing was stored by the refused requests.
    expect((await list(me.token)).body.data.map((x: { id: number }) => x.id)).toEqual([d.id]);
  });

  it('accepts every widget type with its settings', async () => {
    const me = await t.makeUser(ALL);
    const widgets = [
      widget({ type: 'good-bad-status', settings: { locationId: loc } }),
      widget({ type: 'tool-product', settings: { locationId: place.line.id, period: 'week' } }),
      widget({ type: 'line-work-status', settings: { locationId: loc } }),
      widget({ type: 'scale-status', settings: { groupParameterIds: [p1], weightParameterIds: [p2, p3] } }),
      widget({ type: 'current-trace-data', settings: { parameterIds: [p1] } }),
      widget({ type: 'today-prod-status' }),
      widget({ type: 'product-stock-status', settings: { productIds: [g1, g2] } }),
      widget({ type: 'all-production-plan-status', settings: { locationId: loc, date: '2026-11-27' } }),
      widget({ type: 'tool-oper-rate-raise', settings: { toolId: fixture.tool, baseHour: 20, period: 'month' } }),
      widget({ type: 'tool-oper-rate', settings: { toolId: fixture.tool, baseHour: 24 } }),
      widget({ type: 'prod-plan-status-by-tool', settings: { toolId: fixture.tool } }),
      widget({ type: 'defect-improve-rate', settings: { locationId: loc, period: 'day' } }),
      widget({ type: 'production-plan-status', settings: { locationId: place.site.id } }),
    ];
    const d = await made(me.token, { widgets });
    expect(d.widgets.map((w: { type: string }) => w.type)).toEqual(widgets.map((w) => w.type));
    expect(d.widgets[11].settings).toEqual({ locationId: loc, period: 'day' });
    expect(d.widgets[1].settings).toEqual({ locationId: place.line.id, period: 'week' });
    expect(d.widgets[5].settings).toEqual({});
  });

  it('refuses settings naming a location, tool, parameter or product that does not exist (400 notExists)', async () => {
    const me = await t.makeUser(ALL);
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'good-bad-status', settings: { locationId: MISSING } }, 'widgets.1.settings.locationId'],
      [{ type: 'prod-plan-status-by-tool', settings: { toolId: MISSING } }, 'widgets.1.settings.toolId'],
      [{ type: 'current-trace-data', settings: { parameterIds: [p1, MISSING] } }, 'widgets.1.settings.parameterIds'],
      [
        { type: 'scale-status', settings: { groupParameterIds: [MISSING], weightParameterIds: [p1] } },
        'widgets.1.settings.groupParameterIds',
      ],
      [{ type: 'product-stock-status', settings: { productIds: [MISSING, g1] } }, 'widgets.1.settings.productIds'],
    ];
    const fine = widget({ type: 'good-bad-status', settings: { locationId: loc } });
    for (const [change, field] of cases) {
      const res = await create(
        { name: uniq('d'), widgets: [{ ...fine, id: uniq('ok').replace(/\W/g, '') }, widget(change)] },
        me.token,
      );
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(change)).toEqual([{ field, message: 'The selected item does not exist.' }]);
    }
    const d = await made(me.token, { widgets: [fine] });
    const bad = await update(
      { id: d.id, name: d.name, widgets: [widget({ type: 'tool-oper-rate', settings: { toolId: MISSING } })] },
      me.token,
    );
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual([
      { field: 'widgets.0.settings.toolId', message: 'The selected item does not exist.' },
    ]);
    expect((await get(d.id, me.token)).body.data.widgets).toEqual([fine]);
  });

  it('widget-config answers one widget of the caller’s dashboards by its id', async () => {
    const me = await t.makeUser(VIEW);
    const maker = await t.makeUser(ALL);
    const w = widget({
      type: 'tool-oper-rate-raise',
      settings: { toolId: fixture.tool },
      refreshMinutes: 10,
      x: 2,
      w: 4,
    });
    const d = await made(maker.token, { name: '설비', widgets: [widget(), w] });
    const res = await config(w.id, maker.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      ...w,
      settings: { toolId: fixture.tool, baseHour: 8, period: 'week' },
      dashboardId: d.id,
      dashboardName: '설비',
    });
    // Someone else's widget id, an unknown one: 404; a malformed or missing one: 400 naming weightId.
    expect((await config(w.id, me.token)).status).toBe(404);
    expect((await config('nope', maker.token)).status).toBe(404);
    const bad = await config('a b', maker.token);
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)[0].field).toBe('weightId');
    const missing = await config(null, maker.token);
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing)[0]).toEqual({ field: 'weightId', message: 'This field is required.' });
    // After its dashboard is deleted the widget is gone.
    await remove(d.id, maker.token);
    expect((await config(w.id, maker.token)).status).toBe(404);
  });

  it('answers 400 for a malformed id in the path', async () => {
    const me = await t.makeUser(ALL);
    for (const res of [await get('x', me.token), await remove('0', me.token), await get('99999999999', me.token)]) {
      expect(res.status).toBe(400);
      expect(fieldsOf(res)[0].field).toBe('id');
    }
    expect((await get(2_000_000_000, me.token)).status).toBe(404);
    expect((await update({ id: 2_000_000_000, name: 'x' }, me.token)).status).toBe(404);
  });

  it('needs view to read, create to create, modify to change and delete to delete (403)', async () => {
    const owner = await t.makeUser(ALL);
    const d = await made(owner.token);
    const none = await t.makeUser({ notice: { view: true } });
    expect((await list(none.token)).status).toBe(403);
    expect((await get(d.id, none.token)).status).toBe(403);
    expect((await config('x', none.token)).status).toBe(403);

    const viewer = await t.makeUser(VIEW);
    expect((await list(viewer.token)).status).toBe(200);
    expect((await create({ name: 'x' }, viewer.token)).status).toBe(403);
    expect((await update({ id: d.id, name: 'x' }, viewer.token)).status).toBe(403);
    expect((await remove(d.id, viewer.token)).status).toBe(403);

    const creator = await t.makeUser({ dashboard: { view: true, create: true } });
    const own = await made(creator.token);
    expect((await update({ id: own.id, name: 'x' }, creator.token)).status).toBe(403);
    expect((await remove(own.id, creator.token)).status).toBe(403);
    const modifier = await t.makeUser({ dashboard: { view: true, modify: true, delete: true } });
    expect((await create({ name: 'x' }, modifier.token)).status).toBe(403);
    // The owner's dashboard is untouched by all of it.
    expect((await get(d.id, owner.token)).body.data.name).toBe(d.name);
  });

  it('answers 401 without a token', async () => {
    expect((await list(null)).status).toBe(401);
    expect((await get(1, null)).status).toBe(401);
    expect((await config('x', null)).status).toBe(401);
    expect((await create({ name: 'x' }, null)).status).toBe(401);
    expect((await update({ id: 1, name: 'x' }, null)).status).toBe(401);
    expect((await remove(1, null)).status).toBe(401);
  });

  it('writes the change history with the actor, and goes with its user', async () => {
    const me = await t.makeUser(ALL);
    const d = await made(me.token, { widgets: [widget()] });
    await update({ id: d.id, name: `${d.name}-2`, widgets: [] }, me.token);
    await remove(d.id, me.token);
    const history = await t.db
      .select()
      .from(changeHistory)
      .where(and(eq(changeHistory.tableName, 'dashboards'), eq(changeHistory.rowId, String(d.id))));
    expect(history.map((h) => [h.revisionType, h.updateBy])).toEqual([
      ['ADD', me.userId],
      ['MOD', me.userId],
      ['DEL', me.userId],
    ]);
    const kept = await made(me.token);
    await withTx(t.db, SYSTEM_ACTOR, (tx) => tx.delete(users).where(eq(users.id, me.user.id)));
    expect(await t.db.select().from(dashboards).where(eq(dashboards.id, kept.id))).toEqual([]);
  });

  it('clears a home path that opened a deleted dashboard, and only that one', async () => {
    const me = await t.makeUser(ALL);
    const a = await made(me.token);
    const b = await made(me.token);
    const setHome = (path: string) =>
      t.inject({ method: 'PUT', url: '/api/settings/user/homepath', token: me.token, payload: { homePath: path } });
    const home = async () => (await t.inject({ method: 'GET', url: '/api/settings/user', token: me.token })).body.data;
    await setHome(`/dashboard/${a.id}`);
    await remove(b.id, me.token);
    expect((await home()).homePath).toBe(`/dashboard/${a.id}`);
    await remove(a.id, me.token);
    expect((await home()).homePath).toBeNull();
  });
});
