import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../platform/dates.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, locationBranch, uniq } from '../../test/harness.ts';
import { changeHistory } from '../history/history.table.ts';
import { locations } from '../location/location.table.ts';
import { operPlans } from '../oper-plan/oper-plan.table.ts';
import { operations } from '../operation/operation.table.ts';
import { products } from '../product/product.table.ts';
import { dailyPlans } from '../production-plan/production-plan.table.ts';
import { tools } from '../tool/tool.table.ts';
import { users } from '../user/user.table.ts';
import { workers } from './worker.table.ts';

const t = await createTestApp();
const manager = await t.makeUser({ worker: { all: true } });
const viewer = await t.makeUser({ worker: { view: true } });
const modifier = await t.makeUser({ worker: { view: true, modify: true } });
const stranger = await t.makeUser({ notice: { view: true } });
const planner = await t.makeUser({ productionPlan: { all: true } });
const editor = await t.makeUser({ user: { all: true }, location: { all: true } });
const en = { 'accept-language': 'en' };
const today = todayIn(t.config.timeZone);

const call = (method: string, url: string, payload?: unknown, token: string | null = manager.token) =>
  t.inject({ method, url, payload, token, headers: en });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);
const save = (body: Record<string, unknown>, token: string | null = manager.token) =>
  call('PUT', '/api/worker', body, token);

// A site → factory with two lines and a warehouse.
const branch = await locationBranch(t.db);
const line2 = await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
  const [row] = await tx
    .insert(locations)
    .values({ name: uniq('LINE2-'), type: 'LINE', parentId: branch.factory.id, code: uniq('L') })
    .returning();
  return row;
});

/** A user of the floor, with the contact data a worker must never show. */
async function floorUser(name = uniq('작업자')) {
  const [row] = await withTx(t.db, SYSTEM_ACTOR, (tx) =>
    tx
      .insert(users)
      .values({
        userId: uniq('op'),
        username: name,
        passwordHash: 'x',
        email: `${uniq('m')}@example.com`,
        phone: '010-1234-5678',
        locationId: branch.line.id,
      })
      .returning(),
  );
  return row;
}

