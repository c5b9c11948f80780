import { and, eq, inArray } from 'drizzle-orm';
import type { BizPartner, BizPartnerTypeNode } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { changeHistory } from '../history/history.table.ts';
import { materials } from '../material/material.table.ts';
import { partnerBody, ensurePartnerTypes } from './biz-partner.fixtures.ts';
import { bizPartnerContacts, bizPartners } from './biz-partner.table.ts';

const t = await createTestApp();
await ensurePartnerTypes(t.db);
const editor = await t.makeUser({ bizPartner: { all: true } });
const viewer = await t.makeUser({ bizPartner: { view: true } });
const creatorOnly = await t.makeUser({ bizPartner: { view: true, create: true } });
const other = await t.makeUser({});
const en = { 'accept-language': 'en' };

async function create(extra: Record<string, unknown> = {}): Promise<BizPartner> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/biz-partner',
    token: editor.token,
    payload: partnerBody(extra),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const post = (payload: unknown, token: string | null = editor.token) =>
  t.inject({ method: 'POST', url: '/api/biz-partner', token, headers: en, payload });
const put = (p: BizPartner, change: Record<string, unknown>, token: string | null = editor.token) => {
  const { createdBy, createdAt, updatedBy, updatedAt, contacts, ...rest } = p;
  return t.inject({
    method: 'PUT',
    url: '/api/biz-partner',
    token,
    headers: en,
    payload: { ...rest, contacts: contacts.map(({ id, sort, ...c }) => c), ...change },
  });
};
const get = (url: string, token: string | null = other.token) => t.inject({ method: 'GET', url, token, headers: en });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);

async function supplying(partnerId: number) {
  const [m] = await withTx(t.db, SYSTEM_ACTOR, (tx) =>
    tx
      .insert(materials)
      .values({ code: uniq('M'), name: uniq('자재 '), type: 'RAW', unit: 'KG', supplierId: partnerId })
      .returning(),
  );
  return m;
}

