import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../platform/dates.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, locationBranch, uniq } from '../../test/harness.ts';
import { ensureEquipmentCodes, makeEquipment } from '../equipment/equipment-fixtures.ts';
import { tools } from '../tool/tool.table.ts';
import { equipmentHistories, equipmentStocks } from './equipment-stock.table.ts';

const t = await createTestApp();
await ensureEquipmentCodes(t.db);
const clerk = await t.makeUser({ equipmentStock: { all: true }, equipmentHistory: { view: true } });
const viewer = await t.makeUser({ equipmentStock: { view: true } });
const stranger = await t.makeUser({ notice: { view: true } });
const en = { 'accept-language': 'en' };
const today = todayIn(t.config.timeZone);
const branch = await locationBranch(t.db);
const other = await locationBranch(t.db);
const [machine] = await withTx(t.db, SYSTEM_ACTOR, (tx) =>
  tx
    .insert(tools)
    .values({ code: uniq('T'), name: uniq('설비 '), locationId: branch.line.id })
    .returning(),
);

const call = (method: string, url: string, payload?: unknown, token: string | null = clerk.token) =>
  t.inject({ method, url, payload, token, headers: en });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);
async function add(equipmentId: number, qty: number, place: Record<string, number> = { locationId: branch.shelf.id }) {
  const res = await call('POST', '/api/equipment-stock', { equipmentId, qty, ...place });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; qty: number; isDiscard: boolean };
}
/** Every stock row of the kind: its ledger sums to its qty. */
async function assertLedger(equipmentId: number) {
  const rows = await t.db.select().from(equipmentStocks).where(eq(equipmentStocks.equipmentId, equipmentId));
  const moves = await t.db.select().from(equipmentHistories).where(eq(equipmentHistories.equipmentId, equipmentId));
  for (const r of rows) {
    const sum = moves.filter((m) => m.stockId === r.id).reduce((a, m) => a + m.qty, 0);
    expect(Math.abs(sum - r.qty), `row ${r.id}`).toBeLessThan(1e-6);
    expect(r.qty).toBeGreaterThanOrEqual(0);
  }
}

describe('add stock', () => {
  it('adds at a location or a tool; a second add at the same place merges into the row (ADD movements)', async () => {
    const kind = await makeEquipment(t.db);
    const first = await add(kind.id, 5);
    const again = await add(kind.id, 2.5);
    expect(again.id).toBe(first.id);
    expect(again.qty).toBe(7.5);
    const onTool = await call('POST', '/api/equipment-stock', { equipmentId: kind.id, toolId: machine.id, qty: 1 });
    expect(onTool.status).toBe(200);
    expect(onTool.body.data).toMatchObject({ toolId: machine.id, toolName: machine.name, locationId: null, qty: 1 });
    expect(onTool.body.data.placePath).toContain(machine.name);
    const got = await call('GET', `/api/equipment-stock/${first.id}`, undefined, viewer.token);
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ equipmentId: kind.id, qty: 7.5, isDiscard: false, createdBy: clerk.userId });
    const hist = await call('GET', `/api/equipment-stock/histories/${first.id}`, undefined, viewer.token);
    expect(hist.body.data.map((h: any) => [h.type, h.qty, h.balance])).toEqual([
      ['ADD', 5, 5],
      ['ADD', 2.5, 7.5],
    ]);
    await assertLedger(kind.id);
  });

  it('400 names the field; 401; 403; 404', async () => {
    const kind = await makeEquipment(t.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ equipmentId: kind.id, qty: 1 }, 'locationId'],
      [{ equipmentId: kind.id, qty: 1, locationId: branch.shelf.id, toolId: machine.id }, 'locationId'],
      [{ equipmentId: kind.id, qty: 0, locationId: branch.shelf.id }, 'qty'],
      [{ equipmentId: kind.id, qty: -2, locationId: branch.shelf.id }, 'qty'],
      [{ equipmentId: 2000000000, qty: 1, locationId: branch.shelf.id }, 'equipmentId'],
      [{ equipmentId: kind.id, qty: 1, locationId: 2000000000 }, 'locationId'],
      [{ equipmentId: kind.id, qty: 1, toolId: 2000000000 }, 'toolId'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '/api/equipment-stock', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(payload)).toContain(field);
    }
    const body = { equipmentId: kind.id, qty: 1, locationId: branch.shelf.id };
    expect((await call('POST', '/api/equipment-stock', body, null)).status).toBe(401);
    expect((await call('POST', '/api/equipment-stock', body, viewer.token)).status).toBe(403);
    expect((await call('GET', '/api/equipment-stock', undefined, stranger.token)).status).toBe(403);
    for (const url of [
      '/api/equipment-stock',
      '/api/equipment-stock/location/tree',
      '/api/equipment-stock/stock/tree',
      '/api/equipment-stock/location/tree/tool',
      `/api/equipment-stock/location/${branch.site.id}`,
      `/api/equipment-stock/tool/${machine.id}`,
      '/api/equipment-stock/1',
      '/api/equipment-stock/histories/1',
    ]) {
      expect((await call('GET', url, undefined, null)).status, url).toBe(401);
      expect((await call('GET', url, undefined, stranger.token)).status, url).toBe(403);
    }
    expect((await call('GET', '/api/equipment-stock/2000000000')).status).toBe(404);
    expect((await call('GET', '/api/equipment-stock/histories/2000000000')).status).toBe(404);
    expect((await call('GET', '/api/equipment-stock/location/2000000000')).status).toBe(404);
    expect((await call('GET', '/api/equipment-stock/tool/2000000000')).status).toBe(404);
    expect((await call('GET', '/api/equipment-stock/x')).status).toBe(400);
    expect((await call('GET', '/api/equipment-stock?isDiscard=maybe')).status).toBe(400);
  });
});

