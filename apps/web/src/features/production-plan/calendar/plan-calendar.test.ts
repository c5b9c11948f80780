import type { DailyPlan, LocationTreeNode } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import {
  cellRows,
  entryText,
  firstFactory,
  groupByDayAndLine,
  isYearMonth,
  locationPath,
  monthGrid,
  shiftMonth,
} from './plan-calendar.ts';

// The calendar's month grid, grouping and cell rules (plan-calendar.ts), without a browser.

let nextId = 1;
const daily = (day: string, lineId: number, extra: Partial<DailyPlan> = {}): DailyPlan => ({
  id: nextId++,
  planId: 1,
  operPlanId: 1,
  day,
  productId: 1,
  productCode: 'FG1001',
  productName: '케이스',
  unit: 'EA',
  seq: 1,
  operationId: 1,
  operationName: '성형',
  lineId,
  lineName: `${lineId}라인`,
  toolId: null,
  toolName: null,
  targetQty: 40,
  status: 'PLAN_COMPLETED',
  goodQty: 0,
  badQty: 0,
  startedAt: null,
  endedAt: null,
  description: null,
  createdBy: null,
  createdAt: '2026-11-01T00:00:00+09:00',
  updatedBy: null,
  updatedAt: '2026-11-01T00:00:00+09:00',
  ...extra,
});

describe('monthGrid', () => {
  it('November 2026 (1st a Sunday, 30th a Monday): six Monday-to-Sunday weeks from 26 Oct to 6 Dec', () => {
    const g = monthGrid('2026-11');
    expect(g.weeks).toHaveLength(6);
    expect(g.startDt).toBe('2026-10-26');
    expect(g.endDt).toBe('2026-12-06');
    expect(g.weeks.every((w) => w.length === 7 && w.map((d) => d.weekday).join() === '1,2,3,4,5,6,7')).toBe(true);
    const days = g.weeks.flat();
    expect(days.filter((d) => d.inMonth)).toHaveLength(30);
    expect(days[6]).toEqual({ day: '2026-11-01', date: 1, weekday: 7, inMonth: true });
    expect(days[5]).toMatchObject({ day: '2026-10-31', inMonth: false });
    expect(days.at(-1)).toMatchObject({ day: '2026-12-06', date: 6, inMonth: false });
    // Consecutive days, none twice.
    expect(new Set(days.map((d) => d.day)).size).toBe(42);
  });

  it('February 2027 (1st a Monday, 28th a Sunday) is exactly four weeks; leap February 2024 five', () => {
    const feb = monthGrid('2027-02');
    expect(feb.weeks).toHaveLength(4);
    expect([feb.startDt, feb.endDt]).toEqual(['2027-02-01', '2027-02-28']);
    expect(feb.weeks.flat().every((d) => d.inMonth)).toBe(true);
    const leap = monthGrid('2024-02');
    expect(leap.weeks).toHaveLength(5);
    expect([leap.startDt, leap.endDt]).toEqual(['2024-01-29', '2024-03-03']);
    expect(
      leap.weeks
        .flat()
        .filter((d) => d.inMonth)
        .at(-1)?.day,
    ).toBe('2024-02-29');
  });

  it('December runs into January of the next year', () => {
    const g = monthGrid('2026-12');
    expect(g.startDt).toBe('2026-11-30');
    expect(g.endDt).toBe('2027-01-03');
  });
});

describe('months', () => {
  it('isYearMonth takes YYYY-MM only', () => {
    expect(isYearMonth('2026-11')).toBe(true);
    expect(isYearMonth('1999-01')).toBe(true);
    for (const bad of [
      '2026-13',
      '2026-00',
      '2026-1',
      '26-11',
      '2026-11-01',
      '',
      'abcd-ef',
      ' 2026-11',
      null,
      undefined,
    ])
      expect(isYearMonth(bad), String(bad)).toBe(false);
  });

  it('shiftMonth crosses years both ways', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-03', 12)).toBe('2027-03');
  });
});

