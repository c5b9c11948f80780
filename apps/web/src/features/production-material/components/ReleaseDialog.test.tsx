import type { MaterialStock, PlanMaterial, PlanMaterials } from '@eqms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../app/store.ts';
import { i18n } from '../../../i18n/index.ts';
import { defaultMaterial, defaultReleaseQty } from '../release-rules.ts';
import { ReleaseDialog } from './ReleaseDialog.tsx';

const material = (over: Partial<PlanMaterial>): PlanMaterial => ({
  materialId: 1,
  code: 'M-1',
  name: '밀가루',
  unit: 'KG',
  requiredQty: 10,
  releasedQty: 10,
  restockedQty: 0,
  consumedQty: 0,
  atLineQty: 10,
  toReleaseQty: 0,
  stockQty: 100,
  ...over,
});

const plan: PlanMaterials = {
  planId: 41,
  productId: 5,
  productCode: 'P-1',
  productName: '케이스',
  qty: 10,
  lineId: 3,
  // The first material is fully released: the dialog starts with the second, still to release.
  materials: [
    material({}),
    material({
      materialId: 2,
      code: 'M-2',
      name: '설탕',
      releasedQty: 0,
      atLineQty: 0,
      requiredQty: 12,
      toReleaseQty: 12,
    }),
  ],
  stocks: [],
};

const row = (over: Partial<MaterialStock>): MaterialStock => ({
  id: 11,
  packageId: 'PKG-OLD',
  materialId: 2,
  materialCode: 'M-2',
  materialName: '설탕',
  materialType: 'RAW',
  specification: null,
  unit: 'KG',
  qty: 5,
  receivedQty: 5,
  locationId: 3,
  toolId: null,
  toolName: null,
  placePath: '본사 / 창고 / A-1',
  supplierId: null,
  supplierName: null,
  supplierLot: null,
  receivedDate: '2024-01-01',
  manufactureDate: null,
  expiryDate: '2024-02-01',
  daysToExpiry: -400,
  expiryState: 'EXPIRED',
  description: null,
  createdBy: 'admin',
  createdAt: '2024-01-01T00:00:00Z',
  updatedBy: 'admin',
  updatedAt: '2024-01-01T00:00:00Z',
  ...over,
});
const expired = row({});
const fresh = row({
  id: 12,
  packageId: 'PKG-NEW',
  qty: 30,
  expiryDate: '2999-01-01',
  daysToExpiry: 9999,
  expiryState: 'OK',
});

type Posted = { path: string; body: Record<string, unknown> };
let posted: Posted[] = [];
let answers: { status: number; body: unknown }[] = [];
let requested: string[] = [];

function mockApi(rows: MaterialStock[]) {
  posted = [];
  requested = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (init.method === 'POST') {
        posted.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
        const answer = answers.shift() ?? { status: 200, body: { data: {} } };
        return json(answer.status, answer.body);
      }
      requested.push(url.pathname);
      if (url.pathname === '/api/material-stock/material/2/stocks')
        return json(200, { data: rows, total: rows.length });
      return json(200, { data: [] });
    }),
  );
}

function wrap(ui: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={qc}>{ui}</QueryClientProvider>);
}

async function open(rows: MaterialStock[]) {
  mockApi(rows);
  wrap(<ReleaseDialog plan={plan} onClose={() => undefined} />);
  await screen.findByText(rows[0].packageId);
}

const qtyInput = () =>
  (screen.getByTestId('prod-release-qty').querySelector('input') ??
    screen.getByTestId('prod-release-qty')) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByTestId('prod-release-submit'));

