import { eq, inArray } from 'drizzle-orm';
import type { Parameter, ToolTreeNode } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { locations } from '../location/location.table.ts';
import { tools } from '../tool/tool.table.ts';
import { parameters, traceData } from './parameter.table.ts';

const t = await createTestApp();
const editor = await t.makeUser({ parameter: { all: true } });
const viewer = await t.makeUser({ parameter: { view: true } });
const reader = await t.makeUser({});
const en = { 'accept-language': 'en' };

/** A line with two tools, inserted directly. */
async function place() {
  return withTx(t.db, SYSTEM_ACTOR, async (tx) => {
    const add = async (type: string, parentId: number | null) =>
      (
        await tx
          .insert(locations)
          .values({ name: uniq(type.toLowerCase()), type, parentId })
          .returning()
      )[0];
    const site = await add('SITE', null);
    const factory = await add('FACTORY', site.id);
    const line = await add('LINE', factory.id);
    const [a, b] = await tx
      .insert(tools)
      .values([
        { code: uniq('TA'), name: '사출기 1호', locationId: line.id },
        { code: uniq('TB'), name: '사출기 2호', locationId: line.id },
      ])
      .returning();
    return { site, factory, line, a, b };
  });
}

const post = (payload: Record<string, unknown>, token: string | null = editor.token) =>
  t.inject({ method: 'POST', url: '/api/parameter', token, headers: en, payload });

