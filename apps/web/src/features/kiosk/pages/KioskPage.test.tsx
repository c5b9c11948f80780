import type { KioskFactory, KioskWorks, ProductionResult } from '@eqms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { matchRoutes, MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../app/store.ts';
import { i18n } from '../../../i18n/index.ts';
import { PLACE_STORAGE_KEY } from '../kiosk-rules.ts';
import { work } from '../kiosk-test-data.ts';
import KioskPage from './KioskPage.tsx';

// The kiosk page against a stubbed server: choosing the line (and remembering it), the works as cards, start with the
// worker picker, end with its confirmation, the empty and forbidden states.

const factories: KioskFactory[] = [
  { id: 1, name: '1공장', lines: [{ id: 4, name: '1라인' }] },
  { id: 2, name: '2공장', lines: [{ id: 5, name: '2라인' }] },
];
const planned = work({
  id: 7,
  status: 'PLAN_COMPLETED',
  goodQty: 0,
  badQty: 0,
  workerId: null,
  workerName: null,
  defects: [],
});
const running = work({ id: 8, productCode: 'FG-2', seq: 2, operationName: '포장' });
const worksOf = (list: ProductionResult[]): KioskWorks => ({
  day: '2026-11-25',
  lineId: 4,
  lineName: '1라인',
  dailyPlans: list,
  workers: [
    { id: 11, userId: 'op1', username: '김작업' },
    { id: 12, userId: 'op2', username: '이작업' },
  ],
  shelves: [{ id: 30, name: 'A-1', path: '창고 / A-1' }],
});

type Put = { path: string; body: { dailyPlans: Record<string, unknown>[] } };
let puts: Put[] = [];
let gets: string[] = [];
let current: KioskWorks;
let locationsStatus = 200;

function stubServer() {
  puts = [];
  gets = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (init.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        puts.push({ path: url.pathname, body });
        const saved = body.dailyPlans.map((b: Partial<ProductionResult> & { id: number }) => {
          const was = current.dailyPlans.find((d) => d.id === b.id)!;
          const worker = current.workers.find((w) => w.id === b.workerId);
          return { ...was, ...b, workerName: worker?.username ?? was.workerName };
        });
        current = { ...current, dailyPlans: current.dailyPlans.map((d) => saved.find((s: any) => s.id === d.id) ?? d) };
        return json(200, { data: saved });
      }
      gets.push(url.pathname + url.search);
      if (url.pathname === '/api/kiosk/locations')
        return locationsStatus === 200
          ? json(200, { data: factories })
          : json(403, { status: 403, code: 'FORBIDDEN', message: 'Forbidden' });
      if (url.pathname === '/api/kiosk/works') return json(200, { data: current });
      return json(404, { status: 404, code: 'ROUTE_NOT_FOUND', message: 'no' });
    }),
  );
}

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/kiosk']}>
        <KioskPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const card = (id: number) => document.querySelector(`[data-testid=kiosk-work][data-id="${id}"]`) as HTMLElement;

