import { and, eq } from 'drizzle-orm';
import type { MaintenanceAlert, Part, PartHistory, Vehicle, VehicleTreeNode } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp, locationBranch, uniq } from '../../test/harness.ts';
import { changeHistory } from '../history/history.table.ts';
import { vehiclePartHistories } from './vehicle.table.ts';

// Alerts are computed for a given day (`date`), with the window VEHICLE_ALERT_DAYS=10, VEHICLE_ALERT_KM=500 of this
// app: every expectation below is hand-computed from those.
const t = await createTestApp({ VEHICLE_ALERT_DAYS: '10', VEHICLE_ALERT_KM: '500' });
const admin = await t.makeUser({ vehicleInfo: { all: true }, partInfo: { all: true }, baseinfo: { all: true } });
const vehicleViewer = await t.makeUser({ vehicleInfo: { view: true } });
const partViewer = await t.makeUser({ partInfo: { view: true } });
const reader = await t.makeUser({});
const en = { 'accept-language': 'en' };

const req = (method: string, url: string, payload?: unknown, token: string | null = admin.token) =>
  t.inject({ method, url, payload, token, headers: en });

async function ok<T>(p: Promise<{ status: number; body: any }>): Promise<T> {
  const res = await p;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as T;
}

const plate = () => `${Math.floor(Math.random() * 90 + 10)}가${uniq('').slice(-6)}`;

async function vehicle(extra: Record<string, unknown> = {}): Promise<Vehicle> {
  const b = await locationBranch(t.db);
  return ok(
    req('POST', '/api/vehicle', {
      plateNumber: plate(),
      name: uniq('트럭'),
      model: '포터2',
      year: 2022,
      mileage: 50_000,
      locationId: b.factory.id,
      ...extra,
    }),
  );
}

async function part(vehicleId: number, extra: Record<string, unknown> = {}): Promise<Part> {
  return ok(
    req('POST', '/api/part', {
      vehicleId,
      name: uniq('엔진오일'),
      intervalDays: 90,
      intervalKm: 10_000,
      fittedDate: '2026-01-10',
      fittedMileage: 50_000,
      ...extra,
    }),
  );
}

const replace = (partId: number, extra: Record<string, unknown> = {}) =>
  ok<PartHistory>(
    req('POST', '/api/part-history', { partId, replacedDate: '2026-02-01', mileage: 52_000, cost: 85_000, ...extra }),
  );

const alerts = (query: string, token = admin.token) =>
  ok<MaintenanceAlert[]>(req('GET', `/api/vehicle/maintenance-alerts?${query}`, undefined, token));

const fieldOf = (res: { body: any }) => res.body.extraData?.fields?.[0]?.field;

