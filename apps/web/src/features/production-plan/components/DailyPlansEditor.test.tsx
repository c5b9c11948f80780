import type { DailyPlan, ProductionOperPlan, ProductionPlan } from '@eqms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../app/store.ts';
import { i18n, registerLocales } from '../../../i18n/index.ts';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { DailyPlansEditor } from './DailyPlansEditor.tsx';

registerLocales('productionPlan', { kr, en });

const audit = {
  createdBy: 'admin',
  createdAt: '2026-11-01T00:00:00Z',
  updatedBy: 'admin',
  updatedAt: '2026-11-01T00:00:00Z',
};
const plan = {
  id: 31,
  productId: 4,
  productCode: 'FG-1',
  productName: '케이스',
  unit: 'EA',
  qty: 40,
  startDt: '2026-11-02',
  endDt: '2026-11-06',
  lineId: 5,
  lineName: '1라인',
  linePath: '1공장 / 1라인',
  lotSeq: 1,
  status: 'WORKING',
  goodQty: 0,
  achievementRate: 0,
  hasResults: true,
  description: null,
  modifyReason: null,
  ...audit,
} satisfies ProductionPlan;
const operPlan = {
  id: 41,
  planId: 31,
  seq: 1,
  operationId: 8,
  operationCode: 'OP-1',
  operationName: '사출',
  toolId: null,
  toolCode: null,
  toolName: null,
  targetQty: 40,
  cycleTime: null,
  dailyTargetQty: 40,
  dailyPlanCount: 2,
  goodQty: 12,
  badQty: 1,
  description: null,
  ...audit,
} satisfies ProductionOperPlan;
const daily = (over: Partial<DailyPlan>): DailyPlan => ({
  id: 51,
  planId: 31,
  operPlanId: 41,
  day: '2026-11-02',
  productId: 4,
  productCode: 'FG-1',
  productName: '케이스',
  unit: 'EA',
  seq: 1,
  operationId: 8,
  operationName: '사출',
  lineId: 5,
  lineName: '1라인',
  toolId: null,
  toolName: null,
  targetQty: 20,
  status: 'PLAN_COMPLETED',
  goodQty: 0,
  badQty: 0,
  startedAt: null,
  endedAt: null,
  description: null,
  ...audit,
  ...over,
});
const worked = daily({ id: 51, day: '2026-11-02', status: 'WORKING', goodQty: 12, badQty: 1 });
const planned = daily({ id: 52, day: '2026-11-03' });

let posted: Record<string, unknown>[] = [];
let saveAnswer: { status: number; body: unknown } = { status: 200, body: { data: [] } };

function mockApi() {
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (init.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return json(saveAnswer.status, saveAnswer.body);
      }
      if (url.pathname === '/api/productionplan/operplan/41/daily-plans') return json(200, { data: [worked, planned] });
      return json(200, { data: [] });
    }),
  );
}

async function setLocale(locale: 'kr' | 'en') {
  useAppStore.setState({ locale });
  await act(() => i18n.changeLanguage(locale));
}

async function openEditor() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <DailyPlansEditor plan={plan} operPlan={operPlan} />
    </QueryClientProvider>,
  );
  await screen.findByTestId('daily-row-1');
}

const dayInput = (i: number) => screen.getByTestId(`daily-day-${i}`);

beforeEach(async () => {
  useAppStore.setState({
    user: { id: 99, userId: 'planner', permissions: { productionPlan: { all: true } } } as never,
    lastAccess: Date.now(),
    snackbar: { show: false, text: '', type: 'info', timeout: 2000, key: 0 },
  });
  saveAnswer = { status: 200, body: { data: [worked, planned] } };
  mockApi();
  await setLocale('kr');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DailyPlansEditor', () => {
  it('keeps the day of a daily plan with results and does not let it be removed', async () => {
    await openEditor();
    expect(screen.getByTestId('daily-status-0')).toHaveTextContent('작업 중');
    expect(screen.getByTestId('daily-status-1')).toHaveTextContent('계획 완료');
    expect(dayInput(0)).toBeDisabled();
    expect(screen.getByTestId('daily-remove-0')).toBeDisabled();
    expect(dayInput(1)).not.toBeDisabled();
    expect(screen.getByTestId('daily-remove-1')).not.toBeDisabled();
    // Its target may still change.
    expect(screen.getByTestId('daily-target-0')).not.toBeDisabled();
    expect(screen.getByTestId('daily-save')).toBeDisabled();
  });

  it('checks the rows before saving and sends the whole list, stored rows with their ids', async () => {
    await openEditor();
    fireEvent.click(screen.getByTestId('daily-remove-1'));
    fireEvent.click(screen.getByTestId('daily-add'));
    expect(screen.getByTestId('daily-unsaved')).toBeInTheDocument();
    // The new row takes the day after the last one; without a target it cannot be saved.
    expect(dayInput(1)).toHaveValue('2026-11-03');
    fireEvent.click(screen.getByTestId('daily-save'));
    expect(await screen.findByTestId('daily-target-error-1')).toHaveTextContent('필수 입력 항목입니다.');
    expect(posted).toHaveLength(0);

    fireEvent.change(screen.getByTestId('daily-target-1'), { target: { value: '28' } });
    fireEvent.change(screen.getByTestId('daily-target-0'), { target: { value: '12' } });
    expect(screen.getByTestId('daily-sum')).toHaveTextContent('일일 계획 합계 40 / 목표 40');
    fireEvent.click(screen.getByTestId('daily-save'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      operPlanId: 41,
      dailyPlans: [
        { id: 51, day: '2026-11-02', targetQty: 12, toolId: null, description: null },
        { day: '2026-11-03', targetQty: 28, toolId: null, description: null },
      ],
    });
  });

  it('shows a refusal of the server (409 dailyPlanHasResults) above the list, in the user language', async () => {
    saveAnswer = {
      status: 409,
      body: {
        status: 409,
        code: 'CONFLICT',
        message: 'A daily plan with results cannot move to another day or be removed (2026-11-02).',
        extraData: { messageKey: 'dailyPlanHasResults {"day":"2026-11-02"}' },
      },
    };
    await openEditor();
    fireEvent.change(screen.getByTestId('daily-target-1'), { target: { value: '21' } });
    fireEvent.click(screen.getByTestId('daily-save'));
    expect(await screen.findByTestId('daily-refusal')).toHaveTextContent(
      '실적이 있는 일일 계획은 날짜를 바꾸거나 뺄 수 없습니다(2026-11-02).',
    );
    // The edits stay for another try.
    expect(screen.getByTestId('daily-unsaved')).toBeInTheDocument();
    await setLocale('en');
    expect(screen.getByTestId('daily-refusal')).toHaveTextContent(
      'A daily plan with results cannot move to another day or be removed (2026-11-02).',
    );
  });

  it('puts a 400 of the list on the row it names', async () => {
    saveAnswer = {
      status: 400,
      body: {
        status: 400,
        code: 'VALIDATION_ERROR',
        message: 'Invalid',
        extraData: { fields: [{ field: 'dailyPlans.1.toolId', message: 'toolNotOnLine' }] },
      },
    };
    await openEditor();
    fireEvent.change(screen.getByTestId('daily-target-1'), { target: { value: '21' } });
    fireEvent.click(screen.getByTestId('daily-save'));
    expect(await screen.findByTestId('daily-tool-error-1')).toBeInTheDocument();
  });
});
