import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../platform/dates.ts';
import { readXlsx } from '../../platform/excel/excel-testing.ts';
import { textOf } from '../../platform/labels/label-reading.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { files } from '../files/files.table.ts';
import { changeHistory } from '../history/history.table.ts';
import { PNG } from '../product/master-fixtures.ts';
import { products } from '../product/product.table.ts';
import { lots } from '../product-stock/product-stock.table.ts';
import { haccpSignatures } from './haccp.table.ts';

const t = await createTestApp();
// The operator records and signs; the reviewer holds modify (the review right) and is another user.
const operator = await t.makeUser({ visualInspection: { all: true } });
const reviewer = await t.makeUser({ visualInspection: { view: true, modify: true } });
const viewer = await t.makeUser({ visualInspection: { view: true } });
const stranger = await t.makeUser({ notice: { view: true } });
const en = { 'accept-language': 'en' };
const today = todayIn(t.config.timeZone);
const yesterday = addDays(today, -1);
const P = '/api/visual-inspection';

const call = (method: string, url: string, payload?: unknown, token: string | null = operator.token) =>
  t.inject({ method, url, payload, token, headers: en });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);
const keyOf = (res: { body: any }) => String(res.body.extraData?.messageKey ?? '').split(' ')[0];

const [product] = await withTx(t.db, SYSTEM_ACTOR, (tx) =>
  tx
    .insert(products)
    .values({ code: uniq('FG').toUpperCase(), name: uniq('제품 '), type: 'FINISHED', unit: 'EA' })
    .returning(),
);
const [lot] = await withTx(t.db, SYSTEM_ACTOR, (tx) =>
  tx
    .insert(lots)
    .values({ lotId: uniq('LOTV').toUpperCase(), productId: product.id, day: today })
    .returning(),
);

