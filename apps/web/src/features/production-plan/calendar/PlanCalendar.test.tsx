import type { DailyPlan } from '@eqms/contract';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, registerLocales } from '../../../i18n/index.ts';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { PlanCalendar } from './PlanCalendar.tsx';

registerLocales('productionPlan', { kr, en });

// The month grid component as both wrappers use it: entries by line in their status, "+N more" with the whole day,
// a click on an entry, today; read-only on the TV.

let nextId = 1;
const daily = (day: string, lineId: number, extra: Partial<DailyPlan> = {}): DailyPlan => ({
  id: nextId++,
  planId: 7,
  operPlanId: 70,
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
  goodQty: 32,
  badQty: 1,
  startedAt: null,
  endedAt: null,
  description: null,
  createdBy: null,
  createdAt: '2026-11-01T00:00:00+09:00',
  updatedBy: null,
  updatedAt: '2026-11-01T00:00:00+09:00',
  ...extra,
});

const plans = [
  daily('2026-11-02', 1, { status: 'WORKING' }),
  daily('2026-11-02', 1, { operationName: '포장', seq: 2, status: 'WORK_COMPLETED' }),
  daily('2026-11-02', 1, { planId: 8, productCode: 'FG2001' }),
  daily('2026-11-02', 1, { planId: 8, productCode: 'FG2001', operationName: '포장' }),
  daily('2026-11-02', 2, { planId: 9, productCode: 'SA3101', operationName: '조립', targetQty: 1234.5, goodQty: 0 }),
  daily('2026-11-03', 2, { planId: 9, productCode: 'SA3101' }),
];

beforeEach(async () => {
  await act(() => i18n.changeLanguage('kr'));
});
afterEach(cleanup);

describe('PlanCalendar', () => {
  it('lists a day by line in status colours, cuts a full cell with "+N more" and opens the whole day', async () => {
    const onOpen = vi.fn();
    render(
      <ConfigProvider theme={{ token: { motion: false } }}>
        <PlanCalendar yearMonth="2026-11" plans={plans} today="2026-11-03" showLines maxRows={4} onOpen={onOpen} />
      </ConfigProvider>,
    );
    expect(screen.getAllByTestId('plan-calendar-weekday').map((e) => e.textContent)).toEqual([
      '월',
      '화',
      '수',
      '목',
      '금',
      '토',
      '일',
    ]);
    // 42 days: 26 Oct … 6 Dec; today marked; October's days outside the month.
    expect(document.querySelectorAll('[data-testid^=plan-calendar-day-]')).toHaveLength(42);
    expect(screen.getByTestId('plan-calendar-day-2026-11-03').getAttribute('data-today')).toBe('true');
    expect(screen.getByTestId('plan-calendar-day-2026-10-26').getAttribute('data-in-month')).toBe('false');

    // Monday 2 Nov: 2 lines and 5 daily plans are 7 rows; 4 fit: the first
    // line (beside the date), 3 plans, and "+2" at the end of the date's row.
    const monday = within(screen.getByTestId('plan-calendar-day-2026-11-02'));
    const entries = monday.getAllByTestId('plan-calendar-entry');
    expect(entries.map((e) => e.textContent)).toEqual(['FG1001 성형 40/32', 'FG1001 포장 40/32', 'FG2001 성형 40/32']);
    expect(entries.map((e) => e.getAttribute('data-status'))).toEqual(['WORKING', 'WORK_COMPLETED', 'PLAN_COMPLETED']);
    expect(entries[0].tagName).toBe('BUTTON');
    expect(entries[0].getAttribute('title')).toContain('목표 40, 양품 32, 불량 1 (작업 중)');
    expect(monday.getAllByTestId('plan-calendar-line').map((e) => e.textContent)).toEqual(['1라인']);
    const more = screen.getByTestId('plan-calendar-more-2026-11-02');
    expect(more.textContent).toBe('+2건');
    expect(more.getAttribute('aria-label')).toBe('2건 더 보기');

    fireEvent.click(entries[1]);
    expect(onOpen).toHaveBeenCalledWith(plans[1]);

    fireEvent.click(more);
    const list = await screen.findByTestId('plan-calendar-day-list');
    expect(
      within(list)
        .getAllByTestId('plan-calendar-line')
        .map((e) => e.textContent),
    ).toEqual(['1라인', '2라인']);
    const all = within(list).getAllByTestId('plan-calendar-list-entry');
    expect(all).toHaveLength(5);
    expect(all[4].textContent).toBe('SA3101 조립 1,234.5/0');
    fireEvent.click(all[4]);
    expect(onOpen).toHaveBeenLastCalledWith(plans[4]);
    await waitFor(() => expect(screen.queryByTestId('plan-calendar-day-list')).toBeNull());

    // Tuesday fits: the second line and its plan, no "+N".
    const tuesday = within(screen.getByTestId('plan-calendar-day-2026-11-03'));
    expect(tuesday.getAllByTestId('plan-calendar-entry')).toHaveLength(1);
    expect(screen.queryByTestId('plan-calendar-more-2026-11-03')).toBeNull();
  });

  it('a line alone shows no line names; the TV variant has no buttons; an empty month says so, in English', async () => {
    await act(() => i18n.changeLanguage('en'));
    const { unmount } = render(
      <PlanCalendar
        yearMonth="2026-11"
        plans={plans}
        today="2026-11-03"
        showLines={false}
        size="tv"
        maxRows={4}
        testId="tv"
      />,
    );
    expect(screen.queryAllByTestId('plan-calendar-line')).toHaveLength(0);
    const monday = within(screen.getByTestId('tv-day-2026-11-02'));
    expect(monday.getAllByTestId('tv-entry')[0].tagName).toBe('DIV');
    expect(monday.getAllByTestId('tv-entry')).toHaveLength(4);
    expect(screen.getByTestId('tv-more-2026-11-02').textContent).toBe('+1 more');
    expect(screen.getAllByTestId('tv-weekday')[0].textContent).toBe('Mon');
    unmount();
    render(<PlanCalendar yearMonth="2026-12" plans={[]} today="2026-11-03" showLines />);
    expect(screen.getByTestId('plan-calendar-empty').textContent).toBe('No daily plans in this month.');
  });
});
