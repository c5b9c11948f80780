import { type Operation, operationEndpoints, productCreateBody } from '@eqms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../app/store.ts';
import { i18n } from '../../i18n/index.ts';
import { formValuesOf, masterBody } from './master-api.ts';
import { filterQuery, masterKeys } from './master-list.ts';
import { toDataColumns } from './master-columns.tsx';
import { defineMaster } from './master-def.ts';
import { NumberItem, rowOptions, TextItem } from './master-fields.tsx';
import { MasterPage } from './MasterPage.tsx';

// The master kit: its pure helpers, and one declared screen over the operation endpoints against a fake server.

const shape = productCreateBody.shape;

describe('master helpers', () => {
  it('builds the body from the create body fields, an empty one as null, ext as it is', () => {
    const body = masterBody(shape, {
      code: 'P-1',
      name: '브래킷',
      specification: '',
      barcode: undefined,
      lotQty: 0,
      ext: undefined,
      designImage: { file: null, remove: false },
    });
    expect(body).toEqual({
      code: 'P-1',
      name: '브래킷',
      specification: null,
      barcode: null,
      lotQty: 0,
      ext: undefined,
    });
    expect('designImage' in body).toBe(false);
    expect('routeId' in body).toBe(false);
  });

  it('fills the edit form from a row: the body fields only, a missing ext as undefined', () => {
    const row = { id: 3, code: 'P-1', name: 'n', routeName: 'R', lotQty: null, ext: null, createdBy: 'admin' };
    expect(formValuesOf(shape, row)).toEqual({ code: 'P-1', name: 'n', lotQty: null, ext: undefined });
  });

  it('keys lists under the group tag, the whole list without a query', () => {
    const keys = masterKeys(operationEndpoints);
    expect(keys.all).toEqual(['operation']);
    expect(keys.list()).toEqual(['operation', 'list']);
    expect(keys.list({ q: 'a' })).toEqual(['operation', 'list', { q: 'a' }]);
    expect(filterQuery({ page: 2, size: 20, q: 'a', type: undefined })).toEqual({ q: 'a', type: undefined });
  });

  it("offers another domain's rows as options, keeping the current one the rows lack", () => {
    const rows = [{ id: 1, name: '사출 라우팅', code: 'R-1' }];
    expect(rowOptions(rows, { id: 1, label: 'x' })).toEqual([{ value: 1, label: '사출 라우팅 (R-1)' }]);
    expect(rowOptions(undefined, { id: 9, label: '조립' })).toEqual([{ value: 9, label: '조립' }]);
    expect(rowOptions(rows, { id: null, label: null })).toHaveLength(1);
    expect(rowOptions(rows, null)).toHaveLength(1);
  });

  it('turns declared columns into table columns', () => {
    type Row = { code: string; unit: string | null; qty: number | null; partnerName: string | null };
    const t = ((key: string) => `T:${key}`) as never;
    const label = (category: string, code: string | null | undefined) => (code ? `${category}/${code}` : '');
    const [code, unit, qty, partner] = toDataColumns<Row>(
      [
        { key: 'code', width: 100 },
        { key: 'unit', code: 'UNIT' },
        { key: 'qty', number: { maximumFractionDigits: 1 } },
        { key: 'partner', title: 'P', text: (r) => r.partnerName },
      ],
      t,
      label,
    );
    const row: Row = { code: 'A', unit: 'EA', qty: 1234.56, partnerName: null };
    expect(code).toMatchObject({ title: 'T:fields.code', dataIndex: 'code', width: 100 });
    expect(unit.render?.(row)).toBe('UNIT/EA');
    expect(unit.exportValue?.({ ...row, unit: null })).toBe('');
    expect(qty.render?.(row)).toBe((1234.56).toLocaleString(undefined, { maximumFractionDigits: 1 }));
    expect(qty.exportValue?.(row)).toBe(1234.56);
    expect(qty.render?.({ ...row, qty: null })).toBe('');
    expect(partner).toMatchObject({ title: 'P' });
    expect(partner.render?.(row)).toBe('');
    expect(partner.exportValue?.(row)).toBeNull();
  });
});

const OPS: Operation[] = [
  {
    id: 7,
    code: 'OP-10',
    name: '절단',
    type: null,
    standardTime: 12.5,
    defectYn: true,
    description: null,
    ext: null,
    createdBy: 'admin',
    createdAt: '2025-01-01T00:00:00Z',
    updatedBy: null,
    updatedAt: '2025-01-01T00:00:00Z',
  },
];

const kitTest = defineMaster({
  name: 'kitTest',
  locales: {
    kr: {
      fields: { code: '코드', name: '이름', standardTime: '표준 시간', actions: '작업' },
      actions: { create: '새 공정' },
      titles: { create: '공정 등록', edit: '공정 수정' },
      messages: { confirmDelete: '{{name}} 삭제?', duplicateCode: '이미 있는 코드' },
    },
    en: {},
  },
  menu: 'operation',
  endpoints: operationEndpoints,
  table: 'operations',
  customFields: 'operations',
  savedSearch: false,
  columns: () => [{ key: 'code' }, { key: 'name' }, { key: 'standardTime', number: true }],
  form: {
    Fields: ({ creating }) => (
      <>
        <TextItem name="code" maxLength={50} autoFocus={creating} />
        <TextItem name="name" maxLength={100} />
        <NumberItem name="standardTime" min={0} />
      </>
    ),
    defaults: { defectYn: true },
  },
});

