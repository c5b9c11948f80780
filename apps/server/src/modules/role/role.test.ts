import type { RoleItemNode } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import { uniqueAs } from '../../platform/crud.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { userRoles } from '../user/user.table.ts';
import { ROLE_UNIQUE } from './role.service.ts';
import { roles } from './role.table.ts';

const t = await createTestApp();
const manager = await t.makeUser({ role: { all: true } });
const viewer = await t.makeUser({ role: { view: true } });
const nobody = await t.makeUser({});
const en = { 'accept-language': 'en' };

const TREE: RoleItemNode[] = [
  { name: 'notice', view: true },
  { name: 'baseinfo', children: [{ name: 'location', all: true }] },
];

async function create(roleItem: RoleItemNode[] = TREE, name = uniq('role')) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/role',
    token: manager.token,
    payload: { name, description: 'Line staff', roleItem: JSON.stringify(roleItem) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; name: string; roleItem: string; description: string | null };
}

const put = (body: Record<string, unknown>, token: string | null = manager.token) =>
  t.inject({ method: 'PUT', url: '/api/role', token, headers: en, payload: body });

/** An administrator who is, from now on, the only enabled one (earlier tests' administrators are disabled). */
const soleAdministrator = () => t.soleAdministrator();

describe('POST /api/role', () => {
  it('creates a role; GET returns roleItem as JSON text', async () => {
    const role = await create();
    expect(role).toMatchObject({ description: 'Line staff', createdBy: manager.userId });
    expect(JSON.parse(role.roleItem)).toEqual(TREE);
    const one = await t.inject({ method: 'GET', url: `/api/role/${role.id}`, token: viewer.token });
    expect(one.status).toBe(200);
    expect(typeof one.body.data.roleItem).toBe('string');
    expect(JSON.parse(one.body.data.roleItem)).toEqual(TREE);
    const list = await t.inject({ method: 'GET', url: '/api/role/roles', token: viewer.token });
    expect(list.body.data.map((r: { id: number }) => r.id)).toContain(role.id);
  });

  it('answers 400 for bad JSON, a bad tree, an unknown menu name and a missing name', async () => {
    const cases = [
      [{ name: 'x', roleItem: 'not json' }, 'roleItem', 'Invalid value.'],
      [{ name: 'x', roleItem: '{"name":"notice"}' }, 'roleItem', 'Invalid value.'],
      [{ name: 'x', roleItem: '[{"name":"notice","view":"yes"}]' }, 'roleItem', 'Invalid value.'],
      [{ name: 'x', roleItem: '[{"name":"nope","all":true}]' }, 'roleItem', 'Unknown menu: nope'],
      [
        { name: 'x', roleItem: '[{"name":"system","children":[{"name":"hacker"}]}]' },
        'roleItem',
        'Unknown menu: hacker',
      ],
      [{ roleItem: '[]' }, 'name', 'This field is required.'],
    ] as const;
    for (const [payload, field, message] of cases) {
      const res = await t.inject({ method: 'POST', url: '/api/role', token: manager.token, headers: en, payload });
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.extraData.fields).toEqual([{ field, message }]);
    }
  });

  it('answers 409 DUPLICATE on name, also for two concurrent creates and a race past the check', async () => {
    const role = await create();
    const dup = await t.inject({
      method: 'POST',
      url: '/api/role',
      token: manager.token,
      payload: { name: role.name, roleItem: '[]' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'DUPLICATE', extraData: { field: 'name' } });

    const name = uniq('race');
    const both = await Promise.all(
      [1, 2].map(() =>
        t.inject({ method: 'POST', url: '/api/role', token: manager.token, payload: { name, roleItem: '[]' } }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);

    const insert = () =>
      withTx(t.db, SYSTEM_ACTOR, (tx) => tx.insert(roles).values({ name: `${name}-db`, roleItem: [] }));
    await uniqueAs(ROLE_UNIQUE, insert);
    await expect(uniqueAs(ROLE_UNIQUE, insert)).rejects.toMatchObject({
      code: 'DUPLICATE',
      extraData: { field: 'name' },
    });
  });

  it('answers 401 and 403', async () => {
    const payload = { name: uniq('r'), roleItem: '[]' };
    expect((await t.inject({ method: 'POST', url: '/api/role', payload })).status).toBe(401);
    expect((await t.inject({ method: 'POST', url: '/api/role', token: viewer.token, payload })).status).toBe(403);
  });
});

describe('GET /api/role', () => {
  it('answers 404, 400, 401 and 403', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/role/99999999', token: viewer.token })).status).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/api/role/x', token: viewer.token })).status).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/role/roles' })).status).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/role/roles', token: nobody.token })).status).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/role/1', token: nobody.token })).status).toBe(403);
  });
});

