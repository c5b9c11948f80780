import type { LotTreeNode } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import { dailyTreeFits, graftDailyPlans, productKeys } from './lot-report.rules.ts';

const plan = (id: number, children: LotTreeNode[] = []): LotTreeNode => ({
  key: `PL${id}`,
  title: `L-${id}`,
  data: {
    kind: 'PLAN',
    planId: id,
    lotRowId: id,
    lotId: `L-${id}`,
    productId: 1,
    productCode: 'P',
    productName: 'Product',
    unit: 'EA',
    qty: 10,
    startDt: '2026-11-01',
    endDt: '2026-11-05',
    lineName: 'Line',
    day: '2026-11-01',
    expiryDate: null,
    goodQty: 1,
    badQty: 0,
  },
  children,
});
const daily = (id: number, planId: number): LotTreeNode => ({
  key: `D${id}`,
  title: `2026-11-01 · 1. Op`,
  data: {
    kind: 'DAILY_PLAN',
    dailyPlanId: id,
    planId,
    day: '2026-11-01',
    seq: 1,
    operationName: 'Op',
    toolName: null,
    targetQty: 1,
    status: 'PLAN_COMPLETED',
    goodQty: 0,
    badQty: 0,
  },
  children: [],
});
const product: LotTreeNode = {
  key: 'PR1',
  title: 'P Product',
  data: {
    kind: 'PRODUCT',
    productId: 1,
    productCode: 'P',
    productName: 'Product',
    unit: 'EA',
    lotCount: 2,
    goodQty: 2,
  },
  children: [plan(1), plan(2)],
};

describe('graftDailyPlans', () => {
  it('puts each plan’s daily plans under the plan of the same key', () => {
    const out = graftDailyPlans([product], [plan(2, [daily(20, 2), daily(21, 2)]), plan(1, [daily(10, 1)])]);
    expect(out[0].children.map((p) => [p.key, p.children.map((d) => d.key)])).toEqual([
      ['PL1', ['D10']],
      ['PL2', ['D20', 'D21']],
    ]);
    expect(product.children[0].children).toEqual([]);
  });

  it('leaves the plans as leaves without a daily-plans tree', () => {
    expect(graftDailyPlans([product], undefined)).toEqual([product]);
    expect(productKeys([product])).toEqual(['PR1']);
  });
});

describe('dailyTreeFits', () => {
  it('allows at most 93 days', () => {
    expect(dailyTreeFits('2026-01-01', '2026-04-03')).toBe(true);
    expect(dailyTreeFits('2026-01-01', '2026-04-04')).toBe(false);
    expect(dailyTreeFits(undefined, '2026-01-01')).toBe(false);
  });
});
