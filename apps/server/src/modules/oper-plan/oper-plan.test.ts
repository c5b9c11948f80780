import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { locations } from '../location/location.table.ts';
import { products } from '../product/product.table.ts';
import { tools } from '../tool/tool.table.ts';

const t = await createTestApp();
const editor = await t.makeUser({ operPlan: { all: true }, route: { all: true }, operation: { all: true } });
const viewer = await t.makeUser({ operPlan: { view: true } });
const reader = await t.makeUser({});
const en = { 'accept-language': 'en' };

type Plan = {
  operationId: number;
  seq: number;
  toolId: number | null;
  toolCode: string | null;
  cycleTime: number | null;
  capacity: number | null;
  description: string | null;
  operationCode: string;
};

const call = (method: string, url: string, payload?: unknown, token: string | null = editor.token) =>
  t.inject({ method, url, payload, token, headers: en });

// A line tool (runs operations) and a warehouse rack, made for this file.
const { lineTool, rack } = await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
  const [site] = await tx
    .insert(locations)
    .values({ name: uniq('site'), type: 'SITE' })
    .returning();
  const [factory] = await tx
    .insert(locations)
    .values({ name: uniq('f'), type: 'FACTORY', parentId: site.id })
    .returning();
  const [line] = await tx
    .insert(locations)
    .values({ name: uniq('l'), type: 'LINE', parentId: factory.id })
    .returning();
  const [wh] = await tx
    .insert(locations)
    .values({ name: uniq('w'), type: 'WAREHOUSE', parentId: factory.id })
    .returning();
  const [lineTool] = await tx
    .insert(tools)
    .values({ code: uniq('T'), name: '사출기', locationId: line.id })
    .returning();
  const [rack] = await tx
    .insert(tools)
    .values({ code: uniq('K'), name: '랙', locationId: wh.id })
    .returning();
  return { lineTool, rack };
});

async function product(): Promise<number> {
  const [p] = await withTx(t.db, SYSTEM_ACTOR, (tx) =>
    tx
      .insert(products)
      .values({ code: uniq('P'), name: '제품', type: 'FINISHED', unit: 'EA' })
      .returning(),
  );
  return p.id;
}

async function operation(): Promise<number> {
  const res = await call('POST', '/api/operation', { code: uniq('OP'), name: '공정' });
  expect(res.status).toBe(200);
  return res.body.data.id;
}
const operationsN = (n: number) => Promise.all(Array.from({ length: n }, () => operation()));

async function plans(productId: number): Promise<Plan[]> {
  const res = await call('GET', `/api/operationplan/${productId}/plans`);
  expect(res.status).toBe(200);
  return res.body.data;
}
const order = async (productId: number) => (await plans(productId)).map((p) => [p.operationId, p.seq]);

describe('POST /api/operationplan/plan and GET /operationplan/{productId}/plans', () => {
  it('adds one row at the end or at a seq, with tool, cycle time and capacity; lists in order', async () => {
    const pid = await product();
    const [a, b, c] = await operationsN(3);
    const first = await call('POST', '/api/operationplan/plan', {
      productId: pid,
      operationId: a,
      toolId: lineTool.id,
      cycleTime: 12.5,
      capacity: 288,
      description: '사출',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data[0]).toMatchObject({
      operationId: a,
      seq: 1,
      toolId: lineTool.id,
      toolCode: lineTool.code,
      toolName: '사출기',
      cycleTime: 12.5,
      capacity: 288,
      description: '사출',
      createdBy: editor.userId,
    });
    await call('POST', '/api/operationplan/plan', { productId: pid, operationId: b });
    await call('POST', '/api/operationplan/plan', { productId: pid, operationId: c, seq: 1 });
    expect(await order(pid)).toEqual([
      [c, 1],
      [a, 2],
      [b, 3],
    ]);
  });

  it('checks product, operation and tool (400 on the field) and one operation per product (409)', async () => {
    const pid = await product();
    const op = await operation();
    const post = (body: Record<string, unknown>) =>
      call('POST', '/api/operationplan/plan', { productId: pid, operationId: op, ...body });
    const field = async (body: Record<string, unknown>) => {
      const res = await post(body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body.extraData.fields[0];
    };
    expect((await field({ productId: 99999999 })).field).toBe('productId');
    expect((await field({ operationId: 99999999 })).field).toBe('operationId');
    expect((await field({ toolId: 99999999 })).field).toBe('toolId');
    expect(await field({ toolId: rack.id })).toEqual({
      field: 'toolId',
      message: 'Only a tool on a line can run an operation (tools in a warehouse are racks).',
    });
    expect((await field({ cycleTime: -1 })).field).toBe('cycleTime');
    expect((await field({ capacity: -0.5 })).field).toBe('capacity');
    expect((await field({ capacity: 1.123456 })).field).toBe('capacity');
    expect((await post({})).status).toBe(200);
    const dup = await post({});
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'DUPLICATE', extraData: { field: 'operationId' } });
    expect(await plans(pid)).toHaveLength(1);
  });

  it('GET: 404 for a missing product, 403 without the operPlan view right, 401 without a token', async () => {
    const pid = await product();
    expect((await call('GET', '/api/operationplan/99999999/plans')).status).toBe(404);
    expect((await call('GET', `/api/operationplan/${pid}/plans`, undefined, reader.token)).status).toBe(403);
    expect((await call('GET', `/api/operationplan/${pid}/plans`, undefined, viewer.token)).status).toBe(200);
    expect((await call('GET', `/api/operationplan/${pid}/plans`, undefined, null)).status).toBe(401);
    expect((await call('GET', '/api/operationplan/abc/plans')).status).toBe(400);
    const op = await operation();
    const res = await call('POST', '/api/operationplan/plan', { productId: pid, operationId: op }, viewer.token);
    expect(res.status).toBe(403);
  });
});

