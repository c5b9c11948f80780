import type { Worker } from '@eqms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../app/store.ts';
import { i18n } from '../../../i18n/index.ts';
import '../worker.locales.ts';
import { WorkerDialog } from './WorkerDialog.tsx';

const worker = (over: Partial<Worker> = {}): Worker => ({
  id: 7,
  user: { id: 41, userId: 'op01', username: '최민수' },
  lineId: 5,
  lineName: '사출 1라인',
  factoryId: 2,
  factoryName: '제1공장',
  description: '주간조',
  createdBy: 'admin',
  createdAt: '2026-11-01T00:00:00Z',
  updatedBy: 'admin',
  updatedAt: '2026-11-01T00:00:00Z',
  ...over,
});

type Sent = { method: string; path: string; body: Record<string, unknown> };
let sent: Sent[] = [];
let asked: string[] = [];
/** The answer of PUT /worker. */
let saveAnswer: { status: number; body: unknown } = { status: 200, body: {} };

function mockApi() {
  sent = [];
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      const method = init.method ?? 'GET';
      if (method !== 'GET') {
        sent.push({ method, path: url.pathname, body: JSON.parse(String(init.body)) });
        return json(saveAnswer.status, saveAnswer.body);
      }
      asked.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/location/tree' && url.searchParams.get('typeUntils') === 'SITE')
        return json(200, {
          data: [
            { id: 1, name: '본사', type: 'SITE', parentId: null, children: [] },
            { id: 9, name: '2사업장', type: 'SITE', parentId: null, children: [] },
          ],
        });
      if (url.pathname === '/api/location/tree')
        return json(200, {
          data: [
            {
              id: 2,
              name: '제1공장',
              type: 'FACTORY',
              parentId: null,
              children: [
                { id: 5, name: '사출 1라인', type: 'LINE', parentId: 2, children: [] },
                { id: 6, name: '사출 2라인', type: 'LINE', parentId: 2, children: [] },
              ],
            },
          ],
        });
      // Each site's users; one user is placed under both (listed once).
      if (url.pathname === '/api/user/workers/1')
        return json(200, {
          data: [
            { id: 41, userId: 'op01', username: '최민수' },
            { id: 42, userId: 'op02', username: '정수진' },
          ],
        });
      if (url.pathname === '/api/user/workers/9')
        return json(200, {
          data: [
            { id: 42, userId: 'op02', username: '정수진' },
            { id: 43, userId: 'op03', username: '강지훈' },
          ],
        });
      if (url.pathname === '/api/worker/workers') return json(200, { data: [worker()] });
      return json(200, { data: [] });
    }),
  );
}

function open(w: Worker | null, lineId: number | null = null) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <WorkerDialog open worker={w} lineId={lineId} onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

async function setLocale(locale: 'kr' | 'en') {
  useAppStore.setState({ locale });
  await act(() => i18n.changeLanguage(locale));
}

const submit = () => fireEvent.click(screen.getByTestId('worker-form-submit'));
/** Waits long enough for a busy machine (the default second is not). */
const slow = { timeout: 8000 };

beforeEach(async () => {
  useAppStore.setState({
    user: { id: 99, userId: 'lead', permissions: {} } as never,
    lastAccess: Date.now(),
    snackbar: { show: false, text: '', type: 'info', timeout: 2000, key: 0 },
  });
  saveAnswer = { status: 200, body: { data: worker() } };
  mockApi();
  await setLocale('kr');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('WorkerDialog', () => {
  it("changes a worker's line: the user fixed, the note kept, PUT /worker with the user's id", async () => {
    saveAnswer = { status: 200, body: { data: worker({ lineId: 6, lineName: '사출 2라인' }) } };
    open(worker());
    expect(screen.getByTestId('worker-form-user')).toHaveValue('최민수 (op01)');
    expect(screen.getByTestId('worker-form-user')).toBeDisabled();
    expect(screen.getByTestId('worker-form-description')).toHaveValue('주간조');
    submit();
    await waitFor(() => expect(sent).toHaveLength(1), slow);
    expect(sent[0]).toEqual({
      method: 'PUT',
      path: '/api/worker',
      body: { userId: 41, lineId: 5, description: '주간조' },
    });
    await waitFor(
      () => expect(useAppStore.getState().snackbar.text).toBe('최민수 님을 사출 2라인에 배정했습니다.'),
      slow,
    );
    // No pick-list is asked for when the user is fixed.
    expect(asked.some((a) => a.startsWith('/api/user/workers'))).toBe(false);
  });

  it('assigning asks for a user first; the pick-list is every site’s users, once each, with their current line', async () => {
    open(null, 5);
    submit();
    const userItem = screen.getByText('사용자', { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
    expect(await within(userItem).findByText('필수 입력 항목입니다.', {}, slow)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await waitFor(
      () => expect(asked).toEqual(expect.arrayContaining(['/api/user/workers/1', '/api/user/workers/9'])),
      slow,
    );
    const select = screen.getByTestId('worker-form-user');
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    const options = await screen.findAllByTestId('worker-form-user-option', {}, slow);
    expect(options.map((o) => o.getAttribute('data-user-id'))).toEqual(['op03', 'op02', 'op01']);
    // The current line arrives with the worker list.
    await waitFor(
      () => expect(screen.getAllByTestId('worker-form-user-option')[2]).toHaveTextContent('현재 사출 1라인'),
      slow,
    );
    expect(screen.getAllByTestId('worker-form-user-option')[0]).not.toHaveTextContent('현재');
  });

  it('shows the server’s refusal of a location that is no line on the line field, in the user language', async () => {
    saveAnswer = {
      status: 400,
      body: {
        status: 400,
        code: 'VALIDATION_ERROR',
        message: 'Invalid input value',
        extraData: { fields: [{ field: 'lineId', message: 'workerNotLine' }] },
      },
    };
    await setLocale('en');
    open(worker());
    submit();
    const lineItem = screen.getByTestId('worker-form-line').closest('.ant-form-item') as HTMLElement;
    expect(await within(lineItem).findByText('A worker is assigned to a line.', {}, slow)).toBeInTheDocument();
  });
});
