import { type ApiToken, apiTokenEndpoints } from '@eqms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/index.ts';

const apiCall = vi.hoisted(() => vi.fn());
vi.mock('../../api/http.ts', () => ({ call: apiCall, ApiError: class ApiError extends Error {} }));
const { default: ApiTokensDialog } = await import('./ApiTokensDialog.tsx');
const { useAppStore } = await import('../../app/store.ts');

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const token = (over: Partial<ApiToken>): ApiToken => ({
  id: 1,
  name: 'Claude Desktop',
  prefix: 'eqms_AbC12x',
  createdAt: iso(Date.now() - 10 * DAY),
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
  ...over,
});
const ACTIVE = token({
  id: 3,
  name: '노트북',
  expiresAt: iso(Date.now() + 80 * DAY),
  lastUsedAt: iso(Date.now() - DAY),
});
const EXPIRED = token({ id: 2, name: 'old', expiresAt: iso(Date.now() - DAY) });
const REVOKED = token({ id: 1, name: 'leaked', revokedAt: iso(Date.now() - 2 * DAY) });

function answer(list: ApiToken[], created?: ApiToken & { token: string }) {
  apiCall.mockImplementation((ep, args) => {
    if (ep === apiTokenEndpoints.list) return Promise.resolve(list);
    if (ep === apiTokenEndpoints.create) return Promise.resolve(created);
    if (ep === apiTokenEndpoints.revoke)
      return Promise.resolve({ ...list.find((t) => t.id === args.params.id), revokedAt: iso(Date.now()) });
    return Promise.reject(new Error(`unexpected ${ep.path}`));
  });
}

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ApiTokensDialog open onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

describe('ApiTokensDialog', () => {
  beforeEach(() => {
    apiCall.mockReset();
  });
  afterEach(async () => {
    cleanup();
    useAppStore.setState({ locale: 'kr' });
    useAppStore.getState().closeConfirm(false);
    await i18n.changeLanguage('kr');
  });

  it('lists the tokens with their status; only an active one can be revoked', async () => {
    answer([ACTIVE, EXPIRED, REVOKED]);
    renderDialog();
    const active = await screen.findByTestId('api-token-row-3');
    expect(active).toHaveAttribute('data-status', 'active');
    expect(within(active).getByTestId('api-token-prefix-3')).toHaveTextContent('eqms_AbC12x…');
    expect(within(active).getByTestId('api-token-status-3')).toHaveTextContent('사용 중');
    expect(within(active).getByTestId('api-token-revoke-3')).toBeInTheDocument();
    const expired = screen.getByTestId('api-token-row-2');
    expect(expired).toHaveAttribute('data-status', 'expired');
    expect(expired).toHaveTextContent('만료됨');
    expect(expired).toHaveTextContent('사용 안 함');
    const revoked = screen.getByTestId('api-token-row-1');
    expect(revoked).toHaveAttribute('data-status', 'revoked');
    expect(revoked).toHaveTextContent('만료 없음');
    expect(revoked).toHaveTextContent('폐기됨');
    expect(screen.queryByTestId('api-token-revoke-2')).toBeNull();
    expect(screen.queryByTestId('api-token-revoke-1')).toBeNull();
  });

  it('says so when there are none; in English too', async () => {
    useAppStore.setState({ locale: 'en' });
    await i18n.changeLanguage('en');
    answer([]);
    renderDialog();
    expect(await screen.findByText('You have no API tokens yet.')).toBeInTheDocument();
  });

  it('refuses an empty name with the contract message, then creates and shows the token once', async () => {
    const made = { ...token({ id: 9, name: 'Cursor', expiresAt: iso(Date.now() + 90 * DAY) }), token: 'eqms_secret' };
    answer([], made);
    renderDialog();
    await screen.findByText('아직 만든 토큰이 없습니다.');
    fireEvent.submit(screen.getByTestId('api-token-form'));
    expect(await screen.findByText('필수 입력 항목입니다.')).toBeInTheDocument();
    expect(apiCall).not.toHaveBeenCalledWith(apiTokenEndpoints.create, expect.anything());

    fireEvent.change(screen.getByTestId('api-token-name'), { target: { value: '  Cursor ' } });
    answer([made], made);
    fireEvent.submit(screen.getByTestId('api-token-form'));
    expect(await screen.findByTestId('api-token-secret')).toHaveValue('eqms_secret');
    expect(apiCall).toHaveBeenCalledWith(apiTokenEndpoints.create, {
      body: { name: 'Cursor', expiresInDays: 90 },
      silent: true,
    });
    expect(screen.getByTestId('api-token-secret-warning')).toHaveTextContent('한 번만');
    expect(screen.getByTestId('api-token-mcp-url')).toHaveTextContent(`${window.location.origin}/api/mcp`);
    expect(screen.getByTestId('api-token-mcp-header')).toHaveTextContent('Authorization: Bearer eqms_AbC12x…');
    expect(await screen.findByTestId('api-token-row-9')).toBeInTheDocument();
    expect(screen.getByTestId('api-token-name')).toHaveValue('');

    fireEvent.click(screen.getByTestId('api-token-secret-done'));
    expect(screen.queryByTestId('api-token-secret')).toBeNull();
  });

  it('revokes only after the confirmation', async () => {
    answer([ACTIVE]);
    renderDialog();
    fireEvent.click(await screen.findByTestId('api-token-revoke-3'));
    await waitFor(() => expect(useAppStore.getState().confirm.show).toBe(true));
    expect(useAppStore.getState().confirm.text).toContain('「노트북」');
    act(() => useAppStore.getState().closeConfirm(false));
    expect(apiCall).not.toHaveBeenCalledWith(apiTokenEndpoints.revoke, expect.anything());

    fireEvent.click(screen.getByTestId('api-token-revoke-3'));
    await waitFor(() => expect(useAppStore.getState().confirm.show).toBe(true));
    act(() => useAppStore.getState().closeConfirm(true));
    await waitFor(() => expect(apiCall).toHaveBeenCalledWith(apiTokenEndpoints.revoke, { params: { id: 3 } }));
    await waitFor(() =>
      expect(useAppStore.getState().snackbar).toMatchObject({ type: 'success', text: '토큰을 폐기했습니다.' }),
    );
  });
});