beforeEach(async () => {
  useAppStore.setState({
    locale: 'kr',
    user: { id: 99, userId: 'wh01', permissions: {} } as never,
    lastAccess: Date.now(),
    snackbar: { show: false, text: '', type: 'info', timeout: 2000, key: 0 },
  });
  answers = [];
  await act(() => i18n.changeLanguage('kr'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('release rules', () => {
  it('proposes the first material still to release, else the first', () => {
    expect(defaultMaterial(plan.materials)?.materialId).toBe(2);
    expect(defaultMaterial([material({})])?.materialId).toBe(1);
    expect(defaultMaterial([])).toBeUndefined();
  });
  it('proposes what the plan still needs, at most what the package holds', () => {
    expect(defaultReleaseQty(12, 5)).toBe(5);
    expect(defaultReleaseQty(12, 30)).toBe(12);
    expect(defaultReleaseQty(0.1 + 0.2, 30)).toBe(0.3);
    expect(defaultReleaseQty(0, 30)).toBeNull();
    expect(defaultReleaseQty(12, undefined)).toBeNull();
  });
});

describe('ReleaseDialog', () => {
  it('starts with the material still to release, its first package in picking order and the quantity it allows', async () => {
    await open([expired, fresh]);
    expect(requested).toContain('/api/material-stock/material/2/stocks');
    expect(screen.getByTestId('prod-release-material')).toHaveTextContent('M-2 · 설탕');
    await waitFor(() => expect(screen.getByText('PKG-OLD').closest('tr')).toHaveClass('ant-table-row-selected'));
    // min(still to release 12, the package's 5)
    await waitFor(() => expect(qtyInput().value).toBe('5'));
    // Another package: the quantity follows it (min(12, 30)).
    fireEvent.click(screen.getByText('PKG-NEW'));
    await waitFor(() => expect(qtyInput().value).toBe('12'));
  });

  it('asks the reason for an expired package, and none for a fresh one', async () => {
    await open([expired, fresh]);
    expect(await screen.findByTestId('prod-release-expired')).toBeInTheDocument();
    await waitFor(() => expect(qtyInput().value).toBe('5'));
    submit();
    const reasonItem = screen.getByTestId('prod-release-expired-reason').closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(within(reasonItem).getByText('필수 입력 항목입니다.')).toBeInTheDocument());
    expect(posted).toHaveLength(0);

    fireEvent.change(screen.getByTestId('prod-release-expired-reason'), { target: { value: '긴급 생산' } });
    submit();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].path).toBe('/api/material-stock/ship-out');
    expect(posted[0].body).toMatchObject({ stockId: 11, planId: 41, qty: 5, expiredReason: '긴급 생산' });
  });

  it('sends no reason for a package that has not expired', async () => {
    await open([fresh]);
    await waitFor(() => expect(qtyInput().value).toBe('12'));
    expect(screen.queryByTestId('prod-release-expired')).toBeNull();
    submit();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].body).toMatchObject({ stockId: 12, planId: 41, qty: 12, expiredReason: null });
  });

  it('shows the reason field when the server says the package has expired, and sends the reason', async () => {
    answers = [
      {
        status: 409,
        body: {
          status: 409,
          code: 'CONFLICT',
          message: 'Conflict',
          extraData: { messageKey: 'stockExpired {"date":"2026-11-25"}' },
        },
      },
    ];
    await open([fresh]);
    await waitFor(() => expect(qtyInput().value).toBe('12'));
    submit();
    expect(await screen.findByTestId('prod-release-refusal')).toHaveTextContent(
      '유통기한(2026-11-25)이 지난 재고입니다',
    );
    expect(await screen.findByTestId('prod-release-expired-reason')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('prod-release-expired-reason'), { target: { value: '확인 완료' } });
    submit();
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1].body).toMatchObject({ stockId: 12, expiredReason: '확인 완료' });
  });

  it('shows the out-of-stock refusal in the dialog, which stays open', async () => {
    answers = [
      {
        status: 409,
        body: {
          status: 409,
          code: 'OUT_OF_STOCK',
          message: 'Out of stock',
          extraData: { messageKey: 'outOfStock {"available":30,"requested":99,"unit":"KG"}' },
        },
      },
    ];
    await open([fresh]);
    await waitFor(() => expect(qtyInput().value).toBe('12'));
    fireEvent.change(qtyInput(), { target: { value: '99' } });
    submit();
    expect(await screen.findByTestId('prod-release-refusal')).toHaveTextContent(
      '재고가 부족합니다. 현재 재고: 30 KG, 요청: 99 KG',
    );
    expect(screen.getByTestId('prod-release')).toBeInTheDocument();
  });
});
