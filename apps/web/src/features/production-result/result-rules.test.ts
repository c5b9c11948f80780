import type { HistoryEntry, ProductionResultDetail } from '@eqms/contract';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../app/store.ts';
import {
  achievementRate,
  defectSum,
  duplicateDefectIndex,
  filledDefects,
  formValuesOf,
  hasQuantities,
  isLastOperation,
  movesBackToPlan,
  type ResultFormValues,
  resultBody,
  resultChanges,
  resultPeriodOf,
  shelfOptions,
  shelfPath,
  shortagesOf,
  thisWeek,
  wallClock,
} from './result-rules.ts';

const detail = (over: Partial<ProductionResultDetail> = {}): ProductionResultDetail => ({
  id: 7,
  planId: 3,
  operPlanId: 4,
  day: '2026-11-25',
  productId: 9,
  productCode: 'FG-1',
  productName: '케이스',
  unit: 'EA',
  seq: 2,
  operationId: 5,
  operationName: '포장',
  lineId: 11,
  lineName: '1라인',
  toolId: 21,
  toolName: '포장기',
  targetQty: 40,
  status: 'WORKING',
  goodQty: 10,
  badQty: 3,
  startedAt: '2026-11-24T23:30:15.000Z',
  endedAt: null,
  description: null,
  createdBy: 'admin',
  createdAt: '2026-11-20T00:00:00Z',
  updatedBy: 'admin',
  updatedAt: '2026-11-25T00:00:00Z',
  planQty: 100,
  planStartDt: '2026-11-24',
  planEndDt: '2026-11-28',
  lastSeq: 2,
  workerId: 31,
  workerName: '김생산',
  defects: [
    { defectCode: 'APPEARANCE', qty: 1 },
    { defectCode: 'FUNCTION', qty: 2 },
  ],
  lotId: 'L20261125-FG-1-001',
  consumptions: [],
  stockLocationId: 51,
  stockLocationPath: '1공장 / 제품 창고 / A-01',
  ...over,
});

afterEach(() => useAppStore.setState({ locale: 'kr' }));

describe('the period', () => {
  it('defaults to this week, Monday to Sunday, whatever day it is', () => {
    expect(thisWeek(dayjs('2026-11-25T10:00:00'))).toBe('2026-11-23 ~ 2026-11-29'); // a Wednesday
    expect(thisWeek(dayjs('2026-11-23T00:00:00'))).toBe('2026-11-23 ~ 2026-11-29'); // the Monday
    expect(thisWeek(dayjs('2026-11-29T23:59:00'))).toBe('2026-11-23 ~ 2026-11-29'); // the Sunday
    expect(thisWeek(dayjs('2027-01-01T09:00:00'))).toBe('2026-12-28 ~ 2027-01-03'); // across a year
  });

  it('asks for at most 93 days in order, in the user language', () => {
    expect(resultPeriodOf('2026-11-01 ~ 2027-02-01')).toEqual({
      startDt: '2026-11-01',
      endDt: '2027-02-01',
      error: null,
    });
    expect(resultPeriodOf('2026-11-01 ~ 2027-02-02').error).toContain('93');
    expect(resultPeriodOf('2026-11-05 ~ 2026-11-01').error).toBeTruthy();
    expect(resultPeriodOf(undefined).error).toBeTruthy();
    useAppStore.setState({ locale: 'en' });
    expect(resultPeriodOf('2026-11-01 ~ 2027-03-01').error).toMatch(/93/);
  });
});

