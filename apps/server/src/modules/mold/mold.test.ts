import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MOLD_MAINTENANCE_RATIO } from '@eqms/contract';
import { readXlsx } from '../../platform/excel/excel-testing.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, locationBranch, uniq } from '../../test/harness.ts';
import { files } from '../files/files.table.ts';
import { changeHistory } from '../history/history.table.ts';
import { PNG } from '../product/master-fixtures.ts';
import { products } from '../product/product.table.ts';
import { tools } from '../tool/tool.table.ts';

const t = await createTestApp();
const clerk = await t.makeUser({ moldInfo: { all: true } });
const creator = await t.makeUser({ moldInfo: { view: true, create: true } });
const viewer = await t.makeUser({ moldInfo: { view: true } });
const stranger = await t.makeUser({ notice: { view: true } });
const en = { 'accept-language': 'en' };

const call = (method: string, url: string, payload?: unknown, token: string | null = clerk.token) =>
  t.inject({ method, url, payload, token, headers: en });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);
const messagesOf = (res: { body: any }) =>
  (res.body.extraData?.fields ?? []).map((f: { message: string }) => f.message);

const branch = await locationBranch(t.db);
const { shelf: shelf2 } = await locationBranch(t.db);
const [press, press2] = await withTx(t.db, SYSTEM_ACTOR, (tx) =>
  tx
    .insert(tools)
    .values([
      { code: uniq('PR'), name: `프레스 ${uniq('p')}`, locationId: branch.line.id },
      { code: uniq('PR'), name: `프레스 ${uniq('p')}`, locationId: branch.line.id },
    ])
    .returning(),
);
async function makeProduct() {
  const [p] = await withTx(t.db, SYSTEM_ACTOR, (tx) =>
    tx
      .insert(products)
      .values({ code: uniq('FG').toUpperCase(), name: uniq('제품 '), type: 'FINISHED', unit: 'EA' })
      .returning(),
  );
  return p;
}
const product = await makeProduct();
const product2 = await makeProduct();

const body = (extra: Record<string, unknown> = {}) => ({
  code: uniq('MD').toUpperCase(),
  name: uniq('금형 '),
  productIds: [product.id],
  cavities: 4,
  ratedShots: 100_000,
  locationId: branch.shelf.id,
  ...extra,
});
type MoldBody = {
  id: number;
  code: string;
  shotCount: number;
  locationId: number | null;
  toolId: number | null;
  [k: string]: unknown;
};
async function created(extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/mold/mold', body(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as MoldBody;
}
const inout = (moldId: number, extra: Record<string, unknown> = {}, token?: string | null) =>
  call(
    'POST',
    '/api/mold/inout',
    { moldId, type: 'IN', inoutDt: '2026-11-20', worker: '김작업', shotCount: 1000, toolId: press.id, ...extra },
    token,
  );
async function mounted(moldId: number, extra: Record<string, unknown> = {}) {
  const res = await inout(moldId, extra);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; [k: string]: unknown };
}
const getMold = async (id: number) => (await call('GET', `/api/mold/mold/${id}`)).body.data as MoldBody;

