import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../app/store.ts';
import { type DataColumn, DataTable } from './DataTable.tsx';

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

describe('DataTable', () => {
  afterEach(cleanup);
  beforeEach(() => {
    useAppStore.setState({ confirm: { show: false, title: '', text: '' } });
  });

  it('sorts by a column when its header is clicked', async () => {
    const { container } = render(<DataTable<Row> rowKey="id" columns={columns} data={rows} />);
    expect(names(container)).toEqual(['Banana', 'apple', 'Cherry']);
    fireEvent.click(header('Qty'));
    await waitFor(() => expect(names(container)).toEqual(['Cherry', 'Banana', 'apple']));
    fireEvent.click(header('Qty'));
    await waitFor(() => expect(names(container)).toEqual(['apple', 'Banana', 'Cherry']));
    fireEvent.click(header('Name'));
    await waitFor(() => expect(names(container)).toEqual(['apple', 'Banana', 'Cherry']));
  });

  it('filters on the visible text of every column, rendered ones included', async () => {
    const { container } = render(<DataTable<Row> rowKey="id" columns={columns} data={rows} testId="t" />);
    const filter = screen.getByTestId('t-filter');
    fireEvent.change(filter, { target: { value: 'FRUIT' } });
    expect(names(container)).toEqual(['Banana']);
    fireEvent.change(filter, { target: { value: 'apple|cherry' } });
    expect(names(container)).toEqual(['apple', 'Cherry']);
    fireEvent.change(filter, { target: { value: '"Apple"' } });
    expect(names(container)).toEqual([]);
    expect(screen.getByText('데이터가 없습니다.')).toBeInTheDocument();
    fireEvent.change(filter, { target: { value: '' } });
    expect(names(container)).toHaveLength(3);
  });

  it('deletes the selected rows only after the user confirms', async () => {
    const onDelete = vi.fn(async () => undefined);
    const { container } = render(
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
    render(
      <DataTable<Row>
        rowKey="id"
        columns={columns}
        data={rows}
        testId="t"
        pagination={{ page: 1, size: 10, total: 42, onChange }}
      />,
    );
    expect(screen.getByTestId('t-count')).toHaveTextContent('42');
    fireEvent.click(screen.getByTitle('2'));
    expect(onChange).toHaveBeenCalledWith(2, 10);
  });
});