describe('vehicles', () => {
  it('creates, reads, lists, searches and updates a vehicle, audited', async () => {
    const v = await vehicle({ description: '배송용' });
    expect(v).toMatchObject({ model: '포터2', year: 2022, mileage: 50_000, partCount: 0, alertCount: 0 });
    expect(v.locationPath).toHaveLength(2);
    expect(v.createdBy).toBe(admin.userId);
    expect(await ok<Vehicle>(req('GET', `/api/vehicle/${v.id}`, undefined, reader.token))).toMatchObject({ id: v.id });
    const list = await ok<Vehicle[]>(
      req('GET', `/api/vehicle?q=${encodeURIComponent(v.plateNumber)}`, undefined, reader.token),
    );
    expect(list.map((x) => x.id)).toEqual([v.id]);
    const atLoc = await ok<Vehicle[]>(req('GET', `/api/vehicle?locationId=${v.locationId}`));
    expect(atLoc.map((x) => x.id)).toEqual([v.id]);
    const updated = await ok<Vehicle>(
      req('PUT', `/api/vehicle/${v.id}`, {
        plateNumber: v.plateNumber,
        name: '1호차',
        mileage: 51_000,
        locationId: v.locationId,
      }),
    );
    expect(updated).toMatchObject({ name: '1호차', mileage: 51_000, model: null, year: null, updatedBy: admin.userId });
    const history = await t.db
      .select()
      .from(changeHistory)
      .where(and(eq(changeHistory.tableName, 'vehicles'), eq(changeHistory.rowId, String(v.id))));
    expect(history.map((h) => h.revisionType)).toEqual(['ADD', 'MOD']);
  });

  it('refuses a duplicate plate number ignoring case (409 DUPLICATE), bad input (400 naming the field)', async () => {
    const v = await vehicle({ plateNumber: `AB-${uniq('')}` });
    const dup = await req('POST', '/api/vehicle', {
      plateNumber: v.plateNumber.toLowerCase(),
      name: 'x',
      mileage: 0,
      locationId: v.locationId,
    });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('DUPLICATE');
    const other = await vehicle();
    const dupPut = await req('PUT', `/api/vehicle/${other.id}`, {
      plateNumber: v.plateNumber,
      name: 'x',
      mileage: 0,
      locationId: v.locationId,
    });
    expect(dupPut.status).toBe(409);
    for (const [body, field] of [
      [{ name: 'x', mileage: 0, locationId: v.locationId }, 'plateNumber'],
      [{ plateNumber: 'P1', name: 'x', mileage: -1, locationId: v.locationId }, 'mileage'],
      [{ plateNumber: 'P1', name: 'x', mileage: 1.5, locationId: v.locationId }, 'mileage'],
      [{ plateNumber: 'P1', name: 'x', mileage: 0, year: 1800, locationId: v.locationId }, 'year'],
      [{ plateNumber: 'P1', name: 'x', mileage: 0, locationId: 2_000_000_000 }, 'locationId'],
      [{ plateNumber: 'P1', name: 'x', mileage: 0, locationId: v.locationId, extra: 1 }, ''],
    ] as const) {
      const res = await req('POST', '/api/vehicle', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (field) expect(fieldOf(res)).toBe(field);
    }
    const kr = await t.inject({
      method: 'POST',
      url: '/api/vehicle',
      token: admin.token,
      headers: { 'accept-language': 'kr' },
      payload: { plateNumber: 'P1', name: 'x', mileage: -1, locationId: v.locationId },
    });
    expect(JSON.stringify(kr.body)).toMatch(/이상/);
  });

  it('answers 401, 403 and 404', async () => {
    const v = await vehicle();
    expect((await req('GET', '/api/vehicle', undefined, null)).status).toBe(401);
    expect((await req('GET', '/api/vehicle/tree', undefined, null)).status).toBe(401);
    expect((await req('GET', '/api/vehicle/maintenance-alerts', undefined, null)).status).toBe(401);
    const body = { plateNumber: plate(), name: 'x', mileage: 0, locationId: v.locationId };
    expect((await req('POST', '/api/vehicle', body, vehicleViewer.token)).status).toBe(403);
    expect((await req('PUT', `/api/vehicle/${v.id}`, body, vehicleViewer.token)).status).toBe(403);
    expect((await req('DELETE', `/api/vehicle?ids=${v.id}`, undefined, vehicleViewer.token)).status).toBe(403);
    expect((await req('GET', '/api/vehicle/maintenance-alerts', undefined, partViewer.token)).status).toBe(403);
    expect((await req('GET', '/api/vehicle/2000000000', undefined, reader.token)).status).toBe(404);
    expect((await req('PUT', '/api/vehicle/2000000000', body)).status).toBe(404);
    expect((await req('DELETE', `/api/vehicle?ids=${v.id}&ids=2000000000`)).status).toBe(404);
    expect((await req('GET', '/api/vehicle?locationId=2000000000')).status).toBe(404);
    expect((await req('GET', `/api/vehicle/${v.id}`)).status).toBe(200);
  });

  it('deletes in bulk, all or none; a vehicle holding parts is a 409 listing them; a location holding one too', async () => {
    const a = await vehicle();
    const b = await vehicle();
    const c = await vehicle();
    const p = await part(c.id);
    const blocked = await req('DELETE', `/api/vehicle?ids=${b.id}&ids=${c.id}`);
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe('ERROR_CONSTRAINT_VIOLATION');
    expect(blocked.body.extraData.datas).toEqual([
      expect.objectContaining({ screen: 'partInfo', id: p.id, name: p.name }),
    ]);
    expect((await req('GET', `/api/vehicle/${b.id}`)).status).toBe(200);
    const loc = await req('DELETE', `/api/location/${a.locationId}`);
    expect(loc.status).toBe(409);
    expect(JSON.stringify(loc.body.extraData.datas)).toContain(a.plateNumber);
    await ok(req('DELETE', `/api/vehicle?ids=${a.id}&ids=${b.id}`));
    expect((await req('GET', `/api/vehicle/${a.id}`)).status).toBe(404);
    expect((await req('GET', `/api/vehicle/${b.id}`)).status).toBe(404);
    expect((await req('DELETE', '/api/vehicle')).status).toBe(400);
    expect((await req('DELETE', '/api/vehicle?ids=abc')).status).toBe(400);
  });

  it('builds the tree of locations holding vehicles, with vehicles as leaves and alert counts', async () => {
    const v = await vehicle({ mileage: 70_000 });
    await part(v.id, { intervalDays: null, intervalKm: 10_000, fittedMileage: 50_000 }); // overdue by km
    const tree = await ok<VehicleTreeNode[]>(req('GET', '/api/vehicle/tree', undefined, reader.token));
    const find = (nodes: VehicleTreeNode[], key: string): VehicleTreeNode | undefined =>
      nodes.flatMap((n) =>
        n.key === key ? [n] : ([find(n.children, key)].filter((x) => !!x) as VehicleTreeNode[]),
      )[0];
    const leaf = find(tree, `V${v.id}`);
    expect(leaf).toMatchObject({ kind: 'vehicle', code: v.plateNumber, alertCount: 1, vehicleCount: 1 });
    const factory = find(tree, `L${v.locationId}`)!;
    expect(factory.children.map((c) => c.key)).toEqual([`V${v.id}`]);
    expect(factory).toMatchObject({ vehicleCount: 1, alertCount: 1 });
    // Branches without vehicles are left out: every location node has vehicles below it.
    const noEmpty = (nodes: VehicleTreeNode[]): boolean =>
      nodes.every((n) => n.kind === 'vehicle' || (n.vehicleCount > 0 && noEmpty(n.children)));
    expect(noEmpty(tree)).toBe(true);
  });
});

describe('parts', () => {
  it('creates, reads, lists by vehicle and by ids, updates and deletes a part with its history', async () => {
    const v = await vehicle();
    const p = await part(v.id, { note: '5W-30' });
    expect(p).toMatchObject({
      vehicleId: v.id,
      plateNumber: v.plateNumber,
      intervalDays: 90,
      intervalKm: 10_000,
      lastReplacement: '2026-01-10',
      lastMileage: 50_000,
      nextDate: '2026-04-10',
      nextKm: 60_000,
      replacementCount: 0,
      note: '5W-30',
    });
    const p2 = await part(v.id, { intervalDays: null, intervalKm: 5000 });
    expect(await ok<Part>(req('GET', `/api/part/${p.id}`, undefined, partViewer.token))).toMatchObject({ id: p.id });
    const listed = await ok<Part[]>(req('GET', `/api/part?vehicleId=${v.id}`, undefined, partViewer.token));
    expect(listed.map((x) => x.id).sort()).toEqual([p.id, p2.id].sort());
    const byIds = await ok<Part[]>(req('GET', `/api/part/parts/${p.id},${p2.id}`));
    expect(byIds).toHaveLength(2);
    const updated = await ok<Part>(
      req('PUT', `/api/part/${p.id}`, {
        name: p.name,
        intervalDays: 30,
        intervalKm: null,
        fittedDate: '2026-01-10',
        fittedMileage: 50_000,
      }),
    );
    expect(updated).toMatchObject({
      intervalDays: 30,
      intervalKm: null,
      nextDate: '2026-02-09',
      nextKm: null,
      note: null,
    });
    await replace(p.id);
    await ok(req('DELETE', `/api/part/${p.id}`));
    expect(await t.db.select().from(vehiclePartHistories).where(eq(vehiclePartHistories.partId, p.id))).toEqual([]);
    const p3 = await part(v.id);
    await ok(req('DELETE', `/api/part/parts/${p2.id},${p3.id}`));
    expect(await ok<Part[]>(req('GET', `/api/part?vehicleId=${v.id}`))).toEqual([]);
  });

  it('needs an interval by days or km, a unique name on its vehicle, an existing vehicle, no future fitting', async () => {
    const v = await vehicle();
    const p = await part(v.id, { name: '브레이크 패드' });
    const none = await req('POST', '/api/part', {
      vehicleId: v.id,
      name: 'x',
      fittedDate: '2026-01-01',
      fittedMileage: 0,
    });
    expect(none.status).toBe(400);
    expect(fieldOf(none)).toBe('intervalDays');
    expect(none.body.extraData.fields[0].message).toMatch(/interval/i);
    const dup = await req('POST', '/api/part', {
      vehicleId: v.id,
      name: '브레이크 패드',
      intervalDays: 10,
      fittedDate: '2026-01-01',
      fittedMileage: 0,
    });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('DUPLICATE');
    // The same name on another vehicle is fine.
    await part((await vehicle()).id, { name: '브레이크 패드' });
    const noVehicle = await req('POST', '/api/part', {
      vehicleId: 2_000_000_000,
      name: 'x',
      intervalDays: 10,
      fittedDate: '2026-01-01',
      fittedMileage: 0,
    });
    expect(noVehicle.status).toBe(400);
    expect(fieldOf(noVehicle)).toBe('vehicleId');
    const future = await req('POST', '/api/part', {
      vehicleId: v.id,
      name: 'y',
      intervalDays: 10,
      fittedDate: '2099-01-01',
      fittedMileage: 0,
    });
    expect(future.status).toBe(400);
    expect(fieldOf(future)).toBe('fittedDate');
    const put = await req('PUT', `/api/part/${p.id}`, { name: p.name, fittedDate: '2026-01-01', fittedMileage: 0 });
    expect(put.status).toBe(400);
    const withVehicle = await req('PUT', `/api/part/${p.id}`, {
      vehicleId: v.id,
      name: p.name,
      intervalDays: 5,
      fittedDate: '2026-01-01',
      fittedMileage: 0,
    });
    expect(withVehicle.status).toBe(400);
  });

  it('answers 401, 403 and 404', async () => {
    const v = await vehicle();
    const p = await part(v.id);
    const body = { name: 'x', intervalDays: 1, fittedDate: '2026-01-01', fittedMileage: 0 };
    expect((await req('GET', '/api/part', undefined, null)).status).toBe(401);
    expect((await req('GET', '/api/part', undefined, vehicleViewer.token)).status).toBe(403);
    expect((await req('GET', `/api/part/${p.id}`, undefined, reader.token)).status).toBe(403);
    expect((await req('POST', '/api/part', { ...body, vehicleId: v.id }, partViewer.token)).status).toBe(403);
    expect((await req('PUT', `/api/part/${p.id}`, body, partViewer.token)).status).toBe(403);
    expect((await req('DELETE', `/api/part/${p.id}`, undefined, partViewer.token)).status).toBe(403);
    expect((await req('DELETE', `/api/part/parts/${p.id}`, undefined, partViewer.token)).status).toBe(403);
    expect((await req('GET', '/api/part/2000000000')).status).toBe(404);
    expect((await req('GET', `/api/part/parts/${p.id},2000000000`)).status).toBe(404);
    expect((await req('GET', '/api/part?vehicleId=2000000000')).status).toBe(404);
    expect((await req('PUT', '/api/part/2000000000', body)).status).toBe(404);
    expect((await req('DELETE', '/api/part/2000000000')).status).toBe(404);
    expect((await req('DELETE', `/api/part/parts/${p.id},2000000000`)).status).toBe(404);
    expect((await req('GET', `/api/part/${p.id}`)).status).toBe(200);
  });
});

describe('part history', () => {
  it('records, reads, lists (by vehicle, paged, by period), updates and deletes replacements', async () => {
    const v = await vehicle();
    const p = await part(v.id);
    const q = await part(v.id, { name: uniq('타이어') });
    const h1 = await replace(p.id, { replacedDate: '2026-02-01', mileage: 52_000, note: '정비소 A' });
    expect(h1).toMatchObject({
      partId: p.id,
      partName: p.name,
      vehicleId: v.id,
      plateNumber: v.plateNumber,
      cost: 85_000,
    });
    const h2 = await replace(q.id, { replacedDate: '2026-03-01', mileage: 53_000, cost: null });
    expect(h2.cost).toBeNull();
    expect(await ok<PartHistory>(req('GET', `/api/part-history/${h1.id}`, undefined, partViewer.token))).toMatchObject({
      note: '정비소 A',
    });
    const byVehicle = await ok<PartHistory[]>(
      req('GET', `/api/part-history/vehicle/${v.id}`, undefined, partViewer.token),
    );
    expect(byVehicle.map((h) => h.id)).toEqual([h2.id, h1.id]);
    const paged = await req('GET', `/api/part-history?vehicleId=${v.id}&page=1&size=1`);
    expect(paged.body).toMatchObject({ total: 2, data: [{ id: h2.id }] });
    const period = await ok<PartHistory[]>(
      req('GET', `/api/part-history?vehicleId=${v.id}&startDt=2026-01-01&endDt=2026-02-15`),
    );
    expect(period.map((h) => h.id)).toEqual([h1.id]);
    const byPart = await ok<PartHistory[]>(req('GET', `/api/part-history?partId=${q.id}`));
    expect(byPart.map((h) => h.id)).toEqual([h2.id]);
    const updated = await ok<PartHistory>(
      req('PUT', `/api/part-history/${h1.id}`, { replacedDate: '2026-02-02', mileage: 52_100, cost: 90_000.5 }),
    );
    expect(updated).toMatchObject({ replacedDate: '2026-02-02', mileage: 52_100, cost: 90_000.5, note: null });
    // The part counts from its last replacement now.
    expect(await ok<Part>(req('GET', `/api/part/${p.id}`))).toMatchObject({
      lastReplacement: '2026-02-02',
      lastMileage: 52_100,
      nextDate: '2026-05-03',
      nextKm: 62_100,
      replacementCount: 1,
    });
    const h3 = await replace(p.id, { replacedDate: '2026-04-01', mileage: 55_000 });
    await ok(req('DELETE', `/api/part-history/${h1.id}`));
    await ok(req('DELETE', `/api/part-history/part-historys/${h2.id},${h3.id}`));
    expect(await ok<PartHistory[]>(req('GET', `/api/part-history/vehicle/${v.id}`))).toEqual([]);
  });

  it('keeps replacements after the fitting, not in the future, in mileage order with the others', async () => {
    const v = await vehicle();
    const p = await part(v.id, { fittedDate: '2026-01-10', fittedMileage: 50_000 });
    const post = (body: Record<string, unknown>) =>
      req('POST', '/api/part-history', { partId: p.id, replacedDate: '2026-03-01', mileage: 55_000, ...body });
    const cases: [Record<string, unknown>, string][] = [
      [{ replacedDate: '2026-01-09' }, 'replacedDate'],
      [{ replacedDate: '2099-01-01' }, 'replacedDate'],
      [{ mileage: 49_999 }, 'mileage'],
      [{ cost: -1 }, 'cost'],
      [{ cost: 1.234 }, 'cost'],
      [{ replacedDate: '2026-02-30' }, 'replacedDate'],
      [{ partId: 2_000_000_000 }, 'partId'],
    ];
    for (const [body, field] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(fieldOf(res)).toBe(field);
    }
    await replace(p.id, { replacedDate: '2026-03-01', mileage: 55_000 });
    // An earlier day with a higher reading, a later day with a lower one: both refused on mileage.
    const earlierHigher = await post({ replacedDate: '2026-02-01', mileage: 56_000 });
    expect(earlierHigher.status).toBe(400);
    expect(fieldOf(earlierHigher)).toBe('mileage');
    expect(earlierHigher.body.extraData.fields[0].message).toContain('2026-03-01');
    expect((await post({ replacedDate: '2026-04-01', mileage: 54_000 })).status).toBe(400);
    expect((await post({ replacedDate: '2026-04-01', mileage: 57_000 })).status).toBe(200);
    // The part's fitting cannot move after its first replacement, nor above its reading.
    const body = { name: p.name, intervalDays: 90, intervalKm: 10_000 };
    const late = await req('PUT', `/api/part/${p.id}`, { ...body, fittedDate: '2026-03-02', fittedMileage: 50_000 });
    expect(fieldOf(late)).toBe('fittedDate');
    const high = await req('PUT', `/api/part/${p.id}`, { ...body, fittedDate: '2026-01-10', fittedMileage: 55_001 });
    expect(fieldOf(high)).toBe('fittedMileage');
  });

  it('raises the vehicle mileage to a higher reading; the vehicle mileage never goes below a recorded one', async () => {
    const v = await vehicle({ mileage: 50_000 });
    const p = await part(v.id, { fittedMileage: 50_000 });
    await replace(p.id, { mileage: 61_234, replacedDate: '2026-02-01' });
    expect((await ok<Vehicle>(req('GET', `/api/vehicle/${v.id}`))).mileage).toBe(61_234);
    // A lower reading leaves it.
    await replace(p.id, { mileage: 50_500, replacedDate: '2026-01-20' });
    expect((await ok<Vehicle>(req('GET', `/api/vehicle/${v.id}`))).mileage).toBe(61_234);
    const back = await req('PUT', `/api/vehicle/${v.id}`, {
      plateNumber: v.plateNumber,
      name: v.name,
      mileage: 61_000,
      locationId: v.locationId,
    });
    expect(back.status).toBe(400);
    expect(fieldOf(back)).toBe('mileage');
    expect(back.body.extraData.fields[0].message).toContain('61234');
    // A part fitted at a higher reading raises it too.
    await part(v.id, { name: uniq('배터리'), fittedMileage: 62_000, fittedDate: '2026-02-02' });
    expect((await ok<Vehicle>(req('GET', `/api/vehicle/${v.id}`))).mileage).toBe(62_000);
  });

  it('keeps the highest reading when replacements of two parts are recorded at once', async () => {
    const v = await vehicle({ mileage: 50_000 });
    const a = await part(v.id, { name: uniq('A') });
    const b = await part(v.id, { name: uniq('B') });
    const results = await Promise.all([
      req('POST', '/api/part-history', { partId: a.id, replacedDate: '2026-02-01', mileage: 71_000 }),
      req('POST', '/api/part-history', { partId: b.id, replacedDate: '2026-02-01', mileage: 70_000 }),
      req('POST', '/api/part-history', { partId: b.id, replacedDate: '2026-02-03', mileage: 72_500 }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await ok<Vehicle>(req('GET', `/api/vehicle/${v.id}`))).mileage).toBe(72_500);
  });

  it('answers 401, 403 and 404', async () => {
    const v = await vehicle();
    const p = await part(v.id);
    const h = await replace(p.id);
    const body = { replacedDate: '2026-02-01', mileage: 52_000 };
    expect((await req('GET', '/api/part-history', undefined, null)).status).toBe(401);
    expect((await req('GET', '/api/part-history', undefined, reader.token)).status).toBe(403);
    expect((await req('GET', `/api/part-history/vehicle/${v.id}`, undefined, vehicleViewer.token)).status).toBe(403);
    expect((await req('GET', `/api/part-history/${h.id}`, undefined, reader.token)).status).toBe(403);
    expect((await req('POST', '/api/part-history', { ...body, partId: p.id }, partViewer.token)).status).toBe(403);
    expect((await req('PUT', `/api/part-history/${h.id}`, body, partViewer.token)).status).toBe(403);
    expect((await req('DELETE', `/api/part-history/${h.id}`, undefined, partViewer.token)).status).toBe(403);
    expect((await req('DELETE', `/api/part-history/part-historys/${h.id}`, undefined, partViewer.token)).status).toBe(
      403,
    );
    expect((await req('GET', '/api/part-history/2000000000')).status).toBe(404);
    expect((await req('GET', '/api/part-history/vehicle/2000000000')).status).toBe(404);
    expect((await req('PUT', '/api/part-history/2000000000', body)).status).toBe(404);
    expect((await req('DELETE', '/api/part-history/2000000000')).status).toBe(404);
    expect((await req('DELETE', `/api/part-history/part-historys/${h.id},2000000000`)).status).toBe(404);
    expect((await req('GET', '/api/part-history?page=0')).status).toBe(400);
    expect((await req('GET', '/api/part-history?startDt=2026-13-01')).status).toBe(400);
  });
});

describe('GET /api/vehicle/maintenance-alerts', () => {
  // Each vehicle gets its own parts; the query's vehicleId keeps the other tests' vehicles out.
  it('lists parts due by date (date first) and by mileage (km first), overdue first, with the SPEC §3 fields', async () => {
    const v = await vehicle({ mileage: 59_600 });
    // Last 2026-01-10 / 50,000 km; 90 days → 2026-04-10; 10,000 km → 60,000 km (400 km left: within 500).
    const byKm = await part(v.id, { name: '엔진오일' });
    // Every 60 days from 2026-02-01 → 2026-04-02; km far (50,000 + 30,000).
    const byDate = await part(v.id, {
      name: '에어필터',
      intervalDays: 60,
      intervalKm: 30_000,
      fittedDate: '2026-02-01',
    });
    // Every 30 days from 2026-01-10 → 2026-02-09: overdue on 2026-03-25.
    const overdue = await part(v.id, { name: '와이퍼', intervalDays: 30, intervalKm: null });
    // Far by both: every 365 days / 100,000 km.
    await part(v.id, { name: '타이어', intervalDays: 365, intervalKm: 100_000 });
    const list = await alerts(`vehicleId=${v.id}&date=2026-03-25`);
    expect(list.map((a) => a.partId)).toEqual([overdue.id, byDate.id, byKm.id]);
    expect(list[0]).toMatchObject({
      partName: '와이퍼',
      vehicleName: v.name,
      plateNumber: v.plateNumber,
      lastReplacement: '2026-01-10',
      nextDate: '2026-02-09',
      remainingDays: -44,
      status: 'overdue',
      dueBy: ['date'],
      nextReplacement: '2026-02-09',
    });
    expect(list[1]).toMatchObject({ nextDate: '2026-04-02', remainingDays: 8, dueBy: ['date'], status: 'due' });
    expect(list[1].nextReplacement).toBe('2026-04-02');
    expect(list[2]).toMatchObject({
      nextDate: '2026-04-10',
      remainingDays: 16,
      nextKm: 60_000,
      remainingKm: 400,
      dueBy: ['km'],
      status: 'due',
      nextReplacement: '60000 km',
    });
    // A wider window (query) takes the date of the oil change in too; a narrower one drops the km.
    const wide = await alerts(`vehicleId=${v.id}&date=2026-03-25&days=16&km=300`);
    expect(wide.find((a) => a.partId === byKm.id)).toMatchObject({ dueBy: ['date'], nextReplacement: '2026-04-10' });
    const narrow = await alerts(`vehicleId=${v.id}&date=2026-03-25&days=0&km=0`);
    expect(narrow.map((a) => a.partId)).toEqual([overdue.id]);
  });

  it('counts from the last replacement, and a replacement clears the alert', async () => {
    const v = await vehicle({ mileage: 60_500 });
    const p = await part(v.id, { name: '엔진오일' }); // due 60,000 km: 500 km over
    let [a] = await alerts(`vehicleId=${v.id}&date=2026-03-01`);
    expect(a).toMatchObject({ partId: p.id, remainingKm: -500, status: 'overdue', dueBy: ['km'] });
    await replace(p.id, { replacedDate: '2026-03-01', mileage: 60_500 });
    expect(await alerts(`vehicleId=${v.id}&date=2026-03-01`)).toEqual([]);
    // 90 days after 2026-03-01 is 2026-05-30: 10 days before, due by date; 70,500 km not near.
    [a] = await alerts(`vehicleId=${v.id}&date=2026-05-20`);
    expect(a).toMatchObject({
      lastReplacement: '2026-03-01',
      lastMileage: 60_500,
      nextDate: '2026-05-30',
      nextKm: 70_500,
    });
    expect(a).toMatchObject({ remainingDays: 10, remainingKm: 10_000, dueBy: ['date'], status: 'due' });
    expect(await alerts(`vehicleId=${v.id}&date=2026-05-19`)).toEqual([]);
  });

  it('uses the configured window by default and shows both criteria when both are due', async () => {
    const v = await vehicle({ mileage: 59_500 });
    await part(v.id, { name: '엔진오일' }); // 2026-04-10 and 60,000 km
    // 2026-03-31: 10 days left (window 10) and 500 km left (window 500).
    const [a] = await alerts(`vehicleId=${v.id}&date=2026-03-31`);
    expect(a).toMatchObject({ dueBy: ['date', 'km'], nextReplacement: '2026-04-10 / 60000 km', status: 'due' });
    expect(await alerts(`vehicleId=${v.id}&date=2026-03-30`)).toHaveLength(1); // still by km
    await ok(
      req('PUT', `/api/vehicle/${v.id}`, {
        plateNumber: v.plateNumber,
        name: v.name,
        mileage: 59_500,
        locationId: v.locationId,
      }),
    );
    // Today (no date): the list works with the real day and includes this long-overdue part.
    const today = await alerts(`vehicleId=${v.id}`);
    expect(today[0]).toMatchObject({ status: 'overdue' });
    expect((await ok<Vehicle>(req('GET', `/api/vehicle/${v.id}`))).alertCount).toBe(1);
  });

  it('refuses bad query values with 400 on the field', async () => {
    for (const [q, field] of [
      ['days=-1', 'days'],
      ['days=x', 'days'],
      ['km=1.5', 'km'],
      ['date=2026-02-30', 'date'],
      ['vehicleId=0', 'vehicleId'],
    ]) {
      const res = await req('GET', `/api/vehicle/maintenance-alerts?${q}`);
      expect(res.status, q).toBe(400);
      expect(fieldOf(res)).toBe(field);
    }
    expect(await alerts('date=2026-03-01', vehicleViewer.token)).toBeInstanceOf(Array);
  });
});
