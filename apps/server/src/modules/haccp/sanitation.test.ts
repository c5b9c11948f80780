import { writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../platform/dates.ts';
import { readXlsx } from '../../platform/excel/excel-testing.ts';
import { textOf } from '../../platform/labels/label-reading.ts';
import { createTestApp, locationBranch, uniq } from '../../test/harness.ts';
import { changeHistory } from '../history/history.table.ts';
import { sanitationCheckItems, sanitationCheckLists } from './haccp.table.ts';

const t = await createTestApp();
// The operator makes and signs check lists; the reviewer holds modify (the review right) and is another user.
const M = 'sanitationProcessCheckList';
const operator = await t.makeUser({ [M]: { all: true } });
const reviewer = await t.makeUser({ [M]: { view: true, modify: true } });
const viewer = await t.makeUser({ [M]: { view: true } });
const stranger = await t.makeUser({ notice: { view: true } });
const en = { 'accept-language': 'en' };
const today = todayIn(t.config.timeZone);
const P = '/api/sanitation-process-check-list';

const call = (method: string, url: string, payload?: unknown, token: string | null = operator.token) =>
  t.inject({ method, url, payload, token, headers: en });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);
const keyOf = (res: { body: any }) => String(res.body.extraData?.messageKey ?? '').split(' ')[0];
type Item = { id: number; name: string; passed: boolean | null; note: string | null };
type CheckList = { id: number; status: string; items: Item[]; [k: string]: any };

