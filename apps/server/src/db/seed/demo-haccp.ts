import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { ccpMonitorings, ccps, haccpSignatures } from '../../modules/haccp/haccp.table.ts';
import { users } from '../../modules/user/user.table.ts';
import { addDays, instantAt } from '../../platform/dates.ts';

// A month of CCP monitoring (issue 16) in bulk inserts: a heating CCP checked every 4 hours, a metal detector every
// 8 hours and a cooling CCP once a day, recorded by qc01. Records older than three days are signed by qc01 and reviewed
// by admin; the last three days are signed only, today's are drafts. One heating check was a deviation with its
// corrective action, and one record was amended (a typing error) — both reviewed. Two slots were never checked, so
// the list shows missing checks.

export type DemoHaccpResult = { ccpIds: number[] };

const DAYS = 30;

export async function seedDemoHaccp(tx: Tx, today: string, timeZone: string): Promise<DemoHaccpResult> {
  const people = await tx
    .select({ id: users.id, userId: users.userId, username: users.username })
    .from(users)
    .where(inArray(users.userId, ['qc01', 'admin']));
  const qc = people.find((p) => p.userId === 'qc01');
  const admin = people.find((p) => p.userId === 'admin');
  if (!qc || !admin) throw new Error('seedDemoHaccp runs after the demo users.');
  const since = instantAt(`${addDays(today, -DAYS - 10)} 00:00`, timeZone);
  const audit = { createdBy: 'qc01', updatedBy: 'qc01', createdAt: since, updatedAt: since };
  const points = await tx
    .insert(ccps)
    .values([
      {
        name: 'CCP-1B 살균기 가열 온도',
        type: 'HEATING',
        limitKind: 'RANGE',
        minValue: 85,
        maxValue: 95,
        unit: '°C',
        frequencyHours: 4,
        note: '중심 온도 85 ℃ 이상 15초 유지',
        ...audit,
      },
      {
        name: 'CCP-2P 금속 검출기',
        type: 'METAL_DETECTION',
        limitKind: 'PASS_FAIL',
        frequencyHours: 8,
        note: 'Fe 2.0 mm, SUS 2.5 mm 시편 통과 확인',
        ...audit,
      },
      {
        name: 'CCP-3B 냉각 온도',
        type: 'COOLING',
        limitKind: 'RANGE',
        maxValue: 10,
        unit: '°C',
        frequencyHours: null,
        note: '가열 후 2시간 이내 10 ℃ 이하',
        ...audit,
      },
    ])
    .returning();
  const [heat, metal, cool] = points;

  type Row = typeof ccpMonitorings.$inferInsert;
  const rows: Row[] = [];
  const now = Date.now();
  for (let d = DAYS; d >= 0; d--) {
    const day = addDays(today, -d);
    const status = d > 3 ? 'REVIEWED' : d > 0 ? 'SIGNED' : 'DRAFT';
    const add = (ccp: typeof heat, hh: number, mm: number, value: Partial<Row>) => {
      const checkedAt = instantAt(`${day} ${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}`, timeZone);
      if (checkedAt.getTime() > now) return;
      rows.push({
        ccpId: ccp.id,
        checkedAt,
        limitKind: ccp.limitKind,
        minValue: ccp.minValue,
        maxValue: ccp.maxValue,
        deviation: false,
        operatorId: qc.id,
        status,
        createdBy: 'qc01',
        updatedBy: status === 'REVIEWED' ? 'admin' : 'qc01',
        createdAt: checkedAt,
        updatedAt: checkedAt,
        ...value,
      });
    };
    for (let slot = 0; slot < 6; slot++) {
      if (d === 5 && slot === 2) continue; // a missing check (08:00–12:00)
      const measured = 88 + ((d * 7 + slot * 3) % 6) + (slot % 2) * 0.5;
      if (d === 9 && slot === 3)
        add(heat, 13, 10, {
          measuredValue: 82.5,
          deviation: true,
          productAction: '해당 배치(약 120 kg) 출하 보류 후 재가열(90 ℃, 15초) 및 재검사 — 적합 확인 후 출하',
          cause: '스팀 밸브 개도 불량으로 승온 지연',
          actionBy: '품질 김철수',
          note: '설비팀에 밸브 점검 요청',
        });
      else add(heat, slot * 4 + 1, 10 + ((d + slot) % 20), { measuredValue: measured });
    }
    for (let slot = 0; slot < 3; slot++) {
      if (d === 12 && slot === 2) continue; // a missing check (16:00–24:00)
      add(metal, slot * 8 + 2, 5 + ((d * 3 + slot) % 30), { passed: true });
    }
    add(cool, 15, 30, { measuredValue: 4 + ((d * 5) % 5) });
  }
  const made = await tx.insert(ccpMonitorings).values(rows).returning({
    id: ccpMonitorings.id,
    status: ccpMonitorings.status,
    checkedAt: ccpMonitorings.checkedAt,
    ccpId: ccpMonitorings.ccpId,
  });

  // The amended record: the oldest cooling check, typed as 1.4 °C instead of 4.1 °C; the amendment corrects it.
  const typo = made.find((r) => r.ccpId === cool.id && r.status === 'REVIEWED');
  const signatures: (typeof haccpSignatures.$inferInsert)[] = [];
  const sig = (recordId: number, at: Date, who: typeof qc, meaning: string, reason: string | null = null) =>
    signatures.push({
      recordKind: 'CCP',
      recordId,
      meaning,
      signerId: who.id,
      signerUserId: who.userId,
      signerName: who.username,
      reason,
      signedAt: at,
    });
  for (const r of made) {
    if (r.status === 'DRAFT') continue;
    sig(r.id, new Date(r.checkedAt.getTime() + 5 * 60_000), qc, 'PERFORMED');
    if (r.status === 'REVIEWED') sig(r.id, new Date(r.checkedAt.getTime() + 26 * 3_600_000), admin, 'REVIEWED');
  }
  if (typo) {
    const amendedAt = new Date(typo.checkedAt.getTime() + 2 * 86_400_000);
    const reason = '측정값 오기: 4.1 ℃를 1.4 ℃로 기록함 (온도계 표시 재확인)';
    const [amendment] = await tx
      .insert(ccpMonitorings)
      .values({
        ccpId: cool.id,
        checkedAt: typo.checkedAt,
        limitKind: 'RANGE',
        maxValue: 10,
        measuredValue: 4.1,
        deviation: false,
        operatorId: qc.id,
        status: 'REVIEWED',
        amendsId: typo.id,
        amendReason: reason,
        createdBy: 'qc01',
        updatedBy: 'admin',
        createdAt: amendedAt,
        updatedAt: amendedAt,
      })
      .returning({ id: ccpMonitorings.id });
    await tx.update(ccpMonitorings).set({ measuredValue: 1.4 }).where(eq(ccpMonitorings.id, typo.id));
    sig(amendment.id, amendedAt, qc, 'AMENDED', reason);
    sig(amendment.id, new Date(amendedAt.getTime() + 3_600_000), admin, 'REVIEWED');
  }
  await tx.insert(haccpSignatures).values(signatures);
  return { ccpIds: points.map((p) => p.id) };
}
