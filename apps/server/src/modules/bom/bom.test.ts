import { eq } from 'drizzle-orm';
import type { BomLine, BomNode, BomRoot, BomStock, BomUsageNode } from '@eqms/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { ensureCodes } from '../product/master-fixtures.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { materials } from '../material/material.table.ts';
import { products } from '../product/product.table.ts';
import { flattenTree } from './bom.explode.ts';
import { assertBomStock, bomStockProvider } from './bom.stock.ts';
import { boms } from './bom.table.ts';

const t = await createTestApp();
const editor = await t.makeUser({ bom: { all: true } });
const viewer = await t.makeUser({ bom: { view: true } });
const nobody = await t.makeUser({});
const en = { 'accept-language': 'en' };

// The migrated test database has no codes: the UNIT codes a line may name, the same rows the product tests use
// (on PostgreSQL the files share one database).
await ensureCodes(t.db);

type Ref = { id: number; code: string };
async function product(type = 'SEMI', unit = 'EA'): Promise<Ref> {
  const code = uniq('P');
  const [row] = await withTx(t.db, SYSTEM_ACTOR, (tx) =>
    tx
      .insert(products)
      .values({ code, name: `제품 ${code}`, type, unit, specification: 'spec' })
      .returning(),
  );
  return { id: row.id, code };
}
async function material(unit = 'KG'): Promise<Ref> {
  const code = uniq('M');
  const [row] = await withTx(t.db, SYSTEM_ACTOR, (tx) =>
    tx
      .insert(materials)
      .values({ code, name: `자재 ${code}`, type: 'RAW', unit })
      .returning(),
  );
  return { id: row.id, code };
}

const call = (method: string, url: string, payload?: unknown, token: string | null = editor.token) =>
  t.inject({ method, url: `/api/bom${url}`, payload, token, headers: en });

