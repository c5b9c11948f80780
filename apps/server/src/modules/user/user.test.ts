import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PROFILE_PHOTO_MAX_BYTES } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import { uniqueAs } from '../../platform/crud.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, locationBranch, uniq } from '../../test/harness.ts';
import { sessions } from '../../platform/auth/session.table.ts';
import { files } from '../files/files.table.ts';
import { notices } from '../notice/notice.table.ts';
import { USER_UNIQUE } from './user.service.ts';
import { users } from './user.table.ts';

const t = await createTestApp();
const manager = await t.makeUser({ user: { all: true } });
const viewer = await t.makeUser({ user: { view: true } });
const nobody = await t.makeUser({});
const en = { 'accept-language': 'en' };
const PASSWORD = 'secret123';

type ApiUser = {
  id: number;
  userId: string;
  username: string;
  email: string | null;
  phone: string | null;
  locationId: number | null;
  enabled: boolean;
  hasImage: boolean;
  roles: { id: number; name: string }[];
};

async function create(extra: Record<string, unknown> = {}): Promise<ApiUser> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/user',
    token: manager.token,
    payload: { userId: uniq('u'), username: '홍길동', password: PASSWORD, ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const branch = () => locationBranch(t.db);

const get = (url: string, token: string | null = manager.token) => t.inject({ method: 'GET', url, token });
const put = (payload: Record<string, unknown>, token: string | null = manager.token) =>
  t.inject({ method: 'PUT', url: '/api/user', token, headers: en, payload });
const del = (url: string, token: string | null = manager.token) => t.inject({ method: 'DELETE', url, token });

async function liveSessions(userPk: number) {
  const rows = await t.db.select().from(sessions).where(eq(sessions.userId, userPk));
  return rows.filter((s) => !s.revokedAt).length;
}

/** An administrator who is, from now on, the only enabled one (earlier tests' administrators are disabled). */
const soleAdministrator = () => t.soleAdministrator();

describe('GET /api/user/users', () => {
  it('filters by q (case-insensitive on userId, username, email), role and location subtree, and pages with total', async () => {
    const tag = uniq('grp');
    const place = await branch();
    const role = await t.makeRole({ notice: { view: true } });
    const byName = await create({ username: `Kim ${tag}`, roleIds: [role.id] });
    const byEmail = await create({ email: `${tag}@Example.com`, locationId: place.line.id });
    const byId = await create({ userId: `${tag}Z` });
    await create();

    const q = await get(`/api/user/users?q=${tag.toUpperCase()}`);
    expect(q.status).toBe(200);
    expect(q.body.data.map((u: ApiUser) => u.id).sort()).toEqual([byName.id, byEmail.id, byId.id].sort());
    expect(q.body).not.toHaveProperty('total');
    expect(JSON.stringify(q.body)).not.toMatch(/password/i);

    expect((await get(`/api/user/users?roleId=${role.id}`)).body.data.map((u: ApiUser) => u.id)).toEqual([byName.id]);
    expect((await get(`/api/user/users?locationId=${place.factory.id}`)).body.data.map((u: ApiUser) => u.id)).toEqual([
      byEmail.id,
    ]);
    expect((await get(`/api/user/users?q=${tag}&roleId=${role.id}`)).body.data).toHaveLength(1);
    expect((await get('/api/user/users?q=%25')).body.data).toEqual([]);

    const page1 = await get(`/api/user/users?q=${tag}&page=1&size=2`);
    expect(page1.body.data).toHaveLength(2);
    expect(page1.body.total).toBe(3);
    const page2 = await get(`/api/user/users?q=${tag}&page=2&size=2`);
    expect(page2.body.data).toHaveLength(1);
    expect(page2.body.total).toBe(3);
  });

  it('answers 400 for a bad page size, 401 and 403', async () => {
    expect((await get('/api/user/users?size=0')).status).toBe(400);
    expect((await get('/api/user/users', null)).status).toBe(401);
    expect((await get('/api/user/users', nobody.token)).status).toBe(403);
  });
});

describe('GET /api/user/users/:id', () => {
  it('returns the user with roles and location path', async () => {
    const place = await branch();
    const role = await t.makeRole({ notice: { view: true } });
    const u = await create({ roleIds: [role.id], locationId: place.line.id });
    const res = await get(`/api/user/users/${u.id}`, viewer.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      userId: u.userId,
      roles: [{ id: role.id, name: role.name }],
      location: { id: place.line.id, type: 'LINE', path: [place.site.name, place.factory.name, place.line.name] },
    });
  });

  it('answers 404, 400, 401 and 403', async () => {
    expect((await get('/api/user/users/99999999')).status).toBe(404);
    expect((await get('/api/user/users/x')).status).toBe(400);
    expect((await get(`/api/user/users/${manager.user.id}`, null)).status).toBe(401);
    expect((await get(`/api/user/users/${manager.user.id}`, nobody.token)).status).toBe(403);
  });
});

