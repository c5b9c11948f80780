import type { ProductionResultDetail } from '@eqms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../app/store.ts';
import { i18n } from '../../../i18n/index.ts';
import '../production-result.locales.ts';
import { ResultDialog } from './ResultDialog.tsx';

const detail = (over: Partial<ProductionResultDetail> = {}): ProductionResultDetail => ({
  id: 7,
  planId: 3,
  operPlanId: 4,
  day: '2026-11-25',
  productId: 9,
  productCode: 'FG-1',
  productName: '케이스',
  unit: 'EA',
  seq: 1,
  operationId: 5,
  operationName: '성형',
  lineId: 11,
  lineName: '1라인',
  toolId: null,
  toolName: null,
  targetQty: 40,
  status: 'WORKING',
  goodQty: 10,
  badQty: 3,
  startedAt: '2026-11-24T23:30:00.000Z',
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
  lotId: null,
  consumptions: [
    {
      prodStockId: 1,
      stockId: 2,
      packageId: 'PKG-001',
      supplierLot: 'S-LOT-9',
      materialId: 3,
      materialCode: 'M-1',
      materialName: '수지',
      unit: 'KG',
      qty: 26,
    },
  ],
  stockLocationId: null,
  stockLocationPath: null,
  ...over,
});

type Sent = { method: string; path: string; body: Record<string, unknown> };
let sent: Sent[] = [];
let shown: ProductionResultDetail = detail();
let saveAnswer: { status: number; body: unknown } = { status: 200, body: {} };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function mockApi() {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      if (method !== 'GET') {
        sent.push({ method, path: url.pathname, body: JSON.parse(String(init.body)) });
        return json(saveAnswer.status, saveAnswer.body);
      }
      switch (url.pathname) {
        case '/api/productionprofit/7':
          return json(200, { data: shown });
        case '/api/kiosk/locations':
          return json(200, { data: [{ id: 2, name: '1공장', lines: [{ id: 11, name: '1라인' }] }] });
        case '/api/kiosk/works':
          return json(200, {
            data: {
              day: '2026-11-25',
              lineId: 11,
              lineName: '1라인',
              dailyPlans: [],
              workers: [{ id: 31, userId: 'prod01', username: '김생산' }],
              shelves: [{ id: 51, name: 'A-01', path: '제품 창고 / A-01' }],
            },
          });
        case '/api/user/workers/2':
          return json(200, { data: [{ id: 32, userId: 'op02', username: '박작업' }] });
        case '/api/code/DEFECT_TYPE/codes':
          return json(200, {
            data: [
              { id: 1, code: 'APPEARANCE', codeName: '외관 불량', codeNameEn: 'Appearance defect', parentId: null },
              { id: 2, code: 'FUNCTION', codeName: '기능 불량', codeNameEn: 'Functional defect', parentId: null },
            ],
          });
        default:
          return json(200, { data: [] });
      }
    }),
  );
}

const onClose = vi.fn();

function open() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <ResultDialog id={7} onClose={onClose} onHistory={() => undefined} />
    </QueryClientProvider>,
  );
}

async function setLocale(locale: 'kr' | 'en') {
  useAppStore.setState({ locale });
  await act(() => i18n.changeLanguage(locale));
}

/** antd in jsdom is slow on this shared 2-core machine: room for a form's validation and a save's round trip. */
const WAIT = { timeout: 5000 };
const save = () => fireEvent.click(screen.getByTestId('result-save'));
const itemOf = (testId: string) => screen.getByTestId(testId).closest('.ant-form-item') as HTMLElement;

