import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../app/store.ts';
import { useUrlState } from '../app/url-state.ts';
import { DEFAULT_COLUMN_WIDTH } from './data-table/columns.ts';

/** A pagination button (cells carry their text as a title too, so the page number alone is ambiguous). */
const pageItem = (n: string) => document.querySelector(`li.ant-pagination-item[title="${n}"]`) as HTMLElement;

const apiGet = vi.hoisted(() => vi.fn());
const apiPut = vi.hoisted(() => vi.fn());
const apiDel = vi.hoisted(() => vi.fn());
const apiPage = vi.hoisted(() => vi.fn());
vi.mock('../api/http.ts', async () =>
  (await import('../test/http-mock.ts')).httpMock({ get: apiGet, put: apiPut, del: apiDel, page: apiPage }),
);
const { DataTable } = await import('./DataTable.tsx');
type DataColumn<T> = import('./DataTable.tsx').DataColumn<T>;

type Row = { id: number; name: string; qty: number; note: string | null };
const rows: Row[] = [
  { id: 1, name: 'Banana', qty: 3, note: 'yellow fruit' },
  { id: 2, name: 'apple', qty: 10, note: null },
  { id: 3, name: 'Cherry', qty: 1, note: 'Red & small' },
];
const columns: DataColumn<Row>[] = [
  { key: 'name', title: 'Name', dataIndex: 'name', sorter: true },
  { key: 'qty', title: 'Qty', dataIndex: 'qty', sorter: true },
  { key: 'note', title: 'Note', render: (r) => <em>{r.note ?? '-'}</em> },
];

const names = (container: HTMLElement) =>
  [...container.querySelectorAll('tbody tr.ant-table-row')].map(
    (tr) => tr.querySelector('td:not(.ant-table-selection-column)')?.textContent,
  );

const header = (text: string) => screen.getAllByText(text)[0].closest('th') as HTMLElement;

let currentSearch = '';
function LocationProbe() {
  currentSearch = useLocation().search;
  return null;
}

function wrap(ui: ReactNode, url = '/admin/code') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[url]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const notFound = () => Promise.reject(Object.assign(new Error('not found'), { status: 404 }));

