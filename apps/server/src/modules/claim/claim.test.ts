import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CLAIM_PHOTOS_MAX } from '@eqms/contract';
import { addDays, todayIn } from '../../platform/dates.ts';
import { readXlsx } from '../../platform/excel/excel-testing.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { files } from '../files/files.table.ts';
import { changeHistory } from '../history/history.table.ts';
import { makePartner, PNG } from '../product/master-fixtures.ts';
import { products } from '../product/product.table.ts';
import { lots } from '../product-stock/product-stock.table.ts';

const t = await createTestApp();
const clerk = await t.makeUser({ claimManagement: { all: true } });
const viewer = await t.makeUser({ claimManagement: { view: true } });
const stranger = await t.makeUser({ notice: { view: true } });
const en = { 'accept-language': 'en' };
const today = todayIn(t.config.timeZone);

const call = (method: string, url: string, payload?: unknown, token: string | null = clerk.token) =>
  t.inject({ method, url, payload, token, headers: en });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);

async function makeProduct() {
  const [p] = await withTx(t.db, SYSTEM_ACTOR, (tx) =>
    tx
      .insert(products)
      .values({ code: uniq('FG').toUpperCase(), name: uniq('제품 '), type: 'FINISHED', unit: 'EA' })
      .returning(),
  );
  return p;
}
async function makeLot(productId: number) {
  const [l] = await withTx(t.db, SYSTEM_ACTOR, (tx) =>
    tx
      .insert(lots)
      .values({ lotId: uniq('LOT').toUpperCase(), productId, day: today })
      .returning(),
  );
  return l;
}

const customer = await makePartner(t.db, ['CUSTOMER']);
const supplier = await makePartner(t.db, ['SUPPLIER']);
const product = await makeProduct();
const other = await makeProduct();
const lot = await makeLot(product.id);
const otherLot = await makeLot(other.id);

const body = (extra: Record<string, unknown> = {}) => ({
  receivedDt: today,
  bizPartnerId: customer.id,
  productId: product.id,
  lotId: lot.lotId.toLowerCase(),
  claimQty: 3,
  content: '포장 파손 3건',
  ...extra,
});
async function created(extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/claim/create-claim', body(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { claimId: number; [k: string]: unknown };
}
const modify = (claimId: number, extra: Record<string, unknown> = {}, token?: string | null) =>
  call('PUT', '/api/claim/modify-claim', { ...body(), claimId, ...extra }, token);

