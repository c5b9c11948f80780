import { describe, expect, it } from 'vitest';
import { ensurePartnerTypes, partnerBody } from '../modules/biz-partner/biz-partner.fixtures.ts';
import { ensureCodes } from '../modules/product/master-fixtures.ts';
import { createTestApp, uniq } from './harness.ts';

// Issue 10 §4: business keys are unique without regard to case. For each entity: `fg-…` beside `FG-…` is refused
// with 409 DUPLICATE naming the field, the value and the existing row that holds it (by its stored key), through
// the create route; an update to another row's key in other case is refused too; the exact key in a new case
// stays with its own row (an update of itself is no clash).
const t = await createTestApp();
await ensureCodes(t.db);
await ensurePartnerTypes(t.db);
const admin = await t.makeUser({
  productInfo: { all: true },
  materialInfo: { all: true },
  bizPartner: { all: true },
  operation: { all: true },
  route: { all: true },
  tools: { all: true },
  parameter: { all: true },
  location: { all: true },
  code: { all: true },
  user: { all: true },
});
const en = { 'accept-language': 'en' };
const post = (url: string, payload: Record<string, unknown>) =>
  t.inject({ method: 'POST', url, token: admin.token, headers: en, payload });
const put = (url: string, payload: Record<string, unknown>) =>
  t.inject({ method: 'PUT', url, token: admin.token, headers: en, payload });

async function created(url: string, payload: Record<string, unknown>) {
  const res = await post(url, payload);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Record<string, unknown> & { id: number };
}

const site = await created('/api/location', { name: uniq('site'), type: 'SITE', parentId: null });
const factory = await created('/api/location', { name: uniq('factory'), type: 'FACTORY', parentId: site.id });
const line = await created('/api/location', { name: uniq('line'), type: 'LINE', parentId: factory.id });
const tool = await created('/api/tool', { code: uniq('T'), name: '사출기', locationId: line.id });
const category = await created('/api/code/cateogry', { category: uniq('CAT'), name: '분류' });

type Case = {
  entity: string;
  url: string;
  field: string;
  /** A valid create body holding `key` in `field`. */
  body: (key: string) => Record<string, unknown>;
  /** The update body of a created row, with `key` in `field` (absent: the entity's update is not checked here). */
  update?: (row: Record<string, unknown>, key: string) => [string, Record<string, unknown>];
  name?: string;
  /** The entity's own spelling of a key (a code category allows no "-"). */
  spell?: (key: string) => string;
};

const cases: Case[] = [
  {
    entity: 'product',
    url: '/api/product/product',
    field: 'code',
    body: (code) => ({ code, name: '완제품 A', type: 'FINISHED', unit: 'EA' }),
    update: (row, code) => ['/api/product', { id: row.id, code, name: row.name, type: 'FINISHED', unit: 'EA' }],
    name: '완제품 A',
  },
  {
    entity: 'product barcode',
    url: '/api/product/product',
    field: 'barcode',
    body: (barcode) => ({ code: uniq('P'), barcode, name: '완제품 B', type: 'FINISHED', unit: 'EA' }),
    name: '완제품 B',
  },
  {
    entity: 'material',
    url: '/api/material/material',
    field: 'code',
    body: (code) => ({ code, name: '원자재 A', type: 'RAW', unit: 'KG' }),
    name: '원자재 A',
  },
  {
    entity: 'business partner',
    url: '/api/biz-partner',
    field: 'code',
    body: (code) => partnerBody({ code, name: '거래처 A' }),
    name: '거래처 A',
  },
  {
    entity: 'business partner client code',
    url: '/api/biz-partner',
    field: 'clientCode',
    body: (clientCode) => partnerBody({ clientCode, name: '거래처 B' }),
    name: '거래처 B',
  },
  {
    entity: 'operation',
    url: '/api/operation',
    field: 'code',
    body: (code) => ({ code, name: '조립 공정' }),
    update: (row, code) => ['/api/operation', { id: row.id, code, name: row.name }],
    name: '조립 공정',
  },
  { entity: 'route', url: '/api/route', field: 'code', body: (code) => ({ code, name: '라우팅' }), name: '라우팅' },
  {
    entity: 'tool',
    url: '/api/tool',
    field: 'code',
    body: (code) => ({ code, name: '사출기 2호', locationId: line.id }),
    name: '사출기 2호',
  },
  {
    entity: 'parameter (within its tool)',
    url: '/api/parameter',
    field: 'code',
    body: (code) => ({ toolId: tool.id, code, name: '금형 온도', unit: '℃' }),
    name: '금형 온도',
  },
  {
    entity: 'location',
    url: '/api/location',
    field: 'code',
    body: (code) => ({ code, name: '사이트', type: 'SITE', parentId: null }),
    update: (row, code) => ['/api/location', { id: row.id, code, name: row.name, type: 'SITE', parentId: null }],
    name: '사이트',
  },
  {
    entity: 'code category',
    url: '/api/code/cateogry',
    field: 'category',
    body: (key) => ({ category: key, name: '분류 A' }),
    name: '분류 A',
    spell: (key) => key.replace(/-/g, '_'),
  },
  {
    entity: 'code (within its category)',
    url: '/api/code/code',
    field: 'code',
    body: (code) => ({ categoryId: category.id, code, codeName: '코드 A' }),
    name: '코드 A',
  },
  {
    entity: 'user id',
    url: '/api/user',
    field: 'userId',
    body: (userId) => ({ userId, username: '홍길동', password: 'test1234' }),
    name: '홍길동',
  },
];

