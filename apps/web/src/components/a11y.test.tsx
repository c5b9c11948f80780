import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Form, Table } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchTableA11y } from '../app/a11y-dom.ts';
import { useAppStore } from '../app/store.ts';
import { i18n } from '../i18n/index.ts';
import { CodeSelect } from './inputs/index.ts';
import { LocationTreeSelect } from './LocationTreeSelect.tsx';

// Accessible names of the shared pickers and antd's table faults (issue 10 §5: axe finds no input without a
// label and nothing focusable inside aria-hidden).

beforeEach(async () => {
  useAppStore.setState({ codes: {}, locale: 'kr' });
  await act(() => i18n.changeLanguage('kr'));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: [] }), { headers: { 'content-type': 'application/json' } })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const wrap = (ui: ReactNode) => {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={qc}>{ui}</QueryClientProvider>);
};

describe('pickers in a filter bar are named by their placeholder', () => {
  it('CodeSelect', () => {
    wrap(<CodeSelect category="DEFECT_TYPE" placeholder="불량 유형" testId="f" />);
    expect(screen.getByRole('combobox', { name: '불량 유형' })).toBeInTheDocument();
  });

  it('CodeSelect without a placeholder uses the default one', () => {
    wrap(<CodeSelect category="DEFECT_TYPE" testId="f" />);
    const box = screen.getByRole('combobox');
    expect(box).toHaveAccessibleName(/\S/);
  });

  it('LocationTreeSelect', () => {
    wrap(<LocationTreeSelect placeholder="위치로 찾기" testId="f" />);
    expect(screen.getByRole('combobox', { name: '위치로 찾기' })).toBeInTheDocument();
  });

  it('an explicit aria-label wins', () => {
    wrap(<LocationTreeSelect placeholder="선택" aria-label="공지 위치" testId="f" />);
    expect(screen.getByRole('combobox', { name: '공지 위치' })).toBeInTheDocument();
  });
});

describe('pickers inside a form are named by the form label', () => {
  it.each([
    ['CodeSelect', <CodeSelect key="c" category="DEFECT_TYPE" placeholder="고르세요" />],
    ['LocationTreeSelect', <LocationTreeSelect key="l" placeholder="고르세요" />],
  ])('%s', (_name, field) => {
    wrap(
      <Form>
        <Form.Item label="담당 위치" name="field">
          {field}
        </Form.Item>
      </Form>,
    );
    expect(screen.getByRole('combobox', { name: '담당 위치' })).toBeInTheDocument();
  });
});

describe('antd table faults (app/a11y-dom.ts)', () => {
  type Row = { id: number; name: string };
  const rows: Row[] = [{ id: 1, name: 'a' }];

  it('makes the hidden measure row inert, also when the table mounts later', async () => {
    const stop = watchTableA11y(document.body);
    try {
      wrap(
        <Table<Row>
          rowKey="id"
          columns={[{ key: 'name', title: 'Name', dataIndex: 'name' }]}
          dataSource={rows}
          rowSelection={{}}
          scroll={{ x: 400, y: 200 }}
        />,
      );
      await act(async () => {});
      const measure = document.querySelector('.ant-table-measure-row');
      expect(measure).not.toBeNull();
      // the select-all checkbox is repeated in the measure row: inert keeps it out of the tab order
      expect(measure?.querySelector('input')).not.toBeNull();
      expect(measure).toHaveAttribute('inert');
      // the scrolling body is a tab stop, so the keyboard can scroll it
      expect(document.querySelector('.ant-table-body')).toHaveAttribute('tabindex', '0');
    } finally {
      stop();
    }
  });

  it('fixes what is already on the page when it starts', () => {
    wrap(
      <Table<Row>
        rowKey="id"
        columns={[{ key: 'name', title: 'Name', dataIndex: 'name' }]}
        dataSource={rows}
        rowSelection={{}}
        scroll={{ x: 400, y: 200 }}
      />,
    );
    const measure = document.querySelector('.ant-table-measure-row');
    expect(measure).not.toHaveAttribute('inert');
    const stop = watchTableA11y(document.body);
    stop();
    expect(measure).toHaveAttribute('inert');
  });
});