async function addProduct(parent: Ref, child: Ref, qty = 1, extra: Record<string, unknown> = {}): Promise<BomLine> {
  const res = await call('POST', '/product', { parentProductId: parent.id, childProductId: child.id, qty, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
async function addMaterial(parent: Ref, m: Ref, qty = 1, extra: Record<string, unknown> = {}): Promise<BomLine> {
  const res = await call('POST', '/material', { parentProductId: parent.id, materialId: m.id, qty, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const fieldOf = (res: { body: any }) => res.body.extraData?.fields?.[0]?.field;

/**
 * The hand-computed BOM (same shape as bom.explode.test.ts):
 * A → B ×2 (10 %), A → M1 ×3; B → C ×4 (5 %), B → M1 ×1.5 (20 %); C → M2 ×0.25, C → M3 ×0.33333 (3 %).
 */
async function threeLevels() {
  const a = await product('FINISHED');
  const b = await product();
  const c = await product();
  const [m1, m2, m3] = [await material(), await material(), await material('EA')];
  await addProduct(a, b, 2, { lossRate: 10 });
  await addMaterial(a, m1, 3);
  await addProduct(b, c, 4, { lossRate: 5 });
  await addMaterial(b, m1, 1.5, { lossRate: 20 });
  await addMaterial(c, m2, 0.25);
  await addMaterial(c, m3, 0.33333, { lossRate: 3 });
  return { a, b, c, m1, m2, m3 };
}

// Stock sources are registered on this app's providers registry (as a stock module's entry in the module list would).
const providers = t.app.providers;
afterEach(() => providers.unregister(bomStockProvider));

describe('POST /api/bom/product', () => {
  it('adds a child product with the child unit by default and the next seq', async () => {
    const [p, c1, c2] = [await product('FINISHED'), await product('SEMI', 'SET'), await product()];
    const first = await addProduct(p, c1, 2.5);
    expect(first).toMatchObject({
      parentProductId: p.id,
      parentCode: p.code,
      kind: 'PRODUCT',
      childProductId: c1.id,
      materialId: null,
      code: c1.code,
      type: 'SEMI',
      specification: 'spec',
      unit: 'SET',
      qty: 2.5,
      lossRate: 0,
      seq: 1,
      createdBy: editor.userId,
    });
    const second = await addProduct(p, c2, 1, { unit: 'KG', lossRate: 12.5, description: '조립' });
    expect(second).toMatchObject({ unit: 'KG', lossRate: 12.5, seq: 2, description: '조립' });
  });

  it.each([
    [{ qty: 0 }, 'qty'],
    [{ qty: -1 }, 'qty'],
    [{ qty: 1.123456 }, 'qty'],
    [{ qty: 12345678901 }, 'qty'],
    [{ lossRate: 100 }, 'lossRate'],
    [{ lossRate: -0.1 }, 'lossRate'],
    [{ qty: 'x' }, 'qty'],
    [{ unit: 'NOPE' }, 'unit'],
  ])('refuses %j with 400 on the field', async (change, field) => {
    const [p, c] = [await product(), await product()];
    const res = await call('POST', '/product', { parentProductId: p.id, childProductId: c.id, qty: 1, ...change });
    expect(res.status).toBe(400);
    expect(fieldOf(res)).toBe(field);
  });

  it('accepts a loss rate just below 100 %', async () => {
    const [p, c] = [await product(), await product()];
    expect((await addProduct(p, c, 1, { lossRate: 99.99999 })).lossRate).toBe(99.99999);
  });

  it('answers 400 on a missing parent or child product', async () => {
    const p = await product();
    const missing = await call('POST', '/product', { parentProductId: p.id, childProductId: 99999999, qty: 1 });
    expect(missing.status).toBe(400);
    expect(fieldOf(missing)).toBe('childProductId');
    const noParent = await call('POST', '/product', { parentProductId: 99999999, childProductId: p.id, qty: 1 });
    expect(fieldOf(noParent)).toBe('parentProductId');
  });

  it('refuses the same child twice under one parent with 409 DUPLICATE', async () => {
    const [p, c] = [await product(), await product()];
    await addProduct(p, c);
    const res = await call('POST', '/product', { parentProductId: p.id, childProductId: c.id, qty: 3 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'DUPLICATE', extraData: { field: 'childProductId' } });
  });

  it('answers 401 without a token and 403 without the create right', async () => {
    const [p, c] = [await product(), await product()];
    const body = { parentProductId: p.id, childProductId: c.id, qty: 1 };
    expect((await call('POST', '/product', body, null)).status).toBe(401);
    expect((await call('POST', '/product', body, viewer.token)).status).toBe(403);
  });
});

describe('no cycles', () => {
  it('refuses a product under itself', async () => {
    const p = await product();
    const res = await call('POST', '/product', { parentProductId: p.id, childProductId: p.id, qty: 1 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'BOM_CYCLE', extraData: { path: [p.code, p.code] } });
  });

  it('refuses C → A when A → B → C (depth 3) with the path of the cycle, and B → A too', async () => {
    const [a, b, c] = [await product(), await product(), await product()];
    await addProduct(a, b);
    await addProduct(b, c);
    const res = await call('POST', '/product', { parentProductId: c.id, childProductId: a.id, qty: 1 });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('BOM_CYCLE');
    expect(res.body.extraData.path).toEqual([a.code, b.code, c.code, a.code]);
    const short = await call('POST', '/product', { parentProductId: b.id, childProductId: a.id, qty: 1 });
    expect(short.body.extraData.path).toEqual([a.code, b.code, a.code]);
    const stored = await t.db.select().from(boms).where(eq(boms.parentProductId, c.id));
    expect(stored).toEqual([]);
  });

  it('allows a shared sub-assembly (a diamond is not a cycle)', async () => {
    const [a, b, c, d] = [await product(), await product(), await product(), await product()];
    await addProduct(a, b);
    await addProduct(a, c);
    await addProduct(b, d);
    await addProduct(c, d);
    expect(flattenTree((await call('GET', `/tree/${a.id}`)).body.data as BomNode[])).toHaveLength(4);
  });

  it('lets exactly one of two concurrent opposite lines (A → B, B → A) through', async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b] = [await product(), await product()];
      const results = await Promise.all([
        call('POST', '/product', { parentProductId: a.id, childProductId: b.id, qty: 1 }),
        call('POST', '/product', { parentProductId: b.id, childProductId: a.id, qty: 1 }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.body.code).toBe('BOM_CYCLE');
    }
  });
});

describe('POST /api/bom/material', () => {
  it('adds a material with its unit by default', async () => {
    const [p, m] = [await product(), await material()];
    const line = await addMaterial(p, m, 0.5, { lossRate: 2 });
    expect(line).toMatchObject({ kind: 'MATERIAL', materialId: m.id, childProductId: null, code: m.code, unit: 'KG' });
  });

  it('answers 400 on a missing material, 409 on the same material twice, 401 and 403', async () => {
    const [p, m] = [await product(), await material()];
    const missing = await call('POST', '/material', { parentProductId: p.id, materialId: 99999999, qty: 1 });
    expect(missing.status).toBe(400);
    expect(fieldOf(missing)).toBe('materialId');
    await addMaterial(p, m);
    const dup = await call('POST', '/material', { parentProductId: p.id, materialId: m.id, qty: 1 });
    expect(dup.status).toBe(409);
    expect(dup.body.extraData.field).toBe('materialId');
    const body = { parentProductId: p.id, materialId: m.id, qty: 1 };
    expect((await call('POST', '/material', body, null)).status).toBe(401);
    expect((await call('POST', '/material', body, viewer.token)).status).toBe(403);
    expect((await call('POST', '/material', { ...body, qty: 0 })).status).toBe(400);
  });
});

describe('reads', () => {
  it('GET /tree/{id} explodes the tree with levels and required quantities per unit', async () => {
    const { a, b, c, m1, m2, m3 } = await threeLevels();
    const res = await call('GET', `/tree/${a.id}`, undefined, viewer.token);
    expect(res.status).toBe(200);
    const flat = flattenTree(res.body.data as BomNode[]).map((n) => [n.level, n.code, n.requiredQty]);
    expect(flat).toEqual([
      [1, b.code, 2.2],
      [2, c.code, 9.24],
      [3, m2.code, 2.31],
      [3, m3.code, 3.17237],
      [2, m1.code, 3.96],
      [1, m1.code, 3],
    ]);
  });

  it('GET /tree lists the top-level BOMs only (products with lines that are nobody’s child)', async () => {
    const { a, b } = await threeLevels();
    const res = await call('GET', '/tree', undefined, viewer.token);
    expect(res.status).toBe(200);
    const roots = res.body.data as BomRoot[];
    const mine = roots.find((r) => r.productId === a.id);
    expect(mine?.tree.map((n) => n.childProductId ?? n.materialId)).toHaveLength(2);
    expect(roots.some((r) => r.productId === b.id)).toBe(false);
  });

  it('GET /parent/{id}, /product/{id}, /material/{parent}/{id} and /tree/parent/{id}', async () => {
    const { a, b, c, m1, m2 } = await threeLevels();
    const direct = await call('GET', `/parent/${b.id}`, undefined, viewer.token);
    expect(direct.body.data.map((l: BomLine) => l.code)).toEqual([c.code, m1.code]);
    const used = await call('GET', `/product/${c.id}`, undefined, viewer.token);
    expect(used.body.data.map((l: BomLine) => l.parentCode)).toEqual([b.code]);
    const line = await call('GET', `/material/${b.id}/${m1.id}`, undefined, viewer.token);
    expect(line.body.data).toMatchObject({ parentProductId: b.id, materialId: m1.id, qty: 1.5, lossRate: 20 });
    expect((await call('GET', `/material/${a.id}/${m2.id}`, undefined, viewer.token)).status).toBe(404);
    const up = await call('GET', `/tree/parent/${c.id}`, undefined, viewer.token);
    const tree = up.body.data as BomUsageNode[];
    expect(tree.map((n) => [n.level, n.code, n.qty])).toEqual([[1, b.code, 4]]);
    expect(tree[0].children.map((n) => [n.level, n.code, n.qty])).toEqual([[2, a.code, 2]]);
    expect((await call('GET', `/tree/parent/${a.id}`)).body.data).toEqual([]);
  });

  it.each(['/tree/', '/parent/', '/product/', '/tree/parent/'])('GET %s{id}: 404, 400, 401, 403', async (path) => {
    expect((await call('GET', `${path}99999999`)).status).toBe(404);
    expect((await call('GET', `${path}abc`)).status).toBe(400);
    const p = await product();
    expect((await call('GET', `${path}${p.id}`, undefined, null)).status).toBe(401);
    expect((await call('GET', `${path}${p.id}`, undefined, nobody.token)).status).toBe(403);
    expect((await call('GET', `${path}${p.id}`, undefined, viewer.token)).status).toBe(200);
  });

  it('GET /tree and /material/{parent}/{id}: 400, 401, 403', async () => {
    expect((await call('GET', '/tree', undefined, null)).status).toBe(401);
    expect((await call('GET', '/tree', undefined, nobody.token)).status).toBe(403);
    expect((await call('GET', '/material/1/x')).status).toBe(400);
    expect((await call('GET', '/material/1/1', undefined, nobody.token)).status).toBe(403);
  });
});

describe('GET /api/bom/tree/stock/{productId}/{qty}', () => {
  it('rolls requirements up per material against hand-computed numbers, stock not tracked yet', async () => {
    const { a, m1, m2, m3 } = await threeLevels();
    const res = await call('GET', `/tree/stock/${a.id}/10`, undefined, viewer.token);
    expect(res.status).toBe(200);
    const data = res.body.data as BomStock;
    expect(data).toMatchObject({ productId: a.id, qty: 10, sufficient: null });
    expect(data.tree).toHaveLength(2);
    const byId = new Map(data.materials.map((m) => [m.materialId, m]));
    // M1: 10 × (3 + 2 × 1.1 × 1.5 × 1.2) = 69.6 (two paths); M2: 10 × 9.24 × 0.25 = 23.1;
    // M3: 10 × 9.24 × 0.33333 × 1.03 = 31.72368276 → 31.72368.
    expect(byId.get(m1.id)).toMatchObject({ code: m1.code, unit: 'KG', requiredQty: 69.6, stockQty: null });
    expect(byId.get(m2.id)).toMatchObject({ requiredQty: 23.1, shortageQty: null, sufficient: null });
    expect(byId.get(m3.id)).toMatchObject({ requiredQty: 31.72368, unit: 'EA' });
    expect(data.materials).toHaveLength(3);
  });

  it('compares with a registered stock source', async () => {
    const { a, m1, m2, m3 } = await threeLevels();
    const stock = new Map([
      [m1.id, 70],
      [m2.id, 20],
    ]);
    const unregister = providers.register(
      bomStockProvider,
      async (_tx, ids) => new Map(ids.filter((i) => stock.has(i)).map((i) => [i, stock.get(i)!])),
    );
    const data = (await call('GET', `/tree/stock/${a.id}/10`)).body.data as BomStock;
    const byId = new Map(data.materials.map((m) => [m.materialId, m]));
    expect(byId.get(m1.id)).toMatchObject({ stockQty: 70, shortageQty: 0, sufficient: true });
    expect(byId.get(m2.id)).toMatchObject({ stockQty: 20, shortageQty: 3.1, sufficient: false });
    expect(byId.get(m3.id)).toMatchObject({ stockQty: 0, shortageQty: 31.72368, sufficient: false });
    expect(data.sufficient).toBe(false);
    unregister();
    expect(((await call('GET', `/tree/stock/${a.id}/10`)).body.data as BomStock).sufficient).toBeNull();
  });

  it('answers 400 on a quantity that is not positive, 404 on a missing product, 401 and 403', async () => {
    const p = await product();
    for (const qty of ['0', '-1', 'x', '1.123456'])
      expect((await call('GET', `/tree/stock/${p.id}/${qty}`)).status, qty).toBe(400);
    expect((await call('GET', '/tree/stock/99999999/1')).status).toBe(404);
    expect((await call('GET', `/tree/stock/${p.id}/1`, undefined, null)).status).toBe(401);
    expect((await call('GET', `/tree/stock/${p.id}/1`, undefined, nobody.token)).status).toBe(403);
  });
});

describe('assertBomStock', () => {
  it('passes while no source is registered, then throws INSUFFICIENT_BOM_STOCK with the shortages', async () => {
    const { a, m1, m2, m3 } = await threeLevels();
    await withTx(t.db, SYSTEM_ACTOR, (tx) => assertBomStock(providers, tx, a.id, 10));
    providers.register(
      bomStockProvider,
      async () =>
        new Map([
          [m1.id, 100],
          [m2.id, 100],
          [m3.id, 31.72],
        ]),
    );
    const err = await withTx(t.db, SYSTEM_ACTOR, (tx) => assertBomStock(providers, tx, a.id, 10)).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 409, code: 'INSUFFICIENT_BOM_STOCK', message: 'insufficient BOM stock' });
    expect(err.extraData.shortages).toEqual([
      {
        materialId: m3.id,
        code: m3.code,
        name: `자재 ${m3.code}`,
        requiredQty: 31.72368,
        stockQty: 31.72,
        shortageQty: 0.00368,
      },
    ]);
    // 1 unit needs 3.17237 of M3: enough.
    await withTx(t.db, SYSTEM_ACTOR, (tx) => assertBomStock(providers, tx, a.id, 1));
  });
});

describe('PUT /api/bom', () => {
  it('changes quantity, unit, loss rate, seq and description', async () => {
    const [p, m] = [await product(), await material()];
    const line = await addMaterial(p, m);
    const res = await call('PUT', '', { id: line.id, qty: 7.25, unit: 'EA', lossRate: 3, seq: 9, description: '변경' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ qty: 7.25, unit: 'EA', lossRate: 3, seq: 9, description: '변경' });
    expect(res.body.data.updatedBy).toBe(editor.userId);
    const back = await call('PUT', '', { id: line.id, qty: 1 });
    expect(back.body.data).toMatchObject({ unit: 'KG', lossRate: 0, seq: 9, description: null });
  });

  it('answers 400, 404, 401 and 403', async () => {
    const [p, m] = [await product(), await material()];
    const line = await addMaterial(p, m);
    expect((await call('PUT', '', { id: line.id, qty: 1, lossRate: 150 })).status).toBe(400);
    expect((await call('PUT', '', { id: line.id, qty: 1, unit: 'NOPE' })).status).toBe(400);
    expect((await call('PUT', '', { id: 99999999, qty: 1 })).status).toBe(404);
    expect((await call('PUT', '', { id: line.id, qty: 1 }, null)).status).toBe(401);
    expect((await call('PUT', '', { id: line.id, qty: 1 }, viewer.token)).status).toBe(403);
  });
});

describe('DELETE', () => {
  it('/bom/{id} deletes one line; 404 when gone, 401, 403', async () => {
    const [p, m, c] = [await product(), await material(), await product()];
    const line = await addMaterial(p, m);
    await addProduct(p, c);
    expect((await call('DELETE', `/${line.id}`, undefined, viewer.token)).status).toBe(403);
    expect((await call('DELETE', `/${line.id}`, undefined, null)).status).toBe(401);
    expect((await call('DELETE', `/${line.id}`)).status).toBe(200);
    expect((await call('DELETE', `/${line.id}`)).status).toBe(404);
    expect((await call('DELETE', '/abc')).status).toBe(400);
    expect((await call('GET', `/parent/${p.id}`)).body.data.map((l: BomLine) => l.code)).toEqual([c.code]);
  });

  it('/bom/parent/{id} deletes the whole BOM of the product and leaves its children their own BOMs', async () => {
    const { a, b } = await threeLevels();
    expect((await call('DELETE', `/parent/${a.id}`, undefined, viewer.token)).status).toBe(403);
    expect((await call('DELETE', `/parent/${a.id}`)).status).toBe(200);
    expect((await call('GET', `/parent/${a.id}`)).body.data).toEqual([]);
    expect((await call('GET', `/parent/${b.id}`)).body.data).toHaveLength(2);
    expect((await call('DELETE', `/parent/${a.id}`)).status).toBe(404);
  });
});

describe('POST /api/bom/copy', () => {
  it('copies the direct lines; refuses a target with a BOM unless replace', async () => {
    const { a, b, m1 } = await threeLevels();
    const to = await product('FINISHED');
    const res = await call('POST', '/copy', { fromProductId: a.id, toProductId: to.id });
    expect(res.status).toBe(200);
    expect(res.body.data.map((l: BomLine) => [l.code, l.qty, l.lossRate, l.parentProductId])).toEqual([
      [b.code, 2, 10, to.id],
      [m1.code, 3, 0, to.id],
    ]);
    // The copy explodes like the original: same required quantities.
    const exploded = flattenTree((await call('GET', `/tree/${to.id}`)).body.data as BomNode[]);
    expect(exploded.map((n) => n.requiredQty)).toEqual([2.2, 9.24, 2.31, 3.17237, 3.96, 3]);

    const other = await product();
    const m = await material();
    await addMaterial(other, m, 5);
    const again = await call('POST', '/copy', { fromProductId: other.id, toProductId: to.id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT', extraData: { field: 'toProductId' } });
    const replaced = await call('POST', '/copy', { fromProductId: other.id, toProductId: to.id, replace: true });
    expect(replaced.status).toBe(200);
    expect((await call('GET', `/parent/${to.id}`)).body.data.map((l: BomLine) => l.code)).toEqual([m.code]);
  });

  it('refuses a copy that would make a product contain itself, and keeps the target unchanged', async () => {
    const { a, b, c } = await threeLevels();
    // Copying A's lines (B, M1) onto C puts B under C while C is under B.
    const res = await call('POST', '/copy', { fromProductId: a.id, toProductId: c.id, replace: true });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'BOM_CYCLE', extraData: { path: [b.code, c.code, b.code] } });
    expect((await call('GET', `/parent/${c.id}`)).body.data).toHaveLength(2);
  });

  it('answers 400 for missing products, the same product or a source without a BOM; 401 and 403', async () => {
    const [p, empty] = [await product(), await product()];
    await addMaterial(p, await material());
    const missing = await call('POST', '/copy', { fromProductId: 99999999, toProductId: p.id });
    expect([missing.status, fieldOf(missing)]).toEqual([400, 'fromProductId']);
    const noTarget = await call('POST', '/copy', { fromProductId: p.id, toProductId: 99999999 });
    expect([noTarget.status, fieldOf(noTarget)]).toEqual([400, 'toProductId']);
    const same = await call('POST', '/copy', { fromProductId: p.id, toProductId: p.id });
    expect([same.status, fieldOf(same)]).toEqual([400, 'toProductId']);
    const nothing = await call('POST', '/copy', { fromProductId: empty.id, toProductId: p.id });
    expect([nothing.status, fieldOf(nothing)]).toEqual([400, 'fromProductId']);
    expect((await call('POST', '/copy', { fromProductId: 'x', toProductId: p.id })).status).toBe(400);
    const body = { fromProductId: p.id, toProductId: empty.id };
    expect((await call('POST', '/copy', body, null)).status).toBe(401);
    expect((await call('POST', '/copy', body, viewer.token)).status).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents every BOM path of SPEC §7', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).body;
    const paths = Object.keys(doc.paths).filter((p) => p.startsWith('/api/bom'));
    expect(paths.sort()).toEqual(
      [
        '/api/bom',
        '/api/bom/copy',
        '/api/bom/material',
        '/api/bom/material/{parent}/{id}',
        '/api/bom/parent/{id}',
        '/api/bom/product',
        '/api/bom/product/{id}',
        '/api/bom/tree',
        '/api/bom/tree/parent/{id}',
        '/api/bom/tree/stock/{productId}/{qty}',
        '/api/bom/tree/{id}',
        '/api/bom/{id}',
      ].sort(),
    );
  });
});