describe('GET /api/user/workers/:locationId', () => {
  it('lists the enabled users at the location or below, to any signed-in user', async () => {
    const place = await branch();
    const other = await branch();
    const atLine = await create({ locationId: place.line.id });
    const atFactory = await create({ locationId: place.factory.id });
    await create({ locationId: place.line.id, enabled: false });
    await create({ locationId: other.line.id });
    const factory = await get(`/api/user/workers/${place.factory.id}`, nobody.token);
    expect(factory.status).toBe(200);
    expect(factory.body.data.map((u: ApiUser) => u.id).sort()).toEqual([atLine.id, atFactory.id].sort());
    const line = await get(`/api/user/workers/${place.line.id}`, nobody.token);
    expect(line.body.data.map((u: ApiUser) => u.id)).toEqual([atLine.id]);
  });

  it('answers only id, user id and name: personal data needs the user view right', async () => {
    const place = await branch();
    const worker = await create({
      locationId: place.line.id,
      email: 'worker.private@example.com',
      phone: '010-9876-5432',
    });
    const res = await get(`/api/user/workers/${place.line.id}`, nobody.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ id: worker.id, userId: worker.userId, username: worker.username }]);
    expect(JSON.stringify(res.body)).not.toMatch(/worker\.private|9876/);
  });

  it('answers 404, 400 and 401', async () => {
    expect((await get('/api/user/workers/99999999', nobody.token)).status).toBe(404);
    expect((await get('/api/user/workers/x', nobody.token)).status).toBe(400);
    expect((await get('/api/user/workers/1', null)).status).toBe(401);
  });
});

