import { asc, inArray } from 'drizzle-orm';
import { bizPartners } from '../../modules/biz-partner/biz-partner.table.ts';
import { businesses } from '../../modules/business/business.table.ts';
import { materials } from '../../modules/material/material.table.ts';
import { orderMaterials, orderProductPlans, orderProducts, orders } from '../../modules/order/order.table.ts';
import { products } from '../../modules/product/product.table.ts';
import { productionPlans } from '../../modules/production-plan/production-plan.table.ts';
import { addDays } from '../../platform/dates.ts';
import { SYSTEM_ACTOR } from '../../platform/tx.ts';
import type { Tx } from '../client.ts';

// The demo's businesses and orders (issue 14): three customers with one or two businesses each, eight orders from
// five weeks back, their order products of finished goods due from last week to next month, a few order materials
// (printed boxes and manuals the customer supplies, one we buy), and nine of the sixteen finished-goods plans of
// demo-plans.ts linked to order products — so some are fully planned and made, some partly planned, and some still
// "no-production". One multi-row insert per table: every test file and e2e run seeds.

const audit = { createdBy: SYSTEM_ACTOR.userId, updatedBy: SYSTEM_ACTOR.userId };

/** Days are counted from the Monday of this week (M0), so plans (weekly from M0 − 14) and due dates line up. */
type BusinessSpec = {
  code: string;
  partner: string;
  name: string;
  from: number;
  to: number;
  manager: string;
  description?: string;
};
const BUSINESSES: BusinessSpec[] = [
  { code: 'HB-OEM-K', partner: 'BP-C001', name: '주전자 OEM 연간 공급', from: -60, to: 300, manager: '윤지호' },
  {
    code: 'HB-OEM-H',
    partner: 'BP-C001',
    name: '가습기 시즌 공급',
    from: -30,
    to: 150,
    manager: '윤지호',
    description: '가을·겨울 시즌 물량, 월 2회 분할 납품',
  },
  { code: 'HN-REG-26', partner: 'BP-C002', name: '하나마트 생활가전 정기 납품', from: -45, to: 320, manager: '서민아' },
  { code: 'GH-LIVE-FAN', partner: 'BP-C003', name: '선풍기 방송 기획전', from: -20, to: 40, manager: '서민아' },
  {
    code: 'GH-LIVE-HOME',
    partner: 'BP-C003',
    name: '주방·생활 가전 특집 방송',
    from: -5,
    to: 60,
    manager: '서민아',
    description: '방송 2회분, 방송일 3일 전 입고',
  },
];

/** An order product; `weeks` are the demo plan weeks (−2 … 1) of its product linked to it. */
type LineSpec = { product: string; qty: number; due: number; price: number; weeks?: number[] };
type MaterialLineSpec = { material: string; qty: number; from: number; to: number; supplied: boolean; note?: string };
type OrderSpec = {
  business: string;
  ordered: number;
  due: number;
  note?: string;
  lines: LineSpec[];
  materials?: MaterialLineSpec[];
};
const ORDERS: OrderSpec[] = [
  {
    business: 'HB-OEM-K',
    ordered: -35,
    due: -1,
    note: '1차 분기 물량',
    lines: [{ product: 'FG-1001', qty: 3000, due: -1, price: 32000, weeks: [-2, -1] }],
    materials: [
      { material: 'PM-001', qty: 3000, from: -17, to: -3, supplied: true, note: '고객 로고 인쇄 단상자, 고객 지급' },
    ],
  },
  {
    business: 'HB-OEM-K',
    ordered: -12,
    due: 15,
    lines: [
      { product: 'FG-1001', qty: 2000, due: 8, price: 32000, weeks: [0] },
      { product: 'FG-1002', qty: 500, due: 15, price: 28000 },
    ],
    materials: [{ material: 'PM-008', qty: 2500, from: -3, to: 15, supplied: true, note: '고객 지급 사용설명서' }],
  },
  {
    business: 'HB-OEM-H',
    ordered: -20,
    due: 20,
    lines: [
      { product: 'FG-3001', qty: 1600, due: 6, price: 45000, weeks: [-1, 0] },
      { product: 'FG-3003', qty: 300, due: 20, price: 52000 },
    ],
  },
  {
    business: 'HN-REG-26',
    ordered: -28,
    due: -7,
    note: '정기 발주 (월초)',
    lines: [
      { product: 'FG-2001', qty: 1200, due: -7, price: 27000, weeks: [-2] },
      { product: 'FG-4002', qty: 600, due: -7, price: 39000, weeks: [-2] },
    ],
  },
  {
    business: 'HN-REG-26',
    ordered: -4,
    due: 21,
    note: '정기 발주 (월중)',
    lines: [
      { product: 'FG-2001', qty: 2400, due: 14, price: 27000, weeks: [1] },
      { product: 'FG-4001', qty: 400, due: 21, price: 21000 },
    ],
  },
  {
    business: 'GH-LIVE-FAN',
    ordered: -15,
    due: 5,
    note: '1회 방송분',
    lines: [{ product: 'FG-4002', qty: 1200, due: 5, price: 36000, weeks: [-1] }],
    materials: [{ material: 'PM-005', qty: 1200, from: -8, to: 4, supplied: false, note: '방송용 전용 인쇄 박스' }],
  },
  {
    business: 'GH-LIVE-HOME',
    ordered: -2,
    due: 25,
    lines: [
      { product: 'FG-3001', qty: 800, due: 25, price: 43000 },
      { product: 'FG-2002', qty: 300, due: 25, price: 19000 },
    ],
  },
  {
    business: 'GH-LIVE-HOME',
    ordered: -1,
    due: 32,
    note: '2회 방송분 (가예약)',
    lines: [
      { product: 'FG-1001', qty: 600, due: 32, price: 31000 },
      { product: 'FG-3002', qty: 200, due: 32, price: 49000 },
    ],
  },
];