/** A multipart body with one file in `name`. */
function upload(content: Buffer, filename = 'photo.png', name = 'file') {
  const boundary = `----eqms${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...en } };
}
const addPhoto = (claimId: number | string, content = PNG, token: string | null = clerk.token, filename?: string) =>
  t.inject({ method: 'POST', url: `/api/claim/${claimId}/photos`, token, ...upload(content, filename) });
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

describe('POST /api/claim/create-claim', () => {
  it('registers a claim on a lot given in any case, RECEIVED, with the lot row for the genealogy', async () => {
    const c = await created();
    expect(c).toMatchObject({
      status: 'RECEIVED',
      lotId: lot.lotId,
      lotRowId: lot.id,
      bizPartnerName: customer.name,
      productCode: product.code,
      claimQty: 3,
      cause: null,
      closedDt: null,
      photoCount: 0,
      createdBy: clerk.userId,
    });
    const hist = await t.db
      .select()
      .from(changeHistory)
      .where(and(eq(changeHistory.tableName, 'claims'), eq(changeHistory.rowId, String(c.claimId))));
    expect(hist.map((h) => h.revisionType)).toEqual(['ADD']);
  });

  it('takes no lot at all', async () => {
    const c = await created({ lotId: '' });
    expect(c).toMatchObject({ lotId: null, lotRowId: null });
  });

  it('400 naming the fields: missing content, zero quantity, bad date, unknown field', async () => {
    const res = await call(
      'POST',
      '/api/claim/create-claim',
      body({ content: ' ', claimQty: 0, receivedDt: '2026-13-01' }),
    );
    expect(res.status).toBe(400);
    expect(fieldsOf(res).sort()).toEqual(['claimQty', 'content', 'receivedDt']);
    const extra = await call('POST', '/api/claim/create-claim', { ...body(), nope: 1 });
    expect(extra.status).toBe(400);
  });

  it('400 when the partner is not a customer, the product or lot does not exist, or the lot is of another product', async () => {
    const notCustomer = await call('POST', '/api/claim/create-claim', body({ bizPartnerId: supplier.id }));
    expect(notCustomer.status).toBe(400);
    expect(fieldsOf(notCustomer)).toEqual(['bizPartnerId']);
    const noProduct = await call('POST', '/api/claim/create-claim', body({ productId: 999999, lotId: null }));
    expect(fieldsOf(noProduct)).toEqual(['productId']);
    const noLot = await call('POST', '/api/claim/create-claim', body({ lotId: 'NO-SUCH-LOT' }));
    expect(noLot.status).toBe(400);
    expect(noLot.body.extraData.fields).toEqual([{ field: 'lotId', message: 'The selected item does not exist.' }]);
    const wrong = await call('POST', '/api/claim/create-claim', body({ lotId: otherLot.lotId }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.extraData.fields).toEqual([
      { field: 'lotId', message: 'This lot is not a lot of the selected product.' },
    ]);
  });

  it('a claim recorded already closed needs cause, countermeasure and a closing date not before receipt', async () => {
    const bare = await call('POST', '/api/claim/create-claim', body({ status: 'CLOSED' }));
    expect(bare.status).toBe(400);
    expect(fieldsOf(bare).sort()).toEqual(['cause', 'closedDt', 'countermeasure']);
    const early = await call(
      'POST',
      '/api/claim/create-claim',
      body({ status: 'CLOSED', cause: '운송', countermeasure: '완충재', closedDt: addDays(today, -1) }),
    );
    expect(fieldsOf(early)).toEqual(['closedDt']);
    const ok = await created({ status: 'CLOSED', cause: '운송', countermeasure: '완충재', closedDt: today });
    expect(ok).toMatchObject({ status: 'CLOSED', closedDt: today });
  });

  it('a new claim cannot start in the middle (409)', async () => {
    const res = await call('POST', '/api/claim/create-claim', body({ status: 'INVESTIGATING' }));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONFLICT');
  });

  it('401 without a token, 403 for view-only and unrelated users', async () => {
    expect((await call('POST', '/api/claim/create-claim', body(), null)).status).toBe(401);
    expect((await call('POST', '/api/claim/create-claim', body(), viewer.token)).status).toBe(403);
    expect((await call('POST', '/api/claim/create-claim', body(), stranger.token)).status).toBe(403);
  });
});

describe('PUT /api/claim/modify-claim: the status moves one step, to closed, or reopens', () => {
  it('RECEIVED → INVESTIGATING → COUNTERMEASURE → CLOSED, each change in the history; reopening clears the date', async () => {
    const c = await created();
    const skip = await modify(c.claimId, { status: 'COUNTERMEASURE' });
    expect(skip.status).toBe(409);
    expect(skip.body.extraData).toMatchObject({ from: 'RECEIVED', to: 'COUNTERMEASURE' });
    expect((await modify(c.claimId, { status: 'INVESTIGATING' })).body.data.status).toBe('INVESTIGATING');
    const back = await modify(c.claimId, { status: 'RECEIVED' });
    expect(back.status).toBe(409);
    const cm = await modify(c.claimId, { status: 'COUNTERMEASURE', cause: '적재 불량' });
    expect(cm.body.data).toMatchObject({ status: 'COUNTERMEASURE', cause: '적재 불량' });
    // Closing without the countermeasure is refused on the fields.
    const noMeasure = await modify(c.claimId, { status: 'CLOSED', cause: '적재 불량', closedDt: today });
    expect(noMeasure.status).toBe(400);
    expect(fieldsOf(noMeasure)).toEqual(['countermeasure']);
    const closed = await modify(c.claimId, {
      status: 'CLOSED',
      cause: '적재 불량',
      countermeasure: '팔레트 고정',
      closedDt: addDays(today, 2),
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data).toMatchObject({ status: 'CLOSED', closedDt: addDays(today, 2) });
    // Closed is final for photos; the claim may only go back to COUNTERMEASURE.
    expect((await modify(c.claimId, { status: 'INVESTIGATING' })).status).toBe(409);
    expect((await addPhoto(c.claimId)).status).toBe(409);
    const reopened = await modify(c.claimId, {
      status: 'COUNTERMEASURE',
      cause: '적재 불량',
      countermeasure: '팔레트 고정',
      closedDt: today,
    });
    expect(reopened.body.data).toMatchObject({ status: 'COUNTERMEASURE', closedDt: null });
    const hist = await t.db
      .select({ type: changeHistory.revisionType })
      .from(changeHistory)
      .where(and(eq(changeHistory.tableName, 'claims'), eq(changeHistory.rowId, String(c.claimId))))
      .orderBy(asc(changeHistory.revisionId));
    expect(hist.map((h) => h.type)).toEqual(['ADD', 'MOD', 'MOD', 'MOD', 'MOD']);
  });

  it('any open state may close at once', async () => {
    const c = await created();
    const res = await modify(c.claimId, {
      status: 'CLOSED',
      cause: '오배송',
      countermeasure: '출하 검수',
      closedDt: today,
    });
    expect(res.status).toBe(200);
  });

  it('400 for a bad body, 404 for a missing claim, 401, 403', async () => {
    const c = await created();
    const bad = await modify(c.claimId, { status: 'DONE' });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual(['status']);
    expect((await modify(999999)).status).toBe(404);
    expect((await modify(c.claimId, {}, null)).status).toBe(401);
    expect((await modify(c.claimId, {}, viewer.token)).status).toBe(403);
  });
});

describe('GET /api/claim/claim-management and /api/claim/{claimId}', () => {
  it('lists by received period, status, customer and text; pages with the total; one claim by id', async () => {
    const tag = uniq('검색');
    const a = await created({ content: `${tag} 이물`, receivedDt: addDays(today, -40) });
    const b = await created({ content: `${tag} 변색` });
    const list = await call(
      'GET',
      `/api/claim/claim-management?startDt=${addDays(today, -7)}&endDt=${today}&q=${encodeURIComponent(tag)}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { claimId: number }) => r.claimId)).toEqual([b.claimId]);
    const all = await call('GET', `/api/claim/claim-management?q=${encodeURIComponent(tag)}&page=1&size=1`);
    expect(all.body.total).toBe(2);
    expect(all.body.data.map((r: { claimId: number }) => r.claimId)).toEqual([b.claimId]);
    const byLot = await call(
      'GET',
      `/api/claim/claim-management?q=${lot.lotId}&status=RECEIVED&bizPartnerId=${customer.id}`,
    );
    expect(byLot.body.data.map((r: { claimId: number }) => r.claimId)).toEqual(
      expect.arrayContaining([a.claimId, b.claimId]),
    );
    const one = await call('GET', `/api/claim/${a.claimId}`, undefined, viewer.token);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ claimId: a.claimId, lotId: lot.lotId });
  });

  it('400 for a bad period or status, 404 missing, 401, 403', async () => {
    const order = await call('GET', `/api/claim/claim-management?startDt=${today}&endDt=${addDays(today, -1)}`);
    expect(order.status).toBe(400);
    expect(fieldsOf(order)).toEqual(['endDt']);
    expect((await call('GET', '/api/claim/claim-management?status=NOPE')).status).toBe(400);
    expect((await call('GET', '/api/claim/abc')).status).toBe(400);
    expect((await call('GET', '/api/claim/999999')).status).toBe(404);
    expect((await call('GET', '/api/claim/claim-management', undefined, null)).status).toBe(401);
    expect((await call('GET', '/api/claim/claim-management', undefined, stranger.token)).status).toBe(403);
    expect((await call('GET', '/api/claim/1', undefined, stranger.token)).status).toBe(403);
  });

  it('exports the filter as a workbook in the caller language', async () => {
    const tag = uniq('엑셀');
    await created({ content: `${tag} 누액` });
    const res = await t.inject({
      method: 'GET',
      url: `/api/claim/claim-management/excel?q=${encodeURIComponent(tag)}`,
      token: viewer.token,
      headers: en,
    });
    expect(res.status).toBe(200);
    const [sheet] = await readXlsx(res.raw.rawPayload);
    // Row 1 is the hidden key row, then the header and the one claim.
    expect(sheet.rows[1]).toContain('Customer');
    expect(sheet.rows).toHaveLength(3);
    expect(sheet.rows[2]).toContain(`${tag} 누액`);
    expect((await call('GET', '/api/claim/claim-management/excel?endDt=x')).status).toBe(400);
    expect((await call('GET', '/api/claim/claim-management/excel', undefined, null)).status).toBe(401);
    expect((await call('GET', '/api/claim/claim-management/excel', undefined, stranger.token)).status).toBe(403);
  });
});

