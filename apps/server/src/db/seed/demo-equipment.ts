import { eq, inArray, sql } from 'drizzle-orm';
import { equipments } from '../../modules/equipment/equipment.table.ts';
import { put, take, writeLedger } from '../../modules/equipment-stock/equipment-stock.ledger.ts';
import { equipmentHistories, equipmentStocks } from '../../modules/equipment-stock/equipment-stock.table.ts';
import { tools } from '../../modules/tool/tool.table.ts';
import { addDays } from '../../platform/dates.ts';
import { SYSTEM_ACTOR } from '../../platform/tx.ts';
import type { Tx } from '../client.ts';

// The demo equipment (issue 16): spare parts and consumables with stock on the warehouses' shelves and on machines,
// three of them below their required quantity (so the shell's equipment-insufficient alert shows on login), moved
// and discarded over the last weeks through the module's own ledger functions, so the history agrees with the stock.

type KindSpec = {
  name: string;
  type: string;
  subType: string;
  standard: string;
  kind: string;
  kindQty: number;
  status?: 'OPERATING' | 'UNDER_INSPECTION';
  /** [place code (location) or tool code prefixed 'T:', qty] */
  stock: [string, number][];
};

const KINDS: KindSpec[] = [
  {
    name: '니트릴 작업 장갑',
    type: 'CONSUMABLE',
    subType: 'GLOVE',
    standard: 'L',
    kind: '일회용',
    kindQty: 200,
    stock: [
      ['F01-W01-A01', 150],
      ['F02-W01-A01', 120],
    ],
  },
  {
    name: '코팅 장갑',
    type: 'CONSUMABLE',
    subType: 'GLOVE',
    standard: 'M',
    kind: '반코팅',
    kindQty: 100,
    stock: [['F01-W01-A02', 40]],
  },
  {
    name: '유압 작동유 ISO VG46',
    type: 'CONSUMABLE',
    subType: 'LUBRICANT',
    standard: '20 L',
    kind: '말통',
    kindQty: 6,
    stock: [
      ['F01-W01-A03', 4],
      ['T:INJ-101', 1],
    ],
  },
  {
    name: '에어 필터 카트리지',
    type: 'CONSUMABLE',
    subType: 'FILTER',
    standard: 'Ø80×120',
    kind: '교체형',
    kindQty: 10,
    stock: [['F01-W01-A03', 12]],
  },
  {
    name: '볼 베어링 6205ZZ',
    type: 'SPARE_PART',
    subType: 'BEARING',
    standard: '25×52×15',
    kind: '깊은홈',
    kindQty: 8,
    stock: [
      ['F02-W01-A02', 10],
      ['T:ASM-402', 2],
    ],
  },
  {
    name: 'V벨트 A-42',
    type: 'SPARE_PART',
    subType: 'BELT',
    standard: 'A-42',
    kind: 'V벨트',
    kindQty: 4,
    status: 'UNDER_INSPECTION',
    stock: [['F02-W01-A02', 1]],
  },
  {
    name: '히터 밴드 Ø60',
    type: 'SPARE_PART',
    subType: 'HEATER',
    standard: '220V 400W',
    kind: '세라믹',
    kindQty: 4,
    stock: [['F01-W01-A02', 6]],
  },
  {
    name: '안전모',
    type: 'SAFETY',
    subType: 'HELMET',
    standard: '프리',
    kind: 'ABS',
    kindQty: 20,
    stock: [['F01-W01-A01', 25]],
  },
  {
    name: '보안경',
    type: 'SAFETY',
    subType: 'GOGGLES',
    standard: '투명',
    kind: '김서림 방지',
    kindQty: 30,
    stock: [['F02-W01-A01', 32]],
  },
];

export type DemoEquipmentResult = { equipmentIds: number[]; equipmentStockIds: number[] };

