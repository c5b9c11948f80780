import { describe, expect, it } from 'vitest';
import { uniqueAs } from '../../platform/crud.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { CODE_UNIQUE } from './code.service.ts';
import { codeCategories, codes } from './code.table.ts';

const t = await createTestApp();
const editor = await t.makeUser({ code: { all: true } });
const reader = await t.makeUser({});

type Category = { id: number; category: string; name: string };
type Code = {
  id: number;
  categoryId: number;
  category: string;
  code: string;
  codeName: string;
  parentId: number | null;
};

async function category(extra: Record<string, unknown> = {}): Promise<Category> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/code/cateogry',
    token: editor.token,
    payload: { category: uniq('CAT'), name: 'Equipment type', ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function code(categoryId: number, extra: Record<string, unknown> = {}): Promise<Code> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/code/code',
    token: editor.token,
    payload: { categoryId, code: uniq('C'), codeName: '코드', ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const get = (url: string, token: string | null = reader.token) => t.inject({ method: 'GET', url, token });

describe('code categories', () => {
  it('creates, reads, lists and modifies a category', async () => {
    const cat = await category({ description: 'types', sort: 2 });
    expect(cat).toMatchObject({ description: 'types', sort: 2, createdBy: editor.userId });
    expect((await get(`/api/code/category/${cat.id}`)).body.data).toMatchObject({ id: cat.id, category: cat.category });
    expect((await get('/api/code/categories')).body.data.map((c: Category) => c.id)).toContain(cat.id);
    const renamed = uniq('CAT');
    const res = await t.inject({
      method: 'PUT',
      url: '/api/code/category',
      token: editor.token,
      payload: { id: cat.id, category: renamed, name: 'Renamed', sort: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ category: renamed, name: 'Renamed', updatedBy: editor.userId });
  });

  it('answers 409 DUPLICATE on category, also for two concurrent creates', async () => {
    const cat = await category();
    const dup = await t.inject({
      method: 'POST',
      url: '/api/code/cateogry',
      token: editor.token,
      payload: { category: cat.category, name: 'x' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'DUPLICATE', extraData: { field: 'category' } });
    const other = await category();
    const renamed = await t.inject({
      method: 'PUT',
      url: '/api/code/category',
      token: editor.token,
      payload: { id: other.id, category: cat.category, name: 'x' },
    });
    expect(renamed.status).toBe(409);

    const racing = uniq('CAT');
    const both = await Promise.all(
      [1, 2].map(() =>
        t.inject({
          method: 'POST',
          url: '/api/code/cateogry',
          token: editor.token,
          payload: { category: racing, name: 'r' },
        }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('answers 400 for a bad category name, 404 for a missing id, 401 and 403', async () => {
    const bad = await t.inject({
      method: 'POST',
      url: '/api/code/cateogry',
      token: editor.token,
      payload: { category: 'has space', name: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.extraData.fields[0].field).toBe('category');
    expect((await get('/api/code/category/99999999')).status).toBe(404);
    expect((await get('/api/code/category/x')).status).toBe(400);
    const missing = await t.inject({
      method: 'PUT',
      url: '/api/code/category',
      token: editor.token,
      payload: { id: 99_999_999, category: uniq('C'), name: 'x' },
    });
    expect(missing.status).toBe(404);
    const payload = { category: uniq('CAT'), name: 'x' };
    expect((await t.inject({ method: 'POST', url: '/api/code/cateogry', payload })).status).toBe(401);
    expect((await t.inject({ method: 'POST', url: '/api/code/cateogry', token: reader.token, payload })).status).toBe(
      403,
    );
    expect(
      (
        await t.inject({
          method: 'PUT',
          url: '/api/code/category',
          token: reader.token,
          payload: { id: 1, ...payload },
        })
      ).status,
    ).toBe(403);
    expect((await get('/api/code/categories', null)).status).toBe(401);
  });

  it('refuses to delete a category that has codes, listing them, then deletes it once empty', async () => {
    const cat = await category();
    const c = await code(cat.id, { codeName: 'Press' });
    const blocked = await t.inject({ method: 'DELETE', url: `/api/code/category/${cat.id}`, token: editor.token });
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe('ERROR_CONSTRAINT_VIOLATION');
    expect(blocked.body.extraData.datas).toEqual([
      { screen: 'code', id: c.code, name: 'Press', createdBy: editor.userId, createdAt: expect.any(String) },
    ]);
    expect((await t.inject({ method: 'DELETE', url: `/api/code/${c.id}`, token: editor.token })).status).toBe(200);
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/code/category/${cat.id}`, token: reader.token })).status,
    ).toBe(403);
    expect((await t.inject({ method: 'DELETE', url: `/api/code/category/${cat.id}` })).status).toBe(401);
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/code/category/${cat.id}`, token: editor.token })).status,
    ).toBe(200);
    expect((await get(`/api/code/category/${cat.id}`)).status).toBe(404);
    expect(
      (await t.inject({ method: 'DELETE', url: `/api/code/category/${cat.id}`, token: editor.token })).status,
    ).toBe(404);
  });
});

describe('unique violations', () => {
  it('maps a race past the duplicate checks to DUPLICATE on category and on code', async () => {
    const name = uniq('CAT');
    const addCategory = () =>
      withTx(t.db, SYSTEM_ACTOR, (tx) => tx.insert(codeCategories).values({ category: name, name }).returning());
    const [cat] = await uniqueAs(CODE_UNIQUE, addCategory);
    await expect(uniqueAs(CODE_UNIQUE, addCategory)).rejects.toMatchObject({
      code: 'DUPLICATE',
      extraData: { field: 'category' },
    });
    const addCode = () =>
      withTx(t.db, SYSTEM_ACTOR, (tx) => tx.insert(codes).values({ categoryId: cat.id, code: 'A', codeName: 'a' }));
    await uniqueAs(CODE_UNIQUE, addCode);
    await expect(uniqueAs(CODE_UNIQUE, addCode)).rejects.toMatchObject({
      code: 'DUPLICATE',
      extraData: { field: 'code' },
    });
  });
});

describe('codes', () => {
  it('creates and reads a code with its category name', async () => {
    const cat = await category();
    const c = await code(cat.id, { codeName: '프레스', codeNameEn: 'Press', sort: 4 });
    expect(c).toMatchObject({
      categoryId: cat.id,
      category: cat.category,
      codeName: '프레스',
      codeNameEn: 'Press',
      sort: 4,
      enabled: true,
      parentId: null,
    });
    expect((await get(`/api/code/${c.id}`)).body.data).toMatchObject({ id: c.id, category: cat.category });
    const list = await get(`/api/code/codes?category=${cat.category}`);
    expect(list.body.data.map((x: Code) => x.id)).toEqual([c.id]);
    expect((await get('/api/code/codes')).body.data.map((x: Code) => x.id)).toContain(c.id);
  });

  it('answers 409 DUPLICATE on code within a category, but allows the same code in another category', async () => {
    const cat = await category();
    const c = await code(cat.id);
    const dup = await t.inject({
      method: 'POST',
      url: '/api/code/code',
      token: editor.token,
      payload: { categoryId: cat.id, code: c.code, codeName: 'x' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'DUPLICATE', extraData: { field: 'code' } });
    const other = await category();
    await code(other.id, { code: c.code });

    const racing = uniq('C');
    const both = await Promise.all(
      [1, 2].map(() =>
        t.inject({
          method: 'POST',
          url: '/api/code/code',
          token: editor.token,
          payload: { categoryId: cat.id, code: racing, codeName: 'r' },
        }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('modifies a code, refusing a duplicate, a missing parent and a parent below itself', async () => {
    const cat = await category();
    const parent = await code(cat.id);
    const child = await code(cat.id, { parentId: parent.id });
    const grandchild = await code(cat.id, { parentId: child.id });
    const base = { id: parent.id, categoryId: cat.id, code: parent.code, codeName: 'Renamed', enabled: false };
    const ok = await t.inject({ method: 'PUT', url: '/api/code', token: editor.token, payload: base });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ codeName: 'Renamed', enabled: false, updatedBy: editor.userId });

    const dup = await t.inject({
      method: 'PUT',
      url: '/api/code',
      token: editor.token,
      payload: { ...base, code: child.code },
    });
    expect(dup.status).toBe(409);
    for (const parentId of [parent.id, grandchild.id]) {
      const cycle = await t.inject({
        method: 'PUT',
        url: '/api/code',
        token: editor.token,
        headers: { 'accept-language': 'en' },
        payload: { ...base, parentId },
      });
      expect(cycle.status).toBe(400);
      expect(cycle.body.extraData.fields).toEqual([
        { field: 'parentId', message: 'It cannot be placed under itself or one of its descendants.' },
      ]);
    }
    const noParent = await t.inject({
      method: 'PUT',
      url: '/api/code',
      token: editor.token,
      payload: { ...base, parentId: 99_999_999 },
    });
    expect(noParent.body.extraData.fields[0].field).toBe('parentId');
    const missing = await t.inject({
      method: 'PUT',
      url: '/api/code',
      token: editor.token,
      payload: { ...base, id: 99_999_999 },
    });
    expect(missing.status).toBe(404);
    expect((await t.inject({ method: 'PUT', url: '/api/code', token: reader.token, payload: base })).status).toBe(403);
    expect((await t.inject({ method: 'PUT', url: '/api/code', payload: base })).status).toBe(401);
  });

  it('answers 400 for a missing name, an unknown category or parent, 401 and 403', async () => {
    const cat = await category();
    const cases = [
      [{ categoryId: cat.id, code: 'A' }, 'codeName'],
      [{ categoryId: 99_999_999, code: 'A', codeName: 'x' }, 'categoryId'],
      [{ categoryId: cat.id, code: 'A', codeName: 'x', parentId: 99_999_999 }, 'parentId'],
      // The sort column is a 4-byte integer: a larger order is a 400, never a database error.
      [{ categoryId: cat.id, code: 'A', codeName: 'x', sort: 2_147_483_648 }, 'sort'],
    ] as const;
    for (const [payload, field] of cases) {
      const res = await t.inject({ method: 'POST', url: '/api/code/code', token: editor.token, payload });
      expect(res.status).toBe(400);
      expect(res.body.extraData.fields[0].field).toBe(field);
    }
    const payload = { categoryId: cat.id, code: 'A', codeName: 'x' };
    expect((await t.inject({ method: 'POST', url: '/api/code/code', payload })).status).toBe(401);
    expect((await t.inject({ method: 'POST', url: '/api/code/code', token: reader.token, payload })).status).toBe(403);
  });

  it('lists children, codes of a category and codes of a category whose parent is a given code', async () => {
    const types = await category();
    const subTypes = await category();
    const tool = await code(types.id, { code: uniq('TOOL') });
    const other = await code(types.id);
    const motor = await code(subTypes.id, { parentId: tool.id, sort: 2 });
    const belt = await code(subTypes.id, { parentId: tool.id, sort: 1 });
    await code(subTypes.id, { parentId: other.id });

    expect((await get(`/api/code/${tool.id}/children`)).body.data.map((c: Code) => c.id)).toEqual([belt.id, motor.id]);
    const ofCategory = await get(`/api/code/${subTypes.category}/codes`);
    expect(ofCategory.body.data).toHaveLength(3);
    const childOf = await get(`/api/code/${subTypes.category}/codes/child-of/${tool.code}`);
    expect(childOf.status).toBe(200);
    expect(childOf.body.data.map((c: Code) => c.id)).toEqual([belt.id, motor.id]);
    expect((await get(`/api/code/${subTypes.category}/codes/child-of/nothing`)).body.data).toEqual([]);
    expect((await get('/api/code/NO_SUCH_CATEGORY/codes')).status).toBe(404);
    expect((await get('/api/code/NO_SUCH_CATEGORY/codes/child-of/x')).status).toBe(404);
    expect((await get('/api/code/99999999')).status).toBe(404);
    expect((await get('/api/code/99999999/children')).status).toBe(404);
    expect((await get('/api/code/x')).status).toBe(400);
    expect((await get(`/api/code/${subTypes.category}/codes`, null)).status).toBe(401);
  });

  it('builds the tree: categories with codes nested by parentId within the category', async () => {
    const types = await category();
    const subTypes = await category();
    const root = await code(types.id);
    const nested = await code(types.id, { parentId: root.id });
    const crossParent = await code(subTypes.id, { parentId: root.id });
    const res = await get('/api/code/tree');
    expect(res.status).toBe(200);
    const typesNode = res.body.data.find((c: Category) => c.id === types.id);
    expect(typesNode.codes).toHaveLength(1);
    expect(typesNode.codes[0]).toMatchObject({ id: root.id, children: [{ id: nested.id, children: [] }] });
    const subNode = res.body.data.find((c: Category) => c.id === subTypes.id);
    expect(subNode.codes.map((c: Code) => c.id)).toEqual([crossParent.id]);
    expect((await get('/api/code/tree', null)).status).toBe(401);
  });

  it('refuses to delete a code that has child codes, listing them', async () => {
    const cat = await category();
    const parent = await code(cat.id);
    const child = await code(cat.id, { parentId: parent.id, codeName: 'Child' });
    const blocked = await t.inject({ method: 'DELETE', url: `/api/code/${parent.id}`, token: editor.token });
    expect(blocked.status).toBe(409);
    expect(blocked.body.extraData.datas).toEqual([
      { screen: 'code', id: child.code, name: 'Child', createdBy: editor.userId, createdAt: expect.any(String) },
    ]);
    expect((await t.inject({ method: 'DELETE', url: `/api/code/${child.id}`, token: reader.token })).status).toBe(403);
    expect((await t.inject({ method: 'DELETE', url: `/api/code/${child.id}` })).status).toBe(401);
    expect((await t.inject({ method: 'DELETE', url: `/api/code/${child.id}`, token: editor.token })).status).toBe(200);
    expect((await t.inject({ method: 'DELETE', url: `/api/code/${parent.id}`, token: editor.token })).status).toBe(200);
    expect((await t.inject({ method: 'DELETE', url: `/api/code/${parent.id}`, token: editor.token })).status).toBe(404);
    expect((await t.inject({ method: 'DELETE', url: '/api/code/x', token: editor.token })).status).toBe(400);
  });
});