describe('GET /api/claim/lot', () => {
  it('finds a lot by LOT ID in any case with its product; 404 missing; 400 empty; 401; 403', async () => {
    const res = await call('GET', `/api/claim/lot?lotId=${lot.lotId.toLowerCase()}`, undefined, viewer.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ lotRowId: lot.id, lotId: lot.lotId, productId: product.id, shippedTo: [] });
    expect((await call('GET', '/api/claim/lot?lotId=NOPE-1')).status).toBe(404);
    expect((await call('GET', '/api/claim/lot?lotId=')).status).toBe(400);
    expect((await call('GET', `/api/claim/lot?lotId=${lot.lotId}`, undefined, null)).status).toBe(401);
    expect((await call('GET', `/api/claim/lot?lotId=${lot.lotId}`, undefined, stranger.token)).status).toBe(403);
  });
});

describe('photos', () => {
  it('uploads JPEG/PNG, lists, serves inline, deletes; refuses other bytes', async () => {
    const c = await created();
    const png = await addPhoto(c.claimId, PNG, clerk.token, '파손.png');
    expect(png.status, JSON.stringify(png.body)).toBe(200);
    expect(png.body.data).toMatchObject({ claimId: c.claimId, name: '파손.png', mimeType: 'image/png' });
    expect((await addPhoto(c.claimId, JPEG, clerk.token, 'b.jpg')).body.data.mimeType).toBe('image/jpeg');
    const list = await call('GET', `/api/claim/${c.claimId}/photos`, undefined, viewer.token);
    expect(list.body.data).toHaveLength(2);
    expect((await call('GET', `/api/claim/${c.claimId}`)).body.data.photoCount).toBe(2);
    const file = await t.inject({ method: 'GET', url: `/api/claim/photo/${png.body.data.id}`, token: viewer.token });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(String(file.headers['content-disposition'])).toMatch(/^inline;/);
    expect(Buffer.compare(file.raw.rawPayload, PNG)).toBe(0);

    const pdf = await addPhoto(c.claimId, Buffer.from('%PDF-1.7\nxxxx'), clerk.token, 'x.png');
    expect(pdf.status).toBe(400);
    expect(fieldsOf(pdf)).toEqual(['file']);
    const gif = await addPhoto(c.claimId, GIF, clerk.token, 'x.gif');
    expect(gif.status).toBe(400);
    expect(gif.body.extraData.fields[0].message).toBe('Only JPEG, PNG or WebP images can be uploaded.');

    const fileId = (await t.db.select({ id: files.id }).from(files).where(eq(files.name, '파손.png'))).map((f) => f.id);
    const del = await call('DELETE', `/api/claim/photo/${png.body.data.id}`);
    expect(del.status).toBe(200);
    expect(
      await t.db
        .select({ id: files.id })
        .from(files)
        .where(eq(files.id, fileId.at(-1)!)),
    ).toEqual([]);
    expect((await call('DELETE', `/api/claim/photo/${png.body.data.id}`)).status).toBe(404);
    expect((await call('GET', `/api/claim/photo/${png.body.data.id}`)).status).toBe(404);
  });

  it(`at most ${CLAIM_PHOTOS_MAX} photos per claim (409)`, async () => {
    const c = await created();
    for (let i = 0; i < CLAIM_PHOTOS_MAX; i++) expect((await addPhoto(c.claimId)).status).toBe(200);
    const over = await addPhoto(c.claimId);
    expect(over.status).toBe(409);
    expect(over.body.extraData.messageKey).toMatch(/^claimPhotoLimit/);
  });

  it('401, 403, 404 and 400 around the photo paths', async () => {
    const c = await created();
    expect((await addPhoto(c.claimId, PNG, null)).status).toBe(401);
    expect((await addPhoto(c.claimId, PNG, viewer.token)).status).toBe(403);
    expect((await addPhoto(999999)).status).toBe(404);
    expect((await addPhoto('x')).status).toBe(400);
    const json = await call('POST', `/api/claim/${c.claimId}/photos`, { file: 'x' });
    expect(json.status).toBe(415);
    expect((await call('GET', `/api/claim/${c.claimId}/photos`, undefined, null)).status).toBe(401);
    expect((await call('GET', `/api/claim/${c.claimId}/photos`, undefined, stranger.token)).status).toBe(403);
    expect((await call('GET', '/api/claim/999999/photos')).status).toBe(404);
    expect((await call('GET', '/api/claim/photo/1', undefined, stranger.token)).status).toBe(403);
    expect((await call('DELETE', '/api/claim/photo/1', undefined, viewer.token)).status).toBe(403);
    expect((await call('DELETE', '/api/claim/photo/x')).status).toBe(400);
  });
});