const CHECKS = [
  { name: '이물', passed: true },
  { name: '포장 상태', passed: true },
  { name: '라벨', passed: true },
];
const body = (extra: Record<string, unknown> = {}) => ({
  inspectedAt: `${yesterday} 10:00`,
  lotId: null,
  checks: CHECKS,
  note: null,
  ...extra,
});
type Rec = { id: number; status: string; result: string; [k: string]: any };
async function record(extra: Record<string, unknown> = {}, token = operator.token): Promise<Rec> {
  const res = await call('POST', P, body(extra), token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const sign = (id: number, password = operator.password, token = operator.token) =>
  call('POST', `${P}/${id}/sign`, { password }, token);
const review = (id: number, password = reviewer.password, token = reviewer.token) =>
  call('POST', `${P}/${id}/review`, { password }, token);
const amend = (id: number, extra: Record<string, unknown> = {}, token = operator.token) =>
  call('POST', `${P}/${id}/amend`, { ...body(), reason: '판정 오기', password: operator.password, ...extra }, token);

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
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
const addPhoto = (id: number | string, content = PNG, token: string | null = operator.token, filename?: string) =>
  t.inject({ method: 'POST', url: `${P}/${id}/photos`, token, ...upload(content, filename) });

describe('visual inspection records', () => {
  it('records a day inspection and a lot inspection (LOT ID in any case): operator = caller, result computed', async () => {
    const day = await record();
    expect(day).toMatchObject({
      status: 'DRAFT',
      result: 'PASS',
      lotId: null,
      operatorUserId: operator.userId,
      inspectedAt: `${yesterday} 10:00`,
      photos: [],
      signatures: [],
    });
    expect(day.checks).toEqual(CHECKS.map((c) => ({ ...c, note: null })));
    const onLot = await record({
      lotId: lot.lotId.toLowerCase(),
      checks: [...CHECKS, { name: '색상/외관', passed: false, note: '변색 2개' }],
    });
    expect(onLot).toMatchObject({
      result: 'FAIL',
      lotRowId: lot.id,
      lotId: lot.lotId,
      productCode: product.code,
      productName: product.name,
    });
    // The result is computed by the server: a client cannot send one.
    expect((await call('POST', P, body({ result: 'PASS' }))).status).toBe(400);
  });

  it('400 naming the field: no checks, unknown lot, bad time, bad check', async () => {
    const none = await call('POST', P, body({ checks: [] }));
    expect([none.status, fieldsOf(none)]).toEqual([400, ['checks']]);
    const noLot = await call('POST', P, body({ lotId: 'NO-SUCH-LOT' }));
    expect([noLot.status, fieldsOf(noLot)]).toEqual([400, ['lotId']]);
    const time = await call('POST', P, body({ inspectedAt: '2026-13-01 10:00' }));
    expect([time.status, fieldsOf(time)]).toEqual([400, ['inspectedAt']]);
    const badCheck = await call('POST', P, body({ checks: [{ name: '', passed: 'yes' }] }));
    expect(badCheck.status).toBe(400);
    expect(fieldsOf(badCheck).sort()).toEqual(['checks.0.name', 'checks.0.passed']);
  });

  it('lists by period (required, at most 92 days), filters by result and LOT ID; Excel', async () => {
    const pass = await record({ inspectedAt: `${today} 08:00` });
    const fail = await record({
      inspectedAt: `${today} 09:00`,
      lotId: lot.lotId,
      checks: [{ name: '이물', passed: false, note: '머리카락 1' }],
    });
    const list = await call('GET', `${P}/list?startDt=${today}&endDt=${today}`, undefined, viewer.token);
    expect(list.status).toBe(200);
    const ids = list.body.data.map((r: Rec) => r.id);
    expect(ids.indexOf(fail.id)).toBeLessThan(ids.indexOf(pass.id)); // newest first
    const fails = await call('GET', `${P}/list?startDt=${today}&endDt=${today}&result=FAIL`);
    expect(fails.body.data.map((r: Rec) => r.id)).toEqual([fail.id]);
    // Pages of the same list: the total is the whole filter's, the second page its second record.
    const page = await call('GET', `${P}/list?startDt=${today}&endDt=${today}&page=2&size=1`);
    expect([page.body.total, page.body.data.map((r: Rec) => r.id)]).toEqual([ids.length, [ids[1]]]);
    const all = await call('GET', `${P}/list?startDt=${today}&endDt=${today}&page=1&size=1`);
    expect([all.body.total, all.body.data.length]).toEqual([list.body.data.length, 1]);
    const byLot = await call(
      'GET',
      `${P}/list?startDt=${yesterday}&endDt=${today}&lotId=${lot.lotId.slice(2).toLowerCase()}`,
    );
    expect(byLot.body.data.every((r: Rec) => r.lotId === lot.lotId)).toBe(true);
    expect(byLot.body.data.map((r: Rec) => r.id)).toContain(fail.id);
    const noPeriod = await call('GET', `${P}/list`);
    expect([noPeriod.status, fieldsOf(noPeriod).sort()]).toEqual([400, ['endDt', 'startDt']]);
    const tooLong = await call('GET', `${P}/list?startDt=${addDays(today, -100)}&endDt=${today}`);
    expect([tooLong.status, fieldsOf(tooLong)]).toEqual([400, ['endDt']]);
    expect((await call('GET', `${P}/list?startDt=${today}&endDt=${today}&result=MAYBE`)).status).toBe(400);
    const xlsx = await t.inject({
      method: 'GET',
      url: `${P}/list/excel?startDt=${today}&endDt=${today}&result=FAIL`,
      token: viewer.token,
      headers: en,
    });
    expect(xlsx.status).toBe(200);
    const [sheet] = await readXlsx(xlsx.raw.rawPayload);
    // Row 1 is the hidden key row, then the header and the one failed record.
    expect(sheet.rows[1]).toContain('Checks');
    expect(sheet.rows).toHaveLength(3);
    expect(sheet.rows[2].join('|')).toContain('이물: X (머리카락 1)');
  });

  it('401/403/404 on every path', async () => {
    const r = await record();
    const q = `startDt=${today}&endDt=${today}`;
    expect((await call('GET', `${P}/list?${q}`, undefined, null)).status).toBe(401);
    expect((await call('GET', `${P}/list?${q}`, undefined, stranger.token)).status).toBe(403);
    expect((await call('GET', `${P}/list/excel?${q}`, undefined, stranger.token)).status).toBe(403);
    expect((await call('GET', `${P}/${r.id}`, undefined, stranger.token)).status).toBe(403);
    expect((await call('GET', `${P}/lot?lotId=${lot.lotId}`, undefined, stranger.token)).status).toBe(403);
    expect((await call('POST', P, body(), viewer.token)).status).toBe(403);
    expect((await call('PUT', P, { id: r.id, ...body() }, viewer.token)).status).toBe(403);
    expect((await call('DELETE', `${P}/${r.id}`, undefined, viewer.token)).status).toBe(403);
    expect((await call('POST', `${P}/${r.id}/sign`, { password: 'x' }, viewer.token)).status).toBe(403);
    expect((await call('POST', `${P}/${r.id}/review`, { password: 'x' }, viewer.token)).status).toBe(403);
    expect((await amend(r.id, {}, viewer.token)).status).toBe(403);
    expect((await addPhoto(r.id, PNG, viewer.token)).status).toBe(403);
    expect((await addPhoto(r.id, PNG, null)).status).toBe(401);
    expect((await call('GET', `${P}/999999`)).status).toBe(404);
    expect((await call('PUT', P, { id: 999999, ...body() })).status).toBe(404);
    expect((await call('DELETE', `${P}/999999`)).status).toBe(404);
    expect((await sign(999999)).status).toBe(404);
    expect((await review(999999)).status).toBe(404);
    expect((await amend(999999)).status).toBe(404);
    expect((await addPhoto(999999)).status).toBe(404);
    expect((await call('GET', `${P}/photo/999999`)).status).toBe(404);
    expect((await call('DELETE', `${P}/photo/999999`)).status).toBe(404);
    expect((await call('GET', `${P}/abc`)).status).toBe(400);
  });

  it('the LOT ID look-up: the lot and its product, any case; 404 when none; 400 when empty', async () => {
    const found = await call('GET', `${P}/lot?lotId=${lot.lotId.toLowerCase()}`, undefined, viewer.token);
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({ lotRowId: lot.id, lotId: lot.lotId, productName: product.name });
    expect((await call('GET', `${P}/lot?lotId=NOPE-LOT`)).status).toBe(404);
    expect((await call('GET', `${P}/lot`)).status).toBe(400);
  });

  it('a draft is modified and deleted (with its photos and their files), with the change history', async () => {
    const r = await record();
    const upd = await call('PUT', P, {
      id: r.id,
      ...body({ checks: [{ name: '라벨', passed: false, note: '인쇄 번짐' }] }),
    });
    expect([upd.status, upd.body.data.result]).toEqual([200, 'FAIL']);
    const photo = await addPhoto(r.id);
    expect(photo.status, JSON.stringify(photo.body)).toBe(200);
    const fileIds = (await t.db.select({ id: files.id }).from(files)).map((f) => f.id);
    expect((await call('DELETE', `${P}/${r.id}`)).status).toBe(200);
    expect((await call('GET', `${P}/${r.id}`)).status).toBe(404);
    expect((await call('GET', `${P}/photo/${photo.body.data.id}`)).status).toBe(404);
    const after = (await t.db.select({ id: files.id }).from(files)).map((f) => f.id);
    expect(after).toHaveLength(fileIds.length - 1);
    const history = await t.db.select().from(changeHistory).where(eq(changeHistory.tableName, 'visual_inspections'));
    expect(history.filter((h) => h.rowId === String(r.id)).map((h) => h.revisionType)).toEqual([
      'ADD',
      'MOD',
      'MOD',
      'DEL',
    ]);
  });
});

describe('photos', () => {
  it('uploads JPEG/PNG (judged by content), serves inline, deletes; refuses other bytes and GIF', async () => {
    const r = await record();
    const png = await addPhoto(r.id, PNG, operator.token, '이물.png');
    expect(png.status, JSON.stringify(png.body)).toBe(200);
    expect(png.body.data).toMatchObject({ inspectionId: r.id, name: '이물.png', mimeType: 'image/png' });
    expect((await addPhoto(r.id, JPEG, operator.token, 'b.png')).body.data.mimeType).toBe('image/jpeg');
    expect((await call('GET', `${P}/${r.id}`)).body.data.photos).toHaveLength(2);
    const file = await t.inject({ method: 'GET', url: `${P}/photo/${png.body.data.id}`, token: viewer.token });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(String(file.headers['content-disposition'])).toMatch(/^inline;/);
    expect(Buffer.compare(file.raw.rawPayload, PNG)).toBe(0);
    // A PDF named .png is refused by its bytes; a GIF is an image but not one of ours.
    const pdf = await addPhoto(r.id, Buffer.from('%PDF-1.7\nxxxx'), operator.token, 'x.png');
    expect([pdf.status, fieldsOf(pdf)]).toEqual([400, ['file']]);
    const gif = await addPhoto(r.id, GIF, operator.token, 'x.gif');
    expect(gif.status).toBe(400);
    expect(gif.body.extraData.fields[0].message).toBe('Only JPEG, PNG or WebP images can be uploaded.');
    const big = await addPhoto(r.id, Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]));
    expect([big.status, fieldsOf(big)]).toEqual([400, ['file']]);
    expect((await call('DELETE', `${P}/photo/${png.body.data.id}`, undefined, viewer.token)).status).toBe(403);
    expect((await call('DELETE', `${P}/photo/${png.body.data.id}`)).status).toBe(200);
    expect((await call('GET', `${P}/${r.id}`)).body.data.photos).toHaveLength(1);
  });
});

