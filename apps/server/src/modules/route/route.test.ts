import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { products } from '../product/product.table.ts';
import { routeOpers, routes } from './route.table.ts';

const t = await createTestApp();
const editor = await t.makeUser({ route: { all: true }, operation: { all: true } });
const viewer = await t.makeUser({ route: { view: true } });
const reader = await t.makeUser({});
const en = { 'accept-language': 'en' };

type Route = { id: number; code: string; name: string; operCount: number; productCount: number };
type RouteOper = { operationId: number; operationCode: string; seq: number; description: string | null };

const call = (method: string, url: string, payload?: unknown, token: string | null = editor.token) =>
  t.inject({ method, url, payload, token, headers: en });

async function operation(): Promise<number> {
  const res = await call('POST', '/api/operation', { code: uniq('OP'), name: '공정' });
  expect(res.status).toBe(200);
  return res.body.data.id;
}

async function route(): Promise<Route> {
  const res = await call('POST', '/api/route', { code: uniq('R'), name: '라우팅', description: 'd' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function opers(routeId: number): Promise<RouteOper[]> {
  const res = await call('GET', `/api/route/${routeId}/opers`);
  expect(res.status).toBe(200);
  return res.body.data;
}
const order = async (routeId: number) => (await opers(routeId)).map((o) => [o.operationId, o.seq]);

/** A route holding n new operations in order. */
async function routeWith(n: number): Promise<{ route: Route; ops: number[] }> {
  const r = await route();
  const ops: number[] = [];
  for (let i = 0; i < n; i++) {
    const op = await operation();
    expect((await call('POST', '/api/route/oper', { routeId: r.id, operationId: op })).status).toBe(200);
    ops.push(op);
  }
  return { route: r, ops };
}

describe('routes', () => {
  it('creates, lists with operCount to any signed-in user, modifies', async () => {
    const { route: r } = await routeWith(2);
    const list = await call('GET', '/api/route/routes', undefined, reader.token);
    expect(list.status).toBe(200);
    expect(list.body.data.find((x: Route) => x.id === r.id)).toMatchObject({ operCount: 2, productCount: 0 });
    const put = await call('PUT', '/api/route', { id: r.id, code: r.code, name: '새 이름' });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ name: '새 이름', operCount: 2, updatedBy: editor.userId });
    expect((await call('PUT', '/api/route', { id: 99999999, code: uniq('R'), name: 'x' })).status).toBe(404);
    expect((await call('GET', '/api/route/routes', undefined, null)).status).toBe(401);
  });

  it('refuses a duplicate code (409 DUPLICATE code) and bad input (400)', async () => {
    const r = await route();
    const dup = await call('POST', '/api/route', { code: r.code, name: 'x' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'DUPLICATE', extraData: { field: 'code' } });
    const other = await route();
    expect((await call('PUT', '/api/route', { id: other.id, code: r.code, name: 'x' })).status).toBe(409);
    const bad = await call('POST', '/api/route', { code: '', name: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.extraData.fields[0].field).toBe('code');
  });

  it('403 without the route rights', async () => {
    const r = await route();
    expect((await call('POST', '/api/route', { code: uniq('R'), name: 'x' }, viewer.token)).status).toBe(403);
    expect((await call('PUT', '/api/route', { id: r.id, code: r.code, name: 'x' }, viewer.token)).status).toBe(403);
    expect((await call('DELETE', `/api/route/${r.id}`, undefined, viewer.token)).status).toBe(403);
    expect((await call('GET', `/api/route/${r.id}/opers`, undefined, reader.token)).status).toBe(403);
    expect((await call('GET', `/api/route/${r.id}/opers`, undefined, viewer.token)).status).toBe(200);
    const op = await operation();
    expect((await call('POST', '/api/route/oper', { routeId: r.id, operationId: op }, viewer.token)).status).toBe(403);
    expect((await call('PUT', '/api/route/opers', { routeId: r.id, operationIds: [] }, viewer.token)).status).toBe(403);
  });

  it('delete is blocked while a product uses the route; otherwise its operations go with it', async () => {
    const { route: used } = await routeWith(1);
    const [product] = await withTx(t.db, SYSTEM_ACTOR, (tx) =>
      tx
        .insert(products)
        .values({ code: uniq('P'), name: '제품', type: 'FINISHED', unit: 'EA', routeId: used.id })
        .returning(),
    );
    const blocked = await call('DELETE', `/api/route/${used.id}`);
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe('ERROR_CONSTRAINT_VIOLATION');
    expect(blocked.body.extraData.datas).toEqual([
      expect.objectContaining({ screen: 'productInfo', id: product.code }),
    ]);
    const list = await call('GET', '/api/route/routes');
    expect(list.body.data.find((x: Route) => x.id === used.id).productCount).toBe(1);

    const { route: free } = await routeWith(2);
    expect((await call('DELETE', `/api/route/${free.id}`)).status).toBe(200);
    expect(await t.db.select().from(routes).where(eq(routes.id, free.id))).toHaveLength(0);
    expect(await t.db.select().from(routeOpers).where(eq(routeOpers.routeId, free.id))).toHaveLength(0);
    expect((await call('DELETE', `/api/route/${free.id}`)).status).toBe(404);
    expect((await call('GET', `/api/route/${free.id}/opers`)).status).toBe(404);
  });
});

describe('route operations', () => {
  it('appends without seq, inserts at a seq, and lists in order with the operation names', async () => {
    const { route: r, ops } = await routeWith(2);
    const op = await operation();
    const res = await call('POST', '/api/route/oper', { routeId: r.id, operationId: op, seq: 1, description: '첫' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ operationId: op, seq: 1, description: '첫' });
    expect(await order(r.id)).toEqual([
      [op, 1],
      [ops[0], 2],
      [ops[1], 3],
    ]);
    expect((await opers(r.id))[0].operationCode).toMatch(/^OP/);
  });

  it('an operation appears once per route (409 DUPLICATE operationId); missing ids are 400', async () => {
    const { route: r, ops } = await routeWith(1);
    const dup = await call('POST', '/api/route/oper', { routeId: r.id, operationId: ops[0] });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'DUPLICATE', extraData: { field: 'operationId' } });
    const noOp = await call('POST', '/api/route/oper', { routeId: r.id, operationId: 99999999 });
    expect(noOp.status).toBe(400);
    expect(noOp.body.extraData.fields[0]).toMatchObject({
      field: 'operationId',
      message: 'The selected item does not exist.',
    });
    const noRoute = await call('POST', '/api/route/oper', { routeId: 99999999, operationId: ops[0] });
    expect(noRoute.status).toBe(400);
    expect(noRoute.body.extraData.fields[0].field).toBe('routeId');
    expect((await call('POST', '/api/route/oper', { routeId: r.id })).status).toBe(400);
  });

  it('PUT /route/oper changes the description of one operation', async () => {
    const { route: r, ops } = await routeWith(2);
    const res = await call('PUT', '/api/route/oper', { routeId: r.id, operationId: ops[1], description: '메모' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ operationId: ops[1], seq: 2, description: '메모' });
    expect((await call('PUT', '/api/route/oper', { routeId: r.id, operationId: 99999999 })).status).toBe(404);
  });

  it('removes one and several operations and renumbers the rest 1..n', async () => {
    const { route: r, ops } = await routeWith(5);
    expect((await call('DELETE', `/api/route/oper/${r.id}/${ops[1]}`)).status).toBe(200);
    expect(await order(r.id)).toEqual([
      [ops[0], 1],
      [ops[2], 2],
      [ops[3], 3],
      [ops[4], 4],
    ]);
    // All or nothing: one missing operation → 404 and nothing removed.
    expect((await call('DELETE', `/api/route/opers/${r.id}/${ops[0]},${ops[1]}`)).status).toBe(404);
    expect(await opers(r.id)).toHaveLength(4);
    expect((await call('DELETE', `/api/route/opers/${r.id}/${ops[0]},${ops[3]}`)).status).toBe(200);
    expect(await order(r.id)).toEqual([
      [ops[2], 1],
      [ops[4], 2],
    ]);
    expect((await call('DELETE', `/api/route/oper/99999999/${ops[2]}`)).status).toBe(404);
    expect((await call('DELETE', `/api/route/opers/${r.id}/abc`)).status).toBe(400);
    expect((await call('DELETE', `/api/route/oper/${r.id}/${ops[2]}`, undefined, viewer.token)).status).toBe(403);
    expect((await call('DELETE', `/api/route/oper/${r.id}/${ops[2]}`, undefined, null)).status).toBe(401);
  });

  it('PUT /route/opers sets the complete new order; anything but exactly the route operations is 400', async () => {
    const { route: r, ops } = await routeWith(4);
    const res = await call('PUT', '/api/route/opers', {
      routeId: r.id,
      operationIds: [ops[3], ops[1], ops[0], ops[2]],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((o: RouteOper) => [o.operationId, o.seq])).toEqual([
      [ops[3], 1],
      [ops[1], 2],
      [ops[0], 3],
      [ops[2], 4],
    ]);
    const other = await operation();
    for (const operationIds of [
      [ops[3], ops[1], ops[0]],
      [ops[3], ops[1], ops[0], ops[0]],
      [ops[3], ops[1], ops[0], other],
      [ops[3], ops[1], ops[0], ops[2], other],
    ]) {
      const bad = await call('PUT', '/api/route/opers', { routeId: r.id, operationIds });
      expect(bad.status).toBe(400);
      expect(bad.body.extraData.fields[0]).toMatchObject({
        field: 'operationIds',
        message: "The order must list each of the route's operations exactly once.",
      });
    }
    expect((await order(r.id)).map(([id]) => id)).toEqual([ops[3], ops[1], ops[0], ops[2]]);
    expect((await call('PUT', '/api/route/opers', { routeId: 99999999, operationIds: [] })).status).toBe(400);
  });

  it('concurrent additions and reorders of one route never produce a duplicate seq', async () => {
    const { route: r, ops } = await routeWith(3);
    const extra = await Promise.all(Array.from({ length: 6 }, () => operation()));
    const adds = extra.map((op) => call('POST', '/api/route/oper', { routeId: r.id, operationId: op }));
    const reorders = [
      call('PUT', '/api/route/opers', { routeId: r.id, operationIds: [ops[2], ops[1], ops[0]] }),
      call('PUT', '/api/route/opers', { routeId: r.id, operationIds: [ops[1], ops[0], ops[2]] }),
    ];
    const results = await Promise.all([...adds, ...reorders]);
    for (const res of results.slice(0, adds.length)) expect(res.status).toBe(200);
    // A reorder racing with additions may no longer list every operation: then it is a clean 400.
    for (const res of results.slice(adds.length)) expect([200, 400]).toContain(res.status);
    const list = await opers(r.id);
    expect(list).toHaveLength(9);
    expect(list.map((o) => o.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(new Set(list.map((o) => o.operationId)).size).toBe(9);
    // Parallel full reorders of the same set: each one applies whole, so the result is one of them.
    const ids = list.map((o) => o.operationId);
    const a = [...ids].reverse();
    const b = [...ids.slice(1), ids[0]];
    const both = await Promise.all([
      call('PUT', '/api/route/opers', { routeId: r.id, operationIds: a }),
      call('PUT', '/api/route/opers', { routeId: r.id, operationIds: b }),
      call('DELETE', `/api/route/oper/${r.id}/${ids[4]}`),
    ]);
    expect(both.map((x) => x.status)).toContain(200);
    const after = await opers(r.id);
    expect(after.map((o) => o.seq)).toEqual(after.map((_, i) => i + 1));
  });
});