/** A multipart body with one file in `name`. */
function upload(content: Buffer, filename = 'drawing.png', name = 'file') {
  const boundary = `----eqms${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...en } };
}

describe('POST /api/mold/mold', () => {
  it('registers a mold on a shelf with its products, audited', async () => {
    const m = await created({ productIds: [product.id, product2.id] });
    expect(m).toMatchObject({
      cavities: 4,
      ratedShots: 100_000,
      shotCount: 0,
      locationId: branch.shelf.id,
      toolId: null,
      mounted: false,
      dueForMaintenance: false,
      inoutCount: 0,
      createdBy: clerk.userId,
    });
    expect((m.products as { id: number }[]).map((p) => p.id).sort()).toEqual([product.id, product2.id].sort());
    expect(m.placePath).toContain(branch.shelf.name);
    expect(m.placePath).toContain(branch.warehouse.name);
    const hist = await t.db
      .select()
      .from(changeHistory)
      .where(and(eq(changeHistory.tableName, 'molds'), eq(changeHistory.rowId, String(m.id))));
    expect(hist.map((h) => h.revisionType)).toEqual(['ADD']);
  });

  it('registers a mold mounted on a tool (a tool/shelf)', async () => {
    const m = await created({ locationId: null, toolId: press.id });
    expect(m).toMatchObject({ toolId: press.id, locationId: null, mounted: true });
    expect(m.placePath).toContain(press.name);
  });

  it('refuses a place that is not a shelf or a tool: 400 on locationId with the placement message', async () => {
    for (const locationId of [branch.warehouse.id, branch.line.id, branch.factory.id, branch.site.id]) {
      const res = await call('POST', '/api/mold/mold', body({ locationId }));
      expect(res.status).toBe(400);
      expect(fieldsOf(res)).toEqual(['locationId']);
      expect(messagesOf(res)[0]).toMatch(/shelf or a tool/);
    }
    const kr = await t.inject({
      method: 'POST',
      url: '/api/mold/mold',
      payload: body({ locationId: branch.warehouse.id }),
      token: clerk.token,
    });
    expect(messagesOf(kr)[0]).toMatch(/선반/);
    // Neither or both places.
    const none = await call('POST', '/api/mold/mold', body({ locationId: null }));
    expect(none.status).toBe(400);
    expect(fieldsOf(none)).toEqual(['locationId']);
    const both = await call('POST', '/api/mold/mold', body({ toolId: press.id }));
    expect(both.status).toBe(400);
  });

  it('400 naming the fields: blank code, zero cavities, negative rated life, unknown field, missing products', async () => {
    const res = await call('POST', '/api/mold/mold', body({ code: ' ', cavities: 0, ratedShots: -1 }));
    expect(res.status).toBe(400);
    expect(fieldsOf(res).sort()).toEqual(['cavities', 'code', 'ratedShots']);
    const extra = await call('POST', '/api/mold/mold', { ...body(), colour: 'red' });
    expect(extra.status).toBe(400);
    const missing = await call('POST', '/api/mold/mold', body({ productIds: [2_000_000_000] }));
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing)).toEqual(['productIds']);
    const noPlace = await call('POST', '/api/mold/mold', body({ locationId: 2_000_000_000 }));
    expect(noPlace.status).toBe(400);
    expect(fieldsOf(noPlace)).toEqual(['locationId']);
  });

  it('409 DUPLICATE on a code in any case', async () => {
    const m = await created();
    const res = await call('POST', '/api/mold/mold', body({ code: m.code.toLowerCase() }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'DUPLICATE', extraData: { field: 'code' } });
  });

  it('with an id updates (modify right needed); 404 for a missing id', async () => {
    const m = await created();
    const res = await call(
      'POST',
      '/api/mold/mold',
      body({ id: m.id, code: m.code, name: '새 이름', productIds: [product2.id], locationId: shelf2.id }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: m.id, name: '새 이름', locationId: shelf2.id });
    expect(res.body.data.products.map((p: { id: number }) => p.id)).toEqual([product2.id]);
    const asCreator = await call('POST', '/api/mold/mold', body({ id: m.id, code: m.code }), creator.token);
    expect(asCreator.status).toBe(403);
    expect((await call('POST', '/api/mold/mold', body(), creator.token)).status).toBe(200);
    const missing = await call('POST', '/api/mold/mold', body({ id: 2_000_000_000 }));
    expect(missing.status).toBe(404);
  });

  it('401 without a token, 403 without the right', async () => {
    expect((await call('POST', '/api/mold/mold', body(), null)).status).toBe(401);
    expect((await call('POST', '/api/mold/mold', body(), viewer.token)).status).toBe(403);
    expect((await call('GET', '/api/mold/molds', undefined, stranger.token)).status).toBe(403);
    expect((await call('GET', '/api/mold/molds', undefined, null)).status).toBe(401);
  });
});

describe('in/out: the mold is where its last in/out put it', () => {
  it('mounts on a press and returns to a shelf; the history keeps from, to, who, shots', async () => {
    const m = await created();
    const mount = await mounted(m.id, { shotCount: 500 });
    expect(mount).toMatchObject({
      type: 'IN',
      fromLocationId: branch.shelf.id,
      toToolId: press.id,
      worker: '김작업',
      shotCount: 500,
      last: true,
    });
    expect(await getMold(m.id)).toMatchObject({
      toolId: press.id,
      locationId: null,
      mounted: true,
      shotCount: 500,
      inoutCount: 1,
    });
    const back = await inout(m.id, {
      type: 'OUT',
      toolId: null,
      locationId: shelf2.id,
      inoutDt: '2026-11-21',
      shotCount: 4500,
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data).toMatchObject({ type: 'OUT', fromToolId: press.id, toLocationId: shelf2.id });
    expect(await getMold(m.id)).toMatchObject({ toolId: null, locationId: shelf2.id, shotCount: 4500, mounted: false });
    const hist = await call('GET', `/api/mold/inout/${m.id}`);
    expect(hist.status).toBe(200);
    expect(hist.body.data.map((i: { type: string; last: boolean }) => [i.type, i.last])).toEqual([
      ['OUT', true],
      ['IN', false],
    ]);
    expect(hist.body.data[0].toPath).toContain(shelf2.name);
    expect(hist.body.data[1].fromPath).toContain(branch.shelf.name);
  });

  it("flags each mold's own last in/out and counts its own shots, whatever other molds did since", async () => {
    const a = await created({ initialShots: 10 });
    const b = await created({ initialShots: 20 });
    await mounted(a.id, { shotCount: 100 });
    await mounted(b.id, { toolId: press2.id, shotCount: 200 });
    const hist = (await call('GET', `/api/mold/inout/${a.id}`)).body.data;
    expect(hist.map((i: { last: boolean }) => i.last)).toEqual([true]);
    expect(await getMold(a.id)).toMatchObject({ shotCount: 100, inoutCount: 1 });
    expect(await getMold(b.id)).toMatchObject({ shotCount: 200, inoutCount: 1 });
    const due = await call('GET', '/api/mold/molds?due=true&page=1&size=5');
    expect(due.status).toBe(200);
    const all = await call('GET', '/api/mold/molds?due=true');
    expect(due.body.total).toBe(all.body.data.length);
  });

  it('deleting the last in/out restores the previous place; an earlier one is 409', async () => {
    const m = await created();
    const first = await mounted(m.id, { shotCount: 100 });
    const second = (await inout(m.id, { type: 'OUT', locationId: shelf2.id, shotCount: 900, inoutDt: '2026-11-22' }))
      .body.data;
    const early = await call('DELETE', `/api/mold/inout/${first.id}`);
    expect(early.status).toBe(409);
    expect(early.body.extraData.messageKey).toBe('moldInoutNotLast');
    const undo = await call('DELETE', `/api/mold/inout/${second.id}`);
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(undo.body.data).toMatchObject({ toolId: press.id, locationId: null, shotCount: 100, inoutCount: 1 });
    const undoFirst = await call('DELETE', `/api/mold/inout/${first.id}`);
    expect(undoFirst.body.data).toMatchObject({
      toolId: null,
      locationId: branch.shelf.id,
      shotCount: 0,
      inoutCount: 0,
    });
    expect((await call('DELETE', `/api/mold/inout/${first.id}`)).status).toBe(404);
    expect((await call('DELETE', `/api/mold/inout/${second.id}`, undefined, viewer.token)).status).toBe(403);
  });

  it('concurrent mounts of one mold: exactly one wins, the others are 409, one in/out is written', async () => {
    const m = await created();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => inout(m.id, { toolId: i % 2 ? press.id : press2.id, shotCount: 100 + i })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    const after = await getMold(m.id);
    expect(after.inoutCount).toBe(1);
    const [only] = (await call('GET', `/api/mold/inout/${m.id}`)).body.data;
    expect(after).toMatchObject({ toolId: only.toToolId, shotCount: only.shotCount });
  });

  it('409 mounting a mounted mold or returning one on a shelf', async () => {
    const m = await created();
    const back = await inout(m.id, { type: 'OUT', locationId: shelf2.id });
    expect(back.status).toBe(409);
    expect(back.body.extraData.messageKey).toBe('moldNotMounted');
    await mounted(m.id);
    const again = await inout(m.id, { toolId: press2.id, shotCount: 2000 });
    expect(again.status).toBe(409);
    expect(again.body.extraData.messageKey).toBe('moldAlreadyMounted');
  });

  it('400: return to a non-shelf location, mount on a missing tool, shots or date going back, missing target', async () => {
    const m = await created({ initialShots: 5000 });
    const low = await inout(m.id, { shotCount: 4999 });
    expect(low.status).toBe(400);
    expect(fieldsOf(low)).toEqual(['shotCount']);
    await mounted(m.id, { shotCount: 5000 });
    const warehouse = await inout(m.id, { type: 'OUT', locationId: branch.warehouse.id, shotCount: 6000 });
    expect(warehouse.status).toBe(400);
    expect(fieldsOf(warehouse)).toEqual(['locationId']);
    expect(messagesOf(warehouse)[0]).toMatch(/shelf or a tool/);
    const before = await inout(m.id, { type: 'OUT', locationId: shelf2.id, shotCount: 6000, inoutDt: '2026-11-19' });
    expect(before.status).toBe(400);
    expect(fieldsOf(before)).toEqual(['inoutDt']);
    const noShelf = await inout(m.id, { type: 'OUT', toolId: null, shotCount: 6000 });
    expect(noShelf.status).toBe(400);
    expect(fieldsOf(noShelf)).toEqual(['locationId']);
    const m2 = await created();
    const noTool = await inout(m2.id, { toolId: 2_000_000_000 });
    expect(noTool.status).toBe(400);
    expect(fieldsOf(noTool)).toEqual(['toolId']);
    const noMold = await inout(2_000_000_000);
    expect(noMold.status).toBe(400);
    expect(fieldsOf(noMold)).toEqual(['moldId']);
    expect((await inout(m2.id, {}, viewer.token)).status).toBe(403);
    expect((await inout(m2.id, {}, null)).status).toBe(401);
  });

  it('the place of a mold with in/outs changes only by an in/out (409 on the form)', async () => {
    const m = await created();
    await mounted(m.id);
    const res = await call('POST', '/api/mold/mold', body({ id: m.id, code: m.code, locationId: shelf2.id }));
    expect(res.status).toBe(409);
    expect(res.body.extraData.messageKey).toBe('moldPlaceByInout');
    const same = await call(
      'POST',
      '/api/mold/mold',
      body({ id: m.id, code: m.code, name: '이름만', locationId: null, toolId: press.id }),
    );
    expect(same.status, JSON.stringify(same.body)).toBe(200);
  });
});

describe('maintenance flag, lists, trees', () => {
  it(`flags a mold at ${MOLD_MAINTENANCE_RATIO * 100} % of its rated life`, async () => {
    const near = await created({ ratedShots: 10_000 });
    await mounted(near.id, { shotCount: 8_999 });
    expect(await getMold(near.id)).toMatchObject({ dueForMaintenance: false, lifeRatio: 0.9 });
    await inout(near.id, { type: 'OUT', locationId: shelf2.id, shotCount: 9_000 });
    expect(await getMold(near.id)).toMatchObject({ dueForMaintenance: true });
    const unknown = await created({ ratedShots: null, initialShots: 99_999 });
    expect(await getMold(unknown.id)).toMatchObject({ dueForMaintenance: false, lifeRatio: null });
    const due = await call('GET', '/api/mold/molds?due=true');
    expect(due.status, JSON.stringify(due.body)).toBe(200);
    const ids = due.body.data.map((x: { id: number }) => x.id);
    expect(ids).toContain(near.id);
    expect(ids).not.toContain(unknown.id);
    expect(due.body.data.every((x: { dueForMaintenance: boolean }) => x.dueForMaintenance)).toBe(true);
  });

  it('lists with filters and pages, exports a workbook', async () => {
    const m = await created({ productIds: [product2.id] });
    const byProduct = await call('GET', `/api/mold/molds?productId=${product2.id}`);
    expect(byProduct.body.data.map((x: { id: number }) => x.id)).toContain(m.id);
    const byText = await call('GET', `/api/mold/molds?q=${encodeURIComponent(product2.code)}`);
    expect(byText.body.data.map((x: { id: number }) => x.id)).toContain(m.id);
    const page = await call('GET', '/api/mold/molds?page=1&size=2');
    expect(page.body.data).toHaveLength(2);
    expect(page.body.total).toBeGreaterThan(2);
    const bad = await call('GET', '/api/mold/molds?due=maybe');
    expect(bad.status).toBe(400);
    const xlsx = await t.inject({
      method: 'GET',
      url: `/api/mold/molds/excel?q=${m.code}`,
      token: clerk.token,
      headers: en,
    });
    expect(xlsx.status).toBe(200);
    const sheet = await readXlsx(xlsx.raw.rawPayload);
    expect(JSON.stringify(sheet[0].rows)).toContain(m.code);
  });

  it('molds at a location (below it) and on a tool; 404 for missing ones', async () => {
    const onShelf = await created();
    const onPress = await created({ locationId: null, toolId: press2.id });
    const atFactory = await call('GET', `/api/mold/location/${branch.factory.id}/molds`);
    const ids = atFactory.body.data.map((x: { id: number }) => x.id);
    expect(ids).toEqual(expect.arrayContaining([onShelf.id, onPress.id]));
    const atPress = await call('GET', `/api/mold/tool/${press2.id}/molds`);
    expect(atPress.body.data.map((x: { id: number }) => x.id)).toContain(onPress.id);
    expect(atPress.body.data.map((x: { id: number }) => x.id)).not.toContain(onShelf.id);
    expect((await call('GET', '/api/mold/location/2000000000/molds')).status).toBe(404);
    expect((await call('GET', '/api/mold/tool/2000000000/molds')).status).toBe(404);
    expect((await call('GET', '/api/mold/tool/abc/molds')).status).toBe(400);
    expect((await call('GET', '/api/mold/mold/2000000000')).status).toBe(404);
    expect((await call('GET', '/api/mold/inout/2000000000')).status).toBe(404);
  });

  it('trees: by location with counts, by product; the cascader marks shelves and tools selectable', async () => {
    const m = await created({ productIds: [] });
    const tree = await call('GET', '/api/mold/location/tree');
    expect(tree.status).toBe(200);
    const find = (nodes: any[], key: string): any =>
      nodes.reduce((hit, n) => hit ?? (n.key === key ? n : find(n.children, key)), undefined);
    const site = find(tree.body.data, `L${branch.site.id}`);
    expect(site.moldCount).toBeGreaterThan(0);
    expect(find(tree.body.data, `L${branch.shelf.id}`).moldCount).toBeGreaterThan(0);
    const byMold = await call('GET', '/api/mold/mold/tree');
    const orphan = byMold.body.data.find((n: { key: string }) => n.key === 'P0');
    expect(orphan.children.map((c: { id: number }) => c.id)).toContain(m.id);
    const cascader = await call('GET', '/api/mold/cascader');
    const opt = (nodes: any[], value: string): any =>
      nodes.reduce((hit, n) => hit ?? (n.value === value ? n : opt(n.children ?? [], value)), undefined);
    expect(opt(cascader.body.data, `L${branch.shelf.id}`).selectable).toBe(true);
    expect(opt(cascader.body.data, `L${branch.warehouse.id}`).selectable).toBe(false);
    expect(opt(cascader.body.data, `T${press.id}`).selectable).toBe(true);
    expect((await call('GET', '/api/mold/cascader', undefined, stranger.token)).status).toBe(403);
  });
});

describe('design image and delete', () => {
  it('takes an image by its bytes, refuses a non-image, serves it, removes it', async () => {
    const m = await created();
    const put = (content: Buffer, name?: string, token = clerk.token) =>
      t.inject({ method: 'PUT', url: `/api/mold/mold/${m.id}/design-image`, token, ...upload(content, name) });
    const bad = await put(Buffer.from('MZ\x90\x00 not an image', 'latin1'), 'drawing.png');
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual(['file']);
    const big = await put(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.status).toBe(400);
    expect((await put(PNG, 'a.png', viewer.token)).status).toBe(403);
    const ok = await put(PNG, '도면.png');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.designImageName).toBe('도면.png');
    const img = await t.inject({ method: 'GET', url: `/api/mold/mold/${m.id}/design-image`, token: viewer.token });
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.raw.rawPayload.equals(PNG)).toBe(true);
    const fileId = ok.body.data.designImageId;
    const gone = await call('DELETE', `/api/mold/mold/${m.id}/design-image`);
    expect(gone.body.data.designImageId).toBeNull();
    expect(await t.db.select({ id: files.id }).from(files).where(eq(files.id, fileId))).toEqual([]);
    expect((await call('GET', `/api/mold/mold/${m.id}/design-image`)).status).toBe(404);
  });

  it('deletes a mold with its history and image; 404 after; 403 without the right', async () => {
    const m = await created();
    await mounted(m.id);
    await t.inject({ method: 'PUT', url: `/api/mold/mold/${m.id}/design-image`, token: clerk.token, ...upload(PNG) });
    expect((await call('DELETE', `/api/mold/mold/${m.id}`, undefined, viewer.token)).status).toBe(403);
    const res = await call('DELETE', `/api/mold/mold/${m.id}`);
    expect(res.status).toBe(200);
    expect((await call('GET', `/api/mold/mold/${m.id}`)).status).toBe(404);
    expect((await call('DELETE', `/api/mold/mold/${m.id}`)).status).toBe(404);
  });

  it('a shelf, tool or product a mold uses cannot be deleted (409 with the mold)', async () => {
    const p = await makeProduct();
    const { shelf } = await locationBranch(t.db);
    const m = await created({ productIds: [p.id], locationId: shelf.id });
    const admin = await t.makeUser({ productInfo: { all: true }, location: { all: true } });
    const delProduct = await t.inject({
      method: 'DELETE',
      url: `/api/product/products/${p.id}`,
      token: admin.token,
      headers: en,
    });
    expect(delProduct.status).toBe(409);
    expect(delProduct.body.extraData.datas.map((d: { id: string }) => d.id)).toContain(m.code);
    const delShelf = await t.inject({
      method: 'DELETE',
      url: `/api/location/${shelf.id}`,
      token: admin.token,
      headers: en,
    });
    expect(delShelf.status).toBe(409);
  });
});
