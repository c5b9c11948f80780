import { and, eq } from 'drizzle-orm';
import type { LocationTreeNode, LocationType } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { changeHistory } from '../history/history.table.ts';
import { notices } from '../notice/notice.table.ts';
import { uniqueAs } from '../../platform/crud.ts';
import { LOCATION_UNIQUE } from './location.service.ts';
import { locations } from './location.table.ts';

const t = await createTestApp();
const editor = await t.makeUser({ location: { all: true } });
const reader = await t.makeUser({});
const en = { 'accept-language': 'en' };

type Loc = { id: number; name: string; type: LocationType; parentId: number | null; code: string | null };

async function create(type: LocationType, parentId: number | null, extra: Record<string, unknown> = {}): Promise<Loc> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/location',
    token: editor.token,
    payload: { name: uniq(type.toLowerCase()), type, parentId, ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** A full branch: site → factory → line, warehouse → shelf. */
async function branch() {
  const site = await create('SITE', null);
  const factory = await create('FACTORY', site.id);
  const line = await create('LINE', factory.id);
  const warehouse = await create('WAREHOUSE', factory.id);
  const shelf = await create('SHELF', warehouse.id);
  return { site, factory, line, warehouse, shelf };
}

const put = (loc: Loc, change: Record<string, unknown>, token: string | null = editor.token) =>
  t.inject({
    method: 'PUT',
    url: '/api/location',
    token,
    headers: en,
    payload: { id: loc.id, name: loc.name, code: loc.code, type: loc.type, parentId: loc.parentId, ...change },
  });

function findNode(nodes: LocationTreeNode[], id: number): LocationTreeNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inner = findNode(n.children, id);
    if (inner) return inner;
  }
  return undefined;
}

