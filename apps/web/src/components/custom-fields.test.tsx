import type { CustomField } from '@eqms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { Button, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/http.ts';
import { useAppStore } from '../app/store.ts';
import { i18n } from '../i18n/index.ts';
import {
  CustomFieldItems,
  customFieldColumns,
  extPayload,
  extText,
  serviceOptions,
  useCustomFieldOptions,
} from './custom-fields.tsx';
import { DataTable } from './DataTable.tsx';
import { showSaveError } from './formErrors.ts';

const stamp = { createdBy: 'admin', createdAt: '2025-01-01T00:00:00Z', updatedBy: null, updatedAt: null };
const field = (over: Partial<CustomField> & Pick<CustomField, 'id' | 'field' | 'type'>): CustomField =>
  ({ table: 'users', display: over.field, sequence: over.id, data: null, ...stamp, ...over }) as CustomField;

const FIELDS: CustomField[] = [
  field({
    id: 1,
    field: 'grade',
    display: '등급',
    type: 'list',
    data: {
      items: [
        { value: 'A', label: '우수' },
        { value: 'B', label: '보통' },
      ],
    },
  }),
  field({ id: 2, field: 'shift', display: '근무조', type: 'list', data: { category: 'SHIFT' } }),
  field({
    id: 3,
    field: 'line',
    display: '담당 라인',
    type: 'list',
    data: { service: { path: '/location/locations', params: { type: 'LINE' }, labelKey: 'name', valueKey: 'id' } },
  }),
  field({ id: 4, field: 'note', display: '비고', type: 'other' }),
];

