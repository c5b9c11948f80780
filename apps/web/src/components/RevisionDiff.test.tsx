import type { HistoryEntry } from '@eqms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { formatValue, humanizeField, RevisionDiff, revisionFields } from './RevisionDiff.tsx';

const apiPage = vi.hoisted(() => vi.fn());
vi.mock('../api/http.ts', async () => (await import('../test/http-mock.ts')).httpMock({ page: apiPage }));
const { HistoryDialog } = await import('./HistoryDialog.tsx');

const base = { table: 'users', rowId: '7', updateBy: 'admin', revisionDate: '2025-03-04T05:06:07.000Z' };
const add: HistoryEntry = {
  ...base,
  revisionId: 11,
  revisionType: 'ADD',
  oldData: null,
  newData: {
    id: 7,
    user_id: 'kim',
    username: '김철수',
    email: null,
    enabled: true,
    updated_at: '2025-03-04T05:06:07+00:00',
  },
  changedFields: [],
};
const mod: HistoryEntry = {
  ...base,
  revisionId: 12,
  revisionType: 'MOD',
  oldData: { id: 7, user_id: 'kim', username: '김철수', ext: { shift: 'A' }, updated_at: '2025-03-04T05:06:07+00:00' },
  newData: { id: 7, user_id: 'kim', username: '김영희', ext: { shift: 'B' }, updated_at: '2025-03-05T05:06:07+00:00' },
  changedFields: ['ext', 'username'],
};
const del: HistoryEntry = {
  ...base,
  revisionId: 13,
  revisionType: 'DEL',
  oldData: { id: 7, user_id: 'kim', username: '김영희' },
  newData: null,
  changedFields: [],
};

const fieldsShown = (testId: string) =>
  screen.getAllByTestId(`${testId}-field`).map((tr) => tr.getAttribute('data-field'));

