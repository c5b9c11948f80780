import { ONLINE_USERS_POLL_MS, systemEndpoints } from '@eqms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n/index.ts';

const apiCall = vi.hoisted(() => vi.fn());
vi.mock('../api/http.ts', () => ({ api: { get: vi.fn(), put: vi.fn() }, call: apiCall }));
const { SettingsDrawer } = await import('./SettingsDrawer.tsx');
const { useAppStore } = await import('../app/store.ts');
/** The signed-in user's rights, as the session holds them. */
const signInWith = (permissions: Record<string, Record<string, boolean>>) =>
  useAppStore.setState({ user: { permissions } as never });

const user = (id: number, username: string) => ({
  id,
  userId: `u${id}`,
  username,
  hasImage: false,
  lastAccessAt: '2025-01-01T00:00:00.000Z',
});
const onlineCalls = () => apiCall.mock.calls.filter(([ep]) => ep === systemEndpoints.onlineUsers).length;

function renderDrawer(open = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const ui = (o: boolean) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SettingsDrawer open={o} onClose={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>
  );
  const result = render(ui(open));
  return { ...result, setOpen: (o: boolean) => result.rerender(ui(o)) };
}

// SPEC §1 / issue 3 §4: the online-users list refreshes every 60 s while it is shown, and not otherwise.
describe('SettingsDrawer online users', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    apiCall.mockReset();
    apiCall.mockResolvedValueOnce([user(1, '관리자')]).mockResolvedValue([user(1, '관리자'), user(2, '생산 담당')]);
    signInWith({ user: { view: true } });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    useAppStore.setState({ user: null });
  });

  it("has no online tab without the user screen's view right, and asks nothing", async () => {
    signInWith({ notice: { all: true }, user: { modify: true } });
    renderDrawer();
    expect(screen.getByTestId('settings-tab-theme')).toBeInTheDocument();
    expect(screen.queryByTestId('settings-tab-online')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(ONLINE_USERS_POLL_MS * 2));
    expect(onlineCalls()).toBe(0);
  });

  it('asks nothing until the online tab is opened', async () => {
    renderDrawer();
    await act(() => vi.advanceTimersByTimeAsync(ONLINE_USERS_POLL_MS * 2));
    expect(onlineCalls()).toBe(0);
  });

  it('refreshes the list every ONLINE_USERS_POLL_MS while the tab is shown, and stops when the drawer closes', async () => {
    const { setOpen } = renderDrawer();
    fireEvent.click(screen.getByTestId('settings-tab-online'));
    expect(await screen.findByText('관리자')).toBeInTheDocument();
    expect(onlineCalls()).toBe(1);
    expect(screen.queryByText('생산 담당')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(ONLINE_USERS_POLL_MS - 1000));
    expect(onlineCalls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(onlineCalls()).toBe(2);
    expect(await screen.findByText('생산 담당')).toBeInTheDocument();
    expect(screen.getByTestId('online-count')).toHaveTextContent('2명 접속 중');

    setOpen(false);
    await act(() => vi.advanceTimersByTimeAsync(ONLINE_USERS_POLL_MS * 3));
    expect(onlineCalls()).toBe(2);
  });
});
