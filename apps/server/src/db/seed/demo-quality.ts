import {
  lotDispositionBody,
  materialDispositionBody,
  materialQualityResultBody,
  productQualityResultBody,
} from '@eqms/contract';
import { and, asc, eq, gte, inArray, isNotNull, lt, notInArray } from 'drizzle-orm';
import { insertShipIn } from '../../modules/material-stock/material-stock.service.ts';
import { materialStocks } from '../../modules/material-stock/material-stock.table.ts';
import { materials } from '../../modules/material/material.table.ts';
import { lots } from '../../modules/product-stock/product-stock.table.ts';
import {
  dailyPlans,
  productionOperPlans,
  productionPlans,
} from '../../modules/production-plan/production-plan.table.ts';
import { insertDailyQuality, sourcesOf } from '../../modules/daily-quality/daily-quality.service.ts';
import { disposeHoldInTx } from '../../modules/quality/quality-hold.service.ts';
import { createMaterialResultInTx, createProductResultInTx } from '../../modules/quality/quality-result.service.ts';
import { insertStandards, type StandardRow } from '../../modules/quality/quality-standard.service.ts';
import { qualityHolds, qualityStandards } from '../../modules/quality/quality.table.ts';
import { shipmentLots } from '../../modules/shipment/shipment.table.ts';
import { users } from '../../modules/user/user.table.ts';
import { addDays } from '../../platform/dates.ts';
import { SYSTEM_ACTOR } from '../../platform/tx.ts';
import type { Tx } from '../client.ts';

// The demo's quality (issue 15), after the shipments (demo-shipments.ts): inspection items for the produced products
// (in-process at their first operation, final) and their materials (incoming); a month of inspections by the QC
// user through the quality module's own functions (judged by the server): the packages received for the plans, one
// in-process inspection per plan and day, the lots' final inspections. A few fail: two lots (one accepted on
// concession, one reworked and passed on re-inspection), one held lot left OPEN — a lot no shipment took, made
// yesterday, so FEFO shipments of older lots never need it — and two extra packages received two days ago: one
// returned to the supplier, one left on hold. Most inspections carry the minutes they took (in-process 4–10, final
// 12–27, incoming 5–12; every 7th left untimed, as a quick entry at the line is), so the workshop KPI's inspection
// minutes per product has real figures. Everything is derived from ids in a fixed order: deterministic.

export type DemoQualityResult = {
  qualityStandardIds: number[];
  qualityResultIds: number[];
  qualityHoldIds: number[];
  dailyQualityResultIds: number[];
};

const DAYS = 30;
/** A stable pseudo-random share in [0, 1) from a number (as demo-results). */
const share = (n: number) => ((n * 7919) % 997) / 997;
const round = (v: number, places = 2) => Math.round(v * 10 ** places) / 10 ** places;
/** The minutes an inspection took, from its subject's id: base … base + spread in tenths; every 7th not timed. */
const minutesFor = (seed: number, base: number, spread: number) =>
  seed % 7 === 3 ? null : round(base + spread * share(seed * 13 + 5), 1);

/** Samples of each item: inside the limits (spread by `seed`), or outside the first NUMBER item's when `fail`. */
function samplesFor(items: StandardRow[], seed: number, fail = false) {
  let failed = false;
  return items.map((it, i) => ({
    standardId: it.id,
    samples: Array.from({ length: it.sampleSize }, (_, k) => {
      if (it.kind === 'PASS_FAIL') return { passed: true };
      const lo = it.lsl ?? (it.usl as number) * 0.5;
      const hi = it.usl ?? (it.lsl as number) * 1.5;
      if (fail && !failed && k === 0) {
        failed = true;
        return { value: round(hi + (hi - lo) * 0.15) };
      }
      return { value: round(lo + (hi - lo) * (0.2 + 0.6 * share(seed * 31 + i * 7 + k))) };
    }),
  }));
}