describe('business keys are unique without regard to case', () => {
  it.each(cases)('$entity: a key in other case is refused, naming the row that holds it', async (c) => {
    const spell = c.spell ?? ((k: string) => k);
    const key = spell(`FG-${uniq('k')}`.toUpperCase());
    const holder = await created(c.url, c.body(key));
    for (const other of [key.toLowerCase(), `${key.slice(0, 3).toLowerCase()}${key.slice(3)}`, key]) {
      const res = await post(c.url, c.body(other));
      expect(res.status, `${other}: ${JSON.stringify(res.body)}`).toBe(409);
      expect(res.body.code).toBe('DUPLICATE');
      expect(res.body.extraData).toMatchObject({
        field: c.field,
        value: other,
        existing: { id: holder.id, key, ...(c.name ? { name: c.name } : {}) },
      });
    }
    if (c.update) {
      const second = await created(c.url, c.body(spell(`FG-${uniq('k')}`.toUpperCase())));
      const [url, body] = c.update(second, key.toLowerCase());
      const refused = await put(url, body);
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body.extraData).toMatchObject({ field: c.field, existing: { id: holder.id, key } });
      // Its own key in another case is no clash with itself.
      const [ownUrl, ownBody] = c.update(holder, key.toLowerCase());
      expect((await put(ownUrl, ownBody)).status).toBe(200);
    }
  });

  it('the database refuses a key in other case too (the race past the service check)', async () => {
    const key = uniq('RACE').toUpperCase();
    const results = await Promise.all([
      post('/api/operation', { code: key, name: 'a' }),
      post('/api/operation', { code: key.toLowerCase(), name: 'b' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body).toMatchObject({
      code: 'DUPLICATE',
      extraData: { field: 'code' },
    });
  });

  it('a key may repeat in other case under another scope (a code in another category)', async () => {
    const other = await created('/api/code/cateogry', { category: uniq('CAT'), name: '분류 B' });
    const key = uniq('C').toUpperCase();
    await created('/api/code/code', { categoryId: category.id, code: key, codeName: 'x' });
    await created('/api/code/code', { categoryId: other.id, code: key.toLowerCase(), codeName: 'y' });
  });

  it('login matches the user id exactly', async () => {
    const userId = uniq('Case').replace(/^case/, 'Case');
    await created('/api/user', { userId, username: '대소문자', password: 'test1234' });
    expect(await t.login(userId, 'test1234')).toBeTruthy();
    const wrongCase = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userId: userId.toLowerCase(), password: 'test1234' },
    });
    expect(wrongCase.status).toBe(401);
  });
});