describe('sign, review, amend (the HACCP rules, enforced by the server)', () => {
  it('a failed check without its note cannot be signed (409 naming the checks); with the note it can', async () => {
    const r = await record({
      checks: [
        { name: '이물', passed: true },
        { name: '포장 상태', passed: false, note: '  ' },
        { name: '라벨', passed: false },
      ],
    });
    const refused = await sign(r.id);
    expect([refused.status, keyOf(refused), refused.body.extraData.missing]).toEqual([409, 'visualFailNote', [1, 2]]);
    await call('PUT', P, {
      id: r.id,
      ...body({
        checks: [
          { name: '포장 상태', passed: false, note: '찢어짐, 재포장' },
          { name: '라벨', passed: false, note: '재부착' },
        ],
      }),
    });
    const ok = await sign(r.id);
    expect([ok.status, ok.body.data.status, ok.body.data.signatures[0].meaning]).toEqual([200, 'SIGNED', 'PERFORMED']);
  });

  it('only the operator signs, with the right password; signed is locked: no edit, delete, photo (409)', async () => {
    const r = await record();
    const photo = await addPhoto(r.id);
    const wrong = await sign(r.id, 'not-the-password');
    expect([wrong.status, fieldsOf(wrong)]).toEqual([400, ['password']]);
    const other = await sign(r.id, reviewer.password, reviewer.token);
    expect(other.status).toBe(403); // the reviewer has no create right
    const colleague = await t.makeUser({ visualInspection: { all: true } });
    const notOwn = await sign(r.id, colleague.password, colleague.token);
    expect([notOwn.status, keyOf(notOwn)]).toEqual([409, 'haccpSignOwn']);
    expect((await sign(r.id)).status).toBe(200);
    const again = await sign(r.id);
    expect([again.status, keyOf(again)]).toEqual([409, 'haccpAlreadySigned']);
    const edit = await call('PUT', P, { id: r.id, ...body() });
    expect([edit.status, keyOf(edit)]).toEqual([409, 'haccpSignedLocked']);
    const del = await call('DELETE', `${P}/${r.id}`);
    expect([del.status, keyOf(del)]).toEqual([409, 'haccpSignedLocked']);
    const add = await addPhoto(r.id);
    expect([add.status, keyOf(add)]).toEqual([409, 'haccpSignedLocked']);
    const drop = await call('DELETE', `${P}/photo/${photo.body.data.id}`);
    expect([drop.status, keyOf(drop)]).toEqual([409, 'haccpSignedLocked']);
  });

  it('review: by another user with modify, never the operator (409), only once signed; then locked for good', async () => {
    const r = await record();
    const early = await review(r.id);
    expect([early.status, keyOf(early)]).toEqual([409, 'haccpNotSigned']);
    await sign(r.id);
    const self = await review(r.id, operator.password, operator.token);
    expect([self.status, keyOf(self)]).toEqual([409, 'haccpSelfReview']);
    expect((await review(r.id, 'x', viewer.token)).status).toBe(403);
    const ok = await review(r.id);
    expect(ok.status).toBe(200);
    expect(ok.body.data.status).toBe('REVIEWED');
    expect(ok.body.data.signatures.map((s: { meaning: string; userId: string }) => [s.meaning, s.userId])).toEqual([
      ['PERFORMED', operator.userId],
      ['REVIEWED', reviewer.userId],
    ]);
    const twice = await review(r.id);
    expect([twice.status, keyOf(twice)]).toEqual([409, 'haccpAlreadyReviewed']);
    const edit = await call('PUT', P, { id: r.id, ...body() });
    expect([edit.status, keyOf(edit)]).toEqual([409, 'haccpReviewed']);
    const sigs = await t.db.select().from(haccpSignatures).where(eq(haccpSignatures.recordId, r.id));
    expect(sigs.filter((s) => s.recordKind === 'VISUAL')).toHaveLength(2);
  });

  it('an amendment is a new signed record linked to the original; the original stays with its photos', async () => {
    const r = await record({ checks: [{ name: '이물', passed: true }] });
    await addPhoto(r.id);
    const draft = await amend(r.id);
    expect([draft.status, keyOf(draft)]).toEqual([409, 'haccpAmendDraft']);
    await sign(r.id);
    await review(r.id);
    // The amendment follows the same rules: a failed check needs its note.
    const noNote = await amend(r.id, { checks: [{ name: '이물', passed: false }] });
    expect([noNote.status, keyOf(noNote)]).toEqual([409, 'visualFailNote']);
    const fixed = await amend(r.id, { checks: [{ name: '이물', passed: false, note: '사진 재확인: 이물 있음' }] });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body.data).toMatchObject({
      amendsId: r.id,
      amendReason: '판정 오기',
      status: 'SIGNED',
      result: 'FAIL',
      operatorUserId: operator.userId,
      photos: [],
    });
    expect(fixed.body.data.signatures.map((s: { meaning: string }) => s.meaning)).toEqual(['AMENDED']);
    const detail = await call('GET', `${P}/${r.id}`, undefined, viewer.token);
    expect(detail.body.data).toMatchObject({ status: 'REVIEWED', result: 'PASS', amendedById: fixed.body.data.id });
    expect(detail.body.data.photos).toHaveLength(1);
    expect(detail.body.data.chain.map((c: Rec) => c.id)).toEqual([r.id, fixed.body.data.id]);
    const again = await amend(r.id);
    expect([again.status, keyOf(again)]).toEqual([409, 'haccpAlreadyAmended']);
    // The amendment is reviewed like any record, by someone else.
    const self = await review(fixed.body.data.id, operator.password, operator.token);
    expect([self.status, keyOf(self)]).toEqual([409, 'haccpSelfReview']);
    expect((await review(fixed.body.data.id)).status).toBe(200);
    const bad = await amend(fixed.body.data.id, { reason: '' });
    expect([bad.status, fieldsOf(bad)]).toEqual([400, ['reason']]);
  });

  it('references: a user who made inspections cannot be deleted (409 with the inspections)', async () => {
    const u = await t.makeUser({ visualInspection: { all: true } });
    await record({ lotId: lot.lotId }, u.token);
    const admin = await t.admin();
    const res = await call('DELETE', `/api/user/${u.user.id}`, undefined, admin.token);
    expect([res.status, res.body.code]).toEqual([409, 'ERROR_CONSTRAINT_VIOLATION']);
    expect(res.body.extraData.datas.some((d: { name: string }) => d.name === lot.lotId)).toBe(true);
  });
});

