import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CUSTOM_EXT_TABLES } from '@eqms/contract';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { codeCategories, codes } from '../code/code.table.ts';
import { locations } from '../location/location.table.ts';
import { users } from '../user/user.table.ts';
import { checkExtValues, validateExt } from './custom-ext.service.ts';

const t = await createTestApp();
const admin = await t.makeUser({ customExt: { all: true } });
const viewer = await t.makeUser({ customExt: { view: true } });
const nobody = await t.makeUser({});
const userManager = await t.makeUser({ user: { all: true }, location: { all: true } });
const en = { 'accept-language': 'en' };

type Field = {
  id: number;
  table: 'users' | 'locations';
  field: string;
  display: string;
  type: 'list' | 'other';
  sequence: number;
  data: Record<string, any> | null;
  createdBy: string | null;
};

/** camelCase and unique across the run (all test files share one database on PostgreSQL). */
const fieldName = () => uniq('f');

const post = (payload: unknown, token: string | null = admin.token) =>
  t.inject({ method: 'POST', url: '/api/custom-ext/custom', token, headers: en, payload });
const put = (payload: unknown, token: string | null = admin.token) =>
  t.inject({ method: 'PUT', url: '/api/custom-ext/custom', token, headers: en, payload });
const get = (url: string, token: string | null = admin.token) =>
  t.inject({ method: 'GET', url: `/api/custom-ext${url}`, token, headers: en });
const del = (url: string, token: string | null = admin.token) =>
  t.inject({ method: 'DELETE', url: `/api/custom-ext${url}`, token, headers: en });

