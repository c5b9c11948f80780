import { inArray } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import {
  haccpSignatures,
  sanitationCheckItems,
  sanitationCheckLists,
  sanitationTemplateItems,
} from '../../modules/haccp/haccp.table.ts';
import { users } from '../../modules/user/user.table.ts';
import { addDays, instantAt } from '../../platform/dates.ts';

// Two weeks of sanitation process check lists (issue 16): three areas (locations of the demo tree) with 4–6 template
// items each, one check list per area and day made by qc01. Check lists older than three days are signed by qc01 and
// reviewed by admin; the last three days are signed only; today's are drafts (one area not checked yet). One item
// failed — the packing line's pest control a week ago — with its note (the corrective action).

export type DemoSanitationResult = { sanitationCheckListIds: number[] };

const DAYS = 14;
/** Area (location code) → its check items, in order. */
const TEMPLATE: [string, string[]][] = [
  ['F02-L02', ['작업자 손 세척·소독', '위생복·위생모 착용', '작업대·설비 세척', '바닥·배수구 청소', '방충·방서 점검']],
  ['F01-L03', ['작업자 손 세척·소독', '작업대 세척·소독', '공구 세척·정리', '폐기물 처리']],
  [
    'F01-W01',
    ['창고 온도·습도 확인', '바닥 청소', '팔레트 정리·바닥 이격', '방충·방서 점검', '출입문 밀폐', '원료 보관 상태'],
  ],
];
const FAILED = { code: 'F02-L02', daysAgo: 7, item: '방충·방서 점검' };
const FAILED_NOTE = '포충등 주변 날벌레 다수 — 포충지 교체, 출입문 에어커튼 점검 요청, 다음 날 재점검 이상 없음';

export async function seedDemoSanitation(
  tx: Tx,
  today: string,
  timeZone: string,
  placeIds: Map<string, number>,
): Promise<DemoSanitationResult> {
  const people = await tx
    .select({ id: users.id, userId: users.userId, username: users.username })
    .from(users)
    .where(inArray(users.userId, ['qc01', 'admin']));
  const qc = people.find((p) => p.userId === 'qc01');
  const admin = people.find((p) => p.userId === 'admin');
  if (!qc || !admin) throw new Error('seedDemoSanitation runs after the demo users.');
  const since = instantAt(`${addDays(today, -DAYS - 10)} 00:00`, timeZone);
  const areas = TEMPLATE.map(([code, names]) => {
    const locationId = placeIds.get(code);
    if (!locationId) throw new Error(`Unknown demo location ${code}`);
    return { code, locationId, names };
  });
  await tx.insert(sanitationTemplateItems).values(
    areas.flatMap((a) =>
      a.names.map((name, i) => ({
        locationId: a.locationId,
        name,
        sort: i + 1,
        createdBy: 'qc01',
        updatedBy: 'qc01',
        createdAt: since,
        updatedAt: since,
      })),
    ),
  );

  type List = { code: string; daysAgo: number; at: Date; status: string; checked: boolean; names: string[] };
  const plan: List[] = [];
  for (let d = DAYS; d >= 0; d--) {
    const day = addDays(today, -d);
    for (const [i, a] of areas.entries()) {
      // Today: the first two areas made (one of them already checked), the warehouse not yet.
      if (d === 0 && i === 2) continue;
      const at = instantAt(`${day} ${String(8 + i).padStart(2, '0')}:30`, timeZone);
      const status = d > 3 ? 'REVIEWED' : d > 0 ? 'SIGNED' : 'DRAFT';
      plan.push({ code: a.code, daysAgo: d, at, status, checked: d > 0 || i === 0, names: a.names });
    }
  }
  const made = await tx
    .insert(sanitationCheckLists)
    .values(
      plan.map((p) => ({
        checkDate: addDays(today, -p.daysAgo),
        locationId: placeIds.get(p.code)!,
        operatorId: qc.id,
        status: p.status,
        note: p.code === FAILED.code && p.daysAgo === FAILED.daysAgo ? '방충 업체 정기 방문 일정 앞당김' : null,
        createdBy: 'qc01',
        updatedBy: p.status === 'REVIEWED' ? 'admin' : 'qc01',
        createdAt: p.at,
        updatedAt: p.at,
      })),
    )
    .returning({ id: sanitationCheckLists.id });

  await tx.insert(sanitationCheckItems).values(
    plan.flatMap((p, i) =>
      p.names.map((name, j) => {
        const failed = p.code === FAILED.code && p.daysAgo === FAILED.daysAgo && name === FAILED.item;
        return {
          checkListId: made[i].id,
          sort: j + 1,
          name,
          passed: p.checked ? !failed : null,
          note: failed ? FAILED_NOTE : null,
          createdBy: 'qc01',
          updatedBy: 'qc01',
          createdAt: p.at,
          updatedAt: p.at,
        };
      }),
    ),
  );

  const signatures: (typeof haccpSignatures.$inferInsert)[] = [];
  const sig = (recordId: number, at: Date, who: typeof qc, meaning: string) =>
    signatures.push({
      recordKind: 'SANITATION',
      recordId,
      meaning,
      signerId: who.id,
      signerUserId: who.userId,
      signerName: who.username,
      signedAt: at,
    });
  for (const [i, p] of plan.entries()) {
    if (p.status === 'DRAFT') continue;
    sig(made[i].id, new Date(p.at.getTime() + 20 * 60_000), qc, 'PERFORMED');
    if (p.status === 'REVIEWED') sig(made[i].id, new Date(p.at.getTime() + 27 * 3_600_000), admin, 'REVIEWED');
  }
  await tx.insert(haccpSignatures).values(signatures);
  return { sanitationCheckListIds: made.map((m) => m.id) };
}
