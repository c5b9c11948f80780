import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, locationBranch } from '../../test/harness.ts';
import { changeHistory } from '../history/history.table.ts';
import { ensureEquipmentCodes, makeEquipment } from './equipment-fixtures.ts';

const t = await createTestApp();
await ensureEquipmentCodes(t.db);
const clerk = await t.makeUser({ equipment: { all: true }, equipmentStock: { all: true } });
const viewer = await t.makeUser({ equipment: { view: true } });
const stranger = await t.makeUser({ notice: { view: true } });
const en = { 'accept-language': 'en' };
const branch = await locationBranch(t.db);

const call = (method: string, url: string, payload?: unknown, token: string | null = clerk.token) =>
  t.inject({ method, url, payload, token, headers: en });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);
const body = (extra: Record<string, unknown> = {}) => ({
  name: '니트릴 장갑',
  type: 'CONSUMABLE',
  subType: 'GLOVE',
  standard: 'L',
  kind: '일회용',
  kindQty: 100,
  status: 'OPERATING',
  ...extra,
});
const addStock = async (equipmentId: number, qty: number) => {
  const res = await call('POST', '/api/equipment-stock', { equipmentId, locationId: branch.shelf.id, qty });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number };
};

describe('equipment kinds', () => {
  it('creates, reads, lists, updates and deletes a kind, audited', async () => {
    const created = await call('POST', '/api/equipment', body());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const kind = created.body.data;
    expect(kind).toMatchObject({
      name: '니트릴 장갑',
      type: 'CONSUMABLE',
      typeName: '소모품',
      subType: 'GLOVE',
      subTypeName: '작업 장갑',
      kindQty: 100,
      status: 'OPERATING',
      stockQty: 0,
      discardQty: 0,
      createdBy: clerk.userId,
    });
    const got = await call('GET', `/api/equipment/${kind.id}`, undefined, viewer.token);
    expect(got.status).toBe(200);
    expect(got.body.data.id).toBe(kind.id);

    const listed = await call('GET', `/api/equipment?q=${encodeURIComponent('니트릴')}&type=CONSUMABLE&page=1&size=5`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((r: { id: number }) => r.id)).toContain(kind.id);
    expect(listed.body.total).toBeGreaterThanOrEqual(1);
    const other = await call('GET', '/api/equipment?status=UNDER_INSPECTION');
    expect(other.body.data.map((r: { id: number }) => r.id)).not.toContain(kind.id);

    const updated = await call('PUT', `/api/equipment/${kind.id}`, body({ status: 'UNDER_INSPECTION', kindQty: 50 }));
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ status: 'UNDER_INSPECTION', kindQty: 50, updatedBy: clerk.userId });

    const removed = await call('DELETE', `/api/equipment/${kind.id}`);
    expect(removed.status).toBe(200);
    expect((await call('GET', `/api/equipment/${kind.id}`)).status).toBe(404);
    const revisions = await t.db
      .select()
      .from(changeHistory)
      .where(inArray(changeHistory.tableName, ['equipments']));
    const mine = revisions.filter((r) => r.rowId === String(kind.id));
    expect(mine.map((r) => r.revisionType)).toEqual(['ADD', 'MOD', 'DEL']);
    expect(mine.every((r) => r.updateBy === clerk.userId)).toBe(true);
  });

  it('400 names the field: missing name, unknown type, a sub-type of another type, negative kindQty, bad status', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [body({ name: '' }), 'name'],
      [body({ type: 'NOPE' }), 'type'],
      [body({ subType: 'NOPE' }), 'subType'],
      [body({ subType: 'BEARING' }), 'subType'],
      [body({ kindQty: -1 }), 'kindQty'],
      [body({ kindQty: 'x' }), 'kindQty'],
      [body({ status: 'BROKEN' }), 'status'],
      [body({ extra: 1 }), ''],
    ];
    for (const [payload, field] of cases) {
      const res = await call('POST', '/api/equipment', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      if (field) expect(fieldsOf(res)).toContain(field);
    }
    const bearing = await call('POST', '/api/equipment', body({ type: 'SPARE_PART', subType: 'BEARING' }));
    expect(bearing.status).toBe(200);
    const ko = await t.inject({
      method: 'POST',
      url: '/api/equipment',
      payload: body({ subType: 'BEARING' }),
      token: clerk.token,
    });
    expect(ko.body.extraData.fields[0].message).toBe('세부 유형이 선택한 유형에 속하지 않습니다.');
    expect((await call('GET', '/api/equipment/abc')).status).toBe(400);
  });

  it('401 without a token, 403 without the right, 404 for a missing kind', async () => {
    expect((await call('GET', '/api/equipment', undefined, null)).status).toBe(401);
    expect((await call('GET', '/api/equipment/insufficient-list', undefined, null)).status).toBe(401);
    expect((await call('POST', '/api/equipment', body(), null)).status).toBe(401);
    expect((await call('GET', '/api/equipment', undefined, stranger.token)).status).toBe(403);
    expect((await call('GET', '/api/equipment/insufficient-list', undefined, stranger.token)).status).toBe(403);
    expect((await call('POST', '/api/equipment', body(), viewer.token)).status).toBe(403);
    expect((await call('PUT', '/api/equipment/1', body(), viewer.token)).status).toBe(403);
    expect((await call('DELETE', '/api/equipment/1', undefined, viewer.token)).status).toBe(403);
    expect((await call('GET', '/api/equipment/2000000000')).status).toBe(404);
    expect((await call('PUT', '/api/equipment/2000000000', body())).status).toBe(404);
    expect((await call('DELETE', '/api/equipment/2000000000')).status).toBe(404);
  });

  it('deletes several ids all or none; a kind with stock cannot be deleted (409 with the stock rows)', async () => {
    const a = await makeEquipment(t.db);
    const b = await makeEquipment(t.db);
    const stocked = await makeEquipment(t.db);
    await addStock(stocked.id, 2);
    const blocked = await call('DELETE', `/api/equipment/${a.id},${stocked.id}`);
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe('ERROR_CONSTRAINT_VIOLATION');
    expect(blocked.body.extraData.datas.map((d: { screen: string }) => d.screen)).toContain('equipmentStock');
    expect((await call('GET', `/api/equipment/${a.id}`)).status).toBe(200);
    expect((await call('DELETE', `/api/equipment/${a.id},2000000000`)).status).toBe(404);
    expect((await call('GET', `/api/equipment/${a.id}`)).status).toBe(200);
    expect((await call('DELETE', `/api/equipment/${a.id},${b.id}`)).status).toBe(200);
    expect((await call('GET', `/api/equipment/${b.id}`)).status).toBe(404);
  });
});