describe('POST /api/operationplan/plans', () => {
  it('adds explicit rows in one go, all or nothing', async () => {
    const pid = await product();
    const [a, b] = await operationsN(2);
    const res = await call('POST', '/api/operationplan/plans', {
      productId: pid,
      plans: [
        { operationId: a, toolId: lineTool.id, cycleTime: 3 },
        { operationId: b, capacity: 10 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: Plan) => [p.operationId, p.seq, p.cycleTime, p.capacity])).toEqual([
      [a, 1, 3, null],
      [b, 2, null, 10],
    ]);
    const [c] = await operationsN(1);
    const bad = await call('POST', '/api/operationplan/plans', {
      productId: pid,
      plans: [{ operationId: c }, { operationId: a }],
    });
    expect(bad.status).toBe(409);
    const rack409 = await call('POST', '/api/operationplan/plans', {
      productId: pid,
      plans: [{ operationId: c, toolId: rack.id }],
    });
    expect(rack409.status).toBe(400);
    expect(await plans(pid)).toHaveLength(2);
    expect((await call('POST', '/api/operationplan/plans', { productId: pid, plans: [] })).status).toBe(400);
  });

  it('from a route: adds the route operations not yet in the plan, in route order, after the existing ones', async () => {
    const pid = await product();
    const [x, a, b, c] = await operationsN(4);
    const route = await call('POST', '/api/route', { code: uniq('R'), name: '라우팅' });
    const routeId = route.body.data.id;
    for (const op of [c, a, x, b]) await call('POST', '/api/route/oper', { routeId, operationId: op });
    await call('POST', '/api/operationplan/plan', { productId: pid, operationId: x, cycleTime: 7 });
    const res = await call('POST', '/api/operationplan/plans', { productId: pid, routeId });
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: Plan) => [p.operationId, p.seq])).toEqual([
      [x, 1],
      [c, 2],
      [a, 3],
      [b, 4],
    ]);
    expect(res.body.data[0].cycleTime).toBe(7);
    // Again: nothing new to add.
    expect((await call('POST', '/api/operationplan/plans', { productId: pid, routeId })).body.data).toHaveLength(4);
    const missing = await call('POST', '/api/operationplan/plans', { productId: pid, routeId: 99999999 });
    expect(missing.status).toBe(400);
    expect(missing.body.extraData.fields[0].field).toBe('routeId');
  });
});