describe('POST /api/location', () => {
  it('creates a location with the actor as creator and records it in the change history', async () => {
    const site = await create('SITE', null, { code: uniq('S'), description: 'main site', sort: 3 });
    expect(site).toMatchObject({
      type: 'SITE',
      parentId: null,
      sort: 3,
      description: 'main site',
      createdBy: editor.userId,
    });
    const history = await t.db
      .select()
      .from(changeHistory)
      .where(and(eq(changeHistory.tableName, 'locations'), eq(changeHistory.rowId, String(site.id))));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ revisionType: 'ADD', updateBy: editor.userId });
  });

  it.each([
    ['FACTORY', null, 'A factory can only be placed under a site.'],
    ['SITE', 'SITE', 'A site can only be at the top level.'],
    ['LINE', 'SITE', 'A line can only be placed under a factory.'],
    ['WAREHOUSE', 'LINE', 'A warehouse can only be placed under a factory.'],
    ['SHELF', 'LINE', 'A shelf can only be placed under a warehouse.'],
  ] as const)('refuses a %s under %s with 400 on parentId', async (type, parentType, message) => {
    const b = await branch();
    const parent = parentType === null ? null : { SITE: b.site, LINE: b.line }[parentType];
    const res = await t.inject({
      method: 'POST',
      url: '/api/location',
      token: editor.token,
      headers: en,
      payload: { name: uniq('x'), type, parentId: parent?.id ?? null },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.extraData.fields).toEqual([{ field: 'parentId', message }]);
  });

  it('gives the placement message in Korean by default', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/location',
      token: editor.token,
      payload: { name: 'f', type: 'FACTORY' },
    });
    expect(res.body.extraData.fields[0]).toEqual({
      field: 'parentId',
      message: '공장은 사이트 아래에만 둘 수 있습니다.',
    });
  });

  it('answers 400 for a missing name, an unknown type or a parent that does not exist', async () => {
    const bad = [
      [{ type: 'SITE' }, 'name'],
      [{ name: 'x', type: 'ROOM' }, 'type'],
      [{ name: 'x', type: 'FACTORY', parentId: 99_999_999 }, 'parentId'],
    ] as const;
    for (const [payload, field] of bad) {
      const res = await t.inject({ method: 'POST', url: '/api/location', token: editor.token, payload });
      expect(res.status).toBe(400);
      expect(res.body.extraData.fields[0].field).toBe(field);
    }
  });

  it('answers 409 DUPLICATE on code for a used location code, also for two concurrent creates', async () => {
    const code = uniq('C');
    await create('SITE', null, { code });
    const again = await t.inject({
      method: 'POST',
      url: '/api/location',
      token: editor.token,
      payload: { name: 'x', type: 'SITE', code },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'DUPLICATE', extraData: { field: 'code' } });

    const racing = uniq('C');
    const both = await Promise.all(
      [1, 2].map(() =>
        t.inject({
          method: 'POST',
          url: '/api/location',
          token: editor.token,
          payload: { name: 'r', type: 'SITE', code: racing },
        }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('maps the database unique violation (a race past the check) to DUPLICATE on code', async () => {
    const code = uniq('C');
    const insert = () =>
      withTx(t.db, SYSTEM_ACTOR, (tx) => tx.insert(locations).values({ name: 'x', type: 'SITE', code }));
    await uniqueAs(LOCATION_UNIQUE, insert);
    await expect(uniqueAs(LOCATION_UNIQUE, insert)).rejects.toMatchObject({
      status: 409,
      code: 'DUPLICATE',
      extraData: { field: 'code' },
    });
  });

  it('answers 401 without a token and 403 without the location create right', async () => {
    const payload = { name: 'x', type: 'SITE' };
    expect((await t.inject({ method: 'POST', url: '/api/location', payload })).status).toBe(401);
    const res = await t.inject({ method: 'POST', url: '/api/location', token: reader.token, payload });
    expect(res.status).toBe(403);
    const modifier = await t.makeUser({ location: { modify: true } });
    expect((await t.inject({ method: 'POST', url: '/api/location', token: modifier.token, payload })).status).toBe(403);
  });
});

describe('PUT /api/location', () => {
  it('renames and moves a line to another factory, stamping updatedBy', async () => {
    const a = await branch();
    const otherFactory = await create('FACTORY', a.site.id);
    const res = await put(a.line, { name: 'Line 9', parentId: otherFactory.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Line 9', parentId: otherFactory.id, updatedBy: editor.userId });
  });

  it('refuses a move that breaks placement with 400 on parentId', async () => {
    const a = await branch();
    const res = await put(a.line, { parentId: a.site.id });
    expect(res.status).toBe(400);
    expect(res.body.extraData.fields).toEqual([
      { field: 'parentId', message: 'A line can only be placed under a factory.' },
    ]);
    const toRoot = await put(a.shelf, { parentId: null });
    expect(toRoot.body.extraData.fields[0].field).toBe('parentId');
  });

  it('refuses a move under itself or under one of its descendants', async () => {
    const a = await branch();
    for (const parentId of [a.factory.id, a.line.id, a.shelf.id]) {
      const res = await put(a.factory, { parentId });
      expect(res.status).toBe(400);
      expect(res.body.extraData.fields).toEqual([
        { field: 'parentId', message: 'It cannot be placed under itself or one of its descendants.' },
      ]);
    }
  });

  it('allows a type change only when it suits the parent and keeps the children valid', async () => {
    const a = await branch();
    const lineToWarehouse = await put(a.line, { type: 'WAREHOUSE' });
    expect(lineToWarehouse.status).toBe(200);
    expect(lineToWarehouse.body.data.type).toBe('WAREHOUSE');

    const withShelf = await put(a.warehouse, { type: 'LINE' });
    expect(withShelf.status).toBe(400);
    expect(withShelf.body.extraData.fields).toEqual([
      { field: 'type', message: 'Its child locations cannot stay under this type.' },
    ]);

    const wrongLevel = await put(a.shelf, { type: 'LINE' });
    expect(wrongLevel.status).toBe(400);
    expect(wrongLevel.body.extraData.fields[0].field).toBe('parentId');
  });

  it('answers 409 DUPLICATE for another location code, 404 for a missing id and 400 for a bad body', async () => {
    const a = await branch();
    const code = uniq('C');
    await put(a.line, { code });
    const dup = await put(a.warehouse, { code });
    expect(dup.status).toBe(409);
    expect(dup.body.extraData.field).toBe('code');
    expect((await put(a.line, { code })).status).toBe(200);
    expect((await put({ ...a.line, id: 99_999_999 }, {})).status).toBe(404);
    expect((await put(a.line, { name: '' })).status).toBe(400);
  });

  it('answers 401 and 403', async () => {
    const a = await branch();
    expect((await put(a.line, {}, null)).status).toBe(401);
    expect((await put(a.line, {}, reader.token)).status).toBe(403);
  });
});

describe('GET /api/location/tree', () => {
  it('returns the whole tree with children sorted by sort then name', async () => {
    const a = await branch();
    await create('LINE', a.factory.id, { name: 'b-line', sort: 1 });
    await create('LINE', a.factory.id, { name: 'a-line', sort: 2 });
    await create('LINE', a.factory.id, { name: 'z-line', sort: 1 });
    await t.db.update(locations).set({ sort: 5 }).where(eq(locations.id, a.line.id));
    await t.db.update(locations).set({ sort: 5 }).where(eq(locations.id, a.warehouse.id));
    const res = await t.inject({ method: 'GET', url: '/api/location/tree', token: reader.token });
    expect(res.status).toBe(200);
    const factory = findNode(res.body.data, a.factory.id)!;
    const expectedTail = [a.line, a.warehouse].sort((x, y) => x.name.localeCompare(y.name, 'ko')).map((l) => l.name);
    expect(factory.children.map((c) => c.name)).toEqual(['b-line', 'z-line', 'a-line', ...expectedTail]);
    expect(findNode(res.body.data, a.shelf.id)).toMatchObject({
      type: 'SHELF',
      parentId: a.warehouse.id,
      children: [],
    });
    expect(findNode(res.body.data, a.site.id)).toMatchObject({ parentId: null, code: null, description: null });
  });

  it('stops at the depth of typeUntils (LINE and WAREHOUSE are one depth, SHELF is deeper)', async () => {
    const a = await branch();
    const down = async (q: string) =>
      (await t.inject({ method: 'GET', url: `/api/location/tree?${q}`, token: reader.token })).body
        .data as LocationTreeNode[];
    const toLine = await down('typeUntils=LINE');
    expect(findNode(toLine, a.line.id)).toBeTruthy();
    expect(findNode(toLine, a.warehouse.id)).toBeTruthy();
    expect(findNode(toLine, a.shelf.id)).toBeUndefined();
    const toFactory = await down('typeUntils=FACTORY');
    expect(findNode(toFactory, a.factory.id)?.children).toEqual([]);
    const repeated = await down('typeUntils=LINE&typeUntils=SHELF');
    expect(findNode(repeated, a.shelf.id)).toBeTruthy();
  });

  it('answers 400 for an unknown type and 401 without a token', async () => {
    expect(
      (await t.inject({ method: 'GET', url: '/api/location/tree?typeUntils=ROOM', token: reader.token })).status,
    ).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/location/tree' })).status).toBe(401);
  });
});

describe('location look-ups', () => {
  it('lists all locations, with their parents and paths, and by type', async () => {
    const a = await branch();
    const all = await t.inject({ method: 'GET', url: '/api/location/locations', token: reader.token });
    expect(all.status).toBe(200);
    expect(all.body.data.map((l: Loc) => l.id)).toEqual(expect.arrayContaining([a.site.id, a.shelf.id]));

    const withParent = await t.inject({
      method: 'GET',
      url: '/api/location/locations/with-parent',
      token: reader.token,
    });
    const shelf = withParent.body.data.find((l: Loc) => l.id === a.shelf.id);
    expect(shelf.parent).toMatchObject({ id: a.warehouse.id, name: a.warehouse.name, type: 'WAREHOUSE' });
    expect(shelf.path).toEqual([a.site.name, a.factory.name, a.warehouse.name, a.shelf.name]);
    expect(withParent.body.data.find((l: Loc) => l.id === a.site.id).parent).toBeNull();

    const shelves = await t.inject({ method: 'GET', url: '/api/location/by-type/SHELF', token: reader.token });
    expect(shelves.body.data.every((l: Loc) => l.type === 'SHELF')).toBe(true);
    expect(shelves.body.data.map((l: Loc) => l.id)).toContain(a.shelf.id);
    expect((await t.inject({ method: 'GET', url: '/api/location/by-type/ROOM', token: reader.token })).status).toBe(
      400,
    );
  });

  it('gets one location and its children, 404 for a missing one and 400 for a bad id', async () => {
    const a = await branch();
    const one = await t.inject({ method: 'GET', url: `/api/location/${a.factory.id}`, token: reader.token });
    expect(one.body.data).toMatchObject({ id: a.factory.id, type: 'FACTORY', parentId: a.site.id });
    const children = await t.inject({
      method: 'GET',
      url: `/api/location/${a.factory.id}/children`,
      token: reader.token,
    });
    expect(children.body.data.map((l: Loc) => l.id).sort()).toEqual([a.line.id, a.warehouse.id].sort());
    expect((await t.inject({ method: 'GET', url: '/api/location/99999999', token: reader.token })).status).toBe(404);
    expect(
      (await t.inject({ method: 'GET', url: '/api/location/99999999/children', token: reader.token })).status,
    ).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/api/location/abc', token: reader.token })).status).toBe(400);
  });

  it('answers 401 without a token on every look-up', async () => {
    for (const url of [
      '/api/location/locations',
      '/api/location/locations/with-parent',
      '/api/location/by-type/SITE',
      '/api/location/1',
      '/api/location/1/children',
    ]) {
      expect((await t.inject({ method: 'GET', url })).status).toBe(401);
    }
  });
});

describe('DELETE /api/location', () => {
  const del = (url: string, token: string | null = editor.token) => t.inject({ method: 'DELETE', url, token });

  it('deletes an empty location', async () => {
    const a = await branch();
    expect((await del(`/api/location/${a.shelf.id}`)).status).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/location/${a.shelf.id}`, token: reader.token })).status).toBe(
      404,
    );
  });

  it('refuses to delete a location that holds child locations, users or notices, listing them', async () => {
    const a = await branch();
    const worker = await t.makeUser({}, { locationId: a.line.id });
    const [notice] = await withTx(t.db, SYSTEM_ACTOR, (tx) =>
      tx
        .insert(notices)
        .values({
          title: uniq('notice'),
          contents: '<p>x</p>',
          locationId: a.line.id,
          startDt: '2026-01-01',
          endDt: '2026-01-02',
          authorId: worker.user.id,
          createdBy: worker.userId,
        })
        .returning(),
    );
    const withChildren = await del(`/api/location/${a.warehouse.id}`);
    expect(withChildren.status).toBe(409);
    expect(withChildren.body.code).toBe('ERROR_CONSTRAINT_VIOLATION');
    expect(withChildren.body.extraData.datas).toEqual([
      {
        screen: 'location',
        id: a.shelf.id,
        name: a.shelf.name,
        createdBy: editor.userId,
        createdAt: expect.any(String),
      },
    ]);

    const held = await del(`/api/location/${a.line.id}`);
    expect(held.status).toBe(409);
    expect(held.body.extraData.datas).toEqual([
      { screen: 'user', id: worker.userId, name: worker.user.username, createdBy: null, createdAt: expect.any(String) },
      { screen: 'notice', id: notice.id, name: notice.title, createdBy: worker.userId, createdAt: expect.any(String) },
    ]);
    expect((await t.inject({ method: 'GET', url: `/api/location/${a.line.id}`, token: reader.token })).status).toBe(
      200,
    );
  });

  it('bulk-deletes all or nothing', async () => {
    const a = await branch();
    const blocked = await del(`/api/location/locations/${a.line.id},${a.factory.id}`);
    expect(blocked.status).toBe(409);
    expect(blocked.body.extraData.datas.map((d: { id: number }) => d.id)).toEqual([a.warehouse.id]);
    expect((await t.inject({ method: 'GET', url: `/api/location/${a.line.id}`, token: reader.token })).status).toBe(
      200,
    );

    const missing = await del(`/api/location/locations/${a.line.id},99999999`);
    expect(missing.status).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/api/location/${a.line.id}`, token: reader.token })).status).toBe(
      200,
    );

    // A parent and its whole subtree together: nothing outside the set holds them.
    const all = [a.site, a.factory, a.line, a.warehouse, a.shelf].map((l) => l.id).join(',');
    expect((await del(`/api/location/locations/${all}`)).status).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/location/${a.site.id}`, token: reader.token })).status).toBe(
      404,
    );
  });

  it('answers 400 for bad ids, 404 for a missing one, 401 and 403', async () => {
    const a = await branch();
    expect((await del('/api/location/locations/1,x')).status).toBe(400);
    expect((await del('/api/location/99999999')).status).toBe(404);
    expect((await del(`/api/location/${a.shelf.id}`, null)).status).toBe(401);
    expect((await del(`/api/location/${a.shelf.id}`, reader.token)).status).toBe(403);
    expect((await del(`/api/location/locations/${a.shelf.id}`, reader.token)).status).toBe(403);
  });
});
