import { and, eq } from 'drizzle-orm';
import type { Tool, ToolTreeNode } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, locationBranch, uniq } from '../../test/harness.ts';
import { codeCategories, codes } from '../code/code.table.ts';
import { changeHistory } from '../history/history.table.ts';
import { operations } from '../operation/operation.table.ts';
import { operPlans } from '../oper-plan/oper-plan.table.ts';
import { parameters } from '../parameter/parameter.table.ts';
import { products } from '../product/product.table.ts';
import { users } from '../user/user.table.ts';
import { toolInspectHistories, tools } from './tool.table.ts';

const t = await createTestApp();
const editor = await t.makeUser({ tools: { all: true } });
const viewer = await t.makeUser({ tools: { view: true } });
const reader = await t.makeUser({});
const en = { 'accept-language': 'en' };

const branch = () => locationBranch(t.db);

/** A code of TOOL_TYPE (the category is created when the snapshot has none). */
async function toolType(): Promise<string> {
  return withTx(t.db, SYSTEM_ACTOR, async (tx) => {
    let [cat] = await tx.select().from(codeCategories).where(eq(codeCategories.category, 'TOOL_TYPE'));
    if (!cat) [cat] = await tx.insert(codeCategories).values({ category: 'TOOL_TYPE', name: '설비 유형' }).returning();
    const code = uniq('TT').toUpperCase();
    await tx.insert(codes).values({ categoryId: cat.id, code, codeName: `유형 ${code}`, codeNameEn: `Type ${code}` });
    return code;
  });
}

const post = (payload: Record<string, unknown>, token: string | null = editor.token) =>
  t.inject({ method: 'POST', url: '/api/tool', token, headers: en, payload });