describe('the insufficient list (SPEC §3 row)', () => {
  it('lists exactly the kinds whose available stock is below kindQty, discarded stock not counted', async () => {
    const short = await makeEquipment(t.db, { kindQty: 10, standard: 'M', kind: '면' });
    const exact = await makeEquipment(t.db, { kindQty: 5 });
    const discarded = await makeEquipment(t.db, { kindQty: 3, type: 'SPARE_PART', subType: 'BEARING' });
    const none = await makeEquipment(t.db, { kindQty: 0 });
    const empty = await makeEquipment(t.db, { kindQty: 2.5 });
    await addStock(short.id, 4);
    await addStock(exact.id, 5);
    const row = await addStock(discarded.id, 5);
    const d = await call('PUT', `/api/equipment-stock/discard/${row.id}`, { discardItem: { reason: '파손', qty: 3 } });
    expect(d.status).toBe(200);

    const res = await call('GET', '/api/equipment/insufficient-list', undefined, viewer.token);
    expect(res.status).toBe(200);
    const mine = new Set([short.id, exact.id, discarded.id, none.id, empty.id]);
    const rows = res.body.data.filter((r: { id: number }) => mine.has(r.id));
    // Hand-computed: short 4 < 10 (6 short), empty 0 < 2.5, discarded 5 − 3 = 2 < 3; exact 5 = 5 and none 0 = 0 are not.
    expect(rows).toEqual([
      {
        id: short.id,
        name: short.name,
        type: 'CONSUMABLE',
        typeName: '소모품',
        subType: 'GLOVE',
        subTypeName: '작업 장갑',
        standard: 'M',
        kind: '면',
        stockQty: 4,
        kindQty: 10,
      },
      expect.objectContaining({ id: empty.id, stockQty: 0, kindQty: 2.5 }),
      expect.objectContaining({ id: discarded.id, stockQty: 2, kindQty: 3, type: 'SPARE_PART', subType: 'BEARING' }),
    ]);
    const kind = await call('GET', `/api/equipment/${discarded.id}`);
    expect(kind.body.data).toMatchObject({ stockQty: 2, discardQty: 3 });
  });
});
