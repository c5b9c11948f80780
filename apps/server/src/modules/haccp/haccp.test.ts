import { writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../platform/dates.ts';
import { readXlsx } from '../../platform/excel/excel-testing.ts';
import { textOf } from '../../platform/labels/label-reading.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { changeHistory } from '../history/history.table.ts';
import { missingChecks } from './ccp.service.ts';
import { ccpMonitorings, ccps, haccpSignatures } from './haccp.table.ts';

const t = await createTestApp();
// The operator records and signs; the reviewer holds modify (the review right) and is another user.
const operator = await t.makeUser({ ccpMonitoring: { all: true } });
const reviewer = await t.makeUser({ ccpMonitoring: { view: true, modify: true } });
const viewer = await t.makeUser({ ccpMonitoring: { view: true } });
const stranger = await t.makeUser({ notice: { view: true } });
const en = { 'accept-language': 'en' };
const tz = t.config.timeZone;
const today = todayIn(tz);
const yesterday = addDays(today, -1);
const P = '/api/haccp/critical-control-point';

const call = (method: string, url: string, payload?: unknown, token: string | null = operator.token) =>
  t.inject({ method, url, payload, token, headers: en });
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);
const keyOf = (res: { body: any }) => String(res.body.extraData?.messageKey ?? '').split(' ')[0];

async function point(extra: Record<string, unknown> = {}) {
  const res = await call('POST', `${P}/points`, {
    name: uniq('가열 '),
    type: 'HEATING',
    limitKind: 'RANGE',
    minValue: 75,
    maxValue: 95,
    unit: '°C',
    frequencyHours: null,
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; name: string };
}
const heating = await point();
const metal = await point({
  type: 'METAL_DETECTION',
  limitKind: 'PASS_FAIL',
  minValue: null,
  maxValue: null,
  unit: null,
});

const rec = (extra: Record<string, unknown> = {}) => ({
  ccpId: heating.id,
  checkedAt: `${yesterday} 10:00`,
  measuredValue: 85,
  ...extra,
});
async function record(extra: Record<string, unknown> = {}, token = operator.token) {
  const res = await call('POST', `${P}/create-monitoring`, rec(extra), token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; deviation: boolean; status: string; [k: string]: unknown };
}
const sign = (id: number, password = operator.password, token = operator.token) =>
  call('POST', `${P}/${id}/sign`, { password }, token);
const review = (id: number, password = reviewer.password, token = reviewer.token) =>
  call('POST', `${P}/${id}/review`, { password }, token);
const action = { productAction: '재가열 후 재검사, 해당 배치 보류', cause: '버너 점화 지연', actionBy: '김반장' };

describe('critical control points (master data)', () => {
  it('lists, filters by type, changes and deletes a CCP; 400/401/403/404/409', async () => {
    const list = await call('GET', `${P}/points?type=METAL_DETECTION`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { id: number }) => c.id)).toContain(metal.id);
    expect(list.body.data.every((c: { type: string }) => c.type === 'METAL_DETECTION')).toBe(true);
    // Limits: at least one, min ≤ max; a pass/fail CCP drops numbers.
    const bad = await call('POST', `${P}/points`, {
      name: uniq('x'),
      type: 'HEATING',
      limitKind: 'RANGE',
      minValue: 9,
      maxValue: 1,
    });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad)).toEqual(['maxValue']);
    expect(
      (await call('POST', `${P}/points`, { name: '', type: 'NOPE', limitKind: 'RANGE', minValue: 1 })).status,
    ).toBe(400);
    const dup = await call('POST', `${P}/points`, {
      name: heating.name.toUpperCase(),
      type: 'HEATING',
      limitKind: 'PASS_FAIL',
    });
    expect([dup.status, dup.body.code]).toEqual([409, 'DUPLICATE']);
    const c = await point({ limitKind: 'PASS_FAIL', minValue: 1 });
    expect((c as unknown as { minValue: unknown }).minValue).toBeNull();
    const upd = await call('PUT', `${P}/points`, {
      id: c.id,
      name: c.name,
      type: 'COOLING',
      limitKind: 'RANGE',
      maxValue: 5,
      frequencyHours: 4,
    });
    expect([upd.status, upd.body.data.type, upd.body.data.frequencyHours]).toEqual([200, 'COOLING', 4]);
    expect(
      (await call('PUT', `${P}/points`, { id: 999999, name: uniq('n'), type: 'HEATING', limitKind: 'PASS_FAIL' }))
        .status,
    ).toBe(404);
    expect((await call('GET', `${P}/points`, undefined, null)).status).toBe(401);
    expect((await call('GET', `${P}/points`, undefined, stranger.token)).status).toBe(403);
    expect(
      (await call('POST', `${P}/points`, { name: uniq('v'), type: 'HEATING', limitKind: 'PASS_FAIL' }, viewer.token))
        .status,
    ).toBe(403);
    // A CCP with records cannot go: 409 with the records.
    await record({ ccpId: c.id, measuredValue: 1 });
    const held = await call('DELETE', `${P}/points/${c.id}`);
    expect([held.status, held.body.code]).toEqual([409, 'ERROR_CONSTRAINT_VIOLATION']);
    expect(held.body.extraData.datas.length).toBe(1);
    const free = await point();
    expect((await call('DELETE', `${P}/points/${free.id}`)).status).toBe(200);
    expect((await call('DELETE', `${P}/points/${free.id}`)).status).toBe(404);
  });
});