describe('POST /api/biz-partner', () => {
  it('creates a partner of two types with its contacts, recorded in the change history', async () => {
    const p = await create({
      types: ['CUSTOMER', 'SUPPLIER'],
      clientCode: uniq('C'),
      contacts: [
        { name: '김영업', department: '영업팀', position: '과장', phone: '010-1111-2222', email: 'kim@p.example' },
        { name: '이구매', phone: '', email: '' },
      ],
    });
    expect(p.types).toEqual(['CUSTOMER', 'SUPPLIER']);
    expect(p.createdBy).toBe(editor.userId);
    expect(p.contacts.map((c) => [c.name, c.department, c.phone, c.email, c.sort])).toEqual([
      ['김영업', '영업팀', '010-1111-2222', 'kim@p.example', 1],
      ['이구매', null, null, null, 2],
    ]);
    const history = await t.db
      .select()
      .from(changeHistory)
      .where(and(eq(changeHistory.tableName, 'biz_partners'), eq(changeHistory.rowId, String(p.id))));
    expect(history.map((h) => h.revisionType)).toEqual(['ADD']);
  });

  it('stores empty optional texts as null and keeps types once each', async () => {
    const p = await create({ clientCode: '', bizRegNo: '', corpRegNo: '', email: '', types: ['SUPPLIER', 'SUPPLIER'] });
    expect([p.clientCode, p.bizRegNo, p.corpRegNo, p.email]).toEqual([null, null, null, null]);
    expect(p.types).toEqual(['SUPPLIER']);
  });

  it('answers 400 on each broken rule with its field and a translated message', async () => {
    const res = await post(
      partnerBody({
        code: '',
        name: '',
        types: [],
        bizRegNo: '1234567890',
        corpRegNo: '110111-123456',
        phone: '02)123',
        fax: 'fax',
        email: 'not-mail',
        contacts: [{ name: '', phone: 'abc', email: 'x@' }],
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(fieldsOf(res).sort()).toEqual(
      [
        'code',
        'name',
        'types',
        'bizRegNo',
        'corpRegNo',
        'phone',
        'fax',
        'email',
        'contacts.0.name',
        'contacts.0.phone',
        'contacts.0.email',
      ].sort(),
    );
    const message = (f: string) => res.body.extraData.fields.find((x: { field: string }) => x.field === f).message;
    expect(message('bizRegNo')).toBe('Business registration number must be XXX-XX-XXXXX.');
    expect(message('corpRegNo')).toBe('Corporate registration number must be XXXXXX-XXXXXXX.');
    const kr = await t.inject({
      method: 'POST',
      url: '/api/biz-partner',
      token: editor.token,
      payload: partnerBody({ bizRegNo: '12-345-67890' }),
    });
    expect(kr.body.extraData.fields[0].message).toBe('사업자등록번호 형식(XXX-XX-XXXXX)이 아닙니다.');
  });

  it('accepts phone numbers with ";" between several numbers', async () => {
    const p = await create({ phone: '02-111-2222;031-333-4444' });
    expect(p.phone).toBe('02-111-2222;031-333-4444');
  });

  it('refuses a type that is not a BIZ_PARTNER_TYPE code with 400 on types', async () => {
    const res = await post(partnerBody({ types: ['CUSTOMER', 'RETAILER'] }));
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual(['types']);
  });

  it('refuses a duplicate partner code and a duplicate client code with 409 DUPLICATE and the field', async () => {
    const first = await create({ clientCode: uniq('C') });
    const sameCode = await post(partnerBody({ code: first.code }));
    expect(sameCode.status).toBe(409);
    expect(sameCode.body).toMatchObject({ code: 'DUPLICATE', extraData: { field: 'code' } });
    const sameClient = await post(partnerBody({ clientCode: first.clientCode }));
    expect(sameClient.status).toBe(409);
    expect(sameClient.body.extraData.field).toBe('clientCode');
    // Several partners may leave the client code empty.
    await create({ clientCode: null });
    await create({ clientCode: null });
  });

  it('turns the race of two identical creates into one 200 and one 409 DUPLICATE', async () => {
    const body = partnerBody({ clientCode: uniq('C') });
    const [a, b] = await Promise.all([post(body), post({ ...body, code: uniq('BP') })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.extraData.field).toBe('clientCode');
  });

  it('answers 401 without a token and 403 without create on bizPartner', async () => {
    expect((await post(partnerBody(), null)).status).toBe(401);
    expect((await post(partnerBody(), viewer.token)).status).toBe(403);
  });

  it('checks custom field values of biz_partners', async () => {
    const res = await post(partnerBody({ ext: { notAField: 'x' } }));
    expect(res.status).toBe(400);
    expect(fieldsOf(res)[0]).toMatch(/^ext/);
  });
});

describe('POST /api/biz-partner/biz-partners', () => {
  it('creates every partner of the list with contacts', async () => {
    const bodies = [partnerBody({ contacts: [{ name: '담당 A' }] }), partnerBody({ types: ['OUTSOURCER'] })];
    const res = await t.inject({
      method: 'POST',
      url: '/api/biz-partner/biz-partners',
      token: editor.token,
      payload: bodies,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: BizPartner) => p.code)).toEqual(bodies.map((b) => b.code));
    expect(res.body.data[0].contacts[0].name).toBe('담당 A');
  });

  it('saves nothing when one partner is a duplicate (also within the list) or invalid', async () => {
    const a = partnerBody();
    const dup = await t.inject({
      method: 'POST',
      url: '/api/biz-partner/biz-partners',
      token: editor.token,
      payload: [a, partnerBody({ code: a.code })],
    });
    expect(dup.status).toBe(409);
    expect(dup.body.extraData.field).toBe('code');
    const badType = await t.inject({
      method: 'POST',
      url: '/api/biz-partner/biz-partners',
      token: editor.token,
      payload: [a, partnerBody({ types: ['NOPE'] })],
    });
    expect(badType.status).toBe(400);
    expect(fieldsOf(badType)).toEqual(['1.types']);
    expect(await t.db.select().from(bizPartners).where(eq(bizPartners.code, a.code))).toHaveLength(0);
  });

  it('answers 400 on an empty list or a bad row, 401 and 403', async () => {
    const url = '/api/biz-partner/biz-partners';
    expect((await t.inject({ method: 'POST', url, token: editor.token, payload: [] })).status).toBe(400);
    const bad = await t.inject({
      method: 'POST',
      url,
      token: editor.token,
      payload: [partnerBody(), partnerBody({ corpRegNo: '1-2' })],
    });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual(['1.corpRegNo']);
    expect((await t.inject({ method: 'POST', url, token: null, payload: [partnerBody()] })).status).toBe(401);
    expect((await t.inject({ method: 'POST', url, token: viewer.token, payload: [partnerBody()] })).status).toBe(403);
  });
});

describe('PUT /api/biz-partner', () => {
  it('changes the fields and replaces the set of contacts', async () => {
    const p = await create({ contacts: [{ name: '갑' }, { name: '을' }] });
    const res = await put(p, {
      name: '새 이름',
      types: ['SUPPLIER', 'OUTSOURCER'],
      contacts: [{ name: '병', position: '대리' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      name: '새 이름',
      types: ['SUPPLIER', 'OUTSOURCER'],
      updatedBy: editor.userId,
    });
    expect(res.body.data.contacts.map((c: { name: string }) => c.name)).toEqual(['병']);
    const stored = await t.db.select().from(bizPartnerContacts).where(eq(bizPartnerContacts.bizPartnerId, p.id));
    expect(stored.map((c) => [c.name, c.position])).toEqual([['병', '대리']]);
  });

  it('keeps its own codes but refuses another partner codes', async () => {
    const a = await create({ clientCode: uniq('C') });
    const b = await create({ clientCode: uniq('C') });
    expect((await put(a, { name: 'same codes' })).status).toBe(200);
    const code = await put(b, { code: a.code });
    expect(code.status).toBe(409);
    expect(code.body.extraData.field).toBe('code');
    const client = await put(b, { clientCode: a.clientCode });
    expect(client.status).toBe(409);
    expect(client.body.extraData.field).toBe('clientCode');
  });

  it('answers 400, 401, 403 and 404', async () => {
    const p = await create();
    const bad = await put(p, { types: [], contacts: [{ name: 'x', email: 'bad' }] });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad).sort()).toEqual(['contacts.0.email', 'types']);
    expect((await put(p, { name: 'x' }, null)).status).toBe(401);
    expect((await put(p, { name: 'x' }, creatorOnly.token)).status).toBe(403);
    const missing = await put({ ...p, id: 2_000_000_000 }, {});
    expect(missing.status).toBe(404);
  });
});

describe('GET /api/biz-partner lists', () => {
  it('lists every partner with contacts for any signed-in user, filtered by text and type', async () => {
    const tag = uniq('find');
    const a = await create({ name: `${tag} 고객`, types: ['CUSTOMER'], contacts: [{ name: '연락처' }] });
    const b = await create({ name: `${tag} 공급`, types: ['SUPPLIER', 'OUTSOURCER'] });
    const all = await get('/api/biz-partner/biz-partners');
    expect(all.status).toBe(200);
    const mine = all.body.data.filter((p: BizPartner) => p.name.startsWith(tag));
    expect(mine.map((p: BizPartner) => p.id)).toEqual([a.id, b.id].sort((x, y) => (a.code < b.code ? x - y : y - x)));
    expect(mine.find((p: BizPartner) => p.id === a.id).contacts[0].name).toBe('연락처');
    const byText = await get(`/api/biz-partner/biz-partners?q=${encodeURIComponent(tag.toUpperCase())}`);
    expect(byText.body.data.map((p: BizPartner) => p.id).sort()).toEqual([a.id, b.id].sort());
    const byCode = await get(`/api/biz-partner/biz-partners?q=${a.code}`);
    expect(byCode.body.data.map((p: BizPartner) => p.id)).toEqual([a.id]);
    const byType = await get(`/api/biz-partner/biz-partners?q=${encodeURIComponent(tag)}&type=OUTSOURCER`);
    expect(byType.body.data.map((p: BizPartner) => p.id)).toEqual([b.id]);
    expect((await get('/api/biz-partner/biz-partners', null)).status).toBe(401);
  });

  it('GET /type/{type} and /types answer partners having the type or any of the types', async () => {
    const tag = uniq('typ');
    const c = await create({ name: `${tag} c`, types: ['CUSTOMER'] });
    const s = await create({ name: `${tag} s`, types: ['SUPPLIER'] });
    const cs = await create({ name: `${tag} cs`, types: ['CUSTOMER', 'SUPPLIER'] });
    const ids = (res: { body: any }) =>
      res.body.data
        .filter((p: BizPartner) => p.name.startsWith(tag))
        .map((p: BizPartner) => p.id)
        .sort();
    const customers = await get('/api/biz-partner/type/CUSTOMER');
    expect(customers.status).toBe(200);
    expect(ids(customers)).toEqual([c.id, cs.id].sort());
    expect(ids(await get('/api/biz-partner/types?types=SUPPLIER'))).toEqual([s.id, cs.id].sort());
    expect(ids(await get('/api/biz-partner/types?types=CUSTOMER&types=SUPPLIER'))).toEqual([c.id, s.id, cs.id].sort());
    expect(ids(await get('/api/biz-partner/type/OUTSOURCER'))).toEqual([]);
  });

  it('answers 400 for an unknown type or no types, and 401', async () => {
    const unknown = await get('/api/biz-partner/type/RETAILER');
    expect(unknown.status).toBe(400);
    expect(fieldsOf(unknown)).toEqual(['types']);
    expect((await get('/api/biz-partner/types?types=CUSTOMER&types=NOPE')).status).toBe(400);
    expect((await get('/api/biz-partner/types')).status).toBe(400);
    expect((await get('/api/biz-partner/type/CUSTOMER', null)).status).toBe(401);
    expect((await get('/api/biz-partner/types?types=CUSTOMER', null)).status).toBe(401);
  });

  it('GET /{id} answers one partner, 400 on a bad id, 404 when missing', async () => {
    const p = await create({ contacts: [{ name: '한 명' }] });
    const res = await get(`/api/biz-partner/${p.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: p.id, code: p.code, contacts: [{ name: '한 명' }] });
    expect((await get('/api/biz-partner/abc')).status).toBe(400);
    expect((await get('/api/biz-partner/2000000000')).status).toBe(404);
    expect((await get(`/api/biz-partner/${p.id}`, null)).status).toBe(401);
  });
});

describe('GET /api/biz-partner/tree', () => {
  it('has one node per type with kr/en labels, a partner of two types under both', async () => {
    const both = await create({ types: ['CUSTOMER', 'OUTSOURCER'] });
    const res = await get('/api/biz-partner/tree');
    expect(res.status).toBe(200);
    const nodes = res.body.data as BizPartnerTypeNode[];
    expect(nodes.slice(0, 3).map((n) => [n.type, n.name, n.nameEn])).toEqual([
      ['CUSTOMER', '고객사', 'Customer'],
      ['SUPPLIER', '공급사', 'Supplier'],
      ['OUTSOURCER', '외주사', 'Outsourcer'],
    ]);
    const holding = nodes.filter((n) => n.children.some((c) => c.id === both.id)).map((n) => n.type);
    expect(holding).toEqual(['CUSTOMER', 'OUTSOURCER']);
    expect(nodes.find((n) => n.type === 'CUSTOMER')!.children.find((c) => c.id === both.id)).toEqual({
      id: both.id,
      code: both.code,
      name: both.name,
    });
    expect((await get('/api/biz-partner/tree', null)).status).toBe(401);
  });
});

describe('GET /api/biz-partner order trees', () => {
  const paths = ['orders-tree', 'order-material-tree', 'order-product-tree'];
  it('answer an empty list for a partner without businesses', async () => {
    const p = await create();
    for (const path of paths) {
      const res = await get(`/api/biz-partner/${path}?bizPartnerId=${p.id}`, viewer.token);
      expect(res.status, path).toBe(200);
      expect(res.body.data, path).toEqual([]);
    }
  });

  it('answer 400, 401, 403 and 404', async () => {
    const p = await create();
    for (const path of paths) {
      expect((await get(`/api/biz-partner/${path}`, viewer.token)).status, path).toBe(400);
      expect((await get(`/api/biz-partner/${path}?bizPartnerId=x`, viewer.token)).status, path).toBe(400);
      expect((await get(`/api/biz-partner/${path}?bizPartnerId=${p.id}`, null)).status, path).toBe(401);
      expect((await get(`/api/biz-partner/${path}?bizPartnerId=${p.id}`, other.token)).status, path).toBe(403);
      expect((await get(`/api/biz-partner/${path}?bizPartnerId=2000000000`, viewer.token)).status, path).toBe(404);
    }
  });
});

describe('DELETE /api/biz-partner', () => {
  it('deletes one partner and its contacts', async () => {
    const p = await create({ contacts: [{ name: '삭제될 사람' }] });
    const res = await t.inject({ method: 'DELETE', url: `/api/biz-partner/${p.id}`, token: editor.token });
    expect(res.status).toBe(200);
    expect(await t.db.select().from(bizPartners).where(eq(bizPartners.id, p.id))).toHaveLength(0);
    expect(await t.db.select().from(bizPartnerContacts).where(eq(bizPartnerContacts.bizPartnerId, p.id))).toHaveLength(
      0,
    );
  });

  it('is blocked while the partner supplies a material, with the material for the related-data dialog', async () => {
    const p = await create({ types: ['SUPPLIER'] });
    const m = await supplying(p.id);
    const res = await t.inject({ method: 'DELETE', url: `/api/biz-partner/${p.id}`, token: editor.token });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ERROR_CONSTRAINT_VIOLATION');
    expect(res.body.extraData.datas).toEqual([
      expect.objectContaining({ screen: 'materialInfo', id: m.code, name: m.name }),
    ]);
    expect(await t.db.select().from(bizPartners).where(eq(bizPartners.id, p.id))).toHaveLength(1);
  });

  it('bulk delete is all or nothing: a supplier or a missing id keeps every partner', async () => {
    const a = await create();
    const b = await create({ types: ['SUPPLIER'] });
    await supplying(b.id);
    const blocked = await t.inject({
      method: 'DELETE',
      url: `/api/biz-partner/biz-partners/${a.id},${b.id}`,
      token: editor.token,
    });
    expect(blocked.status).toBe(409);
    const missing = await t.inject({
      method: 'DELETE',
      url: `/api/biz-partner/biz-partners/${a.id},2000000000`,
      token: editor.token,
    });
    expect(missing.status).toBe(404);
    expect(
      await t.db
        .select()
        .from(bizPartners)
        .where(inArray(bizPartners.id, [a.id, b.id])),
    ).toHaveLength(2);
    const c = await create();
    const ok = await t.inject({
      method: 'DELETE',
      url: `/api/biz-partner/biz-partners/${a.id},${c.id}`,
      token: editor.token,
    });
    expect(ok.status).toBe(200);
    expect(
      await t.db
        .select()
        .from(bizPartners)
        .where(inArray(bizPartners.id, [a.id, c.id])),
    ).toHaveLength(0);
  });

  it('answers 400, 401, 403 and 404', async () => {
    const p = await create();
    const del = (url: string, token: string | null = editor.token) => t.inject({ method: 'DELETE', url, token });
    expect((await del('/api/biz-partner/abc')).status).toBe(400);
    expect((await del('/api/biz-partner/biz-partners/1,x')).status).toBe(400);
    expect((await del(`/api/biz-partner/${p.id}`, null)).status).toBe(401);
    expect((await del(`/api/biz-partner/${p.id}`, viewer.token)).status).toBe(403);
    expect((await del(`/api/biz-partner/biz-partners/${p.id}`, viewer.token)).status).toBe(403);
    expect((await del('/api/biz-partner/2000000000')).status).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents every partner path', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = Object.keys(res.body.paths);
    for (const p of [
      '/api/biz-partner/tree',
      '/api/biz-partner/orders-tree',
      '/api/biz-partner/order-material-tree',
      '/api/biz-partner/order-product-tree',
      '/api/biz-partner/biz-partners',
      '/api/biz-partner/type/{type}',
      '/api/biz-partner/types',
      '/api/biz-partner',
      '/api/biz-partner/{id}',
      '/api/biz-partner/biz-partners/{ids}',
    ]) {
      expect(paths, p).toContain(p);
    }
  });
});