describe('POST /api/user', () => {
  it('creates a user with roles and location; the password works and is never returned', async () => {
    const place = await branch();
    const role = await t.makeRole({ notice: { view: true } });
    const u = await create({
      roleIds: [role.id],
      locationId: place.warehouse.id,
      email: 'a@b.co',
      phone: '010-1234-5678',
    });
    expect(u).toMatchObject({
      enabled: true,
      email: 'a@b.co',
      locationId: place.warehouse.id,
      roles: [{ id: role.id }],
    });
    expect(u).toMatchObject({ createdBy: manager.userId, updatedBy: manager.userId });
    expect(Object.keys(u).join()).not.toMatch(/password/i);
    await expect(t.login(u.userId, PASSWORD)).resolves.toBeTruthy();
    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    // The production cost (test users made by the harness carry a cheaper hash to keep the suite quick).
    expect(row.passwordHash).toMatch(/^scrypt\$32768\$/);
  });

  it('answers 400 for a weak password, a missing user id, a bad email, an unknown role or a shelf location', async () => {
    const place = await branch();
    const base = { userId: uniq('u'), username: 'x', password: PASSWORD };
    const cases = [
      [
        { ...base, password: 'abcdefgh' },
        'password',
        'The password needs at least 8 characters with letters and digits.',
      ],
      [
        { ...base, password: '1234567' },
        'password',
        'The password needs at least 8 characters with letters and digits.',
      ],
      [{ username: 'x', password: PASSWORD }, 'userId', 'This field is required.'],
      [{ ...base, email: 'nope' }, 'email', 'Invalid email format.'],
      [{ ...base, roleIds: [99_999_999] }, 'roleIds', 'The selected item does not exist.'],
      [{ ...base, locationId: place.shelf.id }, 'locationId', 'Choose a location down to the line or warehouse level.'],
    ] as const;
    for (const [payload, field, message] of cases) {
      const res = await t.inject({ method: 'POST', url: '/api/user', token: manager.token, headers: en, payload });
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.extraData.fields[0]).toEqual({ field, message });
    }
  });

  it('answers 409 DUPLICATE on userId, for two concurrent creates (never a 500) and for a race past the check', async () => {
    const u = await create();
    const dup = await t.inject({
      method: 'POST',
      url: '/api/user',
      token: manager.token,
      payload: { userId: u.userId, username: 'x', password: PASSWORD },
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'DUPLICATE', extraData: { field: 'userId' } });

    const userId = uniq('race');
    const both = await Promise.all(
      [1, 2].map(() =>
        t.inject({
          method: 'POST',
          url: '/api/user',
          token: manager.token,
          payload: { userId, username: 'x', password: PASSWORD },
        }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.extraData.field).toBe('userId');

    const insert = () =>
      withTx(t.db, SYSTEM_ACTOR, (tx) =>
        tx.insert(users).values({ userId: `${userId}db`, username: 'x', passwordHash: 'x' }),
      );
    await uniqueAs(USER_UNIQUE, insert);
    await expect(uniqueAs(USER_UNIQUE, insert)).rejects.toMatchObject({
      code: 'DUPLICATE',
      extraData: { field: 'userId' },
    });
  });

  it('answers 401 and 403', async () => {
    const payload = { userId: uniq('u'), username: 'x', password: PASSWORD };
    expect((await t.inject({ method: 'POST', url: '/api/user', payload })).status).toBe(401);
    expect((await t.inject({ method: 'POST', url: '/api/user', token: viewer.token, payload })).status).toBe(403);
  });
});

describe('PUT /api/user', () => {
  it('modifies a user; omitted roles stay, given roles replace them', async () => {
    const r1 = await t.makeRole({ notice: { view: true } });
    const r2 = await t.makeRole({ notice: { view: true } });
    const u = await create({ roleIds: [r1.id], email: 'old@x.co' });
    const kept = await put({ id: u.id, username: 'Renamed' });
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({
      username: 'Renamed',
      email: 'old@x.co',
      roles: [{ id: r1.id }],
      updatedBy: manager.userId,
    });
    const replaced = await put({ id: u.id, username: 'Renamed', roleIds: [r2.id], email: '' });
    expect(replaced.body.data).toMatchObject({ email: null, roles: [{ id: r2.id }] });
  });

  it('disabling a user ends their sessions at once', async () => {
    const target = await t.makeUser({ notice: { view: true } });
    expect((await get('/api/user/me', target.token)).status).toBe(200);
    const res = await put({ id: target.user.id, username: target.user.username, enabled: false });
    expect(res.status).toBe(200);
    expect(res.body.data.enabled).toBe(false);
    expect(await liveSessions(target.user.id)).toBe(0);
    expect((await get('/api/user/me', target.token)).status).toBe(401);
  });

  it('setting a password ends the sessions and the new password works', async () => {
    const target = await t.makeUser({});
    expect((await put({ id: target.user.id, username: 'x', password: 'newpass99' })).status).toBe(200);
    expect(await liveSessions(target.user.id)).toBe(0);
    expect((await get('/api/user/me', target.token)).status).toBe(401);
    await expect(t.login(target.userId, 'newpass99')).resolves.toBeTruthy();
  });

  it('refuses disabling your own account', async () => {
    const res = await put({ id: manager.user.id, username: manager.user.username, enabled: false });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'CONFLICT', message: 'You cannot disable your own account.' });
  });

  it('answers 404, 400, 401 and 403', async () => {
    const u = await create();
    expect((await put({ id: 99_999_999, username: 'x' })).status).toBe(404);
    const bad = await put({ id: u.id, username: 'x', email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.extraData.fields[0].field).toBe('email');
    expect((await put({ id: u.id, username: 'x', roleIds: [99_999_999] })).status).toBe(400);
    expect((await put({ id: u.id, username: 'x' }, null)).status).toBe(401);
    expect((await put({ id: u.id, username: 'x' }, viewer.token)).status).toBe(403);
  });
});