describe('monitoring records', () => {
  it('records a check: the operator is the caller, the limits are copied, a value outside them is a deviation', async () => {
    const ok = await record();
    expect(ok).toMatchObject({
      deviation: false,
      status: 'DRAFT',
      operatorUserId: operator.userId,
      minValue: 75,
      maxValue: 95,
      checkedAt: `${yesterday} 10:00`,
    });
    const low = await record({ measuredValue: 70 });
    expect(low.deviation).toBe(true);
    const fail = await record({ ccpId: metal.id, measuredValue: null, passed: false });
    expect([fail.deviation, fail.measuredValue]).toEqual([true, null]);
    // A later change of the CCP does not rewrite the record's judgement.
    const c = await point();
    const r = await record({ ccpId: c.id, measuredValue: 96 });
    await call('PUT', `${P}/points`, { id: c.id, name: c.name, type: 'HEATING', limitKind: 'RANGE', maxValue: 100 });
    expect((await call('GET', `${P}/${r.id}`)).body.data).toMatchObject({ deviation: true, maxValue: 95 });
  });

  it('400 naming the field: the value kind of the CCP, an unknown CCP, a bad time, unknown fields', async () => {
    const noValue = await call('POST', `${P}/create-monitoring`, rec({ measuredValue: null }));
    expect([noValue.status, fieldsOf(noValue)]).toEqual([400, ['measuredValue']]);
    const noPass = await call('POST', `${P}/create-monitoring`, rec({ ccpId: metal.id }));
    expect([noPass.status, fieldsOf(noPass)]).toEqual([400, ['passed']]);
    const unknown = await call('POST', `${P}/create-monitoring`, rec({ ccpId: 999999 }));
    expect([unknown.status, fieldsOf(unknown)]).toEqual([400, ['ccpId']]);
    const time = await call('POST', `${P}/create-monitoring`, rec({ checkedAt: '2026-13-01 10:00' }));
    expect([time.status, fieldsOf(time)]).toEqual([400, ['checkedAt']]);
    const extra = await call('POST', `${P}/create-monitoring`, rec({ hacked: 1 }));
    expect(extra.status).toBe(400);
    const disabled = await point({ enabled: false });
    const off = await call('POST', `${P}/create-monitoring`, rec({ ccpId: disabled.id }));
    expect([off.status, fieldsOf(off)]).toEqual([400, ['ccpId']]);
  });

  it('401/403/404 on every record path', async () => {
    const r = await record();
    expect((await call('GET', `${P}/monitoring-list?startDt=${today}&endDt=${today}`, undefined, null)).status).toBe(
      401,
    );
    expect(
      (await call('GET', `${P}/monitoring-list?startDt=${today}&endDt=${today}`, undefined, stranger.token)).status,
    ).toBe(403);
    expect((await call('POST', `${P}/create-monitoring`, rec(), viewer.token)).status).toBe(403);
    expect((await call('PUT', `${P}/modify-monitoring`, { id: r.id, ...rec() }, viewer.token)).status).toBe(403);
    expect((await call('DELETE', `${P}/delete-monitoring/${r.id}`, undefined, viewer.token)).status).toBe(403);
    expect((await call('POST', `${P}/${r.id}/sign`, { password: 'x' }, viewer.token)).status).toBe(403);
    expect((await call('POST', `${P}/${r.id}/review`, { password: 'x' }, viewer.token)).status).toBe(403);
    expect(
      (await call('POST', `${P}/${r.id}/amend`, { ...rec(), reason: 'x', password: 'x' }, viewer.token)).status,
    ).toBe(403);
    expect((await call('GET', `${P}/${r.id}`, undefined, stranger.token)).status).toBe(403);
    expect((await call('GET', `${P}/999999`)).status).toBe(404);
    expect((await call('PUT', `${P}/modify-monitoring`, { id: 999999, ...rec() })).status).toBe(404);
    expect((await call('DELETE', `${P}/delete-monitoring/999999`)).status).toBe(404);
    expect((await sign(999999)).status).toBe(404);
    expect((await review(999999)).status).toBe(404);
    expect(
      (await call('POST', `${P}/999999/amend`, { ...rec(), reason: 'x', password: operator.password })).status,
    ).toBe(404);
    expect((await call('GET', `${P}/abc`)).status).toBe(400);
  });

  it('an unsigned record is modified and deleted, with the change history', async () => {
    const r = await record();
    const upd = await call('PUT', `${P}/modify-monitoring`, { id: r.id, ...rec({ measuredValue: 99, ...action }) });
    expect([upd.status, upd.body.data.deviation, upd.body.data.cause]).toEqual([200, true, action.cause]);
    expect((await call('DELETE', `${P}/delete-monitoring/${r.id}`)).status).toBe(200);
    expect((await call('GET', `${P}/${r.id}`)).status).toBe(404);
    const history = await t.db.select().from(changeHistory).where(eq(changeHistory.tableName, 'ccp_monitorings'));
    const mine = history.filter((h) => h.rowId === String(r.id));
    expect(mine.map((h) => h.revisionType)).toEqual(['ADD', 'MOD', 'DEL']);
    expect(mine.every((h) => h.updateBy === operator.userId)).toBe(true);
  });
});

