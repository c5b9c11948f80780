import type { DailyPlan } from '@eqms/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  currentMonth,
  dailyPlansBody,
  dailyRowErrors,
  hasResults,
  isDirty,
  newRow,
  periodOf,
  rowFieldOf,
  rowsOf,
  spreadPeriodError,
  sumQty,
} from './plan-rules.ts';

const plan = { startDt: '2026-11-02', endDt: '2026-11-06' };

const daily = (over: Partial<DailyPlan>): DailyPlan => ({
  id: 1,
  planId: 1,
  operPlanId: 1,
  day: '2026-11-02',
  productId: 1,
  productCode: 'P',
  productName: 'P',
  unit: 'EA',
  seq: 1,
  operationId: 1,
  operationName: 'O',
  lineId: 1,
  lineName: 'L',
  toolId: null,
  toolName: null,
  targetQty: 10,
  status: 'PLAN_COMPLETED',
  goodQty: 0,
  badQty: 0,
  startedAt: null,
  endedAt: null,
  description: null,
  createdBy: 'a',
  createdAt: '2026-11-01T00:00:00Z',
  updatedBy: 'a',
  updatedAt: '2026-11-01T00:00:00Z',
  ...over,
});

describe('the plan list period', () => {
  it('defaults to the current month', () => {
    expect(currentMonth(dayjs('2026-02-14'))).toBe('2026-02-01 ~ 2026-02-28');
  });
  it('asks for a period in order and at most 366 days', () => {
    expect(periodOf('2026-11-01 ~ 2026-11-30')).toEqual({ startDt: '2026-11-01', endDt: '2026-11-30', error: null });
    expect(periodOf(undefined).error).toBe('기간을 선택하세요.');
    expect(periodOf('2026-11-30 ~ 2026-11-01').error).toBe('종료일은 시작일 이후여야 합니다.');
    expect(periodOf('2026-01-01 ~ 2027-01-02').error).toContain('366');
  });
});

describe('the daily plan editor', () => {
  it('locks the rows with results: started, or with a good or bad quantity', () => {
    expect(hasResults(daily({}))).toBe(false);
    expect(hasResults(daily({ status: 'WORKING' }))).toBe(true);
    expect(hasResults(daily({ goodQty: 1 }))).toBe(true);
    expect(hasResults(daily({ badQty: 0.5 }))).toBe(true);
    const rows = rowsOf([daily({ id: 1 }), daily({ id: 2, status: 'WORK_COMPLETED' })]);
    expect(rows.map((r) => [r.key, r.locked])).toEqual([
      ['d1', false],
      ['d2', true],
    ]);
  });

  it('adds a row on the day after the last one, back to the first day past the plan', () => {
    const first = newRow([], plan, 7);
    expect(first).toMatchObject({ day: '2026-11-02', toolId: 7, targetQty: null, locked: false });
    expect(first.id).toBeUndefined();
    expect(newRow(rowsOf([daily({ day: '2026-11-03' })]), plan, null).day).toBe('2026-11-04');
    expect(newRow(rowsOf([daily({ day: '2026-11-06' })]), plan, null).day).toBe('2026-11-02');
    expect(newRow([first], plan, null).key).not.toBe(first.key);
  });

  it('checks each row: a day inside the plan and a target of at least 0, in the user language', () => {
    const rows = [
      { ...newRow([], plan, null), key: 'a', targetQty: 5 },
      { ...newRow([], plan, null), key: 'b', day: '2026-11-09', targetQty: -1 },
      { ...newRow([], plan, null), key: 'c', day: null, targetQty: null },
      { ...newRow([], plan, null), key: 'd', targetQty: 0 },
    ];
    const kr = dailyRowErrors(rows, plan, 'kr');
    expect([...kr.keys()]).toEqual(['b', 'c']);
    expect(kr.get('b')).toEqual({
      day: '일일 계획은 생산 계획 기간(2026-11-02 ~ 2026-11-06) 안의 날이어야 합니다.',
      targetQty: '목표 수량은 0 이상이어야 합니다.',
    });
    expect(kr.get('c')).toEqual({ day: '필수 입력 항목입니다.', targetQty: '필수 입력 항목입니다.' });
    expect(dailyRowErrors(rows, plan, 'en').get('b')?.targetQty).toBe('The target quantity must be at least 0.');
  });

  it('saves the list with the ids of stored rows and without them for new ones', () => {
    const stored = rowsOf([daily({ id: 4, day: '2026-11-03', targetQty: 20, toolId: 9, description: ' 야간 ' })]);
    const added = { ...newRow(stored, plan, 9), targetQty: 5 };
    expect(dailyPlansBody([...stored, added])).toEqual([
      { id: 4, day: '2026-11-03', targetQty: 20, toolId: 9, description: '야간' },
      { day: '2026-11-04', targetQty: 5, toolId: 9, description: null },
    ]);
  });

  it('knows when the list differs from what is stored', () => {
    const stored = rowsOf([daily({ id: 1 }), daily({ id: 2 })]);
    expect(isDirty(stored, stored)).toBe(false);
    expect(isDirty([stored[0]], stored)).toBe(true);
    expect(isDirty([stored[0], { ...stored[1], targetQty: 11 }], stored)).toBe(true);
    expect(isDirty([stored[0], { ...stored[1], description: '' }], stored)).toBe(false);
  });

  it('places a 400 of the list on its row and field', () => {
    expect(rowFieldOf('dailyPlans.3.day')).toEqual({ index: 3, field: 'day' });
    expect(rowFieldOf('dailyPlans.0.toolId')).toEqual({ index: 0, field: 'toolId' });
    expect(rowFieldOf('operPlanId')).toBeNull();
  });

  it('sums quantities without floating point noise', () => {
    expect(sumQty([0.1, 0.2, null])).toBe(0.3);
  });
});

describe('the spread period', () => {
  it('stays inside the plan and in order; each end is optional', () => {
    expect(spreadPeriodError(null, null, plan, 'kr')).toBeNull();
    expect(spreadPeriodError('2026-11-03', null, plan, 'kr')).toBeNull();
    expect(spreadPeriodError('2026-11-01', null, plan, 'en')?.field).toBe('from');
    expect(spreadPeriodError(null, '2026-11-07', plan, 'en')?.field).toBe('to');
    expect(spreadPeriodError('2026-11-05', '2026-11-03', plan, 'kr')).toEqual({
      field: 'to',
      text: '종료일은 시작일 이후여야 합니다.',
    });
  });
});