describe('PUT /api/user/:id/password', () => {
  const reset = (id: number | string, password: string, token: string | null = manager.token) =>
    t.inject({ method: 'PUT', url: `/api/user/${id}/password`, token, headers: en, payload: { password } });

  it('resets the password and ends the user’s sessions', async () => {
    const target = await t.makeUser({});
    const res = await reset(target.user.id, 'reset1234');
    expect(res.status).toBe(200);
    expect(res.body.data.updatedBy).toBe(manager.userId);
    expect(await liveSessions(target.user.id)).toBe(0);
    expect((await get('/api/user/me', target.token)).status).toBe(401);
    await expect(t.login(target.userId, 'reset1234')).resolves.toBeTruthy();
    await expect(t.login(target.userId, target.password)).rejects.toThrow();
  });

  it('answers 400, 404, 401 and 403', async () => {
    const bad = await reset(manager.user.id, 'short');
    expect(bad.status).toBe(400);
    expect(bad.body.extraData.fields[0]).toEqual({
      field: 'password',
      message: 'The password needs at least 8 characters with letters and digits.',
    });
    expect((await reset(99_999_999, 'reset1234')).status).toBe(404);
    expect((await reset(manager.user.id, 'reset1234', null)).status).toBe(401);
    expect((await reset(manager.user.id, 'reset1234', viewer.token)).status).toBe(403);
  });
});