describe('groupByDayAndLine', () => {
  it('keeps the server order within a day and puts each line once, in order of first appearance', () => {
    const a = daily('2026-11-02', 1);
    const b = daily('2026-11-02', 2);
    const c = daily('2026-11-02', 1, { seq: 2, operationName: '포장' });
    const d = daily('2026-11-03', 2);
    const byDay = groupByDayAndLine([a, b, c, d]);
    expect([...byDay.keys()]).toEqual(['2026-11-02', '2026-11-03']);
    const day = byDay.get('2026-11-02') ?? [];
    expect(day.map((g) => [g.lineName, g.plans.map((p) => p.id)])).toEqual([
      ['1라인', [a.id, c.id]],
      ['2라인', [b.id]],
    ]);
    expect(byDay.get('2026-11-04')).toBeUndefined();
  });

  it('groups a factory’s month of a thousand daily plans quickly', () => {
    const many = Array.from({ length: 1000 }, (_, i) =>
      daily(`2026-11-${String((i % 30) + 1).padStart(2, '0')}`, i % 4),
    );
    const t0 = performance.now();
    const byDay = groupByDayAndLine(many);
    expect(performance.now() - t0).toBeLessThan(50);
    expect([...byDay.values()].flat().reduce((n, g) => n + g.plans.length, 0)).toBe(1000);
  });
});

describe('cellRows', () => {
  const groups = groupByDayAndLine([
    daily('2026-11-02', 1),
    daily('2026-11-02', 1),
    daily('2026-11-02', 2),
    daily('2026-11-02', 2),
    daily('2026-11-02', 2),
  ]).get('2026-11-02')!;

  it('shows every row when they fit, line names included', () => {
    const { rows, hidden } = cellRows(groups, 7, true);
    expect(hidden).toBe(0);
    expect(rows.map((r) => r.kind)).toEqual(['line', 'plan', 'plan', 'line', 'plan', 'plan', 'plan']);
    expect(cellRows(groups, 5, false)).toMatchObject({ hidden: 0 });
  });

  it('cuts at maxRows and counts the daily plans left out; never ends on a line name', () => {
    const four = cellRows(groups, 4, true);
    // line, plan, plan, line — the last line name has no plan under it, so it goes.
    expect(four.rows.map((r) => r.kind)).toEqual(['line', 'plan', 'plan']);
    expect(four.hidden).toBe(3);
    const five = cellRows(groups, 5, true);
    expect(five.rows.map((r) => r.kind)).toEqual(['line', 'plan', 'plan', 'line', 'plan']);
    expect(five.hidden).toBe(2);
    const flat = cellRows(groups, 3, false);
    expect(flat.rows).toHaveLength(3);
    expect(flat.hidden).toBe(2);
  });

  it('an empty day has no rows', () => {
    expect(cellRows([], 4, true)).toEqual({ rows: [], hidden: 0 });
  });
});

describe('entries and locations', () => {
  it('an entry reads product code, operation, target/good', () => {
    expect(entryText(daily('2026-11-02', 1, { targetQty: 40, goodQty: 32 }))).toBe('FG1001 성형 40/32');
    expect(entryText(daily('2026-11-02', 1, { targetQty: 1234.5, goodQty: 0.25 }))).toBe('FG1001 성형 1,234.5/0.25');
  });

  const node = (id: number, type: LocationTreeNode['type'], children: LocationTreeNode[] = []): LocationTreeNode => ({
    id,
    name: `${type}${id}`,
    code: null,
    type,
    parentId: null,
    sort: 0,
    description: null,
    children,
  });
  const tree = [
    node(1, 'SITE', [node(2, 'WAREHOUSE'), node(3, 'FACTORY', [node(4, 'LINE')]), node(5, 'FACTORY')]),
    node(6, 'FACTORY'),
  ];

  it('the first factory is the first met depth first', () => {
    expect(firstFactory(tree)?.id).toBe(3);
    expect(firstFactory([node(1, 'SITE', [node(2, 'WAREHOUSE')])])).toBeNull();
    expect(firstFactory(undefined)).toBeNull();
  });

  it('a location’s path from the top', () => {
    expect(locationPath(tree, 4)?.map((n) => n.id)).toEqual([1, 3, 4]);
    expect(locationPath(tree, 6)?.map((n) => n.id)).toEqual([6]);
    expect(locationPath(tree, 99)).toBeNull();
  });
});