describe('sign, review, amend', () => {
  it('signs with the right password only; a wrong one is a 400 on password, counted like a failed login', async () => {
    const r = await record();
    const wrong = await sign(r.id, 'not-my-password');
    expect([wrong.status, fieldsOf(wrong)]).toEqual([400, ['password']]);
    expect(wrong.body.extraData.fields[0].message).toBe('The password is wrong: the record was not signed.');
    expect((await call('GET', `${P}/${r.id}`)).body.data.status).toBe('DRAFT');
    const empty = await call('POST', `${P}/${r.id}/sign`, {});
    expect([empty.status, fieldsOf(empty)]).toEqual([400, ['password']]);
    const ok = await sign(r.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.status).toBe('SIGNED');
    expect(ok.body.data.signatures).toMatchObject([{ meaning: 'PERFORMED', userId: operator.userId }]);
    expect((await sign(r.id)).body.extraData.messageKey).toBe('haccpAlreadySigned');
  });

  it('five wrong passwords block signing (and login) of the account for a while: 429', async () => {
    const u = await t.makeUser({ ccpMonitoring: { all: true } });
    const r = await record({}, u.token);
    for (let i = 0; i < 5; i++) expect((await sign(r.id, 'wrong-pass-1', u.token)).status).toBe(400);
    const blocked = await sign(r.id, u.password, u.token);
    expect([blocked.status, blocked.body.code]).toEqual([429, 'TOO_MANY_REQUESTS']);
    const login = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userId: u.userId, password: u.password },
    });
    expect(login.status).toBe(429);
  }, 120_000);

  it('only the operator signs as performed; a deviation needs its corrective action first', async () => {
    const r = await record({ measuredValue: 60 });
    const other = await sign(r.id, reviewer.password, reviewer.token);
    expect(other.status).toBe(403); // the reviewer has no create right
    const colleague = await t.makeUser({ ccpMonitoring: { all: true } });
    const notMine = await sign(r.id, colleague.password, colleague.token);
    expect([notMine.status, keyOf(notMine)]).toEqual([409, 'haccpSignOwn']);
    const noAction = await sign(r.id);
    expect([noAction.status, keyOf(noAction)]).toEqual([409, 'ccpDeviationAction']);
    expect(noAction.body.extraData.missing).toEqual(['productAction', 'cause', 'actionBy']);
    await call('PUT', `${P}/modify-monitoring`, { id: r.id, ...rec({ measuredValue: 60, ...action }) });
    const ok = await sign(r.id);
    expect([ok.status, ok.body.data.productAction]).toEqual([200, action.productAction]);
  }, 120_000);

  it('review: another user with the modify right, never the operator, only a signed record, once', async () => {
    const r = await record();
    const early = await review(r.id);
    expect([early.status, keyOf(early)]).toEqual([409, 'haccpNotSigned']);
    await sign(r.id);
    const self = await review(r.id, operator.password, operator.token);
    expect([self.status, keyOf(self)]).toEqual([409, 'haccpSelfReview']);
    expect((await review(r.id, 'bad-password')).status).toBe(400);
    const ok = await review(r.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.status).toBe('REVIEWED');
    expect(ok.body.data.signatures.map((s: { meaning: string; userId: string }) => [s.meaning, s.userId])).toEqual([
      ['PERFORMED', operator.userId],
      ['REVIEWED', reviewer.userId],
    ]);
    expect(keyOf(await review(r.id))).toBe('haccpAlreadyReviewed');
  }, 120_000);

  it('a signed or reviewed record is never edited or deleted (409); the signatures are append-only', async () => {
    const r = await record();
    await sign(r.id);
    const signedEdit = await call('PUT', `${P}/modify-monitoring`, { id: r.id, ...rec({ measuredValue: 80 }) });
    expect([signedEdit.status, keyOf(signedEdit)]).toEqual([409, 'haccpSignedLocked']);
    await review(r.id);
    const edit = await call('PUT', `${P}/modify-monitoring`, { id: r.id, ...rec({ measuredValue: 80 }) });
    expect([edit.status, keyOf(edit)]).toEqual([409, 'haccpReviewed']);
    const del = await call('DELETE', `${P}/delete-monitoring/${r.id}`);
    expect([del.status, keyOf(del)]).toEqual([409, 'haccpReviewed']);
    expect((await call('GET', `${P}/${r.id}`)).body.data.measuredValue).toBe(85);
    await expect(
      withTx(t.db, SYSTEM_ACTOR, (tx) => tx.delete(haccpSignatures).where(eq(haccpSignatures.recordId, r.id))),
    ).rejects.toThrow();
    await expect(
      withTx(t.db, SYSTEM_ACTOR, (tx) =>
        tx.update(haccpSignatures).set({ signerName: 'x' }).where(eq(haccpSignatures.recordId, r.id)),
      ),
    ).rejects.toThrow();
  }, 120_000);

  it('an amendment is a new record linked to the original, with the reason; both stay visible', async () => {
    const r = await record();
    const draft = await call('POST', `${P}/${r.id}/amend`, { ...rec(), reason: '오기', password: operator.password });
    expect([draft.status, keyOf(draft)]).toEqual([409, 'haccpAmendDraft']);
    await sign(r.id);
    await review(r.id);
    const noReason = await call('POST', `${P}/${r.id}/amend`, { ...rec(), password: operator.password });
    expect([noReason.status, fieldsOf(noReason)]).toEqual([400, ['reason']]);
    const wrong = await call('POST', `${P}/${r.id}/amend`, { ...rec(), reason: '오기', password: 'nope' });
    expect([wrong.status, fieldsOf(wrong)]).toEqual([400, ['password']]);
    const deviation = await call('POST', `${P}/${r.id}/amend`, {
      ...rec({ measuredValue: 50 }),
      reason: '측정값 오기',
      password: operator.password,
    });
    expect([deviation.status, keyOf(deviation)]).toEqual([409, 'ccpDeviationAction']);
    const res = await call('POST', `${P}/${r.id}/amend`, {
      ...rec({ measuredValue: 88 }),
      reason: '측정값 오기 (88 ℃)',
      password: operator.password,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const a = res.body.data;
    expect(a).toMatchObject({ amendsId: r.id, amendReason: '측정값 오기 (88 ℃)', status: 'SIGNED', measuredValue: 88 });
    expect(a.signatures).toMatchObject([{ meaning: 'AMENDED', userId: operator.userId, reason: '측정값 오기 (88 ℃)' }]);
    const detail = (await call('GET', `${P}/${r.id}`)).body.data;
    expect(detail).toMatchObject({ measuredValue: 85, status: 'REVIEWED', amendedById: a.id });
    expect(detail.chain.map((c: { id: number }) => c.id)).toEqual([r.id, a.id]);
    expect((await call('GET', `${P}/${a.id}`)).body.data.chain.map((c: { id: number }) => c.id)).toEqual([r.id, a.id]);
    const again = await call('POST', `${P}/${r.id}/amend`, { ...rec(), reason: '다시', password: operator.password });
    expect([again.status, keyOf(again)]).toEqual([409, 'haccpAlreadyAmended']);
    // The amendment is reviewed by someone else than its author, like any record.
    expect(keyOf(await review(a.id, operator.password, operator.token))).toBe('haccpSelfReview');
    expect((await review(a.id)).body.data.status).toBe('REVIEWED');
    // The list shows both.
    const list = await call('GET', `${P}/monitoring-list?startDt=${yesterday}&endDt=${yesterday}`);
    const ids = list.body.data.map((x: { id: number }) => x.id);
    expect(ids).toContain(r.id);
    expect(ids).toContain(a.id);
  }, 120_000);
});