let requests: string[] = [];
function mockApi() {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      requests.push(url.pathname + url.search);
      const body =
        url.pathname === '/api/custom-ext/custom-ext-by-table/users'
          ? { data: FIELDS }
          : url.pathname === '/api/code/SHIFT/codes'
            ? {
                data: [
                  { id: 1, code: 'DAY', codeName: '주간', codeNameEn: 'Day', parentId: null, enabled: true },
                  { id: 2, code: 'NIGHT', codeName: '야간', codeNameEn: null, parentId: null, enabled: true },
                ],
              }
            : url.pathname === '/api/location/locations'
              ? {
                  data: [
                    { id: 7, name: 'A라인' },
                    { id: 8, name: 'B라인' },
                  ],
                }
              : null;
      return new Response(JSON.stringify(body ?? { code: 'ROUTE_NOT_FOUND' }), {
        status: body ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

const wrap = (ui: ReactNode) => {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/admin/user']}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
};

/** Options of the most recently opened select (each select's dropdown is appended on first open). */
const optionTexts = () =>
  [
    ...([...document.querySelectorAll('.ant-select-dropdown')].at(-1)?.querySelectorAll('.ant-select-item-option') ??
      []),
  ].map((o) => o.textContent);

async function openSelect(testId: string) {
  const el = await screen.findByTestId(testId);
  const root = el.closest('.ant-select') ?? el;
  fireEvent.mouseDown(root.querySelector('input') ?? root);
}

beforeEach(async () => {
  useAppStore.setState({
    locale: 'kr',
    codes: {},
    lastAccess: Date.now(),
    user: { id: 1, userId: 'admin', permissions: {} } as never,
  });
  await act(() => i18n.changeLanguage('kr'));
  mockApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CustomFieldItems', () => {
  it('renders one item per field with its display label; list options come from items, codes and a service', async () => {
    let formRef: FormInstance | null = null;
    const onFinish = vi.fn();
    function Harness() {
      const [form] = Form.useForm();
      formRef = form;
      return (
        <Form form={form} onFinish={(v) => onFinish(extPayload(FIELDS, v.ext))}>
          <CustomFieldItems table="users" />
          <Button htmlType="submit" data-testid="submit">
            save
          </Button>
        </Form>
      );
    }
    wrap(<Harness />);

    for (const label of ['등급', '근무조', '담당 라인', '비고'])
      expect(await screen.findByText(label)).toBeInTheDocument();
    // Free text is an input of at most 500 characters.
    expect(screen.getByTestId('custom-field-note')).toHaveAttribute('maxlength', '500');

    await openSelect('custom-field-grade');
    await waitFor(() => expect(optionTexts()).toEqual(['우수', '보통']));
    fireEvent.click(screen.getByText('우수'));

    await openSelect('custom-field-shift');
    await waitFor(() => expect(optionTexts()).toEqual(['주간', '야간']));
    fireEvent.click(screen.getByText('야간'));
    expect(useAppStore.getState().codes.SHIFT).toHaveLength(2);

    await openSelect('custom-field-line');
    await waitFor(() => expect(optionTexts()).toEqual(['A라인', 'B라인']));
    expect(requests).toContain('/api/location/locations?type=LINE');
    fireEvent.click(screen.getByText('B라인'));

    fireEvent.change(screen.getByTestId('custom-field-note'), { target: { value: '  야간 전담 ' } });
    fireEvent.click(screen.getByTestId('submit'));
    // The ext sent: stored values (code, item value, the service's valueKey as text), trimmed text.
    await waitFor(() =>
      expect(onFinish).toHaveBeenCalledWith({ grade: 'A', shift: 'NIGHT', line: '8', note: '야간 전담' }),
    );

    // A server 400 on ext.<field> lands under that field's item.
    act(() =>
      showSaveError(
        formRef!,
        new ApiError(400, 'VALIDATION_ERROR', 'Invalid input value', {
          fields: [{ field: 'ext.grade', message: 'notIn' }],
        }),
      ),
    );
    expect(formRef!.getFieldError(['ext', 'grade'])).toEqual(['사용할 수 없는 값입니다.']);
    expect(await screen.findByText('사용할 수 없는 값입니다.')).toBeInTheDocument();
  });

  it('renders nothing for a table without fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: [] }), { status: 200 })),
    );
    const { container } = wrap(
      <Form>
        <CustomFieldItems table="locations" />
      </Form>,
    );
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(container.querySelector('.ant-form-item')).toBeNull();
  });
});

describe('custom field values', () => {
  it('the payload keeps only current fields and drops empty values; unknown fields leave ext unchanged', () => {
    expect(extPayload(FIELDS, { grade: 'A', note: ' ', removed: 'x', shift: null })).toEqual({ grade: 'A' });
    expect(extPayload(FIELDS, undefined)).toEqual({});
    expect(extPayload(undefined, { grade: 'A' })).toBeUndefined();
  });

  it('a list value shows its label when known, else itself; other values as they are', () => {
    const opts = [{ value: 'A', label: '우수' }];
    expect(extText(FIELDS[0], 'A', opts)).toBe('우수');
    expect(extText(FIELDS[0], 'Z', opts)).toBe('Z');
    expect(extText(FIELDS[3], 'A', opts)).toBe('A');
    expect(extText(FIELDS[3], null)).toBe('');
  });

  it('service rows become options by valueKey and labelKey (dotted keys reach into objects)', () => {
    const s = { path: '/x', labelKey: 'location.name', valueKey: 'id' };
    expect(serviceOptions([{ id: 1, location: { name: 'L1' } }, { id: null }, { id: 2, location: null }], s)).toEqual([
      { value: '1', label: 'L1' },
      { value: '2', label: '2' },
    ]);
    expect(serviceOptions({ not: 'a list' }, s)).toEqual([]);
  });
});

describe('customFieldColumns', () => {
  type Row = { id: number; ext?: Record<string, unknown> | null };
  const rows: Row[] = [
    { id: 1, ext: { grade: 'B', shift: 'DAY', note: 'z' } },
    { id: 2, ext: { grade: 'A', note: 'a' } },
    { id: 3, ext: null },
  ];

  it('shows labels of list values in sortable, filterable columns titled by display', async () => {
    const { result } = renderHook(() => useCustomFieldOptions(FIELDS), {
      wrapper: ({ children }) => (
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          {children}
        </QueryClientProvider>
      ),
    });
    await waitFor(() => expect(result.current.shift).toHaveLength(2));
    await waitFor(() => expect(result.current.line).toHaveLength(2));
    const columns = customFieldColumns<Row>(FIELDS, i18n.t, result.current);
    expect(columns.map((c) => c.key)).toEqual(['ext.grade', 'ext.shift', 'ext.line', 'ext.note']);
    expect(columns.every((c) => c.sorter)).toBe(true);

    const { container } = wrap(<DataTable<Row> rowKey="id" columns={columns} data={rows} testId="t" />);
    const cells = () =>
      [...container.querySelectorAll('tbody tr.ant-table-row')].map((tr) =>
        [...tr.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent),
      );
    expect((await within(screen.getByTestId('t')).findAllByText('근무조')).length).toBeGreaterThan(0);
    expect(cells()).toEqual([
      ['보통', '주간'],
      ['우수', ''],
      ['', ''],
    ]);
    // The quick filter finds a row by the label it shows.
    fireEvent.change(screen.getByTestId('t-filter'), { target: { value: '우수' } });
    await waitFor(() => expect(cells()).toEqual([['우수', '']]));
  });
});