describe('DataTable', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });
  beforeEach(() => {
    useAppStore.setState({ confirm: { show: false, title: '', text: '' } });
    apiGet.mockReset().mockImplementation(notFound);
    apiPut.mockReset().mockResolvedValue(null);
    apiDel.mockReset().mockResolvedValue({ ok: true });
    apiPage.mockReset();
  });

  it('sorts by a column when its header is clicked, and keeps the sort in the URL', async () => {
    const { container } = wrap(<DataTable<Row> rowKey="id" columns={columns} data={rows} />);
    expect(names(container)).toEqual(['Banana', 'apple', 'Cherry']);
    fireEvent.click(header('Qty'));
    await waitFor(() => expect(names(container)).toEqual(['Cherry', 'Banana', 'apple']));
    expect(currentSearch).toBe('?sort=qty');
    fireEvent.click(header('Qty'));
    await waitFor(() => expect(names(container)).toEqual(['apple', 'Banana', 'Cherry']));
    expect(currentSearch).toBe('?sort=-qty');
    fireEvent.click(header('Name'));
    await waitFor(() => expect(names(container)).toEqual(['apple', 'Banana', 'Cherry']));
    expect(currentSearch).toBe('?sort=name');
  });

  it('filters on the visible text of every column, rendered ones included', async () => {
    const { container } = wrap(<DataTable<Row> rowKey="id" columns={columns} data={rows} testId="t" />);
    const filter = screen.getByTestId('t-filter');
    fireEvent.change(filter, { target: { value: 'FRUIT' } });
    await waitFor(() => expect(names(container)).toEqual(['Banana']));
    expect(screen.getByTestId('t-count')).toHaveTextContent('1 / 3');
    fireEvent.change(filter, { target: { value: 'apple|cherry' } });
    await waitFor(() => expect(names(container)).toEqual(['apple', 'Cherry']));
    expect(currentSearch).toBe('?filter=apple%7Ccherry');
    fireEvent.change(filter, { target: { value: '"Apple"' } });
    await waitFor(() => expect(names(container)).toEqual([]));
    expect(screen.getByText('데이터가 없습니다.')).toBeInTheDocument();
    fireEvent.change(filter, { target: { value: '' } });
    expect(names(container)).toHaveLength(3);
    expect(currentSearch).toBe('');
  });

  it('filters one column with the same syntax, shows the filter as active and clears it', async () => {
    const { container } = wrap(<DataTable<Row> rowKey="id" columns={columns} data={rows} testId="t" />);
    fireEvent.click(screen.getAllByTestId('t-filter-icon-note')[0]);
    const input = await screen.findByTestId('t-column-filter-note');
    // "fruit|small" on the note column: the rendered text counts, the name column does not.
    fireEvent.change(input, { target: { value: 'fruit|SMALL' } });
    fireEvent.click(screen.getByTestId('t-column-filter-note-apply'));
    await waitFor(() => expect(names(container)).toEqual(['Banana', 'Cherry']));
    expect(currentSearch).toBe('?filter.note=fruit%7CSMALL');
    expect(screen.getAllByTestId('t-filter-icon-note')[0].closest('.ant-table-filter-trigger')).toHaveClass('active');
    expect(screen.getAllByTestId('t-filter-icon-name')[0].closest('.ant-table-filter-trigger')).not.toHaveClass(
      'active',
    );

    // '&' and quotes: both words, case kept inside quotes.
    fireEvent.change(input, { target: { value: 'red & "small"' } });
    fireEvent.click(screen.getByTestId('t-column-filter-note-apply'));
    await waitFor(() => expect(names(container)).toEqual(['Cherry']));
    fireEvent.change(input, { target: { value: '"Small"' } });
    fireEvent.click(screen.getByTestId('t-column-filter-note-apply'));
    await waitFor(() => expect(names(container)).toEqual([]));

    // A column filter on a column without the word finds nothing even though another column has it.
    fireEvent.change(input, { target: { value: 'banana' } });
    fireEvent.click(screen.getByTestId('t-column-filter-note-apply'));
    await waitFor(() => expect(names(container)).toEqual([]));

    fireEvent.click(screen.getByTestId('t-column-filter-note-clear'));
    await waitFor(() => expect(names(container)).toHaveLength(3));
    expect(currentSearch).toBe('');
    expect(screen.getAllByTestId('t-filter-icon-note')[0].closest('.ant-table-filter-trigger')).not.toHaveClass(
      'active',
    );
  });

  it('restores sort, quick filter and column filters from the URL', async () => {
    const { container } = wrap(
      <DataTable<Row> rowKey="id" columns={columns} data={rows} testId="t" />,
      '/x?sort=-qty&filter=a&filter.note=fruit%7C-',
    );
    // Rows with an "a" anywhere (all three) whose note has "fruit" or "-" (Banana, apple), highest quantity first.
    await waitFor(() => expect(names(container)).toEqual(['apple', 'Banana']));
    expect(screen.getByTestId('t-filter')).toHaveValue('a');
    expect(header('Qty')).toHaveAttribute('aria-sort', 'descending');
  });

  it('keeps a page, its size and a search of a server-paged list in the URL', async () => {
    const onPage = vi.fn();
    function Page() {
      const [p, setP] = useUrlState({ page: 1, size: 10 });
      onPage(p);
      return (
        <DataTable<Row>
          rowKey="id"
          columns={columns}
          data={rows}
          testId="t"
          pagination={{ page: p.page, size: p.size, total: 42, onChange: (page, size) => setP({ page, size }) }}
        />
      );
    }
    const first = wrap(<Page />, '/admin/user?sort=name');
    expect(screen.getByTestId('t-count')).toHaveTextContent('42');
    fireEvent.click(pageItem('3'));
    await waitFor(() => expect(currentSearch).toBe('?sort=name&page=3'));
    first.unmount();

    // Opening the link shows the same page and sort.
    const { container } = wrap(<Page />, currentSearch && `/admin/user${currentSearch}`);
    expect(onPage).toHaveBeenLastCalledWith({ page: 3, size: 10 });
    expect(pageItem('3')).toHaveClass('ant-pagination-item-active');
    expect(names(container)).toEqual(['apple', 'Banana', 'Cherry']);
  });

  it('deletes the selected rows only after the user confirms', async () => {
    const onDelete = vi.fn(async () => undefined);
    const { container } = wrap(
      <DataTable<Row> rowKey="id" columns={columns} data={rows} selectable onDeleteSelected={onDelete} testId="t" />,
    );
    const del = screen.getByTestId('t-delete-selected');
    expect(del).toBeDisabled();
    const row = container.querySelector('tr[data-row-key="3"]') as HTMLElement;
    fireEvent.click(within(row).getByRole('checkbox'));
    await waitFor(() => expect(del).toBeEnabled());

    // Cancel: nothing is deleted.
    fireEvent.click(del);
    await waitFor(() => expect(useAppStore.getState().confirm.show).toBe(true));
    expect(useAppStore.getState().confirm.text).toContain('1');
    act(() => useAppStore.getState().closeConfirm(false));
    expect(onDelete).not.toHaveBeenCalled();

    // OK: the selected rows are handed over and the selection is cleared.
    fireEvent.click(del);
    await waitFor(() => expect(useAppStore.getState().confirm.show).toBe(true));
    act(() => useAppStore.getState().closeConfirm(true));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith([rows[2]]));
    await waitFor(() => expect(del).toBeDisabled());
  });

  it('shows the server total and asks for another page', async () => {
    const onChange = vi.fn();
    wrap(
      <DataTable<Row>
        rowKey="id"
        columns={columns}
        data={rows}
        testId="t"
        pagination={{ page: 1, size: 10, total: 42, onChange }}
      />,
    );
    expect(screen.getByTestId('t-count')).toHaveTextContent('42');
    fireEvent.click(pageItem('2'));
    expect(onChange).toHaveBeenCalledWith(2, 10);
  });

  it('applies the saved column settings and saves a hidden column for the screen', async () => {
    apiGet.mockImplementation(async (url: string) =>
      url === '/settings/table/code.t'
        ? {
            columns: [
              { key: 'note', hidden: true },
              { key: 'qty', width: 222 },
            ],
          }
        : null,
    );
    const { container } = wrap(<DataTable<Row> rowKey="id" columns={columns} data={rows} testId="t" />);
    await waitFor(() => expect(screen.queryByText('Note')).not.toBeInTheDocument());
    const widths = () => [...container.querySelectorAll('col')].map((c) => (c as HTMLElement).style.width);
    expect(widths()).toContain('222px');

    fireEvent.click(screen.getByTestId('t-columns'));
    const toggleQty = await screen.findByTestId('t-column-toggle-qty');
    expect(screen.getByTestId('t-column-toggle-note')).not.toBeChecked();
    fireEvent.click(toggleQty);
    await waitFor(() => expect(screen.queryAllByText('Qty').filter((e) => e.closest('th'))).toHaveLength(0));
    // Saved once, after a short pause, with the width kept.
    await waitFor(() => expect(apiPut).toHaveBeenCalledTimes(1), { timeout: 2000 });
    expect(apiPut).toHaveBeenCalledWith(
      '/settings/table/code.t',
      {
        columns: [
          { key: 'qty', width: 222, hidden: true },
          { key: 'note', hidden: true },
        ],
      },
      expect.objectContaining({ silent: true }),
    );

    // The last shown column cannot be hidden; reset deletes the settings and shows everything.
    expect(screen.getByTestId('t-column-toggle-name')).toBeDisabled();
    fireEvent.click(screen.getByTestId('t-columns-reset'));
    await waitFor(() => expect(apiDel).toHaveBeenCalledWith('/settings/table/code.t', expect.anything()));
    await waitFor(() => expect(header('Note')).toBeInTheDocument());
  });

  it('gives the column that takes the rest of the row at least its minWidth, scrolling sideways rather', () => {
    apiGet.mockImplementation(notFound);
    const tableWidth = (cols: DataColumn<Row>[]) => {
      const { container, unmount } = wrap(<DataTable<Row> rowKey="id" columns={cols} data={rows} testId="t" />);
      const width = Number.parseInt((container.querySelector('table') as HTMLElement).style.width, 10);
      unmount();
      return width;
    };
    const plain = tableWidth(columns);
    expect(tableWidth([{ ...columns[0], minWidth: 600 }, ...columns.slice(1)])).toBe(
      plain - DEFAULT_COLUMN_WIDTH + 600,
    );
  });

  it('falls back to the default columns when the settings cannot be read', async () => {
    apiGet.mockImplementation(notFound);
    wrap(<DataTable<Row> rowKey="id" columns={columns} data={rows} testId="t" prefsKey="my.screen" />);
    await waitFor(() => expect(apiGet).toHaveBeenCalledWith('/settings/table/my.screen', expect.anything()));
    expect(header('Note')).toBeInTheDocument();
    expect(useAppStore.getState().snackbar.show).toBe(false);
  });

  it('focuses the quick filter on "/" unless the user is typing in a field', async () => {
    wrap(
      <>
        <input data-testid="other" />
        <DataTable<Row> rowKey="id" columns={columns} data={rows} testId="t" />
      </>,
    );
    const other = screen.getByTestId('other');
    other.focus();
    fireEvent.keyDown(other, { key: '/' });
    expect(other).toHaveFocus();
    other.blur();
    fireEvent.keyDown(document.body, { key: '/' });
    expect(screen.getByTestId('t-filter')).toHaveFocus();
  });

  it('opens the change history of a row from its history button', async () => {
    const onRowClick = vi.fn();
    apiPage.mockResolvedValue({
      data: [
        {
          revisionId: 5,
          revisionDate: '2025-03-04T05:06:07.000Z',
          revisionType: 'ADD',
          table: 'fruits',
          rowId: '2',
          updateBy: 'admin',
          oldData: null,
          newData: { id: 2, name: 'apple' },
          changedFields: [],
        },
      ],
      total: 1,
    });
    wrap(
      <DataTable<Row>
        rowKey="id"
        columns={columns}
        data={rows}
        testId="t"
        historyTable="fruits"
        onRowClick={onRowClick}
      />,
    );
    fireEvent.click(screen.getByTestId('t-history-2'));
    await waitFor(() => expect(apiPage).toHaveBeenCalledWith('/history/record/fruits/2', expect.anything()));
    expect(await screen.findByTestId('history-dialog-subject')).toHaveTextContent('apple');
    expect(onRowClick).not.toHaveBeenCalled();
  });
});