describe('move', () => {
  it('moves part to another location and to a tool: MOVE_OUT here, MOVE_IN there, merging into the row there', async () => {
    const kind = await makeEquipment(t.db);
    const src = await add(kind.id, 10);
    const there = await add(kind.id, 1, { locationId: other.shelf.id });
    const moved = await call('PUT', `/api/equipment-stock/move/${src.id}`, {
      locationId: other.shelf.id,
      qty: 4,
      reason: '재배치',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ id: there.id, qty: 5, locationId: other.shelf.id });
    const toTool = await call('PUT', `/api/equipment-stock/move/${src.id}`, { toolId: machine.id, qty: 6 });
    expect(toTool.status).toBe(200);
    expect(toTool.body.data).toMatchObject({ toolId: machine.id, qty: 6 });
    expect((await call('GET', `/api/equipment-stock/${src.id}`)).body.data.qty).toBe(0);
    const hist = (await call('GET', `/api/equipment-stock/histories/${src.id}`)).body.data;
    expect(hist.map((h: any) => [h.type, h.qty, h.balance])).toEqual([
      ['ADD', 10, 10],
      ['MOVE_OUT', -4, 6],
      ['MOVE_OUT', -6, 0],
    ]);
    expect(hist[1].otherPlacePath).toContain(other.shelf.name);
    expect(hist[1].reason).toBe('재배치');
    const inThere = (await call('GET', `/api/equipment-stock/histories/${there.id}`)).body.data;
    expect(inThere[1]).toMatchObject({ type: 'MOVE_IN', qty: 4, balance: 5 });
    expect(inThere[1].otherPlacePath).toContain(branch.shelf.name);
    // An emptied row leaves the lists.
    const listed = (await call('GET', `/api/equipment-stock?equipmentId=${kind.id}`)).body.data;
    expect(listed.map((r: any) => r.qty).sort()).toEqual([5, 6]);
    await assertLedger(kind.id);
  });

  it('409 OUT_OF_STOCK beyond the row, 400 to the same place or nowhere, 404 for a missing row, 403 for a viewer', async () => {
    const kind = await makeEquipment(t.db);
    const src = await add(kind.id, 3);
    const over = await call('PUT', `/api/equipment-stock/move/${src.id}`, { locationId: other.shelf.id, qty: 3.5 });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 'OUT_OF_STOCK', extraData: { available: 3, requested: 3.5 } });
    const same = await call('PUT', `/api/equipment-stock/move/${src.id}`, { locationId: branch.shelf.id, qty: 1 });
    expect(same.status).toBe(400);
    expect(fieldsOf(same)).toEqual(['locationId']);
    expect((await call('PUT', `/api/equipment-stock/move/${src.id}`, { qty: 1 })).status).toBe(400);
    const gone = await call('PUT', '/api/equipment-stock/move/2000000000', { locationId: other.shelf.id, qty: 1 });
    expect(gone.status).toBe(404);
    const viewerMove = await call(
      'PUT',
      `/api/equipment-stock/move/${src.id}`,
      { locationId: other.shelf.id, qty: 1 },
      viewer.token,
    );
    expect(viewerMove.status).toBe(403);
    expect((await call('GET', `/api/equipment-stock/${src.id}`)).body.data.qty).toBe(3);
  });
});

