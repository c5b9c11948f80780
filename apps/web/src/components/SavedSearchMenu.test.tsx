import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../app/store.ts';

const apiGet = vi.hoisted(() => vi.fn());
const apiPost = vi.hoisted(() => vi.fn());
const apiDel = vi.hoisted(() => vi.fn());
vi.mock('../api/http.ts', async () =>
  (await import('../test/http-mock.ts')).httpMock({ get: apiGet, post: apiPost, del: apiDel }),
);
// The kit's texts are registered by DataTable, which renders this menu.
await import('./DataTable.tsx');
const { SavedSearchMenu, searchOf } = await import('./SavedSearchMenu.tsx');

let currentSearch = '';
function LocationProbe() {
  currentSearch = useLocation().search;
  return null;
}

function mount(url: string) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[url]}>
        <SavedSearchMenu menu="user" testId="ss" />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const saved = [
  { id: 8, title: 'Kim on page 2', userId: 1, menu: 'user', searchCond: '{"search":"?q=kim&page=2"}', createdAt: '' },
  { id: 9, title: 'Broken', userId: 1, menu: 'user', searchCond: 'not json', createdAt: '' },
];

describe('SavedSearchMenu', () => {
  afterEach(cleanup);
  beforeEach(() => {
    useAppStore.setState({ confirm: { show: false, title: '', text: '' }, locale: 'kr' });
    apiGet.mockReset().mockResolvedValue([]);
    apiPost.mockReset().mockResolvedValue({ id: 10 });
    apiDel.mockReset().mockResolvedValue({ ok: true });
  });

  it('reads the search of a saved condition and refuses foreign JSON', () => {
    expect(searchOf({ searchCond: '{"search":"?a=1"}' })).toBe('?a=1');
    expect(searchOf({ searchCond: '{"search":"a=1"}' })).toBe('?a=1');
    expect(searchOf({ searchCond: '{"search":""}' })).toBe('');
    expect(searchOf({ searchCond: '{"q":"kim"}' })).toBeNull();
    expect(searchOf({ searchCond: 'nope' })).toBeNull();
  });

  it('saves the current URL search under a title, which is required', async () => {
    mount('/admin/user?q=lee&roleId=3&sort=-userId');
    fireEvent.click(screen.getByTestId('ss'));
    await waitFor(() => expect(apiGet).toHaveBeenCalledWith('/condition/conditions', expect.anything()));
    expect(apiGet.mock.calls[0][1].query).toEqual({ menu: 'user' });
    expect(await screen.findByTestId('ss-empty')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('ss-save'));

    // No title: the rule's message, nothing sent.
    fireEvent.click(await screen.findByTestId('ss-dialog-submit'));
    expect(await screen.findByText('제목을 입력하세요.')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('ss-title'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('ss-dialog-submit'));
    await waitFor(() => expect(screen.getByText('제목을 입력하세요.')).toBeInTheDocument());
    expect(apiPost).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('ss-title'), { target: { value: ' Lee, role 3 ' } });
    fireEvent.click(screen.getByTestId('ss-dialog-submit'));
    await waitFor(() => expect(apiPost).toHaveBeenCalledTimes(1));
    expect(apiPost).toHaveBeenCalledWith(
      '/condition',
      { title: 'Lee, role 3', menu: 'user', searchCond: JSON.stringify({ search: '?q=lee&roleId=3&sort=-userId' }) },
      expect.objectContaining({ silent: true }),
    );
  });

  it('restores a saved search by opening the same screen with its search', async () => {
    apiGet.mockResolvedValue(saved);
    mount('/admin/user?q=other');
    fireEvent.click(screen.getByTestId('ss'));
    const items = await screen.findAllByTestId('ss-item');
    expect(items.map((i) => i.textContent)).toEqual(['Kim on page 2', 'Broken']);
    fireEvent.click(items[0]);
    await waitFor(() => expect(currentSearch).toBe('?q=kim&page=2'));

    // A condition that is not ours leaves the view alone and says so.
    fireEvent.click(screen.getByTestId('ss'));
    fireEvent.click((await screen.findAllByTestId('ss-item'))[1]);
    await waitFor(() => expect(useAppStore.getState().snackbar.text).toBe('저장된 검색 조건을 읽을 수 없습니다.'));
    expect(currentSearch).toBe('?q=kim&page=2');
  });

  it('deletes a saved search only after the user confirms', async () => {
    apiGet.mockResolvedValue(saved);
    mount('/admin/user');
    fireEvent.click(screen.getByTestId('ss'));
    fireEvent.click((await screen.findAllByTestId('ss-delete'))[0]);
    await waitFor(() => expect(useAppStore.getState().confirm.show).toBe(true));
    expect(useAppStore.getState().confirm.text).toContain('Kim on page 2');
    act(() => useAppStore.getState().closeConfirm(false));
    expect(apiDel).not.toHaveBeenCalled();
    expect(currentSearch).toBe('');

    fireEvent.click(screen.getByTestId('ss'));
    fireEvent.click((await screen.findAllByTestId('ss-delete'))[0]);
    await waitFor(() => expect(useAppStore.getState().confirm.show).toBe(true));
    act(() => useAppStore.getState().closeConfirm(true));
    await waitFor(() => expect(apiDel).toHaveBeenCalledWith('/condition/8'));
  });
});
