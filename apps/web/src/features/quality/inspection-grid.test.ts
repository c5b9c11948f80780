import { describe, expect, it } from 'vitest';
import { cellOk, emptyGrid, itemLive, itemsBody, overallLive, placeErrors } from './inspection-grid.ts';

const dia = { id: 1, kind: 'NUMBER' as const, lsl: 9.9, usl: 10.1, sampleSize: 2 };
const look = { id: 2, kind: 'PASS_FAIL' as const, lsl: null, usl: null, sampleSize: 1 };
const upper = { id: 3, kind: 'NUMBER' as const, lsl: null, usl: 5, sampleSize: 1 };

describe('inspection grid', () => {
  it('judges a cell with both limits inclusive, a missing limit as no bound, empty as not judged', () => {
    expect(cellOk(dia, { value: 9.9, passed: null })).toBe(true);
    expect(cellOk(dia, { value: 10.1, passed: null })).toBe(true);
    expect(cellOk(dia, { value: 10.11, passed: null })).toBe(false);
    expect(cellOk(dia, { value: null, passed: null })).toBeNull();
    expect(cellOk(upper, { value: -1000, passed: null })).toBe(true);
    expect(cellOk(look, { value: null, passed: false })).toBe(false);
    expect(cellOk(look, { value: null, passed: null })).toBeNull();
  });

  it('fails an item at its first failing sample, passes it only when every sample is in and passes', () => {
    expect(
      itemLive(dia, [
        { value: 10, passed: null },
        { value: null, passed: null },
      ]),
    ).toBe('PENDING');
    expect(
      itemLive(dia, [
        { value: 12, passed: null },
        { value: null, passed: null },
      ]),
    ).toBe('FAIL');
    expect(
      itemLive(dia, [
        { value: 10, passed: null },
        { value: 10.1, passed: null },
      ]),
    ).toBe('PASS');
  });

  it('fails the whole on one failing item and passes it when all pass', () => {
    const grid = emptyGrid([dia, look]);
    expect(grid[1]).toHaveLength(2);
    expect(overallLive([dia, look], grid)).toBe('PENDING');
    grid[2] = [{ value: null, passed: false }];
    expect(overallLive([dia, look], grid)).toBe('FAIL');
    grid[2] = [{ value: null, passed: true }];
    grid[1] = [
      { value: 10, passed: null },
      { value: 10, passed: null },
    ];
    expect(overallLive([dia, look], grid)).toBe('PASS');
    expect(itemsBody([dia, look], grid)).toEqual([
      { standardId: 1, samples: [{ value: 10 }, { value: 10 }] },
      { standardId: 2, samples: [{ passed: true }] },
    ]);
  });

  it("puts a 400's paths on cells, rows and the rest", () => {
    const placed = placeErrors(
      [dia, look],
      [
        { field: 'items.0.samples.1.value', message: 'qualityValueRequired' },
        { field: 'items.1.standardId', message: 'qualityItemOther' },
        { field: 'override.reason', message: 'required' },
      ],
    );
    expect(placed.cells).toEqual({ '1.1': 'qualityValueRequired' });
    expect(placed.rows).toEqual({ 2: 'qualityItemOther' });
    expect(placed.other).toEqual({ 'override.reason': 'required' });
  });
});
