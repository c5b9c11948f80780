import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../app/store.ts';
import { confirmRemove } from './confirm-remove.ts';
import { buildUrl } from '../api/http.ts';
import { ImportCreateButtons } from './ImportCreateButtons.tsx';
import { ACTIONS_WIDTH, rowActionsColumn } from './RowAction.tsx';

type Row = { code: string };
const row: Row = { code: 'M-01' };

function renderActions(canModify: boolean, canDelete: boolean, onRowClick = vi.fn()) {
  const onEdit = vi.fn();
  const onDelete = vi.fn();
  const columns = rowActionsColumn<Row>({
    title: 'actions',
    testId: 'material',
    rowId: (r) => r.code,
    canModify,
    canDelete,
    onEdit,
    onDelete,
  });
  if (columns.length) render(<div onClick={onRowClick}>{columns[0].render!(row)}</div>);
  return { columns, onEdit, onDelete, onRowClick };
}

afterEach(cleanup);

describe('rowActionsColumn', () => {
  it('is left out for a user who may neither edit nor delete', () => {
    expect(renderActions(false, false).columns).toEqual([]);
  });

  it('shows only the actions the rights allow, with the screen test ids, and keeps the click from the row', () => {
    const { onEdit, onRowClick } = renderActions(true, false);
    expect(screen.queryByTestId('material-delete-M-01')).toBeNull();
    fireEvent.click(screen.getByTestId('material-edit-M-01'));
    expect(onEdit).toHaveBeenCalledWith(row);
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('passes the row to delete', () => {
    const { columns, onDelete } = renderActions(false, true);
    expect(columns[0]).toMatchObject({ key: 'actions', fixed: 'right', width: ACTIONS_WIDTH });
    fireEvent.click(screen.getByTestId('material-delete-M-01'));
    expect(onDelete).toHaveBeenCalledWith(row);
  });
});

describe('ImportCreateButtons', () => {
  it('shows nothing without the create right', () => {
    const { container } = render(
      <ImportCreateButtons testIdPrefix="tool" canCreate={false} createLabel="New" onCreate={vi.fn()} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the import only where the screen has one', () => {
    const onImport = vi.fn();
    render(
      <ImportCreateButtons testIdPrefix="tool" canCreate createLabel="New" onCreate={vi.fn()} onImport={onImport} />,
    );
    fireEvent.click(screen.getByTestId('tool-import'));
    expect(onImport).toHaveBeenCalled();
    cleanup();
    render(<ImportCreateButtons testIdPrefix="parameter" canCreate createLabel="New" onCreate={vi.fn()} />);
    expect(screen.queryByTestId('parameter-import')).toBeNull();
    expect(screen.getByTestId('parameter-create')).toHaveTextContent('New');
  });
});

describe('confirmRemove', () => {
  it('deletes only after a yes, and a refused delete ends quietly', async () => {
    const remove = vi.fn(async () => {
      throw new Error('refused');
    });
    const ask = vi.spyOn(useAppStore.getState(), 'askConfirm');
    ask.mockResolvedValueOnce(false);
    await confirmRemove('Delete M-01?', remove);
    expect(remove).not.toHaveBeenCalled();
    ask.mockResolvedValueOnce(true);
    await expect(confirmRemove('Delete M-01?', remove)).resolves.toBeUndefined();
    expect(remove).toHaveBeenCalledTimes(1);
    expect(ask).toHaveBeenLastCalledWith(expect.objectContaining({ text: 'Delete M-01?', danger: true }));
    ask.mockRestore();
  });
});

describe('buildUrl (an export carries the filters as its query)', () => {
  it('skips blank filters and keeps the order given', () => {
    expect(buildUrl('/x/excel/export', { q: undefined, type: '' })).toBe('/api/x/excel/export');
    expect(buildUrl('/x/excel/export', { locationId: 7, q: 'a b' })).toBe('/api/x/excel/export?locationId=7&q=a+b');
  });
});