describe('revisionFields', () => {
  it('gives a creation its new values, id first and the audit columns last', () => {
    expect(revisionFields(add)).toEqual([
      { field: 'id', after: 7, changed: true },
      { field: 'email', after: null, changed: true },
      { field: 'enabled', after: true, changed: true },
      { field: 'user_id', after: 'kim', changed: true },
      { field: 'username', after: '김철수', changed: true },
      { field: 'updated_at', after: '2025-03-04T05:06:07+00:00', changed: true },
    ]);
  });

  it('gives a deletion its old values only', () => {
    const fields = revisionFields(del);
    expect(fields.map((f) => f.field)).toEqual(['id', 'user_id', 'username']);
    expect(fields.every((f) => !('after' in f) && 'before' in f)).toBe(true);
  });

  it('gives a modification only the changed fields, or every field with the changed ones marked', () => {
    expect(revisionFields(mod)).toEqual([
      { field: 'ext', before: { shift: 'A' }, after: { shift: 'B' }, changed: true },
      { field: 'username', before: '김철수', after: '김영희', changed: true },
    ]);
    const all = revisionFields(mod, true);
    expect(all.map((f) => [f.field, f.changed])).toEqual([
      ['id', false],
      ['ext', true],
      ['user_id', false],
      ['username', true],
      ['updated_at', false],
    ]);
  });

  it('names columns in words and shows values as text', () => {
    expect(humanizeField('location_id')).toBe('Location id');
    expect(humanizeField('attachFileName')).toBe('Attach file name');
    expect(formatValue(null)).toBeNull();
    expect(formatValue(false)).toBe('false');
    expect(formatValue({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(formatValue('plain 2025-01-01')).toBe('plain 2025-01-01');
    expect(formatValue('2025-03-04T05:06:07+00:00')).toMatch(/^2025-03-0[45] \d{2}:06:07$/);
  });
});

describe('RevisionDiff', () => {
  afterEach(cleanup);
  beforeEach(() => i18n.changeLanguage('kr'));

  it('shows a creation as its new values without a before column', () => {
    render(<RevisionDiff entry={add} testId="d" />);
    expect(fieldsShown('d')).toEqual(['id', 'email', 'enabled', 'user_id', 'username', 'updated_at']);
    expect(screen.getByTestId('d-after-username')).toHaveTextContent('김철수');
    expect(screen.getByTestId('d-after-email')).toHaveTextContent('(없음)');
    expect(screen.getByTestId('d-after-enabled')).toHaveTextContent('예');
    expect(screen.queryByTestId('d-before-username')).toBeNull();
    // Known columns get their label; others their name in words.
    expect(screen.getByText('사용자 ID')).toBeInTheDocument();
    expect(screen.queryByTestId('d-show-all')).toBeNull();
  });

  it('shows a deletion as its old values without an after column', () => {
    render(<RevisionDiff entry={del} testId="d" />);
    expect(screen.getByTestId('d-before-username')).toHaveTextContent('김영희');
    expect(screen.queryByTestId('d-after-username')).toBeNull();
  });

  it('shows a modification old → new for the changed fields, all fields on request', async () => {
    render(<RevisionDiff entry={mod} testId="d" />);
    expect(fieldsShown('d')).toEqual(['ext', 'username']);
    expect(screen.getByTestId('d-before-username')).toHaveTextContent('김철수');
    expect(screen.getByTestId('d-after-username')).toHaveTextContent('김영희');
    expect(screen.getByTestId('d-after-ext').textContent).toContain('"shift": "B"');
    expect(screen.queryByTestId('d-before-user_id')).toBeNull();
    fireEvent.click(screen.getByTestId('d-show-all'));
    await waitFor(() => expect(fieldsShown('d')).toEqual(['id', 'ext', 'user_id', 'username', 'updated_at']));
    expect(screen.getByTestId('d-before-user_id')).toHaveTextContent('kim');
    const unchanged = screen.getAllByTestId('d-field').find((tr) => tr.getAttribute('data-field') === 'user_id');
    expect(unchanged).toHaveAttribute('data-changed', 'false');
  });

  it('says so when a modification changed nothing but the update time', () => {
    render(<RevisionDiff entry={{ ...mod, changedFields: [] }} testId="d" />);
    expect(screen.queryAllByTestId('d-field')).toHaveLength(0);
    expect(screen.getByText(/값이 바뀐 항목이 없습니다/)).toBeInTheDocument();
  });

  it('names the revision types in English too', async () => {
    await i18n.changeLanguage('en');
    render(<RevisionDiff entry={mod} testId="d" />);
    expect(screen.getByText('Before')).toBeInTheDocument();
    expect(screen.getByText('Show all fields')).toBeInTheDocument();
  });
});

describe('HistoryDialog', () => {
  afterEach(cleanup);
  beforeEach(() => {
    apiPage.mockReset();
    return i18n.changeLanguage('kr');
  });

  const renderDialog = (rowId: string | number | null) =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <HistoryDialog table="users" rowId={rowId} title="kim" onClose={() => undefined} />
      </QueryClientProvider>,
    );

  it('asks nothing while closed', () => {
    renderDialog(null);
    expect(apiPage).not.toHaveBeenCalled();
    expect(screen.queryByTestId('history-dialog-table')).toBeNull();
  });

  it('lists the record revisions from the server page and opens one field by field', async () => {
    apiPage.mockResolvedValue({ data: [add, mod, del], total: 3 });
    renderDialog(7);
    const rows = await screen.findAllByTestId('history-dialog-row');
    expect(apiPage).toHaveBeenCalledWith(
      '/history/record/users/7',
      expect.objectContaining({ query: { page: 1, size: 20 } }),
    );
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText('생성')).toBeInTheDocument();
    expect(within(rows[1]).getByText('수정')).toBeInTheDocument();
    expect(within(rows[2]).getByText('삭제')).toBeInTheDocument();
    expect(within(rows[1]).getByText('이름')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('admin');
    expect(screen.queryByTestId('history-dialog-diff-12')).toBeNull();
    fireEvent.click(rows[1]);
    const diff = await screen.findByTestId('history-dialog-diff-12');
    expect(within(diff).getByTestId('history-dialog-diff-12-before-username')).toHaveTextContent('김철수');
    expect(within(diff).getByTestId('history-dialog-diff-12-after-username')).toHaveTextContent('김영희');
  });
});
