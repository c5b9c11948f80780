import { type ExcelCheckResult, userEndpoints } from '@eqms/contract';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../app/store.ts';
import { i18n } from '../i18n/index.ts';
import { applyRowErrors, editCell, ExcelImportDialog } from './ExcelImportDialog.tsx';

type Reply = { status: number; body: unknown };
type Call = { method: string; path: string; body: unknown };
let calls: Call[] = [];
/** Replies by "METHOD path"; a function reply may hold the request open (a pending promise). */
let replies: Record<string, Reply | (() => Promise<Reply>)> = {};

function mockApi() {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      const body = init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path: url.pathname, body });
      const r = replies[`${method} ${url.pathname}`];
      const res = typeof r === 'function' ? await r() : (r ?? { status: 404, body: { code: 'ROUTE_NOT_FOUND' } });
      return new Response(JSON.stringify(res.body), {
        status: res.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

const checkResult: ExcelCheckResult = {
  columns: [
    { key: 'userId', header: '사용자 ID', required: true },
    { key: 'email', header: '이메일', required: false },
    { key: 'enabled', header: '사용', required: true, options: ['Y', 'N'] },
  ],
  rows: [
    { rowNumber: 3, values: { userId: 'kim', email: 'kim@example.com', enabled: 'Y' }, errors: [] },
    {
      rowNumber: 4,
      values: { userId: 'lee', email: 'not-an-email', enabled: 'Y' },
      errors: [{ column: 'email', message: '올바른 이메일 형식이 아닙니다.' }],
    },
    { rowNumber: 5, values: { userId: 'park', email: '', enabled: 'N' }, errors: [] },
  ],
  invalidCount: 1,
};

const xlsx = (name = 'users.xlsx') =>
  new File(['PK'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
const fileInput = () => document.querySelector('[data-testid="excel-import"] input[type="file"]') as HTMLInputElement;
const saveButton = () => screen.getByTestId('excel-save');

function open(props: Partial<Parameters<typeof ExcelImportDialog>[0]> = {}) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  render(
    <ExcelImportDialog
      open
      endpoints={userEndpoints}
      title="사용자 가져오기"
      onClose={onClose}
      onSaved={onSaved}
      {...props}
    />,
  );
  return { onClose, onSaved };
}

async function upload(...files: File[]) {
  await act(async () => {
    fireEvent.change(fileInput(), { target: { files } });
  });
}

beforeEach(async () => {
  useAppStore.setState({
    locale: 'kr',
    lastAccess: Date.now(),
    user: { id: 1, userId: 'admin', permissions: {} } as never,
    snackbar: { show: false, text: '', type: 'info', timeout: 2000, key: 0 },
    confirm: { show: false, title: '', text: '' },
  });
  await act(() => i18n.changeLanguage('kr'));
  replies = {};
  mockApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ExcelImportDialog', () => {
  it('goes empty → processing → rows loaded with errors → a fixed cell → saved', async () => {
    let release: (r: Reply) => void = () => undefined;
    replies['POST /api/user/excel/check'] = () => new Promise<Reply>((r) => (release = r));
    replies['POST /api/user/excel'] = { status: 200, body: { data: { saved: 3 } } };
    const { onClose, onSaved } = open();

    // Empty: the upload area, nothing to save.
    expect(screen.getByText('클릭하거나 엑셀 파일(.xlsx)을 여기로 끌어 놓으세요')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    // Processing while the server checks the file.
    await upload(xlsx());
    expect(await screen.findByTestId('excel-processing')).toHaveTextContent('users.xlsx');
    const check = calls.find((c) => c.path === '/api/user/excel/check');
    expect(check?.method).toBe('POST');
    expect((check!.body as FormData).get('file')).toBeInstanceOf(File);
    await act(async () => release({ status: 200, body: { data: checkResult } }));

    // Loaded: the bad cell is marked with its row, column and message; saving is blocked.
    expect(await screen.findByTestId('excel-summary')).toHaveTextContent('3행, 오류 1행');
    expect(screen.queryByTestId('excel-processing')).toBeNull();
    const bad = screen.getByTestId('excel-cell-4-email');
    expect(bad).toHaveAttribute('data-error', 'true');
    expect(screen.getByTestId('excel-cell-3-email')).not.toHaveAttribute('data-error');
    expect(screen.getByTestId('excel-row-errors-4')).toHaveTextContent('4행 · 이메일: 올바른 이메일 형식이 아닙니다.');
    expect(saveButton()).toBeDisabled();

    // Fix the cell in the dialog: click, type, Enter.
    fireEvent.click(bad);
    const editor = await screen.findByTestId('excel-cell-editor');
    fireEvent.change(editor, { target: { value: 'lee@example.com' } });
    fireEvent.keyDown(editor, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.getByTestId('excel-summary')).toHaveTextContent('3행, 오류 0행'));
    expect(screen.getByTestId('excel-cell-4-email')).toHaveTextContent('lee@example.com');
    expect(screen.getByTestId('excel-cell-4-email')).not.toHaveAttribute('data-error');
    expect(saveButton()).toBeEnabled();

    // Save: every row goes back with its number and the fixed value.
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(3));
    expect(onClose).toHaveBeenCalled();
    const save = calls.find((c) => c.path === '/api/user/excel');
    expect(save?.body).toEqual({
      rows: [
        { rowNumber: 3, values: { userId: 'kim', email: 'kim@example.com', enabled: 'Y' } },
        { rowNumber: 4, values: { userId: 'lee', email: 'lee@example.com', enabled: 'Y' } },
        { rowNumber: 5, values: { userId: 'park', email: '', enabled: 'N' } },
      ],
    });
    expect(useAppStore.getState().snackbar).toMatchObject({ text: '3행을 저장했습니다.', type: 'success' });
  });

  it('marks the rows again when the server refuses the save, and nothing closes', async () => {
    replies['POST /api/user/excel/check'] = {
      status: 200,
      body: { data: { ...checkResult, rows: checkResult.rows.map((r) => ({ ...r, errors: [] })), invalidCount: 0 } },
    };
    replies['POST /api/user/excel'] = {
      status: 400,
      body: {
        status: 400,
        code: 'VALIDATION_ERROR',
        message: 'Invalid rows',
        extraData: { rows: [{ rowNumber: 5, errors: [{ column: 'userId', message: '이미 존재하는 값입니다.' }] }] },
      },
    };
    const { onClose, onSaved } = open();
    await upload(xlsx());
    expect(await screen.findByTestId('excel-summary')).toHaveTextContent('3행, 오류 0행');
    fireEvent.click(saveButton());

    await waitFor(() => expect(screen.getByTestId('excel-cell-5-userId')).toHaveAttribute('data-error', 'true'));
    expect(screen.getByTestId('excel-summary')).toHaveTextContent('3행, 오류 1행');
    expect(screen.getByTestId('excel-row-errors-5')).toHaveTextContent('5행 · 사용자 ID: 이미 존재하는 값입니다.');
    expect(saveButton()).toBeDisabled();
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(useAppStore.getState().snackbar).toMatchObject({
      type: 'warning',
      text: '잘못된 값이 있는 행이 1개 있어 저장할 수 없습니다.',
    });
  });

  it('shows a file-level refusal under the upload and stays empty', async () => {
    replies['POST /api/user/excel/check'] = {
      status: 400,
      body: {
        status: 400,
        code: 'VALIDATION_ERROR',
        message: 'Invalid input value',
        extraData: { fields: [{ field: 'file', message: 'excelFormat' }] },
      },
    };
    open();
    await upload(xlsx('other.xlsx'));
    expect(await screen.findByTestId('excel-file-error')).toHaveTextContent(
      '엑셀 양식이 올바르지 않습니다. 양식을 내려받아 사용하세요.',
    );
    expect(screen.queryByTestId('excel-table')).toBeNull();
    expect(saveButton()).toBeDisabled();
  });

  it('refuses two files at once without asking the server', async () => {
    open();
    await upload(xlsx('a.xlsx'), xlsx('b.xlsx'));
    expect(await screen.findByTestId('excel-file-error')).toHaveTextContent('파일은 한 번에 하나만 올릴 수 있습니다.');
    expect(calls).toEqual([]);
  });

  it('asks before closing with loaded rows; cancelling keeps them', async () => {
    replies['POST /api/user/excel/check'] = { status: 200, body: { data: checkResult } };
    const { onClose } = open();
    await upload(xlsx());
    await screen.findByTestId('excel-summary');

    fireEvent.click(screen.getByTestId('excel-cancel'));
    await waitFor(() => expect(useAppStore.getState().confirm.show).toBe(true));
    act(() => useAppStore.getState().closeConfirm(false));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('excel-summary')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('excel-cancel'));
    await waitFor(() => expect(useAppStore.getState().confirm.show).toBe(true));
    await act(async () => useAppStore.getState().closeConfirm(true));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('closes without asking while nothing is loaded', async () => {
    const { onClose } = open();
    fireEvent.click(screen.getByTestId('excel-cancel'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(useAppStore.getState().confirm.show).toBe(false);
  });

  it('Esc in a cell editor cancels the edit only', async () => {
    replies['POST /api/user/excel/check'] = { status: 200, body: { data: checkResult } };
    const { onClose } = open();
    await upload(xlsx());
    fireEvent.click(await screen.findByTestId('excel-cell-4-email'));
    const editor = await screen.findByTestId('excel-cell-editor');
    fireEvent.change(editor, { target: { value: 'typed' } });
    fireEvent.keyDown(editor, { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(screen.queryByTestId('excel-cell-editor')).toBeNull());
    expect(screen.getByTestId('excel-cell-4-email')).toHaveTextContent('not-an-email');
    expect(screen.getByTestId('excel-cell-4-email')).toHaveAttribute('data-error', 'true');
    // The dialog neither closed nor asked to.
    expect(useAppStore.getState().confirm.show).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
    expect(within(screen.getByTestId('excel-import')).getByTestId('excel-summary')).toHaveTextContent('오류 1행');
  });
});

describe('row helpers', () => {
  const row = checkResult.rows[1];
  it('an edit clears that cell’s errors and errors of no known column, not the others', () => {
    const r = {
      ...row,
      errors: [
        { column: 'email', message: 'a' },
        { column: 'userId', message: 'b' },
        { column: '', message: 'c' },
      ],
    };
    expect(editCell(r, 'email', 'x@y.z', ['userId', 'email']).errors).toEqual([{ column: 'userId', message: 'b' }]);
  });
  it('the server’s errors replace the local ones; unnamed rows become valid', () => {
    const rows = applyRowErrors(checkResult.rows, [{ rowNumber: 3, errors: [{ column: 'userId', message: 'dup' }] }]);
    expect(rows.map((r) => r.errors.length)).toEqual([1, 0, 0]);
  });
});
