import { describe, expect, it } from 'vitest';
import { coverMaterials, coverProducts, shareFirstDue } from './tracking.cover.ts';

// The cover arithmetic alone (README.md "Formulas"); tracking.test.ts checks it through the API on real rows.

const qtys = (orderedQty: number, shippedQty = 0, plannedQty = 0, producedQty = 0) => ({
  orderedQty,
  shippedQty,
  plannedQty,
  producedQty,
});

describe('shareFirstDue', () => {
  it('gives the first need all it can, then the next; never more than the stock or a need', () => {
    expect(shareFirstDue([30, 50, 10], 60)).toEqual([30, 30, 0]);
    expect(shareFirstDue([5, 5], 100)).toEqual([5, 5]);
    expect(shareFirstDue([0.1, 0.2], 0.3)).toEqual([0.1, 0.2]);
    expect(shareFirstDue([10], -4)).toEqual([0]);
  });
});

describe('coverProducts', () => {
  it('open = ordered − shipped (never below 0); stock first due first; plans in progress cover the rest', () => {
    const [over, late] = coverProducts([qtys(100, 120), qtys(50, 0, 40, 10)], 25);
    expect(over).toMatchObject({ openQty: 0, allocatedQty: 0, toProduceQty: 0, shortfallQty: 0 });
    expect(late).toMatchObject({ openQty: 50, allocatedQty: 25, toProduceQty: 25, inProgressQty: 30, shortfallQty: 0 });
  });

  it('a plan that made more than it planned leaves nothing in progress', () => {
    const [r] = coverProducts([qtys(100, 0, 80, 90)], 0);
    expect(r).toMatchObject({ toProduceQty: 100, inProgressQty: 0, shortfallQty: 100 });
  });
});

describe('coverMaterials', () => {
  it('what is at a row’s own line covers it first; a surplus there serves no other row', () => {
    const rows = [
      { requiredQty: 10, suppliedQty: 0, atLineQty: 15, consumedQty: 0 },
      { requiredQty: 20, suppliedQty: 0, atLineQty: 0, consumedQty: 0 },
    ];
    expect(coverMaterials(rows, 12).map((r) => [r.allocatedQty, r.shortfallQty])).toEqual([
      [0, 0],
      [12, 8],
    ]);
  });
});
