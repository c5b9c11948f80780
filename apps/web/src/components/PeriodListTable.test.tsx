import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataColumn } from './DataTable.tsx';
import { PeriodListTable, usePeriodList } from './PeriodListTable.tsx';

vi.mock('../api/http.ts', async () => (await import('../test/http-mock.ts')).httpMock({}));

type Row = { id: number; name: string };
const columns: DataColumn<Row>[] = [{ key: 'name', title: 'Name', dataIndex: 'name' }];
const rows: Row[] = [
  { id: 1, name: 'first' },
  { id: 2, name: 'second' },
];

let currentSearch = '';
function LocationProbe() {
  currentSearch = useLocation().search;
  return null;
}

type Args = { startDt?: string; endDt?: string; kind: string | undefined };
let lastArgs: Args | null = null;

function Screen({ onExport }: { onExport: (args: Args, fileName: string) => Promise<void> }) {
  const view = usePeriodList<{ kind: string | undefined }>(30, { kind: undefined });
  const { s, filter, period } = view;
  const args = period.error ? null : { startDt: period.from, endDt: period.to, kind: s.kind };
  lastArgs = args;
  return (
    <PeriodListTable
      testId="things"
      menuName="things"
      view={view}
      list={{ data: { data: rows, total: 120 }, isFetching: false }}
      args={args}
      rowKey="id"
      columns={columns}
      onExport={onExport}
      filters={
        <button type="button" data-testid="things-kind" onClick={() => filter({ kind: 'A' })}>
          kind A
        </button>
      }
    />
  );
}

function wrap(url: string, onExport = vi.fn(async () => undefined)) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[url]}>
        <Screen onExport={onExport} />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onExport;
}

describe('PeriodListTable', () => {
  afterEach(cleanup);

  it('goes back to the first page when a filter changes, keeping the period', async () => {
    wrap('/things?period=2026-01-01~2026-01-31&page=3');
    expect(currentSearch).toContain('page=3');
    fireEvent.click(screen.getByTestId('things-kind'));
    await waitFor(() => expect(currentSearch).toContain('kind=A'));
    expect(currentSearch).not.toContain('page=');
    expect(new URLSearchParams(currentSearch).get('period')).toBe('2026-01-01~2026-01-31');
    expect(lastArgs).toEqual({ startDt: '2026-01-01', endDt: '2026-01-31', kind: 'A' });
  });

  it('exports the filter through the page with the menu label as the file name', async () => {
    const onExport = wrap('/things?period=2026-01-01~2026-01-31&kind=B');
    fireEvent.click(screen.getByTestId('things-table-export'));
    await waitFor(() => expect(onExport).toHaveBeenCalledTimes(1));
    expect(onExport).toHaveBeenCalledWith({ startDt: '2026-01-01', endDt: '2026-01-31', kind: 'B' }, 'things.xlsx');
  });

  it('shows the period error and asks nothing while the period cannot be asked', () => {
    wrap('/things?period=2026-02-01~2026-01-01');
    expect(screen.getByTestId('things-period-error')).toBeTruthy();
    expect(lastArgs).toBeNull();
  });
});