/** A fresh area (a line) with template items, in order. */
async function area(names = ['손 세척', '설비 세척', '방충·방서']) {
  const { line } = await locationBranch(t.db);
  for (const [i, name] of names.entries()) {
    const res = await call('POST', `${P}/template-items`, { locationId: line.id, name, sort: i + 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return line;
}
let day = 0;
/** A check list of a new day (each call a different day, so they never collide). */
async function checkList(locationId: number, token = operator.token): Promise<CheckList> {
  const res = await call('POST', `${P}/create`, { checkDate: addDays(today, -++day), locationId }, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const allPass = (c: CheckList) => c.items.map((i) => ({ id: i.id, passed: true }));
async function fill(
  c: CheckList,
  items: { id: number; passed: boolean | null; note?: string }[] = allPass(c),
  token = operator.token,
): Promise<CheckList> {
  const res = await call('PUT', `${P}/modify`, { id: c.id, items, note: null }, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const sign = (id: number, password = operator.password, token = operator.token) =>
  call('POST', `${P}/${id}/sign`, { password }, token);
const review = (id: number, password = reviewer.password, token = reviewer.token) =>
  call('POST', `${P}/${id}/review`, { password }, token);

const hall = await area();

describe('the template (check items per area)', () => {
  it('lists by area, adds, changes, deletes; names unique in an area; 400/401/403/404/409', async () => {
    const list = await call('GET', `${P}/template-items?locationId=${hall.id}`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: { name: string }) => x.name)).toEqual(['손 세척', '설비 세척', '방충·방서']);
    expect(list.body.data[0].locationName).toBe(hall.name);
    const added = await call('POST', `${P}/template-items`, { locationId: hall.id, name: '작업복 착용', sort: 9 });
    expect([added.status, added.body.data.enabled]).toEqual([200, true]);
    const dup = await call('POST', `${P}/template-items`, { locationId: hall.id, name: '손 세척' });
    expect([dup.status, dup.body.code, dup.body.extraData.field]).toEqual([409, 'DUPLICATE', 'name']);
    // The same name in another area is fine.
    const other = await area(['손 세척']);
    expect((await call('GET', `${P}/template-items?locationId=${other.id}`)).body.data).toHaveLength(1);
    const bad = await call('POST', `${P}/template-items`, { locationId: 999999, name: 'x' });
    expect([bad.status, fieldsOf(bad)]).toEqual([400, ['locationId']]);
    const empty = await call('POST', `${P}/template-items`, { locationId: hall.id, name: '', sort: -1 });
    expect([empty.status, fieldsOf(empty).sort()]).toEqual([400, ['name', 'sort']]);
    const upd = await call('PUT', `${P}/template-items`, {
      id: added.body.data.id,
      locationId: hall.id,
      name: '위생복 착용',
      sort: 4,
      enabled: false,
    });
    expect([upd.status, upd.body.data.name, upd.body.data.enabled]).toEqual([200, '위생복 착용', false]);
    const clash = await call('PUT', `${P}/template-items`, {
      id: added.body.data.id,
      locationId: hall.id,
      name: '손 세척',
    });
    expect([clash.status, clash.body.code]).toEqual([409, 'DUPLICATE']);
    expect(
      (await call('PUT', `${P}/template-items`, { id: 999999, locationId: hall.id, name: uniq('n') })).status,
    ).toBe(404);
    expect((await call('GET', `${P}/template-items`, undefined, null)).status).toBe(401);
    expect((await call('GET', `${P}/template-items`, undefined, stranger.token)).status).toBe(403);
    expect(
      (await call('POST', `${P}/template-items`, { locationId: hall.id, name: uniq('v') }, viewer.token)).status,
    ).toBe(403);
    expect((await call('DELETE', `${P}/template-items/${added.body.data.id}`, undefined, viewer.token)).status).toBe(
      403,
    );
    expect((await call('DELETE', `${P}/template-items/${added.body.data.id}`)).status).toBe(200);
    expect((await call('DELETE', `${P}/template-items/${added.body.data.id}`)).status).toBe(404);
  });

  it('a location with template items or check lists cannot be deleted (409 with them)', async () => {
    const a = await area(['손 세척']);
    const admin = await t.admin();
    const res = await call('DELETE', `/api/location/${a.id}`, undefined, admin.token);
    expect([res.status, res.body.code]).toEqual([409, 'ERROR_CONSTRAINT_VIOLATION']);
    expect(res.body.extraData.datas.length).toBeGreaterThan(0);
  });
});

describe('check lists', () => {
  it('copies the enabled template items at creation; later template edits do not rewrite it', async () => {
    const a = await area(['A 항목', 'B 항목', 'C 항목']);
    const items = (await call('GET', `${P}/template-items?locationId=${a.id}`)).body.data;
    await call('PUT', `${P}/template-items`, { ...pick(items[1]), enabled: false });
    const c = await checkList(a.id);
    expect(c).toMatchObject({
      status: 'DRAFT',
      operatorUserId: operator.userId,
      locationId: a.id,
      locationName: a.name,
      uncheckedCount: 2,
      failedCount: 0,
    });
    expect(c.items.map((i) => [i.name, i.passed])).toEqual([
      ['A 항목', null],
      ['C 항목', null],
    ]);
    await call('PUT', `${P}/template-items`, { ...pick(items[0]), name: 'A 항목 (변경)' });
    await call('DELETE', `${P}/template-items/${items[2].id}`);
    const again = (await call('GET', `${P}/${c.id}`)).body.data;
    expect(again.items.map((i: Item) => i.name)).toEqual(['A 항목', 'C 항목']);
  });

  it('one per day and area: a second is 409 DUPLICATE on checkDate; an area without items is a 400', async () => {
    const c = await checkList(hall.id);
    const dup = await call('POST', `${P}/create`, { checkDate: c.checkDate, locationId: hall.id });
    expect([dup.status, dup.body.code, dup.body.extraData.field]).toEqual([409, 'DUPLICATE', 'checkDate']);
    expect(dup.body.extraData.existing.id).toBe(c.id);
    // Another area on the same day is fine.
    const other = await area(['바닥 청소']);
    expect((await call('POST', `${P}/create`, { checkDate: c.checkDate, locationId: other.id })).status).toBe(200);
    const { line: bare } = await locationBranch(t.db);
    const none = await call('POST', `${P}/create`, { checkDate: today, locationId: bare.id });
    expect([none.status, fieldsOf(none)]).toEqual([400, ['locationId']]);
    expect(none.body.extraData.fields[0].message).toContain('no check items');
    const bad = await call('POST', `${P}/create`, { checkDate: '2026-02-30', locationId: 999999, hacked: 1 });
    expect(bad.status).toBe(400);
    const unknown = await call('POST', `${P}/create`, { checkDate: today, locationId: 999999 });
    expect([unknown.status, fieldsOf(unknown)]).toEqual([400, ['locationId']]);
  });

  it('records pass/fail and notes of a draft; items of another check list are a 400; deletes a draft', async () => {
    const c = await checkList(hall.id);
    const [a, b, d] = c.items;
    const saved = await fill(c, [
      { id: a.id, passed: true },
      { id: b.id, passed: false, note: '배수구 오염' },
    ]);
    expect(saved.items.map((i) => [i.passed, i.note])).toEqual([
      [true, null],
      [false, '배수구 오염'],
      [null, null],
    ]);
    expect([saved.failedCount, saved.uncheckedCount]).toEqual([1, 1]);
    const foreign = (await checkList(hall.id)).items[0];
    const wrong = await call('PUT', `${P}/modify`, { id: c.id, items: [{ id: foreign.id, passed: true }] });
    expect([wrong.status, fieldsOf(wrong)]).toEqual([400, ['items.0.id']]);
    const twice = await call('PUT', `${P}/modify`, {
      id: c.id,
      items: [
        { id: d.id, passed: true },
        { id: d.id, passed: false },
      ],
    });
    expect([twice.status, fieldsOf(twice)]).toEqual([400, ['items.1.id']]);
    expect((await call('PUT', `${P}/modify`, { id: c.id, items: [{ id: d.id, passed: 'yes' }] })).status).toBe(400);
    expect((await call('PUT', `${P}/modify`, { id: 999999, items: [] })).status).toBe(404);
    expect((await call('DELETE', `${P}/delete/${c.id}`)).status).toBe(200);
    expect((await call('GET', `${P}/${c.id}`)).status).toBe(404);
    expect(await t.db.select().from(sanitationCheckItems).where(eq(sanitationCheckItems.checkListId, c.id))).toEqual(
      [],
    );
    const history = await t.db
      .select()
      .from(changeHistory)
      .where(eq(changeHistory.tableName, 'sanitation_check_lists'));
    const mine = history.filter((h) => h.rowId === String(c.id));
    expect(mine.map((h) => h.revisionType)).toEqual(['ADD', 'MOD', 'DEL']);
    expect(mine.every((h) => h.updateBy === operator.userId)).toBe(true);
  });

  it('401/403/404 on every check list path', async () => {
    const c = await checkList(hall.id);
    const q = `startDt=${today}&endDt=${today}`;
    expect((await call('GET', `${P}/items?${q}`, undefined, null)).status).toBe(401);
    expect((await call('GET', `${P}/items?${q}`, undefined, stranger.token)).status).toBe(403);
    expect((await call('GET', `${P}/items/excel?${q}`, undefined, stranger.token)).status).toBe(403);
    expect((await call('GET', `${P}/${c.id}`, undefined, stranger.token)).status).toBe(403);
    expect((await call('POST', `${P}/create`, { checkDate: today, locationId: hall.id }, viewer.token)).status).toBe(
      403,
    );
    expect((await call('PUT', `${P}/modify`, { id: c.id, items: [] }, viewer.token)).status).toBe(403);
    expect((await call('DELETE', `${P}/delete/${c.id}`, undefined, viewer.token)).status).toBe(403);
    expect((await call('POST', `${P}/${c.id}/sign`, { password: 'x' }, viewer.token)).status).toBe(403);
    expect((await call('POST', `${P}/${c.id}/review`, { password: 'x' }, viewer.token)).status).toBe(403);
    expect(
      (await call('POST', `${P}/${c.id}/amend`, { items: [], reason: 'x', password: 'x' }, viewer.token)).status,
    ).toBe(403);
    expect((await call('GET', `${P}/999999`)).status).toBe(404);
    expect((await call('DELETE', `${P}/delete/999999`)).status).toBe(404);
    expect((await sign(999999)).status).toBe(404);
    expect((await review(999999)).status).toBe(404);
    expect(
      (await call('POST', `${P}/999999/amend`, { items: [], reason: 'x', password: operator.password })).status,
    ).toBe(404);
    expect((await call('GET', `${P}/abc`)).status).toBe(400);
  });
});

describe('sign, review, amend', () => {
  it('signs only when every item is checked and each failed item has its note; the password counts', async () => {
    const c = await checkList(hall.id);
    const [a, b, d] = c.items;
    const unchecked = await sign(c.id);
    expect([unchecked.status, keyOf(unchecked)]).toEqual([409, 'sanitationUnchecked']);
    expect(unchecked.body.extraData.items.map((x: { id: number }) => x.id)).toEqual([a.id, b.id, d.id]);
    await fill(c, [
      { id: a.id, passed: true },
      { id: b.id, passed: false },
      { id: d.id, passed: true },
    ]);
    const noNote = await sign(c.id);
    expect([noNote.status, keyOf(noNote)]).toEqual([409, 'sanitationFailNote']);
    expect(noNote.body.extraData.items).toEqual([{ id: b.id, name: b.name }]);
    await fill(c, [{ id: b.id, passed: false, note: '설비 잔여물 — 재세척 후 확인' }]);
    const wrong = await sign(c.id, 'not-my-password');
    expect([wrong.status, fieldsOf(wrong)]).toEqual([400, ['password']]);
    const colleague = await t.makeUser({ [M]: { all: true } });
    const notMine = await sign(c.id, colleague.password, colleague.token);
    expect([notMine.status, keyOf(notMine)]).toEqual([409, 'haccpSignOwn']);
    const ok = await sign(c.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'SIGNED', failedCount: 1 });
    expect(ok.body.data.signatures).toMatchObject([{ meaning: 'PERFORMED', userId: operator.userId }]);
    expect(keyOf(await sign(c.id))).toBe('haccpAlreadySigned');
  }, 120_000);

  it('review: another user with the modify right, never the operator, only a signed check list, once', async () => {
    const c = await fill(await checkList(hall.id));
    const early = await review(c.id);
    expect([early.status, keyOf(early)]).toEqual([409, 'haccpNotSigned']);
    await sign(c.id);
    const self = await review(c.id, operator.password, operator.token);
    expect([self.status, keyOf(self)]).toEqual([409, 'haccpSelfReview']);
    const ok = await review(c.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.signatures.map((s: { meaning: string; userId: string }) => [s.meaning, s.userId])).toEqual([
      ['PERFORMED', operator.userId],
      ['REVIEWED', reviewer.userId],
    ]);
    expect(keyOf(await review(c.id))).toBe('haccpAlreadyReviewed');
  }, 120_000);

  it('locked once signed: modify and delete are 409, before and after the review', async () => {
    const c = await fill(await checkList(hall.id));
    await sign(c.id);
    const edit = await call('PUT', `${P}/modify`, { id: c.id, items: [{ id: c.items[0].id, passed: false }] });
    expect([edit.status, keyOf(edit)]).toEqual([409, 'haccpSignedLocked']);
    const del = await call('DELETE', `${P}/delete/${c.id}`);
    expect([del.status, keyOf(del)]).toEqual([409, 'haccpSignedLocked']);
    await review(c.id);
    const edit2 = await call('PUT', `${P}/modify`, { id: c.id, items: [], note: 'x' });
    expect([edit2.status, keyOf(edit2)]).toEqual([409, 'haccpReviewed']);
    expect(keyOf(await call('DELETE', `${P}/delete/${c.id}`))).toBe('haccpReviewed');
    expect((await call('GET', `${P}/${c.id}`)).body.data.items.every((i: Item) => i.passed)).toBe(true);
  }, 120_000);

  it('an amendment is a new check list linked to the original, with the reason; the original stays', async () => {
    const c = await fill(await checkList(hall.id));
    const draft = await call('POST', `${P}/${c.id}/amend`, { items: [], reason: '오기', password: operator.password });
    expect([draft.status, keyOf(draft)]).toEqual([409, 'haccpAmendDraft']);
    await sign(c.id);
    await review(c.id);
    const noReason = await call('POST', `${P}/${c.id}/amend`, { items: [], password: operator.password });
    expect([noReason.status, fieldsOf(noReason)]).toEqual([400, ['reason']]);
    const wrongPw = await call('POST', `${P}/${c.id}/amend`, { items: [], reason: '오기', password: 'nope' });
    expect([wrongPw.status, fieldsOf(wrongPw)]).toEqual([400, ['password']]);
    const [first] = c.items;
    const noNote = await call('POST', `${P}/${c.id}/amend`, {
      items: [{ id: first.id, passed: false }],
      reason: '판정 오기',
      password: operator.password,
    });
    expect([noNote.status, keyOf(noNote)]).toEqual([409, 'sanitationFailNote']);
    const res = await call('POST', `${P}/${c.id}/amend`, {
      items: [{ id: first.id, passed: false, note: '세정제 부족 — 보충 후 재세척' }],
      reason: '판정 오기',
      password: operator.password,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const a = res.body.data as CheckList;
    expect(a).toMatchObject({
      amendsId: c.id,
      amendReason: '판정 오기',
      status: 'SIGNED',
      checkDate: c.checkDate,
      locationId: hall.id,
      failedCount: 1,
    });
    expect(a.items.map((i) => i.name)).toEqual(c.items.map((i) => i.name));
    expect(a.signatures).toMatchObject([{ meaning: 'AMENDED', userId: operator.userId, reason: '판정 오기' }]);
    const detail = (await call('GET', `${P}/${c.id}`)).body.data;
    expect(detail).toMatchObject({ status: 'REVIEWED', amendedById: a.id, failedCount: 0 });
    expect(detail.chain.map((x: { id: number }) => x.id)).toEqual([c.id, a.id]);
    const again = await call('POST', `${P}/${c.id}/amend`, { items: [], reason: '다시', password: operator.password });
    expect([again.status, keyOf(again)]).toEqual([409, 'haccpAlreadyAmended']);
    expect(keyOf(await review(a.id, operator.password, operator.token))).toBe('haccpSelfReview');
    expect((await review(a.id)).body.data.status).toBe('REVIEWED');
    const rows = await t.db.select().from(sanitationCheckLists).where(eq(sanitationCheckLists.checkDate, c.checkDate));
    expect(rows.map((r) => r.id).sort()).toEqual([c.id, a.id].sort());
  }, 120_000);
});

describe('the list', () => {
  it('filters by period and area, newest day first; 400 for a bad period; exports Excel one row per item', async () => {
    const a = await area(['바닥', '벽']);
    const c1 = await checkList(a.id);
    const c2 = await checkList(a.id);
    const q = `startDt=${c2.checkDate}&endDt=${c1.checkDate}`;
    const list = await call('GET', `${P}/items?${q}&locationId=${a.id}`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: { id: number }) => x.id)).toEqual([c1.id, c2.id]);
    const second = await call('GET', `${P}/items?${q}&locationId=${a.id}&page=2&size=1`);
    expect([second.body.total, second.body.data.map((x: { id: number }) => x.id)]).toEqual([2, [c2.id]]);
    const hallOnly = await call('GET', `${P}/items?${q}&locationId=${hall.id}`);
    expect(hallOnly.body.data.some((x: { locationId: number }) => x.locationId === a.id)).toBe(false);
    const order = await call('GET', `${P}/items?startDt=${today}&endDt=${addDays(today, -1)}`);
    expect([order.status, fieldsOf(order)]).toEqual([400, ['endDt']]);
    const long = await call('GET', `${P}/items?startDt=${addDays(today, -100)}&endDt=${today}`);
    expect([long.status, fieldsOf(long)]).toEqual([400, ['endDt']]);
    expect((await call('GET', `${P}/items?startDt=${today}`)).status).toBe(400);
    const xlsx = await call('GET', `${P}/items/excel?${q}&locationId=${a.id}`);
    expect(xlsx.status).toBe(200);
    const [sheet] = await readXlsx(xlsx.raw.rawPayload);
    expect(sheet.rows[1]).toContain('Check item');
    // The key row, the header, and 2 items × 2 check lists.
    expect(sheet.rows).toHaveLength(6);
  });
});

describe('a deleted operator', () => {
  it('a user who made check lists cannot be deleted (409 with them)', async () => {
    const u = await t.makeUser({ [M]: { all: true } });
    await checkList(hall.id, u.token);
    const admin = await t.admin();
    const res = await call('DELETE', `/api/user/${u.user.id}`, undefined, admin.token);
    expect([res.status, res.body.code]).toEqual([409, 'ERROR_CONSTRAINT_VIOLATION']);
  });
});

describe('the HACCP records PDF', () => {
  it("prints the day's sanitation check lists with failed items, their notes and signatures", async () => {
    const c = await checkList(hall.id);
    const [a, b, d] = c.items;
    await fill(c, [
      { id: a.id, passed: true },
      { id: b.id, passed: false, note: '배수구 찌꺼기 제거 후 재점검' },
      { id: d.id, passed: true },
    ]);
    await sign(c.id);
    const ccpViewer = await t.makeUser({ ccpMonitoring: { view: true } });
    const params = encodeURIComponent(JSON.stringify({ date: c.checkDate }));
    const pdf = await t.inject({
      method: 'GET',
      url: `/api/report/pdf/haccp/day?params=${params}`,
      token: ccpViewer.token,
      headers: { 'accept-language': 'ko' },
    });
    expect(pdf.status).toBe(200);
    const text = textOf(pdf.raw.rawPayload);
    for (const s of ['위생 공정 점검표', hall.name, '설비 세척', '부적합', '배수구 찌꺼기 제거 후 재점검'])
      expect(text).toContain(s);
    if (process.env.REPORT_PDF_OUT)
      writeFileSync(`${process.env.REPORT_PDF_OUT}/haccp-sanitation-day-kr.pdf`, pdf.raw.rawPayload);
    const month = await t.inject({
      method: 'GET',
      url: `/api/report/pdf/haccp/month?params=${params}`,
      token: ccpViewer.token,
      headers: en,
    });
    expect(month.status).toBe(200);
    expect(textOf(month.raw.rawPayload)).toContain('Sanitation check lists');
  }, 120_000);
});

function pick(x: { id: number; locationId: number; name: string; sort: number; enabled: boolean }) {
  return { id: x.id, locationId: x.locationId, name: x.name, sort: x.sort, enabled: x.enabled };
}