export async function seedDemoQuality(
  tx: Tx,
  today: string,
  timeZone: string,
  planIds: number[],
  placeIds: Map<string, number>,
): Promise<DemoQualityResult> {
  const actor = SYSTEM_ACTOR;
  const from = addDays(today, -DAYS);
  const [qc] = await tx.select({ id: users.id }).from(users).where(eq(users.userId, 'qc01'));
  const inspectorId = qc?.id;
  const resultIds: number[] = [];

  // ---- standards ----
  const plans = await tx
    .select({ id: productionPlans.id, productId: productionPlans.productId })
    .from(productionPlans)
    .where(inArray(productionPlans.id, planIds))
    .orderBy(asc(productionPlans.id));
  const productIds = [...new Set(plans.map((p) => p.productId))];
  const firstOps = new Map<number, number>();
  for (const p of plans) {
    if (firstOps.has(p.productId)) continue;
    const [op] = await tx
      .select({ operationId: productionOperPlans.operationId })
      .from(productionOperPlans)
      .where(eq(productionOperPlans.planId, p.id))
      .orderBy(asc(productionOperPlans.seq))
      .limit(1);
    if (op) firstOps.set(p.productId, op.operationId);
  }
  const productItems = productIds.flatMap((productId, i) => {
    const weight = 100 + 50 * (i % 4);
    const op = firstOps.get(productId);
    return [
      ...(op
        ? [
            {
              productId,
              stage: 'IN_PROCESS' as const,
              operationId: op,
              name: '치수',
              method: '버니어 캘리퍼스',
              unit: 'mm',
              kind: 'NUMBER' as const,
              target: 25,
              lsl: 24.8,
              usl: 25.2,
              sampleSize: 3,
              sort: 1,
            },
          ]
        : []),
      {
        productId,
        stage: 'FINAL' as const,
        operationId: null,
        name: '중량',
        method: '전자 저울',
        unit: 'g',
        kind: 'NUMBER' as const,
        target: weight,
        lsl: weight * 0.98,
        usl: weight * 1.02,
        sampleSize: 5,
        sort: 1,
      },
      {
        productId,
        stage: 'FINAL' as const,
        operationId: null,
        name: '외관',
        method: '육안',
        unit: null,
        kind: 'PASS_FAIL' as const,
        target: null,
        lsl: null,
        usl: null,
        sampleSize: 1,
        sort: 2,
      },
    ];
  });
  const packages = await tx
    .select({ id: materialStocks.id, materialId: materialStocks.materialId, receivedDate: materialStocks.receivedDate })
    .from(materialStocks)
    .where(gte(materialStocks.receivedDate, from))
    .orderBy(asc(materialStocks.receivedDate), asc(materialStocks.id));
  const materialIds = [...new Set(packages.map((p) => p.materialId))];
  const materialItems = materialIds.flatMap((materialId) => [
    {
      materialId,
      stage: 'INCOMING' as const,
      name: '함수율',
      method: '건조 감량법',
      unit: '%',
      kind: 'NUMBER' as const,
      target: null,
      lsl: null,
      usl: 12,
      sampleSize: 2,
      sort: 1,
    },
    {
      materialId,
      stage: 'INCOMING' as const,
      name: '포장 상태',
      method: '육안',
      unit: null,
      kind: 'PASS_FAIL' as const,
      target: null,
      lsl: null,
      usl: null,
      sampleSize: 1,
      sort: 2,
    },
  ]);
  const common = { description: null, method: null } as const;
  const standardIds = await insertStandards(tx, actor, [
    ...productItems.map((it) => ({ ...common, ...it })),
    ...materialItems.map((it) => ({ ...common, ...it })),
  ] as Parameters<typeof insertStandards>[2]);
  const stored = await tx.select().from(qualityStandards).where(inArray(qualityStandards.id, standardIds));
  const itemsWhere = (pick: (s: StandardRow) => boolean) =>
    stored.filter(pick).sort((a, b) => a.sort - b.sort || a.id - b.id);

  // ---- incoming: every package received for the plans this month, on its day ----
  for (const p of packages) {
    const items = itemsWhere((s) => s.materialId === p.materialId);
    resultIds.push(
      await createMaterialResultInTx(
        tx,
        timeZone,
        actor,
        materialQualityResultBody.parse({
          materialStockId: p.id,
          items: samplesFor(items, p.id),
          inspectedAt: `${p.receivedDate} 10:00`,
          inspectionMinutes: minutesFor(p.id, 5, 7),
          inspectorId,
        }),
      ),
    );
  }

  // ---- in-process: one inspection per plan and day at the first operation (completed days of the month) ----
  const firstDays = await tx
    .select({
      id: dailyPlans.id,
      day: dailyPlans.day,
      productId: productionPlans.productId,
      opId: productionOperPlans.operationId,
    })
    .from(dailyPlans)
    .innerJoin(productionPlans, eq(productionPlans.id, dailyPlans.planId))
    .innerJoin(productionOperPlans, eq(productionOperPlans.id, dailyPlans.operPlanId))
    .where(
      and(
        inArray(dailyPlans.planId, planIds),
        eq(dailyPlans.status, 'WORK_COMPLETED'),
        gte(dailyPlans.day, from),
        lt(dailyPlans.day, today),
      ),
    )
    .orderBy(asc(dailyPlans.day), asc(dailyPlans.id));
  let inProcess = 0;
  for (const d of firstDays) {
    if (firstOps.get(d.productId) !== d.opId) continue;
    const items = itemsWhere((s) => s.productId === d.productId && s.stage === 'IN_PROCESS');
    if (items.length === 0) continue;
    // Every 9th is out of tolerance: recorded, holds nothing (the lot's final inspection decides).
    resultIds.push(
      await createProductResultInTx(
        tx,
        timeZone,
        actor,
        productQualityResultBody.parse({
          dailyPlanId: d.id,
          items: samplesFor(items, d.id, inProcess % 9 === 4),
          inspectedAt: `${d.day} 11:00`,
          inspectionMinutes: minutesFor(d.id, 4, 6),
          inspectorId,
        }),
      ),
    );
    inProcess++;
  }

  // ---- final: every lot of the month; three fail ----
  const shipped = (await tx.selectDistinct({ lotRowId: shipmentLots.lotRowId }).from(shipmentLots)).map(
    (r) => r.lotRowId,
  );
  const lotRows = await tx
    .select({ id: lots.id, productId: lots.productId, day: lots.day })
    .from(lots)
    .where(and(inArray(lots.planId, planIds), gte(lots.day, from), lt(lots.day, today)))
    .orderBy(asc(lots.day), asc(lots.id));
  const unshipped = lotRows.filter((l) => !shipped.includes(l.id));
  // The lot left on hold: the newest one no shipment took. The concession and the rework: two older unshipped ones.
  const held = unshipped.at(-1);
  const accepted = unshipped.at(0);
  const reworked = unshipped.at(1);
  const failing = new Set([held?.id, accepted?.id, reworked?.id].filter((v): v is number => v != null));
  const finalBody = (
    lot: { id: number; productId: number },
    at: string,
    fail: boolean,
    minutes = minutesFor(lot.id, 12, 15),
  ) =>
    productQualityResultBody.parse({
      lotRowId: lot.id,
      items: samplesFor(
        itemsWhere((s) => s.productId === lot.productId && s.stage === 'FINAL'),
        lot.id,
        fail,
      ),
      inspectedAt: at,
      inspectionMinutes: minutes,
      inspectorId,
      ...(fail ? { description: '중량 상한 초과 시료' } : {}),
    });
  for (const lot of lotRows) {
    resultIds.push(
      await createProductResultInTx(tx, timeZone, actor, finalBody(lot, `${lot.day} 16:00`, failing.has(lot.id))),
    );
  }
  const holdOf = async (where: { lotRowId?: number; materialStockId?: number }) => {
    const [row] = await tx
      .select({ id: qualityHolds.id })
      .from(qualityHolds)
      .where(
        where.lotRowId != null
          ? eq(qualityHolds.lotRowId, where.lotRowId)
          : eq(qualityHolds.materialStockId, where.materialStockId!),
      );
    return row.id;
  };
  if (accepted && accepted.id !== held?.id) {
    const holdId = await holdOf({ lotRowId: accepted.id });
    await disposeHoldInTx(
      tx,
      actor,
      'LOT',
      holdId,
      lotDispositionBody.parse({ disposition: 'ACCEPT', reason: '고객 승인(특채): 기능 영향 없음' }),
      addDays(accepted.day, 1),
    );
  }
  if (reworked && reworked.id !== held?.id) {
    const holdId = await holdOf({ lotRowId: reworked.id });
    await disposeHoldInTx(
      tx,
      actor,
      'LOT',
      holdId,
      lotDispositionBody.parse({ disposition: 'REWORK', reason: '전수 선별 후 재검사' }),
      addDays(reworked.day, 1),
    );
    // The re-inspection passes and closes the hold.
    resultIds.push(
      await createProductResultInTx(
        tx,
        timeZone,
        actor,
        // The re-inspection after sorting takes longer.
        finalBody(reworked, `${addDays(reworked.day, 1)} 15:00`, false, 35),
      ),
    );
  }

  // ---- three packages that fail incoming: one returned to the supplier, one scrapped, one still on hold ----
  const holdIds: number[] = [];
  const [raw] = await tx
    .select({ id: materials.id, code: materials.code })
    .from(materials)
    .where(materialIds.length ? inArray(materials.id, materialIds) : undefined)
    .orderBy(asc(materials.code))
    .limit(1);
  const shelf = placeIds.get('F01-W01-A01') ?? null;
  if (raw) {
    const received = addDays(today, -2);
    const items = itemsWhere((s) => s.materialId === raw.id);
    for (const [n, disposition] of [
      [1, 'RETURN'],
      [2, null],
      [3, 'SCRAP'],
    ] as const) {
      const stockId = await insertShipIn(
        tx,
        actor,
        {
          materialId: raw.id,
          qty: 200,
          locationId: shelf,
          toolId: null,
          supplierId: null,
          supplierLot: `QC-${received.replaceAll('-', '').slice(2)}-${n}`,
          packageId: `${raw.code}-QC${n}`,
          receivedDate: received,
          manufactureDate: null,
          expiryDate: null,
          description: '수입 검사 불합격분',
        },
        received,
      );
      resultIds.push(
        await createMaterialResultInTx(
          tx,
          timeZone,
          actor,
          materialQualityResultBody.parse({
            materialStockId: stockId,
            items: samplesFor(items, stockId, true),
            inspectedAt: `${received} 10:30`,
            inspectionMinutes: minutesFor(stockId, 5, 7),
            inspectorId,
            description: '함수율 기준 초과',
          }),
        ),
      );
      const holdId = await holdOf({ materialStockId: stockId });
      holdIds.push(holdId);
      if (disposition)
        await disposeHoldInTx(
          tx,
          actor,
          'MATERIAL_STOCK',
          holdId,
          materialDispositionBody.parse({
            disposition,
            reason:
              disposition === 'RETURN' ? '공급사 반품: 함수율 초과' : '폐기: 함수율 초과, 건조 후에도 재사용 불가',
          }),
          addDays(received, 1),
        );
    }
  }
  const lotHolds = await tx
    .select({ id: qualityHolds.id })
    .from(qualityHolds)
    .where(and(isNotNull(qualityHolds.lotRowId), notInArray(qualityHolds.id, holdIds.length ? holdIds : [0])))
    .orderBy(asc(qualityHolds.id));
  const dailyQualityResultIds = await seedDailyQuality(tx, today, timeZone, planIds);
  return {
    dailyQualityResultIds,
    qualityStandardIds: standardIds,
    qualityResultIds: resultIds,
    qualityHoldIds: [...lotHolds.map((r) => r.id), ...holdIds],
  };
}