export type DemoOrderResult = {
  businessIds: number[];
  orderIds: number[];
  orderProductIds: number[];
  orderMaterialIds: number[];
  orderProductPlanIds: number[];
};

/** Monday of the week holding a day. */
const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
const compact = (day: string) => day.replaceAll('-', '');

function idOf(map: Map<string, number>, key: string, what: string) {
  const id = map.get(key);
  if (!id) throw new Error(`Demo orders name an unknown ${what} '${key}'.`);
  return id;
}

/** After the plans (demo-plans.ts): `planIds` are theirs, weekly per product from two weeks back. */
export async function seedDemoOrders(tx: Tx, today: string, planIds: number[]): Promise<DemoOrderResult> {
  const m0 = mondayOf(today);
  const day = (n: number) => addDays(m0, n);
  const partnerRows = await tx
    .select({ id: bizPartners.id, code: bizPartners.code })
    .from(bizPartners)
    .where(inArray(bizPartners.code, [...new Set(BUSINESSES.map((b) => b.partner))]));
  const partnerId = new Map(partnerRows.map((r) => [r.code, r.id]));
  const productRows = await tx
    .select({ id: products.id, code: products.code })
    .from(products)
    .where(inArray(products.code, [...new Set(ORDERS.flatMap((o) => o.lines.map((l) => l.product)))]));
  const productId = new Map(productRows.map((r) => [r.code, r.id]));
  const materialRows = await tx
    .select({ id: materials.id, code: materials.code })
    .from(materials)
    .where(inArray(materials.code, [...new Set(ORDERS.flatMap((o) => (o.materials ?? []).map((m) => m.material)))]));
  const materialId = new Map(materialRows.map((r) => [r.code, r.id]));
  // The demo plans of each product by start day: week −2 first.
  const planRows = planIds.length
    ? await tx
        .select({ id: productionPlans.id, productId: productionPlans.productId, startDt: productionPlans.startDt })
        .from(productionPlans)
        .where(inArray(productionPlans.id, planIds))
        .orderBy(asc(productionPlans.startDt), asc(productionPlans.id))
    : [];
  const planOf = (product: number, week: number) => {
    const plan = planRows.find((p) => p.productId === product && p.startDt === day(week * 7));
    if (!plan) throw new Error(`Demo orders link a missing plan: product ${product}, week ${week}.`);
    return plan.id;
  };

  const businessRows = await tx
    .insert(businesses)
    .values(
      BUSINESSES.map((b) => ({
        bizPartnerId: idOf(partnerId, b.partner, 'partner'),
        code: b.code,
        name: b.name,
        startDt: day(b.from),
        endDt: day(b.to),
        manager: b.manager,
        description: b.description ?? null,
        ...audit,
      })),
    )
    .returning({ id: businesses.id, code: businesses.code });
  const businessId = new Map(businessRows.map((r) => [r.code, r.id]));

  const orderRows = await tx
    .insert(orders)
    .values(
      ORDERS.map((o, i) => ({
        businessId: idOf(businessId, o.business, 'business'),
        orderNo: `SO-${compact(day(o.ordered))}-${String(i + 1).padStart(2, '0')}`,
        orderDt: day(o.ordered),
        dueDt: day(o.due),
        description: o.note ?? null,
        ...audit,
      })),
    )
    .returning({ id: orders.id });

  const lines = ORDERS.flatMap((o, i) => o.lines.map((l) => ({ orderId: orderRows[i].id, spec: l })));
  const lineRows = await tx
    .insert(orderProducts)
    .values(
      lines.map(({ orderId, spec }) => ({
        orderId,
        productId: idOf(productId, spec.product, 'product'),
        qty: spec.qty,
        dueDt: day(spec.due),
        unitPrice: spec.price,
        ...audit,
      })),
    )
    .returning({ id: orderProducts.id });

  const materialLines = ORDERS.flatMap((o, i) => (o.materials ?? []).map((m) => ({ orderId: orderRows[i].id, m })));
  const materialLineRows = materialLines.length
    ? await tx
        .insert(orderMaterials)
        .values(
          materialLines.map(({ orderId, m }) => ({
            orderId,
            materialId: idOf(materialId, m.material, 'material'),
            qty: m.qty,
            startDt: day(m.from),
            endDt: day(m.to),
            supplied: m.supplied,
            description: m.note ?? null,
            ...audit,
          })),
        )
        .returning({ id: orderMaterials.id })
    : [];

  const links = lines.flatMap(({ spec }, i) =>
    (spec.weeks ?? []).map((week) => ({
      orderProductId: lineRows[i].id,
      planId: planOf(idOf(productId, spec.product, 'product'), week),
      ...audit,
    })),
  );
  const linkRows = links.length
    ? await tx.insert(orderProductPlans).values(links).returning({ id: orderProductPlans.id })
    : [];

  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  return {
    businessIds: ids(businessRows),
    orderIds: ids(orderRows),
    orderProductIds: ids(lineRows),
    orderMaterialIds: ids(materialLineRows),
    orderProductPlanIds: ids(linkRows),
  };
}