describe('discard', () => {
  it('takes the quantity out of the available row into a discarded row that stays listed (isDiscard)', async () => {
    const kind = await makeEquipment(t.db, { kindQty: 5 });
    const src = await add(kind.id, 8);
    const res = await call('PUT', `/api/equipment-stock/discard/${src.id}`, {
      discardItem: { reason: '파손', qty: 3 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ isDiscard: true, qty: 3, discardReason: '파손', discardedFromId: src.id });
    const available = (await call('GET', `/api/equipment-stock?equipmentId=${kind.id}&isDiscard=false`)).body.data;
    expect(available.map((r: any) => r.qty)).toEqual([5]);
    const discarded = (await call('GET', `/api/equipment-stock?equipmentId=${kind.id}&isDiscard=true`)).body.data;
    expect(discarded.map((r: any) => [r.id, r.qty])).toEqual([[res.body.data.id, 3]]);
    const all = (await call('GET', `/api/equipment-stock?equipmentId=${kind.id}`)).body.data;
    expect(all).toHaveLength(2);
    const kindView = (await call('GET', `/api/equipment-stock/stock/tree`)).body.data
      .flatMap((n: any) => n.children)
      .find((n: any) => n.id === kind.id);
    expect(kindView.qty).toBe(5);
    // A discarded row is a record: no move, discard or edit.
    const d = res.body.data.id;
    for (const [url, payload] of [
      [`/api/equipment-stock/discard/${d}`, { discardItem: { reason: 'x', qty: 1 } }],
      [`/api/equipment-stock/move/${d}`, { locationId: other.shelf.id, qty: 1 }],
      [`/api/equipment-stock/${d}`, { qty: 1, reason: 'x' }],
    ] as const) {
      const r = await call('PUT', url, payload);
      expect(r.status, url).toBe(409);
      expect(r.body.code).toBe('CONFLICT');
    }
    const over = await call('PUT', `/api/equipment-stock/discard/${src.id}`, {
      discardItem: { reason: '파손', qty: 6 },
    });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('OUT_OF_STOCK');
    const noReason = await call('PUT', `/api/equipment-stock/discard/${src.id}`, { discardItem: { qty: 1 } });
    expect(noReason.status).toBe(400);
    expect(fieldsOf(noReason)).toContain('discardItem.reason');
    expect((await call('PUT', `/api/equipment-stock/discard/${src.id}`, { reason: 'x', qty: 1 })).status).toBe(400);
    const missing = await call('PUT', '/api/equipment-stock/discard/2000000000', {
      discardItem: { reason: 'x', qty: 1 },
    });
    expect(missing.status).toBe(404);
    await assertLedger(kind.id);
  });
});

describe('edit with a reason', () => {
  it('sets the count and writes the difference as EDIT; the reason is required', async () => {
    const kind = await makeEquipment(t.db);
    const src = await add(kind.id, 4);
    const res = await call('PUT', `/api/equipment-stock/${src.id}`, {
      qty: 2.5,
      reason: '실사',
      description: '선반 A',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ qty: 2.5, description: '선반 A', updatedBy: clerk.userId });
    const hist = (await call('GET', `/api/equipment-stock/histories/${src.id}`)).body.data;
    expect(hist.at(-1)).toMatchObject({ type: 'EDIT', qty: -1.5, balance: 2.5, reason: '실사' });
    const noReason = await call('PUT', `/api/equipment-stock/${src.id}`, { qty: 1 });
    expect(noReason.status).toBe(400);
    expect(fieldsOf(noReason)).toEqual(['reason']);
    expect((await call('PUT', `/api/equipment-stock/${src.id}`, { qty: -1, reason: 'x' })).status).toBe(400);
    expect((await call('PUT', '/api/equipment-stock/2000000000', { qty: 1, reason: 'x' })).status).toBe(404);
    expect((await call('PUT', `/api/equipment-stock/${src.id}`, { qty: 1, reason: 'x' }, viewer.token)).status).toBe(
      403,
    );
    await assertLedger(kind.id);
  });
});

describe('trees and places', () => {
  it('sums the available stock up the location tree, on tools, and per kind', async () => {
    const kind = await makeEquipment(t.db, { type: 'SPARE_PART', subType: 'BEARING' });
    const branch2 = await locationBranch(t.db);
    const [press] = await withTx(t.db, SYSTEM_ACTOR, (tx) =>
      tx
        .insert(tools)
        .values({ code: uniq('T'), name: uniq('프레스 '), locationId: branch2.line.id })
        .returning(),
    );
    await add(kind.id, 3, { locationId: branch2.shelf.id });
    const onPress = await add(kind.id, 2, { toolId: press.id });
    await call('PUT', `/api/equipment-stock/discard/${onPress.id}`, { discardItem: { reason: '마모', qty: 0.5 } });
    const find = (nodes: any[], key: string): any => {
      for (const n of nodes) {
        if (n.key === key) return n;
        const hit = find(n.children, key);
        if (hit) return hit;
      }
    };
    const byLocation = (await call('GET', '/api/equipment-stock/location/tree', undefined, viewer.token)).body.data;
    expect(find(byLocation, `L${branch2.site.id}`).qty).toBe(4.5);
    expect(find(byLocation, `L${branch2.warehouse.id}`).qty).toBe(3);
    expect(find(byLocation, `L${branch2.line.id}`).qty).toBe(1.5);
    const byTool = (await call('GET', '/api/equipment-stock/location/tree/tool', undefined, viewer.token)).body.data;
    expect(find(byTool, `T${press.id}`)).toMatchObject({ kind: 'tool', qty: 1.5 });
    expect(find(byTool, `L${branch2.site.id}`).qty).toBe(1.5);
    const byKind = (await call('GET', '/api/equipment-stock/stock/tree', undefined, viewer.token)).body.data;
    expect(find(byKind, `E${kind.id}`)).toMatchObject({ kind: 'equipment', qty: 4.5 });
    expect(find(byKind, 'CSPARE_PART').kind).toBe('type');

    const atSite = (await call('GET', `/api/equipment-stock/location/${branch2.site.id}`)).body.data;
    expect(atSite.map((r: any) => [r.qty, r.isDiscard]).sort()).toEqual([
      [0.5, true],
      [1.5, false],
      [3, false],
    ]);
    const atTwo = await call(
      'GET',
      `/api/equipment-stock/location/${branch2.shelf.id},${branch2.line.id}?isDiscard=false`,
    );
    expect(atTwo.body.data.map((r: any) => r.qty).sort()).toEqual([1.5, 3]);
    const atPress = await call('GET', `/api/equipment-stock/tool/${press.id}?isDiscard=true`);
    expect(atPress.body.data.map((r: any) => r.qty)).toEqual([0.5]);
  });

  it('pages the rows on the server (page and size → those rows, in order, and the total) and filters by type', async () => {
    const b = await locationBranch(t.db);
    const spare = await makeEquipment(t.db, { name: uniq('가 '), type: 'SPARE_PART', subType: 'BEARING' });
    const glove = await makeEquipment(t.db, { name: uniq('나 ') });
    await add(spare.id, 1, { locationId: b.shelf.id });
    await add(spare.id, 2, { locationId: b.warehouse.id });
    await add(glove.id, 4, { locationId: b.shelf.id });
    const url = `/api/equipment-stock/location/${b.site.id}`;
    const all = (await call('GET', `${url}?isDiscard=false`, undefined, viewer.token)).body;
    // By kind name, then row: the spare part's two rows (shelf first, made first), then the gloves.
    expect(all.data.map((r: any) => [r.equipmentId, r.qty])).toEqual([
      [spare.id, 1],
      [spare.id, 2],
      [glove.id, 4],
    ]);
    expect(all.total).toBe(3);
    const first = (await call('GET', `${url}?isDiscard=false&page=1&size=2`, undefined, viewer.token)).body;
    const second = (await call('GET', `${url}?isDiscard=false&page=2&size=2`, undefined, viewer.token)).body;
    expect(first.total).toBe(3);
    expect(second.total).toBe(3);
    expect([...first.data, ...second.data].map((r: any) => r.id)).toEqual(all.data.map((r: any) => r.id));
    expect(second.data[0].placePath).toBe(all.data[2].placePath);
    const spares = (await call('GET', `${url}?type=SPARE_PART&page=1&size=10`, undefined, viewer.token)).body;
    expect(spares.total).toBe(2);
    expect(spares.data.every((r: any) => r.type === 'SPARE_PART')).toBe(true);
    const byKind = (await call('GET', `/api/equipment-stock?equipmentId=${glove.id}&page=1&size=1`)).body;
    expect(byKind).toMatchObject({ total: 1, data: [{ equipmentId: glove.id, qty: 4 }] });
    for (const bad of ['page=0', 'size=1001', 'page=x', 'isDiscard=maybe']) {
      const res = await call('GET', `/api/equipment-stock?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(fieldsOf(res)).toContain(bad.split('=')[0]);
    }
  });

  it('a location or tool with equipment stock cannot be deleted (409 listing the stock)', async () => {
    const kind = await makeEquipment(t.db);
    const b = await locationBranch(t.db);
    await add(kind.id, 1, { locationId: b.shelf.id });
    const admin = await t.makeUser({ location: { all: true } });
    const res = await call('DELETE', `/api/location/${b.shelf.id}`, undefined, admin.token);
    expect(res.status).toBe(409);
    expect(res.body.extraData.datas.map((d: any) => d.screen)).toContain('equipmentStock');
  });
});

describe('equipment history', () => {
  it('lists the period movements newest first, filtered by kind, type and text, paged', async () => {
    const kind = await makeEquipment(t.db, { name: uniq('이력비품 ') });
    const src = await add(kind.id, 6);
    await call('PUT', `/api/equipment-stock/move/${src.id}`, { toolId: machine.id, qty: 2, reason: '설비 투입' });
    await call('PUT', `/api/equipment-stock/discard/${src.id}`, { discardItem: { reason: '오염', qty: 1 } });
    const url = `/api/equipment-history?startDt=${addDays(today, -1)}&endDt=${today}&equipmentId=${kind.id}`;
    const all = await call('GET', url);
    expect(all.status).toBe(200);
    expect(all.body.data.map((h: any) => h.type)).toEqual(['DISCARD', 'DISCARD', 'MOVE_IN', 'MOVE_OUT', 'ADD']);
    const moves = await call('GET', `${url}&type=MOVE_OUT&type=MOVE_IN`);
    expect(moves.body.data).toHaveLength(2);
    const text = await call('GET', `${url}&q=${encodeURIComponent('오염')}`);
    expect(text.body.data).toHaveLength(2);
    const page = await call('GET', `${url}&page=2&size=2`);
    expect(page.body.total).toBe(5);
    expect(page.body.data.map((h: any) => h.type)).toEqual(['MOVE_IN', 'MOVE_OUT']);
    const before = await call(
      'GET',
      `/api/equipment-history?startDt=2020-01-01&endDt=2020-01-31&equipmentId=${kind.id}`,
    );
    expect(before.body.data).toEqual([]);
  });

  it('400 without a period or over 366 days; 401; 403', async () => {
    expect(fieldsOf(await call('GET', '/api/equipment-history'))).toEqual(expect.arrayContaining(['startDt', 'endDt']));
    const long = await call('GET', '/api/equipment-history?startDt=2024-01-01&endDt=2025-06-01');
    expect(long.status).toBe(400);
    expect(fieldsOf(long)).toEqual(['endDt']);
    expect((await call('GET', `/api/equipment-history?startDt=${today}&endDt=${today}&type=X`)).status).toBe(400);
    const ok = `/api/equipment-history?startDt=${today}&endDt=${today}`;
    expect((await call('GET', ok, undefined, null)).status).toBe(401);
    expect((await call('GET', ok, undefined, viewer.token)).status).toBe(403);
  });
});