type WorkerBody = {
  id: number;
  user: { id: number; userId: string; username: string };
  lineId: number | null;
  lineName: string | null;
  factoryId: number | null;
  factoryName: string | null;
  description: string | null;
};
async function makeWorker(lineId: number | null = branch.line.id, description?: string) {
  const u = await floorUser();
  const res = await save({ userId: u.id, lineId, ...(description ? { description } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { user: u, worker: res.body.data as WorkerBody };
}
const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((w) => w.id);

describe('PUT /api/worker', () => {
  it('makes a user a worker on a line: who they are (never how to reach them), the line and its factory', async () => {
    const u = await floorUser('김작업');
    const res = await save({ userId: u.id, lineId: branch.line.id, description: '주간조' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      user: { id: u.id, userId: u.userId, username: '김작업' },
      lineId: branch.line.id,
      lineName: branch.line.name,
      factoryId: branch.factory.id,
      factoryName: branch.factory.name,
      description: '주간조',
      createdBy: manager.userId,
      createdAt: expect.any(String),
      updatedBy: manager.userId,
      updatedAt: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toContain(u.email!);
    expect(JSON.stringify(res.body)).not.toContain('010-1234-5678');
    const history = await t.db.select().from(changeHistory).where(eq(changeHistory.tableName, 'workers'));
    expect(history.some((h) => h.rowId === String(res.body.data.id) && h.revisionType === 'ADD')).toBe(true);
  });

  it('changes the line of the same worker (one per user), keeps the note unless given, and unassigns with null', async () => {
    const { user, worker } = await makeWorker(branch.line.id, '야간조');
    const moved = await save({ userId: user.id, lineId: line2.id }, modifier.token);
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({
      id: worker.id,
      lineId: line2.id,
      lineName: line2.name,
      description: '야간조',
      updatedBy: modifier.userId,
    });
    const noted = await save({ userId: user.id, lineId: line2.id, description: '' });
    expect(noted.body.data).toMatchObject({ id: worker.id, description: null });
    const unassigned = await save({ userId: user.id, lineId: null });
    expect(unassigned.body.data).toMatchObject({
      id: worker.id,
      lineId: null,
      lineName: null,
      factoryId: null,
      factoryName: null,
    });
    expect((await t.db.select().from(workers).where(eq(workers.userId, user.id))).length).toBe(1);
  });

  it('two concurrent saves of one user make one worker', async () => {
    const u = await floorUser();
    const results = await Promise.all([
      save({ userId: u.id, lineId: branch.line.id }),
      save({ userId: u.id, lineId: line2.id }),
      save({ userId: u.id, lineId: null }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    expect((await t.db.select().from(workers).where(eq(workers.userId, u.id))).length).toBe(1);
  });

  it('400 names the field: a missing user, a location that is no line, bad values', async () => {
    const u = await floorUser();
    expect(fieldsOf(await save({ lineId: branch.line.id }))).toEqual(['userId']);
    const noUser = await save({ userId: 2_000_000_000, lineId: branch.line.id });
    expect(noUser.status).toBe(400);
    expect(noUser.body.extraData.fields).toEqual([{ field: 'userId', message: expect.any(String) }]);
    expect(fieldsOf(await save({ userId: u.id, lineId: 2_000_000_000 }))).toEqual(['lineId']);
    const notLine = await save({ userId: u.id, lineId: branch.warehouse.id });
    expect(notLine.status).toBe(400);
    expect(notLine.body.extraData.fields[0]).toEqual({ field: 'lineId', message: 'A worker is assigned to a line.' });
    const kr = await t.inject({
      method: 'PUT',
      url: '/api/worker',
      payload: { userId: u.id, lineId: branch.factory.id },
      token: manager.token,
      headers: { 'accept-language': 'ko' },
    });
    expect(kr.body.extraData.fields[0]).toEqual({ field: 'lineId', message: '작업자는 라인에 배정합니다.' });
    expect(fieldsOf(await save({ userId: u.id }))).toEqual(['lineId']);
    expect(fieldsOf(await save({ userId: 'abc', lineId: null }))).toEqual(['userId']);
    expect(fieldsOf(await save({ userId: u.id, lineId: null, description: 'x'.repeat(501) }))).toEqual(['description']);
    expect((await save({ userId: u.id, lineId: null, extra: 1 })).status).toBe(400);
    expect((await t.db.select().from(workers).where(eq(workers.userId, u.id))).length).toBe(0);
  });

  it('401 without a token, 403 without the modify right', async () => {
    const u = await floorUser();
    expect((await save({ userId: u.id, lineId: null }, null)).status).toBe(401);
    const denied = await save({ userId: u.id, lineId: null }, viewer.token);
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('FORBIDDEN');
    expect((await save({ userId: u.id, lineId: null }, stranger.token)).status).toBe(403);
  });
});

describe('GET the workers', () => {
  it('all of them, the unassigned, those of a line or below a factory or site, and the tree with counts', async () => {
    const own = await locationBranch(t.db);
    const a = await makeWorker(own.line.id);
    const b = await makeWorker(own.line.id);
    const loose = await makeWorker(null);

    const all = await call('GET', '/api/worker/workers', undefined, viewer.token);
    expect(all.status).toBe(200);
    expect(ids(all)).toEqual(expect.arrayContaining([a.worker.id, b.worker.id, loose.worker.id]));
    const row = all.body.data.find((w: WorkerBody) => w.id === a.worker.id);
    expect(row).toMatchObject({ lineName: own.line.name, factoryName: own.factory.name });
    expect(Object.keys(row.user).sort()).toEqual(['id', 'userId', 'username']);
    // The unassigned come after the assigned.
    const order = ids(all);
    expect(order.indexOf(loose.worker.id)).toBeGreaterThan(order.indexOf(a.worker.id));

    const none = await call('GET', '/api/worker/no-location', undefined, viewer.token);
    expect(none.status).toBe(200);
    expect(ids(none)).toContain(loose.worker.id);
    expect(ids(none)).not.toContain(a.worker.id);
    expect(none.body.data.every((w: WorkerBody) => w.lineId === null)).toBe(true);

    for (const at of [own.line, own.factory, own.site]) {
      const res = await call('GET', `/api/worker/location/${at.id}/workers`, undefined, viewer.token);
      expect(res.status).toBe(200);
      expect(ids(res).sort()).toEqual([a.worker.id, b.worker.id].sort());
    }
    expect((await call('GET', `/api/worker/location/${own.warehouse.id}/workers`)).body.data).toEqual([]);
    expect((await call('GET', '/api/worker/location/2000000000/workers')).status).toBe(404);
    expect(fieldsOf(await call('GET', '/api/worker/location/abc/workers'))).toEqual(['id']);

    const tree = await call('GET', '/api/worker/tree', undefined, viewer.token);
    expect(tree.status).toBe(200);
    const site = tree.body.data.find((n: { key: string }) => n.key === `L${own.site.id}`);
    expect(site).toMatchObject({ kind: 'LOCATION', type: 'SITE', workerCount: 2 });
    const factory = site.children.find((n: { key: string }) => n.key === `L${own.factory.id}`);
    expect(factory).toMatchObject({ type: 'FACTORY', workerCount: 2 });
    // Lines only: the warehouse is not in it.
    expect(factory.children.map((n: { key: string }) => n.key)).toEqual([`L${own.line.id}`]);
    const line = factory.children[0];
    expect(line).toMatchObject({ type: 'LINE', workerCount: 2 });
    expect(line.children.map((n: { key: string }) => n.key).sort()).toEqual(
      [`W${a.worker.id}`, `W${b.worker.id}`].sort(),
    );
    expect(line.children.find((n: { id: number }) => n.id === a.worker.id)).toEqual({
      key: `W${a.worker.id}`,
      kind: 'WORKER',
      id: a.worker.id,
      name: a.user.username,
      type: 'WORKER',
      userId: a.user.userId,
      workerCount: 1,
      children: [],
    });
    expect(JSON.stringify(tree.body.data)).not.toContain(`"W${loose.worker.id}"`);
  });

  it('401 without a token, 403 without the view right', async () => {
    for (const url of [
      '/api/worker/workers',
      '/api/worker/no-location',
      '/api/worker/tree',
      `/api/worker/location/${branch.line.id}/workers`,
      `/api/worker/history?startDt=${today}&endDt=${today}`,
    ]) {
      expect((await call('GET', url, undefined, null)).status, url).toBe(401);
      const denied = await call('GET', url, undefined, stranger.token);
      expect(denied.status, url).toBe(403);
      expect(denied.body.code, url).toBe('FORBIDDEN');
    }
  });
});

describe('DELETE /api/worker/{id}', () => {
  it('removes the worker; their results keep their user', async () => {
    const { user, worker } = await makeWorker();
    const day = await workedDay(user.id, today, 3);
    expect((await call('DELETE', `/api/worker/${worker.id}`, undefined, viewer.token)).status).toBe(403);
    expect((await call('DELETE', `/api/worker/${worker.id}`, undefined, modifier.token)).status).toBe(403);
    expect((await call('DELETE', `/api/worker/${worker.id}`, undefined, null)).status).toBe(401);
    const res = await call('DELETE', `/api/worker/${worker.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { ok: true } });
    expect((await t.db.select().from(workers).where(eq(workers.id, worker.id))).length).toBe(0);
    const [kept] = await t.db.select().from(dailyPlans).where(eq(dailyPlans.id, day));
    expect(kept.workerId).toBe(user.id);
    expect((await call('DELETE', `/api/worker/${worker.id}`)).status).toBe(404);
    expect(fieldsOf(await call('DELETE', '/api/worker/abc'))).toEqual(['id']);
    expect(fieldsOf(await call('DELETE', '/api/worker/3000000000'))).toEqual(['id']);
  });
});

// Daily plans to work on: a product whose operation plan is one step on a press of the line.
const world = await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
  const [press] = await tx
    .insert(tools)
    .values({ code: uniq('T'), name: '프레스', locationId: branch.line.id })
    .returning();
  const [forming] = await tx
    .insert(operations)
    .values({ code: uniq('OP'), name: '성형' })
    .returning();
  const [product] = await tx
    .insert(products)
    .values({ code: uniq('FG'), name: '케이스', type: 'FINISHED', unit: 'EA' })
    .returning();
  await tx
    .insert(operPlans)
    .values({ productId: product.id, operationId: forming.id, seq: 1, toolId: press.id, cycleTime: 12 });
  return { press, forming, product };
});

/** A plan over [from … to] on the line with one daily plan per day (every day a working day). */
async function dailyPlansOf(from: string, to: string) {
  const plan = await t.inject({
    method: 'POST',
    url: '/api/productionplan/plan',
    payload: { productId: world.product.id, qty: 70, startDt: from, endDt: to, lineId: branch.line.id },
    token: planner.token,
  });
  expect(plan.status, JSON.stringify(plan.body)).toBe(200);
  const operPlansRes = await t.inject({
    method: 'GET',
    url: `/api/productionplan/plan/${plan.body.data.id}/operplans`,
    token: planner.token,
  });
  const spread = await t.inject({
    method: 'POST',
    url: '/api/productionplan/operplan/daily-plans',
    payload: { operPlanId: operPlansRes.body.data[0].id, spread: { weekdays: [1, 2, 3, 4, 5, 6, 7] } },
    token: planner.token,
  });
  expect(spread.status, JSON.stringify(spread.body)).toBe(200);
  return spread.body.data as { id: number; day: string }[];
}

/** Marks a daily plan worked by a user (what the kiosk and the results screen write). */
const work = (id: number, userId: number, goodQty: number) =>
  withTx(t.db, SYSTEM_ACTOR, (tx) =>
    tx
      .update(dailyPlans)
      .set({
        workerId: userId,
        goodQty,
        badQty: 1,
        status: 'WORK_COMPLETED',
        startedAt: new Date(),
        endedAt: new Date(),
      })
      .where(eq(dailyPlans.id, id)),
  );

/** A daily plan of one day worked by a user; answers its id. */
async function workedDay(userId: number, day: string, goodQty: number) {
  const [d] = await dailyPlansOf(day, day);
  await work(d.id, userId, goodQty);
  return d.id;
}

describe('GET /api/worker/history', () => {
  it("answers the chosen workers' results of the period only, newest day first", async () => {
    const a = await makeWorker();
    const b = await makeWorker(line2.id);
    const notWorker = await floorUser();
    const from = addDays(today, 200);
    const days = await dailyPlansOf(from, addDays(from, 6));
    expect(days).toHaveLength(7);
    // a: days 0, 1 and 5; b: day 2; a user who is no worker: day 3; day 4 and 6 nobody.
    await work(days[0].id, a.user.id, 10);
    await work(days[1].id, a.user.id, 11);
    await work(days[5].id, a.user.id, 15);
    await work(days[2].id, b.user.id, 12);
    await work(days[3].id, notWorker.id, 13);
    const history = (q: string, token = viewer.token) => call('GET', `/api/worker/history?${q}`, undefined, token);

    const onlyA = await history(`startDt=${from}&endDt=${addDays(from, 4)}&workers=${a.worker.id}`);
    expect(onlyA.status).toBe(200);
    expect(onlyA.body.data.map((r: { id: number }) => r.id)).toEqual([days[1].id, days[0].id]);
    expect(onlyA.body.data[0]).toEqual({
      id: days[1].id,
      day: addDays(from, 1),
      workerId: a.worker.id,
      user: { id: a.user.id, userId: a.user.userId, username: a.user.username },
      planId: expect.any(Number),
      productCode: world.product.code,
      productName: '케이스',
      unit: 'EA',
      operationName: '성형',
      lineId: branch.line.id,
      lineName: branch.line.name,
      toolName: '프레스',
      targetQty: 10,
      goodQty: 11,
      badQty: 1,
      status: 'WORK_COMPLETED',
      startedAt: expect.any(String),
      endedAt: expect.any(String),
    });

    const both = await history(
      `startDt=${from}&endDt=${addDays(from, 6)}&workers=${a.worker.id}&workers=${b.worker.id}`,
    );
    expect(both.body.data.map((r: { id: number }) => r.id)).toEqual([days[5].id, days[2].id, days[1].id, days[0].id]);
    // Without workers: every worker's results (not those of a user who is no worker).
    const every = await history(`startDt=${from}&endDt=${addDays(from, 6)}`);
    expect(every.body.data.map((r: { id: number }) => r.id)).toEqual([days[5].id, days[2].id, days[1].id, days[0].id]);
    const onlyB = await history(`startDt=${from}&endDt=${addDays(from, 6)}&workers=${b.worker.id}`);
    expect(onlyB.body.data).toMatchObject([{ id: days[2].id, user: { id: b.user.id }, lineName: branch.line.name }]);
    expect((await history(`startDt=${addDays(from, 7)}&endDt=${addDays(from, 9)}`)).body.data).toEqual([]);
    const unknown = await history(`startDt=${from}&endDt=${addDays(from, 6)}&workers=2000000000`);
    expect(unknown.body.data).toEqual([]);
  });

  it('400 on a missing, reversed or too long period and bad worker ids; 401; 403', async () => {
    const history = (q: string) => call('GET', `/api/worker/history?${q}`);
    expect(fieldsOf(await history(''))).toEqual(['startDt', 'endDt']);
    expect(fieldsOf(await history(`startDt=${today}`))).toEqual(['endDt']);
    expect(fieldsOf(await history(`startDt=${today}&endDt=${addDays(today, -1)}`))).toEqual(['endDt']);
    expect(fieldsOf(await history(`startDt=${today}&endDt=${addDays(today, 92)}`))).toEqual([]);
    const long = await history(`startDt=${today}&endDt=${addDays(today, 93)}`);
    expect(long.status).toBe(400);
    expect(long.body.extraData.fields[0].field).toBe('endDt');
    expect(fieldsOf(await history(`startDt=2026-02-30&endDt=${today}`))).toContain('startDt');
    expect(fieldsOf(await history(`startDt=${today}&endDt=${today}&workers=abc`))[0]).toMatch(/^workers/);
    expect(fieldsOf(await history(`startDt=${today}&endDt=${today}&workers=0`))[0]).toMatch(/^workers/);
    expect((await call('GET', `/api/worker/history?startDt=${today}&endDt=${today}`, undefined, null)).status).toBe(
      401,
    );
    expect(
      (await call('GET', `/api/worker/history?startDt=${today}&endDt=${today}`, undefined, stranger.token)).status,
    ).toBe(403);
  });
});

describe('references', () => {
  it('a user who is a worker and a line with workers are not deleted: 409 with the workers (screen worker)', async () => {
    const own = await locationBranch(t.db);
    const { user, worker } = await makeWorker(own.line.id);
    const del = (url: string) =>
      t.inject({ method: 'DELETE', url, token: editor.token, headers: { 'accept-language': 'en' } });
    const byUser = await del(`/api/user/${user.id}`);
    expect(byUser.status, JSON.stringify(byUser.body)).toBe(409);
    expect(byUser.body).toMatchObject({
      code: 'ERROR_CONSTRAINT_VIOLATION',
      extraData: {
        datas: [
          {
            screen: 'worker',
            id: user.userId,
            name: user.username,
            createdBy: manager.userId,
            createdAt: expect.any(String),
          },
        ],
      },
    });
    // The user is placed elsewhere (floorUser): only the worker holds the line.
    const byLine = await del(`/api/location/${own.line.id}`);
    expect(byLine.status).toBe(409);
    expect(byLine.body.code).toBe('ERROR_CONSTRAINT_VIOLATION');
    expect(byLine.body.extraData.datas).toEqual([expect.objectContaining({ screen: 'worker', id: user.userId })]);
    expect((await t.db.select().from(users).where(eq(users.id, user.id))).length).toBe(1);
    expect(
      (
        await t.db
          .select()
          .from(locations)
          .where(inArray(locations.id, [own.line.id]))
      ).length,
    ).toBe(1);

    // Without the worker both go.
    expect((await call('DELETE', `/api/worker/${worker.id}`)).status).toBe(200);
    expect((await del(`/api/location/${own.line.id}`)).status).toBe(200);
    expect((await del(`/api/user/${user.id}`)).status).toBe(200);
  });
});
