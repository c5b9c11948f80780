import type { ProductionPlan } from '@eqms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../app/store.ts';
import { i18n, registerLocales } from '../../../i18n/index.ts';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { PlanFormDialog } from './PlanFormDialog.tsx';

registerLocales('productionPlan', { kr, en });

const plan = (over: Partial<ProductionPlan> = {}): ProductionPlan => ({
  id: 31,
  productId: 4,
  productCode: 'FG-1',
  productName: '케이스',
  unit: 'EA',
  qty: 100,
  startDt: '2026-11-02',
  endDt: '2026-11-06',
  lineId: 5,
  lineName: '1라인',
  linePath: '1공장 / 1라인',
  lotSeq: 1,
  status: 'PLAN_COMPLETED',
  goodQty: 0,
  achievementRate: 0,
  hasResults: false,
  description: null,
  modifyReason: null,
  createdBy: 'admin',
  createdAt: '2026-11-01T00:00:00Z',
  updatedBy: 'admin',
  updatedAt: '2026-11-01T00:00:00Z',
  ...over,
});

type Sent = { method: string; path: string; body: Record<string, unknown> };
let sent: Sent[] = [];
/** The answer of PUT /productionplan/plan (the normal modify). */
let normalAnswer: { status: number; body: unknown } = { status: 200, body: {} };

function mockApi() {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      const method = init.method ?? 'GET';
      if (method !== 'GET') {
        sent.push({ method, path: url.pathname, body: JSON.parse(String(init.body)) });
        if (url.pathname === '/api/productionplan/plan') return json(normalAnswer.status, normalAnswer.body);
        return json(200, { data: plan({ hasResults: true, modifyReason: 'x' }) });
      }
      if (url.pathname === '/api/location/tree')
        return json(200, {
          data: [
            {
              id: 2,
              name: '1공장',
              type: 'FACTORY',
              parentId: null,
              children: [{ id: 5, name: '1라인', type: 'LINE', parentId: 2, children: [] }],
            },
          ],
        });
      return json(200, { data: [] });
    }),
  );
}

function open(p: ProductionPlan) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <PlanFormDialog open plan={p} onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

async function setLocale(locale: 'kr' | 'en') {
  useAppStore.setState({ locale });
  await act(() => i18n.changeLanguage(locale));
}

const submit = () => fireEvent.click(screen.getByTestId('plan-form-submit'));
const reasonError = () =>
  within(screen.getByTestId('plan-form-reason').closest('.ant-form-item') as HTMLElement).findByText(
    '필수 입력 항목입니다.',
  );

beforeEach(async () => {
  useAppStore.setState({
    user: { id: 99, userId: 'planner', permissions: {} } as never,
    lastAccess: Date.now(),
    snackbar: { show: false, text: '', type: 'info', timeout: 2000, key: 0 },
  });
  normalAnswer = { status: 200, body: { data: plan() } };
  mockApi();
  await setLocale('kr');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PlanFormDialog', () => {
  it('changes a plan without results by the normal modify, asking no reason', async () => {
    open(plan());
    expect(screen.queryByTestId('plan-form-forced')).toBeNull();
    expect(screen.queryByTestId('plan-form-reason')).toBeNull();
    expect(screen.getByTestId('plan-form-product')).toHaveValue('FG-1 케이스');
    expect(screen.getByTestId('plan-form-product')).toBeDisabled();
    fireEvent.change(screen.getByTestId('plan-form-qty'), { target: { value: '120' } });
    submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      path: '/api/productionplan/plan',
      body: { id: 31, qty: 120, startDt: '2026-11-02', endDt: '2026-11-06', lineId: 5, description: null },
    });
    expect(sent[0].body).not.toHaveProperty('reason');
  });

  it('uses the forced modify for a plan with results: explains it and requires the reason', async () => {
    open(plan({ hasResults: true }));
    expect(await screen.findByTestId('plan-form-forced')).toHaveTextContent('사유는 변경 이력에 함께 남습니다');
    expect(screen.getByTestId('plan-form-submit')).toHaveTextContent('강제 수정');
    submit();
    await reasonError();
    expect(sent).toHaveLength(0);
    fireEvent.change(screen.getByTestId('plan-form-reason'), { target: { value: '설비 고장으로 기간 연장' } });
    submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      path: '/api/productionplan/plan/force',
      body: { id: 31, qty: 100, reason: '설비 고장으로 기간 연장' },
    });
  });

  it('switches to the forced modify when the normal one is refused for results (409 planHasResults)', async () => {
    normalAnswer = {
      status: 409,
      body: {
        status: 409,
        code: 'CONFLICT',
        message: 'This production plan has results.',
        extraData: { messageKey: 'planHasResults' },
      },
    };
    open(plan());
    submit();
    expect(await screen.findByTestId('plan-form-forced')).toBeInTheDocument();
    expect(sent.map((s) => s.path)).toEqual(['/api/productionplan/plan']);
    // The dialog stays open and now needs the reason.
    await waitFor(() =>
      expect(useAppStore.getState().snackbar.text).toBe(
        '실적이 있는 생산 계획입니다. 바꾸려면 사유를 입력하고 강제 수정하세요.',
      ),
    );
    submit();
    await reasonError();
    expect(sent).toHaveLength(1);
    fireEvent.change(screen.getByTestId('plan-form-reason'), { target: { value: '고객 요청' } });
    submit();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ path: '/api/productionplan/plan/force', body: { reason: '고객 요청' } });
  });

  it('shows a server 400 on its field, in the user language', async () => {
    normalAnswer = {
      status: 400,
      body: {
        status: 400,
        code: 'VALIDATION_ERROR',
        message: 'Invalid',
        extraData: { fields: [{ field: 'endDt', message: 'planDaysOutside {"day":"2026-11-09"}' }] },
      },
    };
    await setLocale('en');
    open(plan());
    submit();
    const endItem = screen.getByTestId('plan-form-end').closest('.ant-form-item') as HTMLElement;
    expect(
      await within(endItem).findByText(
        'A daily plan falls outside the period (2026-11-09). Move the daily plans first.',
      ),
    ).toBeInTheDocument();
  });
});