describe('PUT /api/operationplan/plan and /plans', () => {
  it('modifies one row (tool, cycle time) and moves it with seq', async () => {
    const pid = await product();
    const [a, b, c] = await operationsN(3);
    await call('POST', '/api/operationplan/plans', {
      productId: pid,
      plans: [a, b, c].map((operationId) => ({ operationId })),
    });
    const res = await call('PUT', '/api/operationplan/plan', {
      productId: pid,
      operationId: c,
      toolId: lineTool.id,
      cycleTime: 9.5,
      capacity: 100,
      seq: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({
      operationId: c,
      seq: 1,
      toolId: lineTool.id,
      cycleTime: 9.5,
      capacity: 100,
    });
    expect(res.body.data.map((p: Plan) => p.operationId)).toEqual([c, a, b]);
    const rackRes = await call('PUT', '/api/operationplan/plan', { productId: pid, operationId: c, toolId: rack.id });
    expect(rackRes.status).toBe(400);
    expect(rackRes.body.extraData.fields[0].field).toBe('toolId');
    const notInPlan = await call('PUT', '/api/operationplan/plan', { productId: pid, operationId: 99999999 });
    expect(notInPlan.status).toBe(404);
    const noProduct = await call('PUT', '/api/operationplan/plan', { productId: 99999999, operationId: c });
    expect(noProduct.status).toBe(400);
  });

  it('bulk modify: the whole plan in a new order saves the order (the screen reorder)', async () => {
    const pid = await product();
    const [a, b, c, d] = await operationsN(4);
    await call('POST', '/api/operationplan/plans', {
      productId: pid,
      plans: [a, b, c, d].map((operationId) => ({ operationId, cycleTime: 1 })),
    });
    const res = await call('PUT', '/api/operationplan/plans', {
      productId: pid,
      plans: [d, b, a, c].map((operationId) => ({ operationId, cycleTime: operationId === a ? 4 : 1 })),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: Plan) => [p.operationId, p.seq])).toEqual([
      [d, 1],
      [b, 2],
      [a, 3],
      [c, 4],
    ]);
    expect(res.body.data[2].cycleTime).toBe(4);
    // A subset changes fields only (and keeps the order).
    const part = await call('PUT', '/api/operationplan/plans', {
      productId: pid,
      plans: [{ operationId: c, toolId: lineTool.id, cycleTime: 2 }],
    });
    expect(part.body.data.map((p: Plan) => p.operationId)).toEqual([d, b, a, c]);
    expect(part.body.data[3]).toMatchObject({ toolId: lineTool.id, cycleTime: 2 });
    const dup = await call('PUT', '/api/operationplan/plans', {
      productId: pid,
      plans: [{ operationId: c }, { operationId: c }],
    });
    expect(dup.status).toBe(409);
    expect((await call('PUT', '/api/operationplan/plans', { productId: pid, plans: [{}] })).status).toBe(400);
    const forbidden = await call(
      'PUT',
      '/api/operationplan/plans',
      { productId: pid, plans: [{ operationId: c }] },
      viewer.token,
    );
    expect(forbidden.status).toBe(403);
  });
});

describe('DELETE /api/operationplan/plan/{productId}/{operationId} and /plans/{productId}/{operationIds}', () => {
  it('removes one and several rows, all or nothing, and renumbers 1..n', async () => {
    const pid = await product();
    const ops = await operationsN(5);
    await call('POST', '/api/operationplan/plans', {
      productId: pid,
      plans: ops.map((operationId) => ({ operationId })),
    });
    expect((await call('DELETE', `/api/operationplan/plan/${pid}/${ops[0]}`)).status).toBe(200);
    expect((await call('DELETE', `/api/operationplan/plans/${pid}/${ops[1]},99999999`)).status).toBe(404);
    expect(await plans(pid)).toHaveLength(4);
    expect((await call('DELETE', `/api/operationplan/plans/${pid}/${ops[1]},${ops[3]}`)).status).toBe(200);
    expect(await order(pid)).toEqual([
      [ops[2], 1],
      [ops[4], 2],
    ]);
    expect((await call('DELETE', `/api/operationplan/plan/99999999/${ops[2]}`)).status).toBe(404);
    expect((await call('DELETE', `/api/operationplan/plans/${pid}/x`)).status).toBe(400);
    expect((await call('DELETE', `/api/operationplan/plan/${pid}/${ops[2]}`, undefined, viewer.token)).status).toBe(
      403,
    );
    expect((await call('DELETE', `/api/operationplan/plan/${pid}/${ops[2]}`, undefined, null)).status).toBe(401);
  });

  it('concurrent additions to one plan keep seq 1..n', async () => {
    const pid = await product();
    const ops = await operationsN(8);
    const res = await Promise.all(
      ops.map((operationId) => call('POST', '/api/operationplan/plan', { productId: pid, operationId })),
    );
    expect(res.map((r) => r.status)).toEqual(ops.map(() => 200));
    expect((await plans(pid)).map((p) => p.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