describe('DELETE /api/claim/delete-claim/{claimId}', () => {
  it('deletes the claim with its photos and their files', async () => {
    const c = await created();
    const photo = (await addPhoto(c.claimId)).body.data;
    const res = await call('DELETE', `/api/claim/delete-claim/${c.claimId}`);
    expect(res.status).toBe(200);
    expect((await call('GET', `/api/claim/${c.claimId}`)).status).toBe(404);
    expect((await call('GET', `/api/claim/photo/${photo.id}`)).status).toBe(404);
    expect((await call('DELETE', `/api/claim/delete-claim/${c.claimId}`)).status).toBe(404);
  });

  it('400, 401, 403', async () => {
    const c = await created();
    expect((await call('DELETE', '/api/claim/delete-claim/0')).status).toBe(400);
    expect((await call('DELETE', `/api/claim/delete-claim/${c.claimId}`, undefined, null)).status).toBe(401);
    expect((await call('DELETE', `/api/claim/delete-claim/${c.claimId}`, undefined, viewer.token)).status).toBe(403);
  });

  it('a lot, product or customer with claims cannot be deleted (references)', async () => {
    const p = await makeProduct();
    const l = await makeLot(p.id);
    await created({ productId: p.id, lotId: l.lotId });
    const admin = await t.makeUser({ productInfo: { all: true } });
    const res = await t.inject({ method: 'DELETE', url: `/api/product/${p.id}`, token: admin.token, headers: en });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ERROR_CONSTRAINT_VIOLATION');
    expect(res.body.extraData.datas).toEqual(
      expect.arrayContaining([expect.objectContaining({ screen: 'claimManagement' })]),
    );
  });
});