describe('quantities', () => {
  it('achievement is good against target with one decimal; none without a target', () => {
    expect(achievementRate(10, 40)).toBe(25);
    expect(achievementRate(1, 3)).toBe(33.3);
    expect(achievementRate(45, 40)).toBe(112.5);
    expect(achievementRate(5, 0)).toBeNull();
  });

  it('defect rows add up to 5 decimals, empty rows are left out, a repeated type is found', () => {
    const rows = [{ defectCode: 'A', qty: 0.1 }, { defectCode: 'B', qty: 0.2 }, { defectCode: null, qty: null }, {}];
    expect(filledDefects(rows)).toHaveLength(2);
    expect(defectSum(rows)).toBe(0.3);
    expect(defectSum([])).toBe(0);
    expect(defectSum(undefined)).toBe(0);
    // A row with only a quantity (type still to pick) counts: the form asks for its type.
    expect(defectSum([{ defectCode: null, qty: 2 }])).toBe(2);
    expect(duplicateDefectIndex([{ defectCode: 'A' }, { defectCode: 'B' }, { defectCode: 'A' }])).toBe(2);
    expect(duplicateDefectIndex([{ defectCode: 'A' }, { defectCode: null }, { defectCode: null }])).toBe(-1);
  });

  it('quantities are there when good, typed defects or an untyped bad quantity are above zero', () => {
    const none = { goodQty: 0, badQty: 0, defects: [] };
    expect(hasQuantities(none)).toBe(false);
    expect(hasQuantities({ ...none, goodQty: 1 })).toBe(true);
    expect(hasQuantities({ ...none, badQty: 2 })).toBe(true);
    expect(hasQuantities({ ...none, defects: [{ defectCode: 'A', qty: 1 }] })).toBe(true);
    // Typed rows decide over a stale total.
    expect(hasQuantities({ ...none, badQty: 5, defects: [{ defectCode: 'A', qty: 0 }] })).toBe(false);
  });
});

