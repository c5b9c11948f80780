import type { MaterialStock } from '@eqms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../app/store.ts';
import { i18n, registerLocales } from '../../../i18n/index.ts';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { SellDialog } from './SellDialog.tsx';

registerLocales('materialStock', { kr, en });

const row = (over: Partial<MaterialStock>): MaterialStock => ({
  id: 11,
  packageId: 'PKG-OLD',
  materialId: 1,
  materialCode: 'M-1',
  materialName: '밀가루',
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
const fresh = row({ id: 12, packageId: 'PKG-NEW', expiryDate: '2999-01-01', daysToExpiry: 9999, expiryState: 'OK' });

type Posted = { path: string; body: Record<string, unknown> };
let posted: Posted[] = [];
let saleAnswer: { status: number; body: unknown } = { status: 200, body: {} };

function mockApi(rows: MaterialStock[]) {
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (init.method === 'POST') {
        posted.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
        return json(saleAnswer.status, saleAnswer.body);
      }
      if (url.pathname === '/api/material-stock/material/1/stocks')
        return json(200, { data: rows, total: rows.length });
      if (url.pathname === '/api/biz-partner/type/CUSTOMER')
        return json(200, { data: [{ id: 7, code: 'C1', name: '고객A', types: ['CUSTOMER'] }] });
      if (url.pathname === '/api/material/materials') return json(200, { data: [], total: 0 });
      return json(200, { data: [] });
    }),
  );
}

function wrap(ui: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={qc}>{ui}</QueryClientProvider>);
}

async function setLocale(locale: 'kr' | 'en') {
  useAppStore.setState({ locale });
  await act(() => i18n.changeLanguage(locale));
}

async function openWithCustomer(rows: MaterialStock[]) {
  mockApi(rows);
  wrap(<SellDialog open from={expired} onClose={() => undefined} />);
  // The rows come in picking order; the first (expired) is preselected.
  await screen.findByText(rows[0].packageId);
  const customer = screen.getByTestId('stock-sell-customer');
  fireEvent.mouseDown(customer.querySelector('input') ?? customer);
  fireEvent.click(await screen.findByText('고객A (C1)'));
  const qty = screen.getByTestId('stock-sell-qty').querySelector('input') ?? screen.getByTestId('stock-sell-qty');
  fireEvent.change(qty, { target: { value: '2' } });
}

const submit = () => fireEvent.click(screen.getByTestId('stock-sell-submit'));

beforeEach(async () => {
  useAppStore.setState({
    user: { id: 99, userId: 'wh01', permissions: {} } as never,
    lastAccess: Date.now(),
    snackbar: { show: false, text: '', type: 'info', timeout: 2000, key: 0 },
  });
  saleAnswer = { status: 200, body: { data: {} } };
  await setLocale('kr');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SellDialog', () => {
  it('requires the override reason for an expired row and sends it', async () => {
    await openWithCustomer([expired, fresh]);
    expect(await screen.findByTestId('stock-sell-expired')).toBeInTheDocument();
    submit();
    const reasonItem = screen.getByTestId('stock-sell-expired-reason').closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(within(reasonItem).getByText('필수 입력 항목입니다.')).toBeInTheDocument());
    expect(posted).toHaveLength(0);

    fireEvent.change(screen.getByTestId('stock-sell-expired-reason'), { target: { value: '고객 요청' } });
    submit();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].path).toBe('/api/material-sales');
    expect(posted[0].body).toMatchObject({ stockId: 11, customerId: 7, qty: 2, expiredReason: '고객 요청' });
  });

  it('asks no reason for a row that has not expired', async () => {
    await openWithCustomer([fresh]);
    await waitFor(() => expect(screen.getByText('PKG-NEW').closest('tr')).toHaveClass('ant-table-row-selected'));
    expect(screen.queryByTestId('stock-sell-expired')).toBeNull();
    submit();
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].body).toMatchObject({ stockId: 12, expiredReason: null });
  });

  it('shows the out-of-stock refusal in the dialog, in either language, and stays open', async () => {
    saleAnswer = {
      status: 409,
      body: {
        status: 409,
        code: 'OUT_OF_STOCK',
        message: 'Out of stock',
        extraData: { messageKey: 'outOfStock {"available":5,"requested":9,"unit":"KG"}' },
      },
    };
    await openWithCustomer([fresh]);
    submit();
    const refusal = await screen.findByTestId('stock-sell-refusal');
    expect(refusal).toHaveTextContent('재고가 부족합니다. 현재 재고: 5 KG, 요청: 9 KG');
    expect(screen.getByTestId('stock-sell')).toBeInTheDocument();
    await setLocale('en');
    expect(screen.getByTestId('stock-sell-refusal')).toHaveTextContent('Out of stock: 5 KG on hand, 9 KG asked.');
  });
});
