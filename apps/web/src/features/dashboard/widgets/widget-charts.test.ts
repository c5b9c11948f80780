import type { GoodBadStatus, ToolProduct } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import {
  BAD_COLOR,
  barsHeight,
  comparisonOption,
  fmtPct,
  fmtPts,
  fmtQty,
  fmtTime,
  fmtValue,
  GOOD_COLOR,
  goodBadOption,
  linePlanOption,
  toolProductOption,
} from './widget-charts.ts';

const t = (key: string) => `<${key}>`;

describe('widget number texts', () => {
  it('quantities: thousands separated, decimals kept, none as —', () => {
    expect(fmtQty(1234567)).toBe('1,234,567');
    expect(fmtQty(12.5)).toBe('12.5');
    expect(fmtQty(0)).toBe('0');
    expect(fmtQty(null)).toBe('—');
  });
  it('rates: percent with up to 2 places, a rate of none (denominator 0) as —', () => {
    expect(fmtPct(12.345)).toBe('12.35%');
    expect(fmtPct(0)).toBe('0%');
    expect(fmtPct(1234.5)).toBe('1,234.5%');
    expect(fmtPct(null)).toBe('—');
    expect(fmtPct(undefined)).toBe('—');
  });
  it('points: signed, a minus sign for a fall, none as —', () => {
    expect(fmtPts(1.5)).toBe('+1.5%p');
    expect(fmtPts(-0.25)).toBe('−0.25%p');
    expect(fmtPts(0)).toBe('0%p');
    expect(fmtPts(null)).toBe('—');
  });
  it('values with their unit, times as MM-DD HH:mm:ss', () => {
    expect(fmtValue(12.3456, 'kg')).toBe('12.3456 kg');
    expect(fmtValue(3, null)).toBe('3');
    expect(fmtValue(null, 'kg')).toBe('—');
    const local = new Date(2026, 10, 27, 9, 5, 7).toISOString();
    expect(fmtTime(local)).toBe('11-27 09:05:07');
    expect(fmtTime(null)).toBe('—');
  });
});

describe('widget charts', () => {
  const goodBad: GoodBadStatus = {
    date: '2026-11-27',
    locationId: 3,
    rows: [
      {
        lineId: 1,
        lineName: '1라인',
        toolId: 7,
        toolCode: 'T1',
        toolName: '사출기',
        goodQty: 90,
        badQty: 10,
        defectRate: 10,
      },
      {
        lineId: 1,
        lineName: '1라인',
        toolId: null,
        toolCode: null,
        toolName: null,
        goodQty: 5,
        badQty: 0,
        defectRate: 0,
      },
    ],
    total: { goodQty: 95, badQty: 10, defectRate: 9.52 },
  };

  it('good-bad: a stacked bar per line and tool, good in green and bad in red, a row without tool named so', () => {
    const o = goodBadOption(goodBad, t) as any;
    expect(o.yAxis.data).toEqual(['1라인 · 사출기', '1라인 · <noTool>']);
    expect(o.yAxis.inverse).toBe(true);
    // Every label shown (ECharts would skip some where they crowd).
    expect(o.yAxis.axisLabel.interval).toBe(0);
    expect(o.series.map((s: any) => [s.name, s.stack, s.color, s.data])).toEqual([
      ['<fields.good>', 'qty', GOOD_COLOR, [90, 5]],
      ['<fields.bad>', 'qty', BAD_COLOR, [10, 0]],
    ]);
    expect(o.legend.textStyle.fontSize).toBe(12);
    expect((goodBadOption(goodBad, t, { fontSize: 20 }) as any).yAxis.axisLabel.fontSize).toBe(20);
  });

  it('tool-product: a bar per tool by code and name', () => {
    const data: ToolProduct = {
      period: 'week',
      startDt: '2026-11-23',
      endDt: '2026-11-27',
      tools: [
        { toolId: 1, toolCode: 'T1', toolName: 'A', lineName: 'L', goodQty: 3, badQty: 1, defectRate: 25 },
        { toolId: 2, toolCode: 'T2', toolName: 'B', lineName: 'L', goodQty: 0, badQty: 0, defectRate: null },
      ],
    };
    const o = toolProductOption(data, t) as any;
    expect(o.yAxis.data).toEqual(['T1 A', 'T2 B']);
    expect(o.series[0].data).toEqual([3, 0]);
    expect(o.series[1].data).toEqual([1, 0]);
  });

  it('a bar chart grows with its rows', () => {
    expect(barsHeight(0)).toBe(200);
    expect(barsHeight(20)).toBe(64 + 20 * 28);
    expect(barsHeight(1, 160, 40)).toBe(160);
  });

  it('plan status per line: one stacked series per status in the workflow order', () => {
    const counts = (a: number, b: number, c: number) => ({
      PLAN_COMPLETED: a,
      WORKING: b,
      WORK_COMPLETED: c,
      total: a + b + c,
    });
    const o = linePlanOption(
      [
        { lineName: 'L1', counts: counts(1, 2, 3) },
        { lineName: 'L2', counts: counts(0, 1, 0) },
      ],
      t,
    ) as any;
    expect(o.yAxis.data).toEqual(['L1', 'L2']);
    expect(o.series.map((s: any) => [s.name, s.data])).toEqual([
      ['<status.PLAN_COMPLETED>', [1, 0]],
      ['<status.WORKING>', [2, 1]],
      ['<status.WORK_COMPLETED>', [3, 0]],
    ]);
  });

  it('comparison: previous and current side by side, labels as rates, none as —', () => {
    const o = comparisonOption(['prev', 'cur'], [4.5, null], 'rate');
    expect(o.xAxis.data).toEqual(['prev', 'cur']);
    expect(o.series[0].data.map((d) => d.value)).toEqual([4.5, null]);
    expect(o.series[0].label.formatter({ value: 4.5 })).toBe('4.5%');
    expect(o.series[0].label.formatter({ value: null })).toBe('—');
  });
});