describe('DELETE /api/user', () => {
  it('deletes a user, their photo file and their sessions', async () => {
    const target = await t.makeUser({});
    const [photo] = await withTx(t.db, SYSTEM_ACTOR, (tx) =>
      tx
        .insert(files)
        .values({ name: 'p.png', mimeType: 'image/png', size: 1, data: Buffer.from([1]) })
        .returning(),
    );
    await t.db.update(users).set({ imageFileId: photo.id }).where(eq(users.id, target.user.id));
    expect((await del(`/api/user/${target.user.id}`)).status).toBe(200);
    expect((await get(`/api/user/users/${target.user.id}`)).status).toBe(404);
    expect((await get('/api/user/me', target.token)).status).toBe(401);
    expect(await t.db.select().from(files).where(eq(files.id, photo.id))).toEqual([]);
  });

  it('refuses deleting your own account', async () => {
    const res = await del(`/api/user/${manager.user.id}`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'CONFLICT', message: 'You cannot delete your own account.' });
  });

  it('refuses deleting the author of a notice, listing the notices', async () => {
    const author = await create();
    const [notice] = await withTx(t.db, SYSTEM_ACTOR, (tx) =>
      tx
        .insert(notices)
        .values({
          title: uniq('n'),
          contents: '<p>x</p>',
          startDt: '2026-01-01',
          endDt: '2026-01-31',
          authorId: author.id,
          createdBy: author.userId,
        })
        .returning(),
    );
    const res = await del(`/api/user/${author.id}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ERROR_CONSTRAINT_VIOLATION');
    expect(res.body.extraData.datas).toEqual([
      { screen: 'notice', id: notice.id, name: notice.title, createdBy: author.userId, createdAt: expect.any(String) },
    ]);
  });

  it('bulk-deletes all or nothing', async () => {
    const a = await create();
    const b = await create();
    const withSelf = await del(`/api/user/users/${a.id},${manager.user.id}`);
    expect(withSelf.status).toBe(409);
    expect((await del(`/api/user/users/${a.id},99999999`)).status).toBe(404);
    expect((await get(`/api/user/users/${a.id}`)).status).toBe(200);
    expect((await del(`/api/user/users/${a.id},${b.id}`)).status).toBe(200);
    expect((await get(`/api/user/users/${a.id}`)).status).toBe(404);
    expect((await get(`/api/user/users/${b.id}`)).status).toBe(404);
  });

  it('answers 400, 404, 401 and 403', async () => {
    const u = await create();
    expect((await del('/api/user/users/1,,2')).status).toBe(400);
    expect((await del('/api/user/99999999')).status).toBe(404);
    expect((await del(`/api/user/${u.id}`, null)).status).toBe(401);
    expect((await del(`/api/user/${u.id}`, viewer.token)).status).toBe(403);
    expect((await del(`/api/user/users/${u.id}`, viewer.token)).status).toBe(403);
  });
});

describe('the last enabled administrator', () => {
  it('cannot be deleted, disabled or given other roles; a rename is fine', async () => {
    const admin = await soleAdministrator();
    const plainRole = await t.makeRole({ notice: { view: true } });
    const attempts = [
      await del(`/api/user/${admin.user.id}`),
      await del(`/api/user/users/${admin.user.id}`),
      await put({ id: admin.user.id, username: 'x', enabled: false }),
      await put({ id: admin.user.id, username: 'x', roleIds: [plainRole.id] }),
      await put({ id: admin.user.id, username: 'x', roleIds: [] }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('CONFLICT');
      expect(res.body.message).toMatch(/no enabled administrator/);
    }
    const after = await get(`/api/user/users/${admin.user.id}`);
    expect(after.body.data).toMatchObject({ enabled: true, roles: [{ id: admin.role.id }] });
    expect((await put({ id: admin.user.id, username: 'Chief' })).status).toBe(200);
  });

  it('can be removed once another enabled administrator exists; nobody deletes themself', async () => {
    const first = await soleAdministrator();
    const second = await t.makeUser({ system: { all: true } });
    const self = await del(`/api/user/${second.user.id}`, second.token);
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('You cannot delete your own account.');
    expect((await del(`/api/user/${first.user.id}`, second.token)).status).toBe(200);
  });
});

describe('GET /api/user/me', () => {
  it('returns the signed-in user with permissions', async () => {
    const me = await get('/api/user/me', viewer.token);
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      id: viewer.user.id,
      userId: viewer.userId,
      permissions: { user: { view: true } },
    });
    expect((await get('/api/user/me', null)).status).toBe(401);
  });
});

describe('PUT /api/user/profile', () => {
  const profile = (payload: Record<string, unknown>, token: string | null, headers: Record<string, string> = en) =>
    t.inject({ method: 'PUT', url: '/api/user/profile', token, headers, payload });

  it('updates the own profile; the user id stays read-only; the response is the updated user', async () => {
    const me = await t.makeUser({});
    const place = await branch();
    // Bodies are strict (ARCHITECTURE §4): the user id is not a profile field, so sending one is refused, by name.
    const hijack = await profile({ userId: 'hijack', username: '김철수' }, me.token);
    expect(hijack.status).toBe(400);
    expect(hijack.body.extraData.fields.map((f: { field: string }) => f.field)).toEqual(['userId']);
    const res = await profile(
      { username: '김철수', email: 'kim@x.co', phone: '010-1234-5678', locationId: place.line.id },
      me.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: me.user.id,
      userId: me.userId,
      username: '김철수',
      phone: '010-1234-5678',
      location: { id: place.line.id, path: [place.site.name, place.factory.name, place.line.name] },
      updatedBy: me.userId,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });

  it('changes the password with its confirmation', async () => {
    const me = await t.makeUser({});
    const res = await profile({ username: 'x', password: 'changed12', passwordConfirm: 'changed12' }, me.token);
    expect(res.status).toBe(200);
    await expect(t.login(me.userId, 'changed12')).resolves.toBeTruthy();
  });

  it('answers 400 on the profile form rules', async () => {
    const me = await t.makeUser({});
    const place = await branch();
    const cases = [
      [{ username: 'x', phone: '01012345678' }, 'phone', 'Invalid phone number.[000-0000-0000]'],
      [{ username: '' }, 'username', 'This field is required.'],
      [
        { username: 'x', password: 'letters-only', passwordConfirm: 'letters-only' },
        'password',
        'The password needs at least 8 characters with letters and digits.',
      ],
      [
        { username: 'x', password: 'changed12', passwordConfirm: 'changed13' },
        'passwordConfirm',
        'The passwords do not match.',
      ],
      [
        { username: 'x', locationId: place.shelf.id },
        'locationId',
        'Choose a location down to the line or warehouse level.',
      ],
    ] as const;
    for (const [payload, field, message] of cases) {
      const res = await profile(payload, me.token);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.extraData.fields[0]).toEqual({ field, message });
    }
    const korean = await profile({ username: 'x', phone: '123' }, me.token, {});
    expect(korean.body.extraData.fields[0].message).toBe('잘못된 전화번호입니다.[000-0000-0000]');
  });

  it('answers 401 without a token', async () => {
    expect((await profile({ username: 'x' }, null)).status).toBe(401);
  });
});

describe('profile photo', () => {
  const png = (size: number) =>
    Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(size)]);
  const upload = (content: Buffer, token: string | null, name = 'me.png', type = 'image/png') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(content)], { type }), name);
    return t.inject({ method: 'POST', url: '/api/user/profile/photo', token, headers: en, payload: form });
  };

  it('stores an image, serves it to signed-in users and replaces it', async () => {
    const me = await t.makeUser({});
    const first = png(1000);
    const res = await upload(first, me.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.hasImage).toBe(true);
    const [{ imageFileId }] = await t.db.select().from(users).where(eq(users.id, me.user.id));

    const image = await get(`/api/user/${me.user.id}/photo`, nobody.token);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.raw.rawPayload.equals(first)).toBe(true);

    expect((await upload(png(2000), me.token)).status).toBe(200);
    expect(await t.db.select().from(files).where(eq(files.id, imageFileId!))).toEqual([]);
  });

  it('refuses a non-image, a photo over 100 KB and a request without a file', async () => {
    const me = await t.makeUser({});
    const text = await upload(Buffer.from('hello, not an image'), me.token, 'a.png', 'image/png');
    expect(text.status).toBe(400);
    expect(text.body.extraData.fields).toEqual([{ field: 'file', message: 'Only images can be uploaded.' }]);
    const big = await upload(png(PROFILE_PHOTO_MAX_BYTES), me.token);
    expect(big.status).toBe(400);
    expect(big.body.extraData.fields).toEqual([{ field: 'file', message: 'The file must be at most 100 KB.' }]);
    const none = await t.inject({
      method: 'POST',
      url: '/api/user/profile/photo',
      token: me.token,
      payload: { file: 'x' },
    });
    expect(none.status).toBe(400);
    expect(none.body.extraData.fields[0].field).toBe('file');
    expect((await get(`/api/user/${me.user.id}/photo`)).status).toBe(404);
  });

  it('removes the photo', async () => {
    const me = await t.makeUser({});
    await upload(png(100), me.token);
    const res = await t.inject({ method: 'DELETE', url: '/api/user/profile/photo', token: me.token });
    expect(res.status).toBe(200);
    expect(res.body.data.hasImage).toBe(false);
    expect((await get(`/api/user/${me.user.id}/photo`)).status).toBe(404);
  });

  it('answers 401, 404 and 400', async () => {
    expect((await upload(png(10), null)).status).toBe(401);
    expect((await t.inject({ method: 'DELETE', url: '/api/user/profile/photo' })).status).toBe(401);
    expect((await get(`/api/user/${manager.user.id}/photo`, null)).status).toBe(401);
    expect((await get('/api/user/99999999/photo')).status).toBe(404);
    expect((await get('/api/user/x/photo')).status).toBe(400);
  });
});