async function field(extra: Record<string, unknown> = {}): Promise<Field> {
  const res = await post({ table: 'users', field: fieldName(), display: '근무조', type: 'other', ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const items = (...values: string[]) => ({ items: values.map((value) => ({ value, label: `label ${value}` })) });

/** A code category with enabled codes A and B and a disabled code OFF. */
async function codeCategory() {
  return withTx(t.db, SYSTEM_ACTOR, async (tx) => {
    const [cat] = await tx
      .insert(codeCategories)
      .values({ category: uniq('SHIFT_'), name: 'Shift' })
      .returning();
    await tx.insert(codes).values([
      { categoryId: cat.id, code: 'A', codeName: '주간' },
      { categoryId: cat.id, code: 'B', codeName: '야간' },
      { categoryId: cat.id, code: 'OFF', codeName: '폐지', enabled: false },
    ]);
    return cat.category;
  });
}

const fieldsOf = (res: { body: any }) => res.body.extraData?.fields;

describe('POST /api/custom-ext/custom', () => {
  it('creates fields of each kind, appended after the table’s last field', async () => {
    const category = await codeCategory();
    const a = await field({ type: 'list', data: { category } });
    const b = await field({
      type: 'list',
      data: { service: { path: '/location/locations', labelKey: 'name', valueKey: 'id', params: { type: 'LINE' } } },
    });
    const c = await field({ type: 'list', data: items('x', 'y') });
    const d = await field({ type: 'other' });
    expect(a).toMatchObject({ table: 'users', type: 'list', data: { category }, createdBy: admin.userId });
    expect(b.data).toEqual({
      service: { path: '/location/locations', labelKey: 'name', valueKey: 'id', params: { type: 'LINE' } },
    });
    expect(c.data).toEqual(items('x', 'y'));
    expect(d.data).toBeNull();
    expect([b.sequence, c.sequence, d.sequence]).toEqual([a.sequence + 1, a.sequence + 2, a.sequence + 3]);
  });

  it('drops data sent with a free-text field', async () => {
    expect((await field({ type: 'other', data: items('x') })).data).toBeNull();
  });

  it('answers 400 for each bad input, at its field', async () => {
    const long = 'a'.repeat(51);
    const base = { table: 'users', field: fieldName(), display: 'd', type: 'other' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ field: 'Shift' }, 'field', 'Start with a lowercase letter, then letters and digits only.'],
      [{ field: 'shift_no' }, 'field', 'Start with a lowercase letter, then letters and digits only.'],
      [{ field: `s${long}` }, 'field', 'Enter at most 50 characters.'],
      [{ field: '' }, 'field', 'This field is required.'],
      [{ display: ' ' }, 'display', 'This field is required.'],
      [{ display: 'd'.repeat(101) }, 'display', 'Enter at most 100 characters.'],
      [{ table: 'sessions' }, 'table', 'Invalid value.'],
      [{ type: 'date' }, 'type', 'Invalid value.'],
      [{ type: 'list' }, 'data', 'This field is required.'],
      [{ type: 'list', data: { category: 'A', items: items('x').items } }, 'data', 'Invalid value.'],
      [{ type: 'list', data: {} }, 'data', 'Invalid value.'],
      [{ type: 'list', data: { items: [] } }, 'data.items', 'This field is required.'],
      [{ type: 'list', data: items('x', 'x') }, 'data.items.1.value', 'This value already exists.'],
      [
        { type: 'list', data: { items: [{ value: ' ', label: 'l' }] } },
        'data.items.0.value',
        'This field is required.',
      ],
      [{ type: 'list', data: { items: [{ value: 'v', label: '' }] } }, 'data.items.0.label', 'This field is required.'],
      [
        { type: 'list', data: items(...Array.from({ length: 201 }, (_, i) => `v${i}`)) },
        'data.items',
        'Must be at most 200.',
      ],
    ];
    for (const path of ['http://evil.example/x', '//evil.example/x', 'location/locations', '/a/../user/users']) {
      cases.push([
        { type: 'list', data: { service: { path, labelKey: 'name', valueKey: 'id' } } },
        'data.service.path',
        'Invalid format.',
      ]);
    }
    cases.push([
      { type: 'list', data: { service: { path: '/location/locations', labelKey: '', valueKey: 'id' } } },
      'data.service.labelKey',
      'This field is required.',
    ]);
    for (const [change, path, message] of cases) {
      const res = await post({ ...base, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(change)).toContainEqual({ field: path, message });
    }
  });

  it('answers 400 for a code category that does not exist', async () => {
    const res = await post({
      table: 'users',
      field: fieldName(),
      display: 'd',
      type: 'list',
      data: { category: 'NO_SUCH_CAT_X' },
    });
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual([{ field: 'data.category', message: 'The selected item does not exist.' }]);
  });

  it('refuses a field named like a real column, in either spelling (400 customFieldReserved)', async () => {
    for (const [table, name] of [
      ['users', 'userId'],
      ['users', 'email'],
      ['users', 'ext'],
      ['users', 'passwordHash'],
      ['users', 'createdAt'],
      ['locations', 'parentId'],
      ['locations', 'name'],
    ]) {
      const res = await post({ table, field: name, display: 'd', type: 'other' });
      expect(res.status, name).toBe(400);
      expect(fieldsOf(res)).toEqual([{ field: 'field', message: 'The table already has a column with this name.' }]);
    }
    // A column of another table is free: locations have no userId.
    const ok = await post({ table: 'locations', field: 'userId', display: 'd', type: 'other' });
    expect(ok.status).toBe(200);
    await del(`/custom/${ok.body.data.id}`);
  });

  it('refuses a duplicate field name within a table (409 DUPLICATE field), also when two requests race', async () => {
    const name = fieldName();
    await field({ field: name });
    const again = await post({ table: 'users', field: name, display: 'x', type: 'other' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'DUPLICATE', extraData: { field: 'field' } });
    // The same name on another table is a different field.
    expect((await post({ table: 'locations', field: name, display: 'x', type: 'other' })).status).toBe(200);

    const racing = fieldName();
    const results = await Promise.all(
      [1, 2, 3].map(() => post({ table: 'users', field: racing, display: 'r', type: 'other' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.extraData).toEqual({ field: 'field' });
  });

  it('answers 401 without a token and 403 without the create right', async () => {
    const payload = { table: 'users', field: fieldName(), display: 'd', type: 'other' };
    expect((await post(payload, null)).status).toBe(401);
    expect((await post(payload, nobody.token)).status).toBe(403);
    expect((await post(payload, viewer.token)).status).toBe(403);
  });
});

describe('reading fields', () => {
  it('lists a table’s fields by sequence to any signed-in user', async () => {
    const late = await field({ sequence: 900_001 });
    const early = await field({ sequence: 900_000 });
    const res = await get('/custom-ext-by-table/users', nobody.token);
    expect(res.status).toBe(200);
    const ids = res.body.data.map((f: Field) => f.id);
    expect(ids.indexOf(early.id)).toBeLessThan(ids.indexOf(late.id));
    expect(res.body.data.every((f: Field) => f.table === 'users')).toBe(true);
    expect((await get('/custom-ext-by-table/sessions', nobody.token)).status).toBe(400);
    expect((await get('/custom-ext-by-table/users', null)).status).toBe(401);
  });

  it('lists all fields and the tables with their field counts', async () => {
    const f = await field({ table: 'locations' });
    const all = await get('/customs', viewer.token);
    expect(all.status).toBe(200);
    expect(all.body.data.find((x: Field) => x.id === f.id)).toMatchObject({ table: 'locations', field: f.field });
    const before = (await get('/customs/table', viewer.token)).body.data;
    expect(before.map((x: { table: string }) => x.table)).toEqual([...CUSTOM_EXT_TABLES]);
    expect(before[1]).toMatchObject({ table: 'locations', label: 'Locations' });
    expect(before[1].count).toBe(all.body.data.filter((x: Field) => x.table === 'locations').length);
  });

  it('names the tables that take custom fields in the caller’s language', async () => {
    const enRes = await get('/db-tables/', viewer.token);
    expect(enRes.body.data).toEqual([
      { table: 'users', label: 'Users' },
      { table: 'locations', label: 'Locations' },
      { table: 'tools', label: 'Tools' },
      { table: 'products', label: 'Products' },
      { table: 'materials', label: 'Materials' },
      { table: 'operations', label: 'Operations' },
      { table: 'biz_partners', label: 'Business partners' },
    ]);
    const kr = await t.inject({ method: 'GET', url: '/api/custom-ext/db-tables/', token: viewer.token });
    expect(kr.body.data[0]).toEqual({ table: 'users', label: '사용자' });
  });

  it('shows a table’s real columns, and 404 for a table that takes no custom fields', async () => {
    const res = await get('/db-table/users/columns', viewer.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(expect.arrayContaining(['id', 'user_id', 'username', 'ext', 'created_at']));
    expect((await get('/db-table/sessions/columns', viewer.token)).status).toBe(404);
    expect((await get('/db-table/change_history/columns', viewer.token)).status).toBe(404);
  });

  it('answers 401 and 403 on the administration look-ups', async () => {
    for (const url of ['/db-tables/', '/db-table/users/columns', '/customs', '/customs/table']) {
      expect((await get(url, null)).status, url).toBe(401);
      expect((await get(url, nobody.token)).status, url).toBe(403);
    }
  });
});

describe('PUT /api/custom-ext/custom', () => {
  it('modifies a field and records the change in its history', async () => {
    const f = await field({ type: 'list', data: items('x') });
    const res = await put({ id: f.id, field: f.field, display: '교대조', type: 'list', data: items('x', 'y') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: f.id, table: 'users', display: '교대조', data: items('x', 'y') });
    expect(res.body.data.sequence).toBe(f.sequence);

    const history = await t.inject({
      method: 'GET',
      url: `/api/history/record/custom_ext_fields/${f.id}`,
      token: viewer.token,
    });
    expect(history.status).toBe(200);
    const mod = history.body.data.find((e: any) => e.revisionType === 'MOD');
    expect(mod).toMatchObject({ updateBy: admin.userId, table: 'custom_ext_fields' });
    expect(mod.changedFields).toEqual(expect.arrayContaining(['display', 'data']));
    expect(mod.oldData.display).toBe('근무조');
    expect(mod.newData.display).toBe('교대조');
  });

  it('keeps the table: a table in the update body is refused by name (bodies are strict), the field keeps it', async () => {
    const f = await field();
    const res = await put({ id: f.id, table: 'locations', field: f.field, display: 'd', type: 'other' });
    expect(res.status).toBe(400);
    expect(res.body.extraData.fields.map((e: { field: string }) => e.field)).toEqual(['table']);
    const ok = await put({ id: f.id, field: f.field, display: 'd', type: 'other' });
    expect(ok.body.data.table).toBe('users');
  });

  it('renaming a field moves the stored values to the new key', async () => {
    const f = await field();
    const user = await t.makeUser({}, { ext: { [f.field]: '3조', keep: 'x' } });
    const renamed = fieldName();
    const res = await put({ id: f.id, field: renamed, display: 'd', type: 'other' });
    expect(res.status).toBe(200);
    const [row] = await t.db.select({ ext: users.ext }).from(users).where(eq(users.id, user.user.id));
    expect(row.ext).toEqual({ [renamed]: '3조', keep: 'x' });
  });

  it('answers 409 for a name taken, 400 for a column name or bad data, 404 for a missing field', async () => {
    const a = await field();
    const b = await field();
    const clash = await put({ id: b.id, field: a.field, display: 'd', type: 'other' });
    expect(clash.status).toBe(409);
    expect(clash.body.extraData).toEqual({ field: 'field' });
    const reserved = await put({ id: b.id, field: 'username', display: 'd', type: 'other' });
    expect(fieldsOf(reserved)).toEqual([{ field: 'field', message: 'The table already has a column with this name.' }]);
    const noData = await put({ id: b.id, field: b.field, display: 'd', type: 'list' });
    expect(fieldsOf(noData)).toEqual([{ field: 'data', message: 'This field is required.' }]);
    expect((await put({ id: 2_000_000_000, field: b.field, display: 'd', type: 'other' })).status).toBe(404);
  });

  it('answers 401 and 403', async () => {
    const f = await field();
    const payload = { id: f.id, field: f.field, display: 'x', type: 'other' };
    expect((await put(payload, null)).status).toBe(401);
    expect((await put(payload, viewer.token)).status).toBe(403);
  });
});

describe('DELETE /api/custom-ext/custom/:id', () => {
  it('deletes a field; a second delete is 404', async () => {
    const f = await field();
    expect((await del(`/custom/${f.id}`, viewer.token)).status).toBe(403);
    expect((await del(`/custom/${f.id}`, null)).status).toBe(401);
    expect((await del(`/custom/${f.id}`)).status).toBe(200);
    expect((await get('/customs')).body.data.some((x: Field) => x.id === f.id)).toBe(false);
    expect((await del(`/custom/${f.id}`)).status).toBe(404);
    expect((await del('/custom/abc')).status).toBe(400);
  });
});

describe('DELETE /api/custom-ext/sub/:a/:b', () => {
  it('removes one fixed item and keeps the others', async () => {
    const f = await field({ type: 'list', data: items('x', 'y z', 'w') });
    const res = await del(`/sub/${f.id}/${encodeURIComponent('y z')}`);
    expect(res.status).toBe(200);
    expect(res.body.data.data).toEqual(items('x', 'w'));
    expect((await get('/customs')).body.data.find((x: Field) => x.id === f.id).data).toEqual(items('x', 'w'));
  });

  it('answers 404 for a missing field, a missing item or a field without items; 409 for the last item', async () => {
    const f = await field({ type: 'list', data: items('x') });
    expect((await del(`/sub/${f.id}/nope`)).status).toBe(404);
    expect((await del(`/sub/2000000000/x`)).status).toBe(404);
    const text = await field();
    expect((await del(`/sub/${text.id}/x`)).status).toBe(404);
    const last = await del(`/sub/${f.id}/x`);
    expect(last.status).toBe(409);
    expect((await del('/sub/zero/x')).status).toBe(400);
  });

  it('answers 401 and 403', async () => {
    const f = await field({ type: 'list', data: items('x', 'y') });
    expect((await del(`/sub/${f.id}/x`, null)).status).toBe(401);
    expect((await del(`/sub/${f.id}/x`, viewer.token)).status).toBe(403);
  });
});

describe('PUT /api/custom-ext/customs (reorder)', () => {
  const reorder = (payload: unknown, token: string | null = admin.token) =>
    t.inject({ method: 'PUT', url: '/api/custom-ext/customs', token, headers: en, payload });

  it('saves new sequences', async () => {
    const a = await field({ table: 'locations', sequence: 800_000 });
    const b = await field({ table: 'locations', sequence: 800_001 });
    const res = await reorder([
      { id: a.id, sequence: 800_003 },
      { id: b.id, sequence: 800_002 },
    ]);
    expect(res.status).toBe(200);
    const ids = (await get('/custom-ext-by-table/locations')).body.data.map((f: Field) => f.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(res.body.data.find((f: Field) => f.id === a.id).sequence).toBe(800_003);
  });

  it('answers 400 for a bad body, 404 when a field is missing (nothing saved), 401 and 403', async () => {
    const a = await field({ sequence: 5 });
    expect((await reorder([])).status).toBe(400);
    expect((await reorder([{ id: a.id, sequence: -1 }])).status).toBe(400);
    const missing = await reorder([
      { id: a.id, sequence: 7 },
      { id: 2_000_000_000, sequence: 8 },
    ]);
    expect(missing.status).toBe(404);
    expect((await get('/customs')).body.data.find((f: Field) => f.id === a.id).sequence).toBe(5);
    expect((await reorder([{ id: a.id, sequence: 1 }], null)).status).toBe(401);
    expect((await reorder([{ id: a.id, sequence: 1 }], viewer.token)).status).toBe(403);
  });
});

describe('custom field values on users and locations', () => {
  const createUser = (ext: unknown) =>
    t.inject({
      method: 'POST',
      url: '/api/user',
      token: userManager.token,
      headers: en,
      payload: { userId: uniq('u'), username: '홍길동', password: 'secret123', ext },
    });
  const updateUser = (id: number, extra: Record<string, unknown>) =>
    t.inject({
      method: 'PUT',
      url: '/api/user',
      token: userManager.token,
      headers: en,
      payload: { id, username: '홍길동', ...extra },
    });
  const createSite = (ext: unknown) =>
    t.inject({
      method: 'POST',
      url: '/api/location',
      token: userManager.token,
      headers: en,
      payload: { name: uniq('site'), type: 'SITE', ext },
    });

  it('accepts a code of the category and refuses another or a disabled code', async () => {
    const f = await field({ type: 'list', data: { category: await codeCategory() } });
    const ok = await createUser({ [f.field]: 'B' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.ext).toEqual({ [f.field]: 'B' });
    for (const bad of ['C', 'OFF', 'b']) {
      const res = await createUser({ [f.field]: bad });
      expect(res.status, bad).toBe(400);
      expect(fieldsOf(res)).toEqual([{ field: `ext.${f.field}`, message: 'This value is not allowed.' }]);
    }
  });

  it('accepts a fixed item on a location and refuses a value outside the items', async () => {
    const f = await field({ table: 'locations', type: 'list', data: items('north', 'south') });
    const ok = await createSite({ [f.field]: 'north' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.ext).toEqual({ [f.field]: 'north' });
    const bad = await createSite({ [f.field]: 'east' });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual([{ field: `ext.${f.field}`, message: 'This value is not allowed.' }]);
  });

  it('refuses an unknown field, a too long text and a value that is not text; drops empty values', async () => {
    const text = await field();
    const unknown = await createUser({ noSuchField: 'x' });
    expect(fieldsOf(unknown)).toEqual([{ field: 'ext.noSuchField', message: 'Unknown field.' }]);
    const long = await createUser({ [text.field]: 'x'.repeat(501) });
    expect(fieldsOf(long)).toEqual([{ field: `ext.${text.field}`, message: 'Enter at most 500 characters.' }]);
    const object = await createUser({ [text.field]: { a: 1 } });
    expect(fieldsOf(object)).toEqual([{ field: `ext.${text.field}`, message: 'Invalid value.' }]);
    const location = await createSite({ [text.field]: 'x' });
    expect(fieldsOf(location)).toEqual([{ field: `ext.${text.field}`, message: 'Unknown field.' }]);
    expect((await createUser({ [text.field]: 'x'.repeat(500) })).status).toBe(200);
    expect((await createUser({ [text.field]: '' })).body.data.ext).toBeNull();
    expect((await createUser({ [text.field]: ' 7 ' })).body.data.ext).toEqual({ [text.field]: '7' });
  });

  it('keeps the stored values when an update omits ext and clears them with null', async () => {
    const f = await field();
    const user = (await createUser({ [f.field]: '1조' })).body.data;
    const kept = await updateUser(user.id, { username: '김철수' });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.ext).toEqual({ [f.field]: '1조' });
    const changed = await updateUser(user.id, { ext: { [f.field]: '2조' } });
    expect(changed.body.data.ext).toEqual({ [f.field]: '2조' });
    expect((await updateUser(user.id, { ext: null })).body.data.ext).toBeNull();
  });

  it('keeps a location’s values when its update omits ext', async () => {
    const f = await field({ table: 'locations', type: 'list', data: items('n', 's') });
    const site = (await createSite({ [f.field]: 's' })).body.data;
    const res = await t.inject({
      method: 'PUT',
      url: '/api/location',
      token: userManager.token,
      headers: en,
      payload: { id: site.id, name: 'renamed', type: 'SITE' },
    });
    expect(res.body.data.ext).toEqual({ [f.field]: 's' });
    const bad = await t.inject({
      method: 'PUT',
      url: '/api/location',
      token: userManager.token,
      headers: en,
      payload: { id: site.id, name: 'renamed', type: 'SITE', ext: { [f.field]: 'x' } },
    });
    expect(fieldsOf(bad)).toEqual([{ field: `ext.${f.field}`, message: 'This value is not allowed.' }]);
    const [row] = await t.db.select({ ext: locations.ext }).from(locations).where(eq(locations.id, site.id));
    expect(row.ext).toEqual({ [f.field]: 's' });
  });

  it('after a field is deleted, its old value is dropped on the next save but a new value is refused', async () => {
    const gone = await field();
    const other = await field();
    const user = (await createUser({ [gone.field]: 'old', [other.field]: 'o' })).body.data;
    await del(`/custom/${gone.id}`);
    const [row] = await t.db.select({ ext: users.ext }).from(users).where(eq(users.id, user.id));
    expect(row.ext).toEqual({ [gone.field]: 'old', [other.field]: 'o' });
    const changed = await updateUser(user.id, { ext: { [gone.field]: 'new', [other.field]: 'o' } });
    expect(fieldsOf(changed)).toEqual([{ field: `ext.${gone.field}`, message: 'Unknown field.' }]);
    const resaved = await updateUser(user.id, { ext: { [gone.field]: 'old', [other.field]: 'o' } });
    expect(resaved.status).toBe(200);
    expect(resaved.body.data.ext).toEqual({ [other.field]: 'o' });
  });

  it('after an item is removed, a record holding it may be saved unchanged but not switched to it', async () => {
    const f = await field({ type: 'list', data: items('x', 'y') });
    const holder = (await createUser({ [f.field]: 'y' })).body.data;
    const other = (await createUser({ [f.field]: 'x' })).body.data;
    await del(`/sub/${f.id}/y`);
    expect((await updateUser(holder.id, { ext: { [f.field]: 'y' } })).status).toBe(200);
    const switched = await updateUser(other.id, { ext: { [f.field]: 'y' } });
    expect(fieldsOf(switched)).toEqual([{ field: `ext.${f.field}`, message: 'This value is not allowed.' }]);
    expect((await createUser({ [f.field]: 'y' })).status).toBe(400);
  });

  it('checks a service list for length only, and reports all problems without throwing for the Excel check', async () => {
    const service = await field({
      type: 'list',
      data: { service: { path: '/location/locations', labelKey: 'name', valueKey: 'id' } },
    });
    const fixed = await field({ type: 'list', data: items('x') });
    const ok = await createUser({ [service.field]: 12345 });
    expect(ok.status).toBe(200);
    expect(ok.body.data.ext).toEqual({ [service.field]: '12345' });
    const errors = await checkExtValues(t.db, 'users', {
      [service.field]: 'y'.repeat(501),
      [fixed.field]: 'nope',
      stray: 'x',
    });
    expect(errors).toEqual([
      { field: service.field, message: 'maxLength {"max":500}' },
      { field: fixed.field, message: 'notIn' },
      { field: 'stray', message: 'unknownField' },
    ]);
    expect(await checkExtValues(t.db, 'users', 'text')).toEqual([{ field: 'ext', message: 'invalidType' }]);
    await expect(validateExt(t.db, 'users', { [fixed.field]: 'x' })).resolves.toEqual({ [fixed.field]: 'x' });
    await expect(validateExt(t.db, 'users', [1])).rejects.toMatchObject({ status: 400 });
  });
});