/**
 * The last week's daily quality results: every day, line and product with worked results, filled from them (as the
 * screen's "fill from results" does) and saved through the module's insert.
 */
async function seedDailyQuality(tx: Tx, today: string, timeZone: string, planIds: number[]) {
  const groups = await tx
    .selectDistinct({ day: dailyPlans.day, lineId: productionPlans.lineId, productId: productionPlans.productId })
    .from(dailyPlans)
    .innerJoin(productionPlans, eq(productionPlans.id, dailyPlans.planId))
    .where(
      and(
        inArray(dailyPlans.planId, planIds),
        eq(dailyPlans.status, 'WORK_COMPLETED'),
        gte(dailyPlans.day, addDays(today, -7)),
        lt(dailyPlans.day, today),
      ),
    )
    .orderBy(asc(dailyPlans.day), asc(productionPlans.lineId), asc(productionPlans.productId));
  const ids: number[] = [];
  for (const g of groups) {
    const filled = await sourcesOf(tx, timeZone, g);
    const failed = filled.inspectedQty - filled.passedQty;
    const typed = filled.defects.reduce((sum, d) => sum + d.qty, 0);
    if (filled.inspectedQty <= 0 || Math.abs(failed - typed) > 1e-6) continue;
    ids.push(
      await insertDailyQuality(tx, SYSTEM_ACTOR, {
        ...g,
        inspectedQty: filled.inspectedQty,
        passedQty: filled.passedQty,
        defects: filled.defects,
        description: filled.inspections.some((i) => i.judgement === 'FAIL') ? '검사 불합격 건 있음' : null,
      }),
    );
  }
  return ids;
}
