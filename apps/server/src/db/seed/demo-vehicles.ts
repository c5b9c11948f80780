import { addDays } from '../../platform/dates.ts';
import { SYSTEM_ACTOR } from '../../platform/tx.ts';
import { vehicleParts, vehiclePartHistories, vehicles } from '../../modules/vehicle/vehicle.table.ts';
import type { Tx } from '../client.ts';

// The demo's vehicles (issue 16): three vehicles with their parts and replacement histories, dated from today so the
// maintenance alerts always show the same three cases with the default window (14 days, 1,000 km):
// - 1톤 트럭's engine oil is due soon by mileage (85,000 km next, 84,200 now: 800 km left; its date is 30 days away);
// - 지게차's hydraulic oil is overdue by date (replaced 400 days ago, every 365 days: 35 days over);
// - 스타렉스's wipers are due by date (every 180 days, replaced 170 days ago: 10 days left).

type PartSpec = {
  name: string;
  intervalDays: number | null;
  intervalKm: number | null;
  /** Fitted so many days ago at this mileage. */
  fitted: [number, number];
  /** Replacements: days ago, mileage, cost, note. */
  replaced?: [number, number, number | null, string | null][];
  note?: string;
};
type VehicleSpec = {
  plateNumber: string;
  name: string;
  model: string;
  year: number;
  mileage: number;
  location: string;
  description?: string;
  parts: PartSpec[];
};

export const DEMO_VEHICLES: VehicleSpec[] = [
  {
    plateNumber: '12가 3456',
    name: '1톤 트럭',
    model: '현대 포터2',
    year: 2021,
    mileage: 84_200,
    location: 'F01-W02',
    description: '완제품 출하·배송용',
    parts: [
      {
        name: '엔진오일',
        intervalDays: 180,
        intervalKm: 10_000,
        fitted: [400, 52_000],
        replaced: [
          [330, 63_500, 89_000, '정기 교환'],
          [150, 75_000, 92_000, '필터 동시 교환'],
        ],
        note: '5W-30',
      },
      { name: '타이어', intervalDays: 1095, intervalKm: 60_000, fitted: [600, 30_000] },
      {
        name: '브레이크 패드',
        intervalDays: 365,
        intervalKm: 30_000,
        fitted: [500, 40_000],
        replaced: [[135, 70_000, 180_000, '앞바퀴']],
      },
    ],
  },
  {
    plateNumber: '34나 7890',
    name: '지게차 1호',
    model: '두산 D25S',
    year: 2019,
    mileage: 12_350,
    location: 'F02-W01',
    description: '원자재 입고·적재',
    parts: [
      {
        name: '유압 오일',
        intervalDays: 365,
        intervalKm: null,
        fitted: [800, 9_000],
        replaced: [[400, 10_900, 240_000, null]],
      },
      { name: '배터리', intervalDays: 730, intervalKm: null, fitted: [300, 11_200] },
    ],
  },
  {
    plateNumber: '56다 1122',
    name: '업무용 승합차',
    model: '현대 스타렉스',
    year: 2018,
    mileage: 143_900,
    location: 'SITE01',
    parts: [
      {
        name: '엔진오일',
        intervalDays: 120,
        intervalKm: 8_000,
        fitted: [900, 95_000],
        replaced: [
          [180, 131_000, 85_000, null],
          [60, 139_000, 85_000, null],
        ],
      },
      {
        name: '와이퍼',
        intervalDays: 180,
        intervalKm: null,
        fitted: [350, 128_000],
        replaced: [[170, 132_500, 30_000, null]],
      },
      {
        name: '타이밍 벨트',
        intervalDays: null,
        intervalKm: 100_000,
        fitted: [1500, 20_000],
        replaced: [[700, 110_000, 650_000, '워터펌프 포함']],
      },
    ],
  },
];

export type DemoVehicleResult = { vehicleIds: number[]; vehiclePartIds: number[]; vehiclePartHistoryIds: number[] };

export async function seedDemoVehicles(
  tx: Tx,
  today: string,
  placeIds: Map<string, number>,
): Promise<DemoVehicleResult> {
  const audit = { createdBy: SYSTEM_ACTOR.userId, updatedBy: SYSTEM_ACTOR.userId };
  const out: DemoVehicleResult = { vehicleIds: [], vehiclePartIds: [], vehiclePartHistoryIds: [] };
  for (const v of DEMO_VEHICLES) {
    const locationId = placeIds.get(v.location);
    if (!locationId) throw new Error(`Demo vehicles name an unknown location '${v.location}'.`);
    const [vehicle] = await tx
      .insert(vehicles)
      .values({
        plateNumber: v.plateNumber,
        name: v.name,
        model: v.model,
        year: v.year,
        mileage: v.mileage,
        locationId,
        description: v.description ?? null,
        ...audit,
      })
      .returning({ id: vehicles.id });
    out.vehicleIds.push(vehicle.id);
    for (const p of v.parts) {
      const [part] = await tx
        .insert(vehicleParts)
        .values({
          vehicleId: vehicle.id,
          name: p.name,
          intervalDays: p.intervalDays,
          intervalKm: p.intervalKm,
          fittedDate: addDays(today, -p.fitted[0]),
          fittedMileage: p.fitted[1],
          note: p.note ?? null,
          ...audit,
        })
        .returning({ id: vehicleParts.id });
      out.vehiclePartIds.push(part.id);
      if (!p.replaced?.length) continue;
      const rows = await tx
        .insert(vehiclePartHistories)
        .values(
          p.replaced.map(([daysAgo, mileage, cost, note]) => ({
            partId: part.id,
            replacedDate: addDays(today, -daysAgo),
            mileage,
            cost,
            note,
            ...audit,
          })),
        )
        .returning({ id: vehiclePartHistories.id });
      out.vehiclePartHistoryIds.push(...rows.map((r) => r.id));
    }
  }
  return out;
}