describe('the save body', () => {
  it('starts from the stored result, times as the factory wall clock to the minute', () => {
    const v = formValuesOf(detail());
    expect(v).toMatchObject({
      status: 'WORKING',
      goodQty: 10,
      badQty: 3,
      workerId: 31,
      toolId: 21,
      startedAt: wallClock('2026-11-24T23:30:15.000Z'),
      endedAt: null,
      locationId: 51,
    });
    expect(v.startedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(v.defects).toEqual([
      { defectCode: 'APPEARANCE', qty: 1 },
      { defectCode: 'FUNCTION', qty: 2 },
    ]);
  });

  it('sends totals, defects and worker; times, tool and shelf only when changed', () => {
    const was = formValuesOf(detail());
    const same = resultBody(7, was, was, true);
    expect(same).toEqual({
      id: 7,
      status: 'WORKING',
      goodQty: 10,
      badQty: 3,
      defects: [
        { defectCode: 'APPEARANCE', qty: 1 },
        { defectCode: 'FUNCTION', qty: 2 },
      ],
      workerId: 31,
      description: null,
    });
    const next: ResultFormValues = {
      ...was,
      status: 'WORK_COMPLETED',
      goodQty: 12,
      // The typed rows win over the total field.
      badQty: 99,
      defects: [
        { defectCode: 'FUNCTION', qty: 1.5 },
        { defectCode: null, qty: null },
      ],
      endedAt: '2026-11-25 17:00',
      toolId: null,
      locationId: 52,
      description: '  야간 보충  ',
    };
    expect(resultBody(7, next, was, true)).toEqual({
      id: 7,
      status: 'WORK_COMPLETED',
      goodQty: 12,
      badQty: 1.5,
      defects: [{ defectCode: 'FUNCTION', qty: 1.5 }],
      workerId: 31,
      description: '야간 보충',
      endedAt: '2026-11-25 17:00',
      toolId: null,
      locationId: 52,
    });
    // Not the last operation: no shelf.
    expect(resultBody(7, next, was, false)).not.toHaveProperty('locationId');
  });

  it('a bad quantity without types clears the stored types; a cleared start is sent as null', () => {
    const was = formValuesOf(detail());
    const body = resultBody(7, { ...was, defects: [], badQty: 4, startedAt: null }, was, false);
    expect(body).toMatchObject({ badQty: 4, defects: [], startedAt: null });
  });

  it('knows the last operation and a move back to plan completed', () => {
    expect(isLastOperation({ seq: 2, lastSeq: 2 })).toBe(true);
    expect(isLastOperation({ seq: 1, lastSeq: 2 })).toBe(false);
    expect(movesBackToPlan('WORKING', 'PLAN_COMPLETED')).toBe(true);
    expect(movesBackToPlan('WORK_COMPLETED', 'PLAN_COMPLETED')).toBe(true);
    expect(movesBackToPlan('PLAN_COMPLETED', 'PLAN_COMPLETED')).toBe(false);
    expect(movesBackToPlan('WORKING', 'WORK_COMPLETED')).toBe(false);
  });
});

describe('refusals and shelves', () => {
  it('reads the shortages of a 409 INSUFFICIENT_BOM_STOCK only', () => {
    const shortage = { materialId: 1, code: 'M1', name: '수지', requiredQty: 6.6, stockQty: 5, shortageQty: 1.6 };
    expect(shortagesOf({ status: 409, code: 'INSUFFICIENT_BOM_STOCK', extraData: { shortages: [shortage] } })).toEqual([
      shortage,
    ]);
    expect(shortagesOf({ status: 409, code: 'OUT_OF_STOCK', extraData: {} })).toBeNull();
    expect(shortagesOf({ status: 400, code: 'VALIDATION_ERROR' })).toBeNull();
    expect(shortagesOf(new Error('x'))).toBeNull();
    expect(shortagesOf(null)).toBeNull();
  });

  it("groups the factory's shelves by warehouse and keeps the product's own shelf", () => {
    const options = shelfOptions(
      [
        { id: 1, name: 'A-01', path: '제품 창고 / A-01' },
        { id: 2, name: 'A-02', path: '제품 창고 / A-02' },
        { id: 3, name: 'B-01', path: '자재 창고 / B-01' },
      ],
      { id: 9, path: '2공장 / 외부 창고 / Z-09' },
    );
    expect(options.map((o) => [o.label, o.children?.map((c) => c.label)])).toEqual([
      ['제품 창고', ['A-01', 'A-02']],
      ['자재 창고', ['B-01']],
      ['2공장 / 외부 창고', ['Z-09']],
    ]);
    expect(shelfPath(options, 3)).toEqual(['w:자재 창고', 3]);
    expect(shelfPath(options, 9)).toEqual(['w:2공장 / 외부 창고', 9]);
    expect(shelfPath(options, 77)).toBeNull();
    expect(shelfPath(options, null)).toBeNull();
    // A shelf already listed is not added twice.
    expect(shelfOptions([{ id: 1, name: 'A-01', path: '제품 창고 / A-01' }], { id: 1, path: 'x / A-01' })).toHaveLength(
      1,
    );
  });
});

describe('history', () => {
  const entry = (over: Partial<HistoryEntry>): HistoryEntry =>
    ({
      revisionId: 1,
      revisionDate: '2026-11-25T01:00:00Z',
      revisionType: 'MOD',
      table: 'daily_plans',
      rowId: '7',
      updateBy: 'prod01',
      oldData: { status: 'PLAN_COMPLETED', good_qty: 0, bad_qty: 0, worker_id: null, updated_at: 'x' },
      newData: { status: 'WORKING', good_qty: 5, bad_qty: 0, worker_id: 31, updated_at: 'y' },
      changedFields: ['good_qty', 'status', 'updated_at', 'worker_id'],
      ...over,
    }) as HistoryEntry;

  it("lists a modification's result fields in a fixed order, audit columns left out", () => {
    expect(resultChanges(entry({}))).toEqual([
      { field: 'status', before: 'PLAN_COMPLETED', after: 'WORKING' },
      { field: 'good_qty', before: 0, after: 5 },
      { field: 'worker_id', before: null, after: 31 },
    ]);
    expect(resultChanges(entry({ changedFields: ['updated_at'] }))).toEqual([]);
    expect(resultChanges(entry({ revisionType: 'ADD' }))).toEqual([]);
  });
});