/** A custom field of the operations table: a column of the list and an item of the form. */
const GRADE = {
  id: 1,
  table: 'operations',
  field: 'grade',
  display: '등급',
  type: 'other',
  sequence: 1,
  data: null,
  createdBy: 'admin',
  createdAt: '2025-01-01T00:00:00Z',
  updatedBy: null,
  updatedAt: null,
};

type Call = { method: string; path: string; body?: unknown };
let calls: Call[] = [];
let rows: Operation[] = [];

function mockApi() {
  calls = [];
  rows = [...OPS];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      calls.push({ method, path: url.pathname, body: init.body ? JSON.parse(String(init.body)) : undefined });
      let body: unknown = { data: [] };
      let status = 200;
      if (method === 'GET' && url.pathname === '/api/operation/operations') body = { data: rows };
      if (url.pathname === '/api/custom-ext/custom-ext-by-table/operations') body = { data: [GRADE] };
      if (method === 'POST' && url.pathname === '/api/operation') {
        const input = JSON.parse(String(init.body));
        if (input.code === 'OP-10') {
          status = 409;
          body = { status, code: 'DUPLICATE', message: 'dup', extraData: { field: 'code' } };
        } else body = { data: { ...OPS[0], ...input, id: 8 } };
      }
      if (method === 'DELETE' && url.pathname === '/api/operation/7') {
        rows = [];
        body = { data: { ok: true } };
      }
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

function renderPage() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/baseinfo/operation']}>
        <MasterPage def={kitTest} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const setPermissions = (permissions: object) =>
  useAppStore.setState({ user: { id: 1, userId: 'admin', permissions } as never, lastAccess: Date.now() });

beforeEach(async () => {
  mockApi();
  useAppStore.setState({ locale: 'kr', snackbar: { show: false, text: '', type: 'info', timeout: 2000, key: 0 } });
  await act(() => i18n.changeLanguage('kr'));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MasterPage', () => {
  it('shows the list with its custom fields, edit and delete for a user with every right', async () => {
    setPermissions({ operation: { all: true } });
    renderPage();
    const table = await screen.findByTestId('kitTest-table');
    await within(table).findByText('OP-10');
    expect(within(table).getByText('12.5')).toBeInTheDocument();
    expect((await within(table).findAllByTestId('custom-column-grade'))[0]).toHaveTextContent('등급');
    expect(screen.getByTestId('kitTest-create')).toHaveTextContent('새 공정');
    expect(screen.getByTestId('kitTest-import')).toBeInTheDocument();
    expect(screen.getByTestId('kitTest-edit-OP-10')).toBeInTheDocument();
    expect(screen.getByTestId('kitTest-delete-OP-10')).toBeInTheDocument();
  });

  it('offers no writes to a user who may only view', async () => {
    setPermissions({ operation: { view: true } });
    renderPage();
    await within(await screen.findByTestId('kitTest-table')).findByText('OP-10');
    expect(screen.queryByTestId('kitTest-create')).toBeNull();
    expect(screen.queryByTestId('kitTest-edit-OP-10')).toBeNull();
    expect(screen.queryByTestId('kitTest-delete-OP-10')).toBeNull();
  });

  it('deletes a row after asking, naming it, and reloads the list', async () => {
    setPermissions({ operation: { all: true } });
    renderPage();
    fireEvent.click(await screen.findByTestId('kitTest-delete-OP-10'));
    await waitFor(() => expect(useAppStore.getState().confirm.show).toBe(true));
    expect(useAppStore.getState().confirm.text).toBe('절단 (OP-10) 삭제?');
    act(() => useAppStore.getState().closeConfirm(true));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/operation/7')).toBe(true));
    await waitFor(() => expect(screen.queryByText('OP-10')).toBeNull());
    expect(useAppStore.getState().snackbar.text).toBe(i18n.t('common:messages.deleted'));
  });

  it('creates a row: the items and custom fields as the body, empty ones as null; a duplicate code on its field', async () => {
    setPermissions({ operation: { all: true } });
    renderPage();
    await screen.findByText('OP-10');
    fireEvent.click(screen.getByTestId('kitTest-create'));
    const form = await screen.findByTestId('kitTest-form-form');
    fireEvent.change(within(form).getByTestId('kitTest-form-code'), { target: { value: 'OP-10' } });
    fireEvent.change(within(form).getByTestId('kitTest-form-name'), { target: { value: '용접' } });
    fireEvent.click(screen.getByTestId('kitTest-form-submit'));
    expect(await within(form).findByText('이미 있는 코드')).toBeInTheDocument();

    fireEvent.change(within(form).getByTestId('kitTest-form-code'), { target: { value: 'OP-20' } });
    fireEvent.change(await within(form).findByTestId('custom-field-grade'), { target: { value: 'A' } });
    fireEvent.click(screen.getByTestId('kitTest-form-submit'));
    await waitFor(() => expect(useAppStore.getState().snackbar.text).toBe(i18n.t('common:messages.saved')));
    const posts = calls.filter((c) => c.method === 'POST');
    // Empty items are sent as null; defectYn has no item in this form, so it is left to the server's default.
    expect(posts.at(-1)?.body).toEqual({ code: 'OP-20', name: '용접', standardTime: null, ext: { grade: 'A' } });
  });
});