describe('the HACCP records PDF', () => {
  it("prints the day's visual inspections: lot, result, failed checks with notes, photos, signatures, amendments", async () => {
    const day = addDays(today, -3);
    const r = await record({
      inspectedAt: `${day} 14:30`,
      lotId: lot.lotId,
      checks: [
        { name: '이물', passed: false, note: '비닐 조각 1개, 해당 LOT 선별' },
        { name: '라벨', passed: true },
      ],
    });
    await addPhoto(r.id);
    await sign(r.id);
    await review(r.id);
    await amend(r.id, {
      inspectedAt: `${day} 14:30`,
      lotId: lot.lotId,
      checks: [{ name: '이물', passed: false, note: '비닐 조각 2개' }],
      reason: '개수 오기',
    });
    const params = encodeURIComponent(JSON.stringify({ date: day }));
    const pdf = await t.inject({
      method: 'GET',
      url: `/api/report/pdf/haccp/day?params=${params}`,
      token: (await t.makeUser({ ccpMonitoring: { view: true } })).token,
      headers: { 'accept-language': 'ko' },
    });
    expect(pdf.status).toBe(200);
    const text = textOf(pdf.raw.rawPayload);
    for (const s of ['육안 검사', lot.lotId, '부적합', '비닐 조각 1개', '개수 오기', '검토 서명'])
      expect(text).toContain(s);
    if (process.env.REPORT_PDF_OUT)
      writeFileSync(`${process.env.REPORT_PDF_OUT}/haccp-visual-kr.pdf`, pdf.raw.rawPayload);
  });
});
