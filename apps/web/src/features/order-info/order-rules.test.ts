import { describe, expect, it } from 'vitest';
import { planDefaults, planLink, planStateOf } from './order-rules.ts';

describe('order rules', () => {
  it('tells how far an order product is planned', () => {
    expect(planStateOf({ plannedQty: 0, remainingQty: 10 })).toBe('OPEN');
    expect(planStateOf({ plannedQty: 4, remainingQty: 6 })).toBe('PARTIAL');
    expect(planStateOf({ plannedQty: 10, remainingQty: 0 })).toBe('PLANNED');
    // Planned beyond the quantity (the quantity was lowered afterwards): nothing remains.
    expect(planStateOf({ plannedQty: 12, remainingQty: 0 })).toBe('PLANNED');
  });

  it('proposes a plan from today to the due date for the remaining quantity', () => {
    expect(planDefaults({ dueDt: '2026-03-20', remainingQty: 40 }, '2026-03-02')).toEqual({
      startDt: '2026-03-02',
      endDt: '2026-03-20',
      qty: 40,
    });
  });

  it('plans a late order product from today to today, so the period stays valid', () => {
    expect(planDefaults({ dueDt: '2026-02-27', remainingQty: 5 }, '2026-03-02')).toEqual({
      startDt: '2026-03-02',
      endDt: '2026-03-02',
      qty: 5,
    });
  });

  it('links a plan on the production plan screen with its period and the plan opened', () => {
    const url = new URL(planLink({ id: 42, startDt: '2026-03-02', endDt: '2026-03-20' }), 'http://x');
    expect(url.pathname).toBe('/production/plan');
    expect(url.searchParams.get('period')).toBe('2026-03-02 ~ 2026-03-20');
    expect(url.searchParams.get('planId')).toBe('42');
  });
});