export async function seedDemoEquipment(
  tx: Tx,
  today: string,
  placeIds: Map<string, number>,
): Promise<DemoEquipmentResult> {
  const actor = SYSTEM_ACTOR;
  const toolRows = await tx.select({ id: tools.id, code: tools.code }).from(tools);
  const toolId = new Map(toolRows.map((t) => [t.code, t.id]));
  const placeOf = (code: string) =>
    code.startsWith('T:')
      ? { locationId: null, toolId: need(toolId.get(code.slice(2)), code) }
      : { locationId: need(placeIds.get(code), code), toolId: null };

  const equipmentIds: number[] = [];
  const stockOf = new Map<string, number>();
  for (const [i, k] of KINDS.entries()) {
    const [row] = await tx
      .insert(equipments)
      .values({
        name: k.name,
        type: k.type,
        subType: k.subType,
        standard: k.standard,
        kind: k.kind,
        kindQty: k.kindQty,
        status: k.status ?? 'OPERATING',
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning({ id: equipments.id });
    equipmentIds.push(row.id);
    for (const [p, [place, qty]] of k.stock.entries()) {
      const day = addDays(today, -(24 - ((i * 3 + p * 5) % 20)));
      const stock = await put(tx, actor, row.id, placeOf(place), qty, { type: 'ADD', day });
      stockOf.set(`${i}:${place}`, stock.id);
    }
  }

  const rowOf = async (i: number, place: string) => {
    const [r] = await tx
      .select()
      .from(equipmentStocks)
      .where(eq(equipmentStocks.id, need(stockOf.get(`${i}:${place}`), place)));
    return r;
  };
  // Moves: gloves to the assembly line's screw driver, oil to the second injection machine, bearings between shelves.
  const move = async (i: number, from: string, to: string, qty: number, daysAgo: number, reason: string) => {
    const row = await rowOf(i, from);
    const day = addDays(today, -daysAgo);
    const target = placeOf(to);
    await take(tx, actor, row, qty, { type: 'MOVE_OUT', day, reason, other: target });
    const there = await put(tx, actor, row.equipmentId, target, qty, {
      type: 'MOVE_IN',
      day,
      reason,
      other: { locationId: row.locationId, toolId: row.toolId },
    });
    stockOf.set(`${i}:${to}`, there.id);
  };
  await move(0, 'F01-W01-A01', 'T:ASM-401', 20, 6, '라인 비치');
  await move(2, 'F01-W01-A03', 'T:INJ-102', 1, 4, '작동유 보충');
  await move(4, 'F02-W01-A02', 'F01-W01-A02', 3, 2, '1공장 예비품');
  // Discards: worn belts found at the stock-take, torn gloves.
  const discard = async (i: number, place: string, qty: number, daysAgo: number, reason: string) => {
    const row = await rowOf(i, place);
    const day = addDays(today, -daysAgo);
    await take(tx, actor, row, qty, { type: 'DISCARD', day, reason });
    const [d] = await tx
      .insert(equipmentStocks)
      .values({
        equipmentId: row.equipmentId,
        locationId: row.locationId,
        toolId: row.toolId,
        qty,
        isDiscard: true,
        discardReason: reason,
        discardedFromId: row.id,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
    await writeLedger(tx, actor, d, { type: 'DISCARD', qty, day, reason });
  };
  await discard(1, 'F01-W01-A02', 12, 5, '코팅 벗겨짐');
  await discard(5, 'F02-W01-A02', 1, 3, '균열 발견 (실사)');

  const stockRows = await tx
    .select({ id: equipmentStocks.id })
    .from(equipmentStocks)
    .where(inArray(equipmentStocks.equipmentId, equipmentIds));
  // The ledger's days are the demo's; its occurrence times follow them (noon of the day) for the history screen.
  await tx
    .update(equipmentHistories)
    .set({ occurredAt: sql`(${equipmentHistories.day} + time '12:00') at time zone 'UTC'` })
    .where(inArray(equipmentHistories.equipmentId, equipmentIds));
  return { equipmentIds, equipmentStockIds: stockRows.map((r) => r.id) };
}

function need<T>(v: T | undefined, what: string): T {
  if (v === undefined) throw new Error(`Demo equipment: unknown place ${what}.`);
  return v;
}