beforeEach(async () => {
  localStorage.clear();
  locationsStatus = 200;
  current = worksOf([planned, running]);
  useAppStore.setState({
    locale: 'kr',
    lastAccess: Date.now(),
    user: { id: 1, userId: 'op', permissions: { productionProfit: { all: true } } } as never,
    codes: { DEFECT_TYPE: [{ id: 1, code: 'APPEARANCE', codeName: '외관 불량', codeNameEn: null, parentId: null }] },
  });
  await act(() => i18n.changeLanguage('kr'));
  stubServer();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('KioskPage', () => {
  it('asks for the factory and line first, remembers them, and shows the line\u2019s works as cards', async () => {
    renderPage();
    await screen.findByTestId('kiosk-place-picker');
    fireEvent.click(screen.getByTestId('kiosk-factory-1'));
    fireEvent.click(screen.getByTestId('kiosk-line-4'));
    await waitFor(() => expect(card(7)).toBeTruthy());
    expect(gets).toContain('/api/kiosk/works?fabId=1&lineId=4');
    expect(JSON.parse(localStorage.getItem(PLACE_STORAGE_KEY)!)).toEqual({ fabId: 1, lineId: 4 });
    expect(screen.getByTestId('kiosk-place-button')).toHaveTextContent('1라인');
    expect(screen.getByTestId('kiosk-place-factory')).toHaveTextContent('1공장');
    expect(screen.getByTestId('kiosk-day')).toHaveTextContent('2026-11-25');

    // A planned work can start only; a running one takes results and ends.
    expect(within(card(7)).getByTestId('kiosk-work-status')).toHaveTextContent('계획 완료');
    expect(within(card(7)).getByTestId('kiosk-start-button')).toBeEnabled();
    expect(within(card(7)).getByTestId('kiosk-enter-button')).toBeDisabled();
    expect(within(card(8)).getByTestId('kiosk-work-status')).toHaveTextContent('작업 중');
    expect(within(card(8)).getByTestId('kiosk-start-button')).toBeDisabled();
    expect(within(card(8)).getByTestId('kiosk-end-button')).toBeEnabled();
    expect(within(card(8)).getByTestId('kiosk-work-operation')).toHaveTextContent('공정 2/2 · 포장');
    expect(within(card(8)).getByTestId('kiosk-work-rate')).toHaveTextContent('50%');
    expect(within(card(8)).getByTestId('kiosk-work-worker')).toHaveTextContent('김작업');
  });

  it('opens the remembered line at once; start asks for the worker of a work without one', async () => {
    localStorage.setItem(PLACE_STORAGE_KEY, JSON.stringify({ fabId: 1, lineId: 4 }));
    renderPage();
    await waitFor(() => expect(card(7)).toBeTruthy());
    expect(screen.queryByTestId('kiosk-place-picker')).toBeNull();

    fireEvent.click(within(card(7)).getByTestId('kiosk-start-button'));
    expect(await screen.findByTestId('kiosk-start-workers')).toBeInTheDocument();
    expect(screen.getByTestId('kiosk-start-submit')).toBeDisabled();
    fireEvent.click(screen.getByTestId('kiosk-start-worker-12'));
    fireEvent.click(screen.getByTestId('kiosk-start-submit'));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      path: '/api/kiosk/daily-plans',
      body: { dailyPlans: [{ id: 7, goodQty: 0, badQty: 0, status: 'WORKING', workerId: 12 }] },
    });
    await waitFor(() => expect(within(card(7)).getByTestId('kiosk-work-status')).toHaveTextContent('작업 중'));
    expect(within(card(7)).getByTestId('kiosk-work-worker')).toHaveTextContent('이작업');
  });

  it('ends a work after its confirmation, keeping its totals', async () => {
    localStorage.setItem(PLACE_STORAGE_KEY, JSON.stringify({ fabId: 1, lineId: 4 }));
    renderPage();
    await waitFor(() => expect(card(8)).toBeTruthy());
    fireEvent.click(within(card(8)).getByTestId('kiosk-end-button'));
    expect(await screen.findByTestId('kiosk-end-good')).toHaveTextContent('10');
    fireEvent.click(screen.getByTestId('kiosk-end-submit'));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body.dailyPlans).toEqual([{ id: 8, goodQty: 10, badQty: 2, status: 'WORK_COMPLETED' }]);
    await waitFor(() => expect(within(card(8)).getByTestId('kiosk-work-status')).toHaveTextContent('작업 완료'));
  });

  it('enters a result: totals are the work as the server has it now plus what was typed', async () => {
    localStorage.setItem(PLACE_STORAGE_KEY, JSON.stringify({ fabId: 1, lineId: 4 }));
    renderPage();
    await waitFor(() => expect(card(8)).toBeTruthy());
    fireEvent.click(within(card(8)).getByTestId('kiosk-enter-button'));
    await screen.findByTestId('kiosk-keypad');
    // Meanwhile another kiosk saved 10 more good.
    current = { ...current, dailyPlans: current.dailyPlans.map((d) => (d.id === 8 ? { ...d, goodQty: 20 } : d)) };
    fireEvent.click(screen.getByTestId('kiosk-key-5'));
    fireEvent.click(screen.getByTestId('kiosk-defect-APPEARANCE'));
    fireEvent.click(screen.getByTestId('kiosk-key-1'));
    fireEvent.click(screen.getByTestId('kiosk-result-submit'));
    await waitFor(() => expect(puts).toHaveLength(1));
    // The last operation (2/2): its good quantity goes to the first shelf.
    expect(puts[0].body.dailyPlans).toEqual([
      { id: 8, goodQty: 25, badQty: 3, defects: [{ defectCode: 'APPEARANCE', qty: 3 }], locationId: 30 },
    ]);
    await waitFor(() => expect(within(card(8)).getByTestId('kiosk-work-good')).toHaveTextContent('25'));
  });

  it('says so when the line has no work today', async () => {
    localStorage.setItem(PLACE_STORAGE_KEY, JSON.stringify({ fabId: 1, lineId: 4 }));
    current = worksOf([]);
    renderPage();
    expect(await screen.findByTestId('kiosk-empty')).toHaveTextContent('오늘 이 라인에 작업이 없습니다.');
  });

  it('forgets a remembered line its factory no longer has', async () => {
    localStorage.setItem(PLACE_STORAGE_KEY, JSON.stringify({ fabId: 2, lineId: 4 }));
    renderPage();
    expect(await screen.findByTestId('kiosk-place-picker')).toBeInTheDocument();
    expect(gets.some((g) => g.startsWith('/api/kiosk/works'))).toBe(false);
  });

  it('tells a user without the right to see production results', async () => {
    locationsStatus = 403;
    renderPage();
    expect(await screen.findByTestId('kiosk-locations-error')).toHaveTextContent('생산 실적을 볼 권한이 없습니다.');
  });
});

describe('the kiosk route', () => {
  it('is a full-screen page outside the desktop layout, so its phone guard never sends a tablet to /m', async () => {
    const { routes } = await import('../../../app/router.tsx');
    const chain = matchRoutes(routes, '/kiosk')!.map((m) => m.route);
    expect(chain.at(-1)?.path).toBe('/kiosk');
    // The desktop layout is the route whose children are the menu's pages (it applies guardRoute's phone rule).
    const desktop = (r: (typeof chain)[number]) => r.children?.some((c) => c.path === '/production/plan');
    expect(chain.some(desktop)).toBe(false);
    expect(matchRoutes(routes, '/production/plan')!.some((m) => desktop(m.route))).toBe(true);
  });
});