beforeEach(async () => {
  useAppStore.setState({
    user: { id: 99, userId: 'prod01', permissions: { productionProfit: { view: true, modify: true } } } as never,
    lastAccess: Date.now(),
    codes: {},
    snackbar: { show: false, text: '', type: 'info', timeout: 2000, key: 0 },
    confirm: { show: false, title: '', text: '' },
  });
  shown = detail();
  saveAnswer = { status: 200, body: { data: detail() } };
  onClose.mockReset();
  mockApi();
  await setLocale('kr');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ResultDialog', { timeout: 60_000 }, () => {
  it('shows the result and what it consumed; a changed defect quantity makes the bad total, and the save sends it', async () => {
    open();
    expect(await screen.findByTestId('result-dialog-title', undefined, WAIT)).toHaveTextContent(
      '생산 실적 - FG-1 케이스',
    );
    expect(screen.getByTestId('result-operation')).toHaveTextContent('1 / 2 공정 · 성형');
    const consumed = screen.getByTestId('result-consumed');
    expect(within(consumed).getByText('PKG-001')).toBeInTheDocument();
    expect(within(consumed).getByText('S-LOT-9')).toBeInTheDocument();
    // Not the last operation: no shelf, and said so.
    expect(screen.queryByTestId('result-shelf')).toBeNull();
    expect(screen.getByTestId('result-product')).toHaveTextContent('마지막 공정의 양품만');
    expect(screen.getByTestId('result-bad')).toHaveValue('3');

    fireEvent.change(screen.getByTestId('result-good'), { target: { value: '12' } });
    fireEvent.change(screen.getByTestId('result-defect-qty-1'), { target: { value: '4.5' } });
    await waitFor(() => expect(screen.getByTestId('result-bad')).toHaveValue('5.5'), WAIT);
    save();
    await waitFor(() => expect(sent).toHaveLength(1), WAIT);
    expect(sent[0]).toEqual({
      method: 'PUT',
      path: '/api/productionprofit',
      body: {
        id: 7,
        status: 'WORKING',
        goodQty: 12,
        badQty: 5.5,
        defects: [
          { defectCode: 'APPEARANCE', qty: 1 },
          { defectCode: 'FUNCTION', qty: 4.5 },
        ],
        workerId: 31,
        description: null,
      },
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled(), WAIT);
    expect(useAppStore.getState().snackbar.text).toBe('실적을 저장했습니다.');
  });

  it('a quantity on a result not started starts it', async () => {
    shown = detail({ status: 'PLAN_COMPLETED', goodQty: 0, badQty: 0, defects: [], startedAt: null, workerId: null });
    open();
    await screen.findByTestId('result-form', undefined, WAIT);
    expect(screen.getByTestId('result-started')).toBeDisabled();
    fireEvent.change(screen.getByTestId('result-good'), { target: { value: '3' } });
    await waitFor(
      () => expect(within(screen.getByTestId('result-status')).getByRole('radio', { name: '작업 중' })).toBeChecked(),
      WAIT,
    );
    save();
    await waitFor(() => expect(sent).toHaveLength(1), WAIT);
    expect(sent[0].body).toMatchObject({ status: 'WORKING', goodQty: 3, badQty: 0, defects: [] });
  });

  it('asks before moving a started result back to plan completed, and refuses it with quantities', async () => {
    open();
    await screen.findByTestId('result-form', undefined, WAIT);
    fireEvent.click(within(screen.getByTestId('result-status')).getByRole('radio', { name: '계획 완료' }));
    save();
    // Quantities are entered: the rule of the server, on the status.
    expect(
      await within(itemOf('result-status')).findByText(/작업 전\(계획 완료\)/, undefined, WAIT),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    fireEvent.change(screen.getByTestId('result-good'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('result-defect-remove-1'));
    fireEvent.click(screen.getByTestId('result-defect-remove-0'));
    // Without defect rows the bad quantity is typed again (it kept their last sum).
    await waitFor(() => expect(screen.getByTestId('result-bad')).not.toHaveAttribute('readonly'), WAIT);
    expect(screen.getByTestId('result-bad')).toHaveValue('1');
    fireEvent.change(screen.getByTestId('result-bad'), { target: { value: '0' } });
    fireEvent.click(within(screen.getByTestId('result-status')).getByRole('radio', { name: '계획 완료' }));
    save();
    await waitFor(() => expect(useAppStore.getState().confirm.show).toBe(true), WAIT);
    expect(useAppStore.getState().confirm.text).toContain('계획 완료로 되돌리면');
    expect(sent).toHaveLength(0);
    act(() => useAppStore.getState().closeConfirm(true));
    await waitFor(() => expect(sent).toHaveLength(1), WAIT);
    expect(sent[0].body).toMatchObject({ status: 'PLAN_COMPLETED', goodQty: 0, badQty: 0, defects: [] });
  });

  it('lists the shortages of a 409 INSUFFICIENT_BOM_STOCK in the dialog and stays open', async () => {
    saveAnswer = {
      status: 409,
      body: {
        status: 409,
        code: 'INSUFFICIENT_BOM_STOCK',
        message: 'Insufficient BOM stock',
        extraData: {
          shortages: [{ materialId: 3, code: 'M-1', name: '수지', requiredQty: 30.8, stockQty: 26, shortageQty: 4.8 }],
        },
      },
    };
    open();
    await screen.findByTestId('result-form', undefined, WAIT);
    fireEvent.change(screen.getByTestId('result-good'), { target: { value: '11' } });
    save();
    const alert = await screen.findByTestId('result-shortage', undefined, WAIT);
    expect(alert).toHaveTextContent('BOM 자재가 라인에 부족하여 저장하지 않았습니다.');
    const row = within(alert).getByText('M-1 · 수지').closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('30.8');
    expect(within(row).getByTestId('result-shortage-qty')).toHaveTextContent('4.8');
    expect(onClose).not.toHaveBeenCalled();
  });

  it("marks a server 400 on its field in the user's language", async () => {
    saveAnswer = {
      status: 400,
      body: {
        status: 400,
        code: 'VALIDATION_ERROR',
        message: 'Invalid',
        extraData: { fields: [{ field: 'defects.1.defectCode', message: 'notExists' }] },
      },
    };
    await setLocale('en');
    open();
    await screen.findByTestId('result-form', undefined, WAIT);
    save();
    const item = screen.getByTestId('result-defect-code-1').closest('.ant-form-item') as HTMLElement;
    expect(await within(item).findByText('The selected item does not exist.', undefined, WAIT)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('is read-only without the modify right', async () => {
    useAppStore.setState({ user: { id: 99, userId: 'v', permissions: { productionProfit: { view: true } } } as never });
    open();
    expect(await screen.findByTestId('result-read-only', undefined, WAIT)).toBeInTheDocument();
    expect(screen.queryByTestId('result-save')).toBeNull();
    expect(screen.getByTestId('result-good')).toBeDisabled();
  });
});