async function createTool(locationId: number, extra: Record<string, unknown> = {}): Promise<Tool> {
  const res = await post({ code: uniq('T'), name: uniq('설비'), locationId, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const putTool = (tool: Tool, change: Record<string, unknown>, token: string | null = editor.token) =>
  t.inject({
    method: 'PUT',
    url: '/api/tool',
    token,
    headers: en,
    payload: {
      id: tool.id,
      code: tool.code,
      name: tool.name,
      type: tool.type,
      locationId: tool.locationId,
      managerId: tool.managerId,
      ...change,
    },
  });

const get = (url: string, token: string | null = reader.token) => t.inject({ method: 'GET', url, token, headers: en });
const del = (url: string, token: string | null = editor.token) =>
  t.inject({ method: 'DELETE', url, token, headers: en });

function find(nodes: ToolTreeNode[], key: string): ToolTreeNode | undefined {
  for (const n of nodes) {
    if (n.key === key) return n;
    const inner = find(n.children, key);
    if (inner) return inner;
  }
  return undefined;
}

async function inspect(toolId: number, extra: Record<string, unknown> = {}) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/tool/tool-inspect-history',
    token: editor.token,
    headers: en,
    payload: { toolId, inspectDate: '2026-03-02', content: '정기 점검', result: 'PASS', ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('POST /api/tool', () => {
  it('creates a tool under a line with its location path, manager name and type, in the change history', async () => {
    const b = await branch();
    const type = await toolType();
    const manager = await t.makeUser({});
    const tool = await createTool(b.line.id, {
      type,
      managerId: manager.user.id,
      specification: '350t',
      manufacturer: 'LS엠트론',
      serialNo: 'SN-1',
      installDate: '2024-05-01',
      sort: 2,
      description: '1호기',
    });
    expect(tool).toMatchObject({
      type,
      locationId: b.line.id,
      locationName: b.line.name,
      locationPath: [b.site.name, b.factory.name, b.line.name],
      managerId: manager.user.id,
      managerName: manager.user.username,
      specification: '350t',
      installDate: '2024-05-01',
      sort: 2,
      createdBy: editor.userId,
    });
    const history = await t.db
      .select()
      .from(changeHistory)
      .where(and(eq(changeHistory.tableName, 'tools'), eq(changeHistory.rowId, String(tool.id))));
    expect(history).toHaveLength(1);
  });

  it('places a tool under a warehouse too', async () => {
    const b = await branch();
    const tool = await createTool(b.warehouse.id);
    expect(tool.locationPath).toEqual([b.site.name, b.factory.name, b.warehouse.name]);
  });

  it.each(['site', 'factory', 'shelf'] as const)(
    'refuses a tool under a %s: 400 on locationId (SPEC §5)',
    async (k) => {
      const b = await branch();
      const res = await post({ code: uniq('T'), name: 'x', locationId: b[k].id });
      expect(res.status).toBe(400);
      expect(res.body.extraData.fields).toEqual([
        { field: 'locationId', message: 'A tool can only be placed under a line or a warehouse.' },
      ]);
      const [row] = await t.db.select().from(tools).where(eq(tools.locationId, b[k].id));
      expect(row).toBeUndefined();
    },
  );

  it('answers 400 for a missing location, manager or type, a bad date, missing code or name', async () => {
    const b = await branch();
    const cases = [
      [{ locationId: 99_999_999 }, 'locationId', 'The selected item does not exist.'],
      [{ locationId: b.line.id, managerId: 99_999_999 }, 'managerId', 'The selected item does not exist.'],
      [{ locationId: b.line.id, type: 'NOT_A_TOOL_TYPE' }, 'type', 'The selected item does not exist.'],
      [{ locationId: b.line.id, installDate: '2024-13-40' }, 'installDate', 'Use the format yyyy-MM-dd.'],
    ] as const;
    for (const [extra, field, message] of cases) {
      const res = await post({ code: uniq('T'), name: 'x', ...extra });
      expect(res.status, field).toBe(400);
      expect(res.body.extraData.fields[0]).toEqual({ field, message });
    }
    const noCode = await post({ name: 'x', locationId: b.line.id });
    expect(noCode.body.extraData.fields[0].field).toBe('code');
    const noName = await post({ code: uniq('T'), locationId: b.line.id });
    expect(noName.body.extraData.fields[0].field).toBe('name');
  });

  it('refuses a code of another category as the type', async () => {
    const b = await branch();
    const other = await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
      const [cat] = await tx
        .insert(codeCategories)
        .values({ category: uniq('CAT'), name: 'x' })
        .returning();
      const code = uniq('OC');
      await tx.insert(codes).values({ categoryId: cat.id, code, codeName: code });
      return code;
    });
    const res = await post({ code: uniq('T'), name: 'x', locationId: b.line.id, type: other });
    expect(res.status).toBe(400);
    expect(res.body.extraData.fields[0].field).toBe('type');
  });

  it('answers 409 DUPLICATE on code, also for two concurrent creates', async () => {
    const b = await branch();
    const tool = await createTool(b.line.id);
    const again = await post({ code: tool.code, name: 'x', locationId: b.line.id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'DUPLICATE', extraData: { field: 'code' } });
    const code = uniq('R');
    const both = await Promise.all([1, 2].map(() => post({ code, name: 'x', locationId: b.line.id })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    // The service's check names the holder; a create that raced past it gets the unique index's field only.
    expect(both.find((r) => r.status === 409)?.body.extraData).toMatchObject({ field: 'code' });
  });

  it('checks custom field values (table tools)', async () => {
    const b = await branch();
    const res = await post({ code: uniq('T'), name: 'x', locationId: b.line.id, ext: { noSuchField: 'v' } });
    expect(res.status).toBe(400);
    expect(res.body.extraData.fields[0].field).toBe('ext.noSuchField');
  });

  it('answers 401 without a token and 403 without the create right', async () => {
    const b = await branch();
    const payload = { code: uniq('T'), name: 'x', locationId: b.line.id };
    expect((await post(payload, null)).status).toBe(401);
    expect((await post(payload, viewer.token)).status).toBe(403);
  });
});

describe('PUT /api/tool', () => {
  it('updates and moves a tool, checking placement again', async () => {
    const b = await branch();
    const other = await branch();
    const tool = await createTool(b.line.id);
    const moved = await putTool(tool, { name: '새 이름', locationId: other.warehouse.id, installDate: '2025-01-31' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({
      name: '새 이름',
      locationId: other.warehouse.id,
      locationPath: [other.site.name, other.factory.name, other.warehouse.name],
      installDate: '2025-01-31',
      updatedBy: editor.userId,
    });
    const bad = await putTool(tool, { locationId: other.factory.id });
    expect(bad.status).toBe(400);
    expect(bad.body.extraData.fields[0].field).toBe('locationId');
  });

  it('answers 409 on a code used by another tool, 404 for an unknown id, 400 for a bad body, 401/403', async () => {
    const b = await branch();
    const a = await createTool(b.line.id);
    const c = await createTool(b.line.id);
    const dup = await putTool(c, { code: a.code });
    expect(dup.status).toBe(409);
    expect(dup.body.extraData.field).toBe('code');
    expect((await putTool(c, { code: c.code, name: 'same code' })).status).toBe(200);
    expect((await putTool({ ...c, id: 99_999_999 }, {})).status).toBe(404);
    expect((await putTool(c, { name: '' })).status).toBe(400);
    expect((await putTool(c, {}, null)).status).toBe(401);
    expect((await putTool(c, {}, viewer.token)).status).toBe(403);
  });
});

describe('GET tool reads', () => {
  it('lists every tool with location path and manager name to any signed-in user', async () => {
    const b = await branch();
    const manager = await t.makeUser({});
    const tool = await createTool(b.line.id, { managerId: manager.user.id });
    const res = await get('/api/tool/tools/with-location-user');
    expect(res.status).toBe(200);
    const found = res.body.data.find((x: Tool) => x.id === tool.id);
    expect(found).toMatchObject({
      locationName: b.line.name,
      locationPath: [b.site.name, b.factory.name, b.line.name],
      managerName: manager.user.username,
    });
    expect((await get('/api/tool/tools/with-location-user', null)).status).toBe(401);
  });

  it('offers enabled users as managers to any signed-in user', async () => {
    const active = await t.makeUser({});
    const disabled = await t.makeUser({});
    await withTx(t.db, SYSTEM_ACTOR, (tx) =>
      tx.update(users).set({ enabled: false }).where(eq(users.id, disabled.user.id)),
    );
    const res = await get('/api/tool/managers');
    expect(res.status).toBe(200);
    expect(res.body.data).toContainEqual({ id: active.user.id, userId: active.userId, username: active.user.username });
    expect(res.body.data.map((u: { id: number }) => u.id)).not.toContain(disabled.user.id);
    expect((await get('/api/tool/managers', null)).status).toBe(401);
  });

  it('gets one tool; 404 for an unknown id, 400 for a bad id', async () => {
    const b = await branch();
    const tool = await createTool(b.line.id);
    const res = await get(`/api/tool/${tool.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.code).toBe(tool.code);
    expect((await get('/api/tool/99999999')).status).toBe(404);
    expect((await get('/api/tool/abc')).status).toBe(400);
    expect((await get(`/api/tool/${tool.id}`, null)).status).toBe(401);
  });

  it('lists the tools at a location and below it; 404 for a location that does not exist', async () => {
    const b = await branch();
    const atLine = await createTool(b.line.id);
    const atWarehouse = await createTool(b.warehouse.id);
    const elsewhere = await createTool((await branch()).line.id);
    const ids = async (id: number) =>
      ((await get(`/api/tool/location/${id}/tools`)).body.data as Tool[]).map((x) => x.id).sort();
    expect(await ids(b.factory.id)).toEqual([atLine.id, atWarehouse.id].sort());
    expect(await ids(b.site.id)).toEqual([atLine.id, atWarehouse.id].sort());
    expect(await ids(b.line.id)).toEqual([atLine.id]);
    expect(await ids(b.factory.id)).not.toContain(elsewhere.id);
    expect((await get('/api/tool/location/99999999/tools')).status).toBe(404);
    expect((await get(`/api/tool/location/${b.line.id}/tools`, null)).status).toBe(401);
  });

  it('gives the location tree (no shelves) with tools as leaves and tool counts', async () => {
    const b = await branch();
    const tool = await createTool(b.line.id);
    await createTool(b.warehouse.id);
    const res = await get('/api/tool/tree');
    expect(res.status).toBe(200);
    const site = find(res.body.data, `L${b.site.id}`)!;
    expect(site).toMatchObject({ kind: 'location', locationType: 'SITE', toolCount: 2 });
    const line = find(res.body.data, `L${b.line.id}`)!;
    expect(line.children).toEqual([
      expect.objectContaining({ key: `T${tool.id}`, kind: 'tool', id: tool.id, code: tool.code, parentId: b.line.id }),
    ]);
    expect(find(res.body.data, `L${b.shelf.id}`)).toBeUndefined();
    expect((await get('/api/tool/tree', null)).status).toBe(401);
  });
});

describe('DELETE /api/tool', () => {
  it('deletes one tool and its inspection history (cascade)', async () => {
    const b = await branch();
    const tool = await createTool(b.line.id);
    const h = await inspect(tool.id);
    expect((await del(`/api/tool/${tool.id}`)).status).toBe(200);
    expect(await t.db.select().from(tools).where(eq(tools.id, tool.id))).toHaveLength(0);
    expect(await t.db.select().from(toolInspectHistories).where(eq(toolInspectHistories.id, h.id))).toHaveLength(0);
  });

  it('deletes several at once, all or nothing: 404 when any id is missing', async () => {
    const b = await branch();
    const a = await createTool(b.line.id);
    const c = await createTool(b.line.id);
    expect((await del(`/api/tool/tools/${a.id},99999999`)).status).toBe(404);
    expect(await t.db.select().from(tools).where(eq(tools.id, a.id))).toHaveLength(1);
    expect((await del(`/api/tool/tools/${a.id},${c.id}`)).status).toBe(200);
    expect((await get(`/api/tool/${c.id}`)).status).toBe(404);
    expect((await del('/api/tool/99999999')).status).toBe(404);
    expect((await del('/api/tool/tools/1,x')).status).toBe(400);
  });

  it('is blocked by a parameter or an operation plan (409 with the rows), deleting nothing', async () => {
    const b = await branch();
    const free = await createTool(b.line.id);
    const measured = await createTool(b.line.id);
    const planned = await createTool(b.line.id);
    const paramCode = uniq('P');
    const productCode = uniq('PR');
    const planId = await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
      await tx.insert(parameters).values({ toolId: measured.id, code: paramCode, name: '온도' });
      const [product] = await tx
        .insert(products)
        .values({ code: productCode, name: '브래킷', type: 'FINISHED', unit: 'EA' })
        .returning();
      const [op] = await tx
        .insert(operations)
        .values({ code: uniq('OP'), name: '사출' })
        .returning();
      const [plan] = await tx
        .insert(operPlans)
        .values({ productId: product.id, operationId: op.id, seq: 1, toolId: planned.id })
        .returning();
      return plan.id;
    });
    const res = await del(`/api/tool/tools/${free.id},${measured.id},${planned.id}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ERROR_CONSTRAINT_VIOLATION');
    expect(res.body.extraData.datas).toEqual([
      expect.objectContaining({ screen: 'parameter', id: paramCode, name: '온도' }),
      expect.objectContaining({ screen: 'operPlan', id: planId, name: `${productCode} 브래킷` }),
    ]);
    expect(await t.db.select().from(tools).where(eq(tools.id, free.id))).toHaveLength(1);
    expect((await del(`/api/tool/${measured.id}`)).status).toBe(409);
  });

  it('answers 401 and 403', async () => {
    const b = await branch();
    const tool = await createTool(b.line.id);
    expect((await del(`/api/tool/${tool.id}`, null)).status).toBe(401);
    expect((await del(`/api/tool/${tool.id}`, viewer.token)).status).toBe(403);
    expect((await del(`/api/tool/tools/${tool.id}`, viewer.token)).status).toBe(403);
  });
});

describe('tool inspection history', () => {
  it('adds records and lists them newest first to a user with the tools view right', async () => {
    const b = await branch();
    const tool = await createTool(b.line.id);
    const older = await inspect(tool.id, { inspectDate: '2026-01-10', result: 'FAIL', nextInspectDate: '2026-01-20' });
    const newer = await inspect(tool.id, {
      inspectDate: '2026-02-10',
      inspector: '김점검',
      nextInspectDate: '2026-05-10',
      description: '벨트 교체',
    });
    expect(newer).toMatchObject({ toolId: tool.id, inspector: '김점검', result: 'PASS', createdBy: editor.userId });
    const res = await get(`/api/tool/tools-inspect-history/${tool.id}`, viewer.token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((h: { id: number }) => h.id)).toEqual([newer.id, older.id]);
  });

  it('reads need the tools view right: 401, 403; 404 for an unknown tool', async () => {
    const b = await branch();
    const tool = await createTool(b.line.id);
    expect((await get(`/api/tool/tools-inspect-history/${tool.id}`, null)).status).toBe(401);
    expect((await get(`/api/tool/tools-inspect-history/${tool.id}`, reader.token)).status).toBe(403);
    expect((await get('/api/tool/tools-inspect-history/99999999', viewer.token)).status).toBe(404);
  });

  it('refuses a bad result, a next date before the inspection, a missing content or an unknown tool', async () => {
    const b = await branch();
    const tool = await createTool(b.line.id);
    const send = (payload: Record<string, unknown>) =>
      t.inject({
        method: 'POST',
        url: '/api/tool/tool-inspect-history',
        token: editor.token,
        headers: en,
        payload: { toolId: tool.id, inspectDate: '2026-03-02', content: 'x', result: 'PASS', ...payload },
      });
    const cases = [
      [{ result: 'OK' }, 'result'],
      [{ nextInspectDate: '2026-03-01' }, 'nextInspectDate'],
      [{ content: '' }, 'content'],
      [{ inspectDate: '03/02/2026' }, 'inspectDate'],
      [{ toolId: 99_999_999 }, 'toolId'],
    ] as const;
    for (const [payload, field] of cases) {
      const res = await send(payload);
      expect(res.status, field).toBe(400);
      expect(res.body.extraData.fields[0].field).toBe(field);
    }
    expect((await send({ nextInspectDate: '2026-03-01' })).body.extraData.fields[0].message).toBe(
      'The next inspection date must not be before the inspection date.',
    );
    expect((await send({ nextInspectDate: '2026-03-02' })).status).toBe(200);
    const noRight = await t.inject({
      method: 'POST',
      url: '/api/tool/tool-inspect-history',
      token: viewer.token,
      payload: { toolId: tool.id, inspectDate: '2026-03-02', content: 'x', result: 'PASS' },
    });
    expect(noRight.status).toBe(403);
  });

  it('updates a record; 404 for an unknown one; 400, 401, 403', async () => {
    const b = await branch();
    const tool = await createTool(b.line.id);
    const h = await inspect(tool.id);
    const put = (payload: Record<string, unknown>, token: string | null = editor.token) =>
      t.inject({
        method: 'PUT',
        url: '/api/tool/tool-inspect-history',
        token,
        headers: en,
        payload: { id: h.id, inspectDate: '2026-03-05', content: '수리 완료', result: 'FAIL', ...payload },
      });
    const res = await put({});
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: h.id, toolId: tool.id, result: 'FAIL', content: '수리 완료' });
    expect((await put({ id: 99_999_999 })).status).toBe(404);
    expect((await put({ nextInspectDate: '2026-03-04' })).status).toBe(400);
    expect((await put({}, null)).status).toBe(401);
    expect((await put({}, viewer.token)).status).toBe(403);
  });

  it('deletes one record and several (all or nothing, 404 when one is missing); 401, 403', async () => {
    const b = await branch();
    const tool = await createTool(b.line.id);
    const [a, c, d] = [await inspect(tool.id), await inspect(tool.id), await inspect(tool.id)];
    expect((await del(`/api/tool/tool-inspect-history/${a.id}`, null)).status).toBe(401);
    expect((await del(`/api/tool/tool-inspect-history/${a.id}`, viewer.token)).status).toBe(403);
    expect((await del(`/api/tool/tool-inspect-history/${a.id}`)).status).toBe(200);
    expect((await del(`/api/tool/tool-inspect-history/${a.id}`)).status).toBe(404);
    expect((await del(`/api/tool/tool-inspect-historys/${c.id},99999999`)).status).toBe(404);
    expect((await del(`/api/tool/tool-inspect-historys/${c.id},${d.id}`, viewer.token)).status).toBe(403);
    expect((await del(`/api/tool/tool-inspect-historys/${c.id},${d.id}`)).status).toBe(200);
    expect((await get(`/api/tool/tools-inspect-history/${tool.id}`, viewer.token)).body.data).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('documents every tool path', async () => {
    const res = await get('/api/openapi.json', null);
    const paths = Object.keys(res.body.paths);
    for (const p of [
      '/api/tool/tools/with-location-user',
      '/api/tool/tree',
      '/api/tool/location/{id}/tools',
      '/api/tool/{id}',
      '/api/tool/tools-inspect-history/{id}',
      '/api/tool',
      '/api/tool/tool-inspect-history',
      '/api/tool/tools/{ids}',
      '/api/tool/tool-inspect-history/{id}',
      '/api/tool/tool-inspect-historys/{ids}',
    ]) {
      expect(paths, p).toContain(p);
    }
  });
});