async function create(toolId: number, extra: Record<string, unknown> = {}): Promise<Parameter> {
  const res = await post({ toolId, code: uniq('p'), name: '금형 온도', unit: '℃', ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const get = (url: string, token: string | null = reader.token) => t.inject({ method: 'GET', url, token, headers: en });
const del = (url: string, token: string | null = editor.token) =>
  t.inject({ method: 'DELETE', url, token, headers: en });

/** Collected values, written directly as the data collection intake would. */
async function addData(parameterId: number, n = 3) {
  await t.db.insert(traceData).values(
    Array.from({ length: n }, (_, i) => ({
      parameterId,
      ts: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      value: 20 + i,
    })),
  );
}

function find(nodes: ToolTreeNode[], key: string): ToolTreeNode | undefined {
  for (const n of nodes) {
    if (n.key === key) return n;
    const inner = find(n.children, key);
    if (inner) return inner;
  }
  return undefined;
}

describe('POST /api/parameter', () => {
  it('creates a parameter of a tool with limits, target and sample interval', async () => {
    const p = await place();
    const created = await create(p.a.id, {
      code: 'MOLD_TEMP',
      lowerLimit: 180.5,
      upperLimit: 220,
      target: 200,
      sampleInterval: 5,
    });
    expect(created).toMatchObject({
      toolId: p.a.id,
      toolCode: p.a.code,
      toolName: p.a.name,
      code: 'MOLD_TEMP',
      dataType: 'NUMBER',
      lowerLimit: 180.5,
      upperLimit: 220,
      target: 200,
      sampleInterval: 5,
      createdBy: editor.userId,
    });
  });

  it('keeps codes unique per tool: 409 DUPLICATE on code; the same code on another tool is fine', async () => {
    const p = await place();
    await create(p.a.id, { code: 'PRESSURE' });
    const again = await post({ toolId: p.a.id, code: 'PRESSURE', name: 'x' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'DUPLICATE', extraData: { field: 'code' } });
    await create(p.b.id, { code: 'PRESSURE' });
    const both = await Promise.all([1, 2].map(() => post({ toolId: p.b.id, code: 'RACE', name: 'x' })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('refuses limits out of order on the offending field, with a clear message', async () => {
    const p = await place();
    const cases = [
      [{ lowerLimit: 10, upperLimit: 5 }, 'upperLimit', 'The upper limit must not be below the lower limit.'],
      [{ lowerLimit: 10, target: 5 }, 'target', 'The target must not be below the lower limit.'],
      [{ upperLimit: 10, target: 11 }, 'target', 'The target must not be above the upper limit.'],
    ] as const;
    for (const [extra, field, message] of cases) {
      const res = await post({ toolId: p.a.id, code: uniq('p'), name: 'x', ...extra });
      expect(res.status, field).toBe(400);
      expect(res.body.extraData.fields).toEqual([{ field, message }]);
    }
    const kr = await t.inject({
      method: 'POST',
      url: '/api/parameter',
      token: editor.token,
      payload: { toolId: p.a.id, code: uniq('p'), name: 'x', lowerLimit: 10, upperLimit: 5 },
    });
    expect(kr.body.extraData.fields[0].message).toBe('상한값은 하한값보다 작을 수 없습니다.');
    // Equal limits and a target on a limit are allowed.
    await create(p.a.id, { lowerLimit: 5, upperLimit: 5, target: 5 });
  });

  it('drops limits of a BOOLEAN parameter instead of checking them', async () => {
    const p = await place();
    const created = await create(p.a.id, { dataType: 'BOOLEAN', lowerLimit: 10, upperLimit: 5 });
    expect(created).toMatchObject({ dataType: 'BOOLEAN', lowerLimit: null, upperLimit: null, target: null });
  });

  it('answers 400 for a missing tool, a bad data type, a sample interval out of 1..86400, a bad code', async () => {
    const p = await place();
    const cases = [
      [{ toolId: 99_999_999 }, 'toolId'],
      [{ dataType: 'TEXT' }, 'dataType'],
      [{ sampleInterval: 0 }, 'sampleInterval'],
      [{ sampleInterval: 86_401 }, 'sampleInterval'],
      [{ sampleInterval: 1.5 }, 'sampleInterval'],
      [{ code: 'has space' }, 'code'],
      [{ name: '' }, 'name'],
      [{ lowerLimit: 12_345_678_901 }, 'lowerLimit'],
    ] as const;
    for (const [extra, field] of cases) {
      const res = await post({ toolId: p.a.id, code: uniq('p'), name: 'x', ...extra });
      expect(res.status, field).toBe(400);
      expect(res.body.extraData.fields[0].field).toBe(field);
    }
    expect((await create(p.a.id, { sampleInterval: 86_400 })).sampleInterval).toBe(86_400);
    expect((await create(p.a.id, { sampleInterval: 1 })).sampleInterval).toBe(1);
  });

  it('answers 401 and 403', async () => {
    const p = await place();
    const payload = { toolId: p.a.id, code: uniq('p'), name: 'x' };
    expect((await post(payload, null)).status).toBe(401);
    expect((await post(payload, viewer.token)).status).toBe(403);
  });
});

describe('PUT /api/parameter', () => {
  it('updates a parameter; 404, 409, 400, 401, 403', async () => {
    const p = await place();
    const a = await create(p.a.id, { code: 'A1' });
    await create(p.a.id, { code: 'A2' });
    const put = (change: Record<string, unknown>, token: string | null = editor.token) =>
      t.inject({
        method: 'PUT',
        url: '/api/parameter',
        token,
        headers: en,
        payload: { id: a.id, toolId: a.toolId, code: a.code, name: a.name, ...change },
      });
    const res = await put({ name: '냉각수 온도', upperLimit: 30, sampleInterval: 10 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: '냉각수 온도', upperLimit: 30, sampleInterval: 10 });
    expect((await put({ code: 'A2' })).status).toBe(409);
    expect((await put({ id: 99_999_999 })).status).toBe(404);
    expect((await put({ lowerLimit: 40, upperLimit: 30 })).status).toBe(400);
    expect((await put({ toolId: 99_999_999 })).status).toBe(400);
    expect((await put({}, null)).status).toBe(401);
    expect((await put({}, viewer.token)).status).toBe(403);
  });

  it('moves a parameter to another tool only while it has no data', async () => {
    const p = await place();
    const a = await create(p.a.id);
    const move = () =>
      t.inject({
        method: 'PUT',
        url: '/api/parameter',
        token: editor.token,
        headers: en,
        payload: { id: a.id, toolId: p.b.id, code: a.code, name: a.name },
      });
    await addData(a.id, 1);
    const refused = await move();
    expect(refused.status).toBe(400);
    expect(refused.body.extraData.fields[0].field).toBe('toolId');
    await t.db.delete(traceData).where(eq(traceData.parameterId, a.id));
    expect((await move()).body.data.toolId).toBe(p.b.id);
  });
});

describe('GET parameter reads', () => {
  it('lists parameters of the given tools (repeated toolIds), or all', async () => {
    const p = await place();
    const a = await create(p.a.id);
    const b = await create(p.b.id);
    const other = await create((await place()).a.id);
    const ids = async (url: string) => ((await get(url)).body.data as Parameter[]).map((x) => x.id).sort();
    expect(await ids(`/api/parameter/parameters?toolIds=${p.a.id}&toolIds=${p.b.id}`)).toEqual([a.id, b.id].sort());
    expect(await ids(`/api/parameter/parameters?toolIds=${p.a.id}`)).toEqual([a.id]);
    const all = await ids('/api/parameter/parameters');
    expect(all).toEqual(expect.arrayContaining([a.id, b.id, other.id]));
    expect((await get('/api/parameter/parameters?toolIds=x')).status).toBe(400);
    expect((await get('/api/parameter/parameters', null)).status).toBe(401);
  });

  it('lists the parameters of one tool; 404 for an unknown tool', async () => {
    const p = await place();
    const a = await create(p.a.id);
    const res = await get(`/api/parameter/parameters/${p.a.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((x: Parameter) => x.id)).toEqual([a.id]);
    expect((await get(`/api/parameter/parameters/${p.b.id}`)).body.data).toEqual([]);
    expect((await get('/api/parameter/parameters/99999999')).status).toBe(404);
    expect((await get(`/api/parameter/parameters/${p.a.id}`, null)).status).toBe(401);
  });

  it('gives the tool tree with parameter counts on tools and locations', async () => {
    const p = await place();
    await create(p.a.id);
    await create(p.a.id);
    await create(p.b.id);
    const res = await get('/api/parameter/tool-tree');
    expect(res.status).toBe(200);
    expect(find(res.body.data, `T${p.a.id}`)).toMatchObject({ kind: 'tool', parameterCount: 2 });
    expect(find(res.body.data, `T${p.b.id}`)).toMatchObject({ kind: 'tool', parameterCount: 1 });
    expect(find(res.body.data, `L${p.line.id}`)).toMatchObject({ toolCount: 2, parameterCount: 3 });
    expect(find(res.body.data, `L${p.site.id}`)).toMatchObject({ toolCount: 2, parameterCount: 3 });
    expect((await get('/api/parameter/tool-tree', null)).status).toBe(401);
  });
});

describe('DELETE /api/parameter', () => {
  it('deletes one and several parameters; all or nothing with 404 for a missing one', async () => {
    const p = await place();
    const [a, b, c] = [await create(p.a.id), await create(p.a.id), await create(p.a.id)];
    expect((await del(`/api/parameter/${a.id}`)).status).toBe(200);
    expect((await del(`/api/parameter/${a.id}`)).status).toBe(404);
    expect((await del(`/api/parameter/parameters/${b.id},99999999`)).status).toBe(404);
    expect(await t.db.select().from(parameters).where(eq(parameters.id, b.id))).toHaveLength(1);
    expect((await del(`/api/parameter/parameters/${b.id},${c.id}`)).status).toBe(200);
    expect(
      await t.db
        .select()
        .from(parameters)
        .where(inArray(parameters.id, [b.id, c.id])),
    ).toHaveLength(0);
    expect((await del('/api/parameter/parameters/x')).status).toBe(400);
  });

  it('refuses to delete a parameter that has data (SPEC §5): 409 naming it, nothing deleted', async () => {
    const p = await place();
    const withData = await create(p.a.id, { code: 'HAS_DATA', name: '사출 압력' });
    const free = await create(p.a.id);
    await addData(withData.id);

    const one = await del(`/api/parameter/${withData.id}`);
    expect(one.status).toBe(409);
    expect(one.body).toMatchObject({
      code: 'ERROR_CONSTRAINT_VIOLATION',
      message: 'Cannot delete a parameter that has data.',
    });
    expect(one.body.extraData.datas).toEqual([
      expect.objectContaining({ screen: 'parameter', id: 'HAS_DATA', name: `사출 압력 (${p.a.code})` }),
    ]);

    const bulk = await del(`/api/parameter/parameters/${free.id},${withData.id}`);
    expect(bulk.status).toBe(409);
    expect(bulk.body.extraData.datas.map((d: { id: string }) => d.id)).toEqual(['HAS_DATA']);
    const left = await t.db
      .select()
      .from(parameters)
      .where(inArray(parameters.id, [free.id, withData.id]));
    expect(left).toHaveLength(2);
    expect(await t.db.select().from(traceData).where(eq(traceData.parameterId, withData.id))).toHaveLength(3);
  });

  it('answers 401 and 403', async () => {
    const p = await place();
    const a = await create(p.a.id);
    expect((await del(`/api/parameter/${a.id}`, null)).status).toBe(401);
    expect((await del(`/api/parameter/${a.id}`, viewer.token)).status).toBe(403);
    expect((await del(`/api/parameter/parameters/${a.id}`, viewer.token)).status).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents every parameter path', async () => {
    const paths = Object.keys((await get('/api/openapi.json', null)).body.paths);
    for (const p of [
      '/api/parameter/parameters',
      '/api/parameter/parameters/{toolId}',
      '/api/parameter/tool-tree',
      '/api/parameter',
      '/api/parameter/{id}',
      '/api/parameter/parameters/{ids}',
    ]) {
      expect(paths, p).toContain(p);
    }
  });
});