describe('the list and its missing checks', () => {
  it('filters by period and type, 400 for a bad period, exports Excel', async () => {
    const c = await point({ type: 'COOLING', limitKind: 'RANGE', minValue: null, maxValue: 5 });
    const r = await record({ ccpId: c.id, measuredValue: 3, checkedAt: `${addDays(today, -3)} 08:00` });
    const list = await call(
      'GET',
      `${P}/monitoring-list?startDt=${addDays(today, -3)}&endDt=${addDays(today, -3)}&type=COOLING`,
    );
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: { id: number }) => x.id)).toEqual([r.id]);
    const other = await call(
      'GET',
      `${P}/monitoring-list?startDt=${addDays(today, -3)}&endDt=${addDays(today, -3)}&type=HEATING`,
    );
    expect(other.body.data.map((x: { id: number }) => x.id)).not.toContain(r.id);
    const order = await call('GET', `${P}/monitoring-list?startDt=${today}&endDt=${yesterday}`);
    expect([order.status, fieldsOf(order)]).toEqual([400, ['endDt']]);
    const long = await call('GET', `${P}/monitoring-list?startDt=${addDays(today, -100)}&endDt=${today}`);
    expect([long.status, fieldsOf(long)]).toEqual([400, ['endDt']]);
    expect((await call('GET', `${P}/monitoring-list?startDt=${today}`)).status).toBe(400);
    expect((await call('GET', `${P}/monitoring-list?startDt=${today}&endDt=${today}&type=X`)).status).toBe(400);
    const xlsx = await call(
      'GET',
      `${P}/monitoring-list/excel?startDt=${addDays(today, -3)}&endDt=${addDays(today, -3)}&type=COOLING`,
    );
    expect(xlsx.status).toBe(200);
    const [sheet] = await readXlsx(xlsx.raw.rawPayload);
    // Row 1 is the hidden key row, then the header and the one record.
    expect(sheet.rows[1]).toContain('Checked at');
    expect(sheet.rows).toHaveLength(3);
  });

  it('a CCP checked every 8 hours misses the slots without a record (hand-computed)', async () => {
    const c = await point({ frequencyHours: 8 });
    // The CCP existed before the period.
    await withTx(t.db, SYSTEM_ACTOR, (tx) =>
      tx
        .update(ccps)
        .set({ createdAt: new Date(Date.now() - 10 * 86_400_000) })
        .where(eq(ccps.id, c.id)),
    );
    const day = addDays(today, -2);
    await record({ ccpId: c.id, checkedAt: `${day} 09:30`, measuredValue: 80 }); // slot 08–16
    const list = await call('GET', `${P}/monitoring-list?startDt=${day}&endDt=${day}&type=HEATING`);
    const mine = list.body.missing.filter((x: { ccpId: number }) => x.ccpId === c.id);
    expect(mine.map((x: { slotStart: string; slotEnd: string }) => [x.slotStart, x.slotEnd])).toEqual([
      [`${day} 16:00`, `${addDays(day, 1)} 00:00`],
      [`${day} 00:00`, `${day} 08:00`],
    ]);
    // Another type's filter does not list it.
    const cooling = await call('GET', `${P}/monitoring-list?startDt=${day}&endDt=${day}&type=COOLING`);
    expect(cooling.body.missing.some((x: { ccpId: number }) => x.ccpId === c.id)).toBe(false);
  });

  it('pages the records newest first with their total; the missing checks see the records of every page', async () => {
    const c = await point({
      type: 'FOREIGN_MATTER',
      limitKind: 'RANGE',
      minValue: null,
      maxValue: 5,
      frequencyHours: 12,
    });
    await withTx(t.db, SYSTEM_ACTOR, (tx) =>
      tx
        .update(ccps)
        .set({ createdAt: new Date(Date.now() - 10 * 86_400_000) })
        .where(eq(ccps.id, c.id)),
    );
    const day = addDays(today, -4);
    const early = await record({ ccpId: c.id, checkedAt: `${day} 06:00`, measuredValue: 1 });
    const late = await record({ ccpId: c.id, checkedAt: `${day} 18:00`, measuredValue: 2 });
    const q = `${P}/monitoring-list?startDt=${day}&endDt=${day}&ccpId=${c.id}`;
    const first = await call('GET', `${q}&page=1&size=1`);
    const second = await call('GET', `${q}&page=2&size=1`);
    expect([first.status, first.body.total, first.body.data.map((x: { id: number }) => x.id)]).toEqual([
      200,
      2,
      [late.id],
    ]);
    expect([second.body.total, second.body.data.map((x: { id: number }) => x.id)]).toEqual([2, [early.id]]);
    // Both 12-hour slots are checked, though each page holds one of the records.
    for (const page of [first, second])
      expect(page.body.missing.filter((x: { ccpId: number }) => x.ccpId === c.id)).toEqual([]);
    const whole = await call('GET', q);
    expect([whole.body.total, whole.body.data.length]).toEqual([2, 2]);
    expect((await call('GET', `${q}&page=0&size=1`)).status).toBe(400);
    expect((await call('GET', `${q}&page=1&size=1001`)).status).toBe(400);
  });

  it('slots not over yet, and slots before the CCP existed, are not missing; 5-hour frequency ends at midnight', () => {
    const created = new Date('2026-03-01T00:00:00Z');
    const p = { id: 1, name: 'A', type: 'HEATING', frequencyHours: 5, createdAt: created } as never;
    const now = new Date('2026-03-10T12:00:00+09:00');
    const slots = missingChecks([p], [], { startDt: '2026-03-10', endDt: '2026-03-10' }, 'Asia/Seoul', now);
    // 00–05, 05–10 over; 10–15 still running.
    expect(slots.map((s) => s.slotStart)).toEqual(['2026-03-10 05:00', '2026-03-10 00:00']);
    const whole = missingChecks([p], [], { startDt: '2026-03-09', endDt: '2026-03-09' }, 'Asia/Seoul', now);
    expect(whole.map((s) => `${s.slotStart}–${s.slotEnd.slice(11)}`)).toEqual([
      '2026-03-09 20:00–00:00',
      '2026-03-09 15:00–20:00',
      '2026-03-09 10:00–15:00',
      '2026-03-09 05:00–10:00',
      '2026-03-09 00:00–05:00',
    ]);
    const late = { ...(p as object), createdAt: new Date('2026-03-09T12:00:00+09:00') } as never;
    expect(missingChecks([late], [], { startDt: '2026-03-09', endDt: '2026-03-09' }, 'Asia/Seoul', now).length).toBe(3);
  });
});