describe('PUT /api/role', () => {
  it('modifies a role; the holders get the new rights on their next request', async () => {
    const role = await create([{ name: 'notice', view: true }]);
    const holder = await t.makeUser({});
    await withTx(t.db, SYSTEM_ACTOR, (tx) => tx.insert(userRoles).values({ userId: holder.user.id, roleId: role.id }));
    const payload = { category: uniq('CAT'), name: 'x' };
    expect((await t.inject({ method: 'POST', url: '/api/code/cateogry', token: holder.token, payload })).status).toBe(
      403,
    );

    const res = await put({
      id: role.id,
      name: role.name,
      description: null,
      roleItem: JSON.stringify([{ name: 'code', create: true }]),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ description: null, updatedBy: manager.userId });
    expect((await t.inject({ method: 'POST', url: '/api/code/cateogry', token: holder.token, payload })).status).toBe(
      200,
    );
  });

  it('answers 409 DUPLICATE, 404, 400, 401 and 403', async () => {
    const a = await create();
    const b = await create();
    const dup = await put({ id: b.id, name: a.name, roleItem: '[]' });
    expect(dup.status).toBe(409);
    expect(dup.body.extraData.field).toBe('name');
    expect((await put({ id: 99_999_999, name: uniq('r'), roleItem: '[]' })).status).toBe(404);
    expect((await put({ id: a.id, name: a.name, roleItem: '[{"name":"nope"}]' })).status).toBe(400);
    expect((await put({ id: a.id, name: a.name, roleItem: '[]' }, null)).status).toBe(401);
    expect((await put({ id: a.id, name: a.name, roleItem: '[]' }, viewer.token)).status).toBe(403);
  });

  it('refuses to take all-on-system away from the role of the last enabled administrator', async () => {
    const admin = await soleAdministrator();
    const adminRole = admin.role;
    const demote = {
      id: adminRole.id,
      name: adminRole.name,
      roleItem: JSON.stringify([{ name: 'system', view: true }]),
    };
    const refused = await put(demote);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CONFLICT');
    expect(refused.body.message).toMatch(/administrator/);
    const unchanged = await t.inject({ method: 'GET', url: `/api/role/${adminRole.id}`, token: viewer.token });
    expect(JSON.parse(unchanged.body.data.roleItem)).toEqual([{ name: 'system', all: true }]);

    await t.makeUser({ system: { all: true } });
    expect((await put(demote)).status).toBe(200);
  });
});

describe('DELETE /api/role', () => {
  const del = (url: string, token: string | null = manager.token) => t.inject({ method: 'DELETE', url, token });

  it('deletes an unused role', async () => {
    const role = await create();
    expect((await del(`/api/role/${role.id}`)).status).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/role/${role.id}`, token: viewer.token })).status).toBe(404);
  });

  it('refuses to delete a role held by users, listing them', async () => {
    const holder = await t.makeUser({ notice: { view: true } });
    const res = await del(`/api/role/${holder.role.id}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ERROR_CONSTRAINT_VIOLATION');
    expect(res.body.extraData.datas).toEqual([
      { screen: 'user', id: holder.userId, name: holder.user.username, createdBy: null, createdAt: expect.any(String) },
    ]);
  });

  it('bulk-deletes all or nothing', async () => {
    const unused = await create();
    const holder = await t.makeUser({});
    const blocked = await del(`/api/role/roles/${unused.id},${holder.role.id}`);
    expect(blocked.status).toBe(409);
    expect((await t.inject({ method: 'GET', url: `/api/role/${unused.id}`, token: viewer.token })).status).toBe(200);
    expect((await del(`/api/role/roles/${unused.id},99999999`)).status).toBe(404);
    const other = await create();
    expect((await del(`/api/role/roles/${unused.id},${other.id}`)).status).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/role/${other.id}`, token: viewer.token })).status).toBe(404);
  });

  it('answers 400, 404, 401 and 403', async () => {
    const role = await create();
    expect((await del('/api/role/roles/a,b')).status).toBe(400);
    expect((await del('/api/role/99999999')).status).toBe(404);
    expect((await del(`/api/role/${role.id}`, null)).status).toBe(401);
    expect((await del(`/api/role/${role.id}`, viewer.token)).status).toBe(403);
    expect((await del(`/api/role/roles/${role.id}`, viewer.token)).status).toBe(403);
  });
});