describe('a deleted operator', () => {
  it('a user who made or signed records cannot be deleted (409 with the records)', async () => {
    const u = await t.makeUser({ ccpMonitoring: { all: true } });
    await record({}, u.token);
    const admin = await t.admin();
    const res = await call('DELETE', `/api/user/${u.user.id}`, undefined, admin.token);
    expect(res.status).toBe(409);
    const rows = await t.db.select().from(ccpMonitorings).where(eq(ccpMonitorings.operatorId, u.user.id));
    expect(rows.length).toBe(1);
  });
});

describe('the HACCP records PDF (/report/pdf/haccp/day|month)', () => {
  it("prints a day's and a month's records with deviations, corrective actions, signatures, amendments and missing checks", async () => {
    const c = await point({ name: uniq('PDF 살균 '), frequencyHours: 12 });
    await withTx(t.db, SYSTEM_ACTOR, (tx) =>
      tx
        .update(ccps)
        .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
        .where(eq(ccps.id, c.id)),
    );
    const day = addDays(today, -4);
    const bad = await record({ ccpId: c.id, checkedAt: `${day} 09:00`, measuredValue: 70, ...action });
    await sign(bad.id);
    await review(bad.id);
    const fixed = await call('POST', `${P}/${bad.id}/amend`, {
      ...rec({ ccpId: c.id, checkedAt: `${day} 09:00`, measuredValue: 71, ...action }),
      reason: '소수점 오기',
      password: operator.password,
    });
    expect(fixed.status).toBe(200);
    const params = encodeURIComponent(JSON.stringify({ date: day }));
    const pdf = await t.inject({
      method: 'GET',
      url: `/api/report/pdf/haccp/day?params=${params}`,
      token: viewer.token,
      headers: { 'accept-language': 'ko' },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain(`haccp-${day.replaceAll('-', '')}.pdf`);
    const text = textOf(pdf.raw.rawPayload);
    for (const s of [
      'HACCP 기록',
      c.name,
      '이탈',
      action.productAction,
      action.cause,
      '소수점 오기',
      '누락된 점검',
      `${day} 12:00 ~ 00:00`,
    ])
      expect(text).toContain(s);
    if (process.env.REPORT_PDF_OUT) writeFileSync(`${process.env.REPORT_PDF_OUT}/haccp-day-kr.pdf`, pdf.raw.rawPayload);
    const month = await t.inject({
      method: 'GET',
      url: `/api/report/pdf/haccp/month?params=${params}`,
      token: viewer.token,
      headers: en,
    });
    expect(month.status).toBe(200);
    expect(textOf(month.raw.rawPayload)).toContain('HACCP records');
    if (process.env.REPORT_PDF_OUT)
      writeFileSync(`${process.env.REPORT_PDF_OUT}/haccp-month-en.pdf`, month.raw.rawPayload);
    const badParams = await t.inject({
      method: 'GET',
      url: `/api/report/pdf/haccp/day?params=${encodeURIComponent('{"date":"x"}')}`,
      token: viewer.token,
      headers: en,
    });
    expect(badParams.status).toBe(400);
    expect(
      (
        await t.inject({
          method: 'GET',
          url: `/api/report/pdf/haccp/day?params=${params}`,
          token: stranger.token,
          headers: en,
        })
      ).status,
    ).toBe(403);
  }, 120_000);
});
