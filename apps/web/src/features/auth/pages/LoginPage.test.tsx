import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../app/store.ts';
import LoginPage from './LoginPage.tsx';

// The login page is drawn without antd and i18next (issue 10 §1): these check that it still behaves like the form it
// replaced. The browser tests (e2e/shell.spec.ts, the look-through) drive it against the real server.

const login = vi.hoisted(() => vi.fn());
vi.mock('../login/load.ts', async (original) => ({
  ...(await original<typeof import('../login/load.ts')>()),
  loadSession: async () => ({ login }),
}));

const renderPage = (props: Partial<Parameters<typeof LoginPage>[0]> = {}) => {
  const onSignedIn = vi.fn();
  const prefetch = vi.fn();
  render(<LoginPage onSignedIn={onSignedIn} prefetch={prefetch} {...props} />);
  return { onSignedIn, prefetch };
};
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

beforeEach(() => {
  login.mockReset();
  act(() => {
    useAppStore.getState().setLocale('kr');
    useAppStore.getState().setTheme('light');
  });
  window.history.replaceState(null, '', '/auth/loginForm');
});
afterEach(cleanup);

describe('login page', () => {
  it('names both empty fields and sends nothing', async () => {
    const { onSignedIn } = renderPage();
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findAllByText('필수 입력 항목입니다.')).toHaveLength(2);
    expect(screen.getByTestId('login-user-id').getAttribute('aria-invalid')).toBe('true');
    expect(login).not.toHaveBeenCalled();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('signs in with the trimmed id and goes to the redirect in the URL', async () => {
    login.mockResolvedValue({ ok: true, user: {} });
    window.history.replaceState(null, '', '/auth/loginForm?redirect=%2Fadmin%2Fcode%3Fq%3D1');
    const { onSignedIn, prefetch } = renderPage();
    type('login-user-id', '  admin ');
    type('login-password', 'admin1234');
    expect(prefetch).toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/admin/code?q=1'));
    expect(login).toHaveBeenCalledWith('admin', 'admin1234');
  });

  it('ignores a redirect to another site and goes home; the AI chat variant goes to its page', async () => {
    login.mockResolvedValue({ ok: true, user: {} });
    window.history.replaceState(null, '', '/auth/loginForm?redirect=%2F%2Fevil.example');
    const { onSignedIn } = renderPage();
    type('login-user-id', 'admin');
    type('login-password', 'x');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/'));
    cleanup();
    const chat = renderPage({ next: '/ai-chat' });
    type('login-user-id', 'admin');
    type('login-password', 'x');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(chat.onSignedIn).toHaveBeenCalledWith('/ai-chat'));
  });

  it('shows a refused login in the chosen language, and again when the language changes', async () => {
    login.mockResolvedValue({ ok: false, error: { status: 401, code: 'ID_PASSWORD_INVALID' } });
    const { onSignedIn } = renderPage();
    type('login-user-id', 'admin');
    type('login-password', 'wrong');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('아이디와 비밀번호를 확인하세요.');
    expect(screen.getByTestId('login-submit').getAttribute('aria-busy')).toBe('false');
    fireEvent.click(screen.getByTestId('login-lang-en'));
    expect(screen.getByTestId('login-error')).toHaveTextContent('Please check your ID and password.');
    expect(screen.getByTestId('login-tagline')).toHaveTextContent('Manufacturing, quality and HACCP for your factory');
    expect(document.documentElement.lang).toBe('en');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('reports an app that did not arrive after sign-in and lets the user try again', async () => {
    login.mockResolvedValue({ ok: true, user: {} });
    const onSignedIn = vi.fn().mockRejectedValueOnce(new Error('chunk failed'));
    renderPage({ onSignedIn });
    type('login-user-id', 'admin');
    type('login-password', 'admin1234');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('login-error')).toBeInTheDocument();
    expect(screen.getByTestId('login-user-id')).not.toBeDisabled();
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(2));
  });

  it('shows and hides the password with a named button', () => {
    renderPage();
    const password = screen.getByTestId('login-password');
    const reveal = screen.getByTestId('login-password-reveal');
    expect(password.getAttribute('type')).toBe('password');
    expect(reveal.getAttribute('aria-label')).toBe('비밀번호 표시');
    fireEvent.click(reveal);
    expect(password.getAttribute('type')).toBe('text');
    expect(reveal.getAttribute('aria-label')).toBe('비밀번호 숨기기');
    expect(reveal.getAttribute('aria-pressed')).toBe('true');
  });

  it('switches the theme from its corner button and paints with the theme colours', () => {
    renderPage();
    const page = screen.getByTestId('login-page');
    expect(page.dataset.mode).toBe('light');
    expect(page.style.getPropertyValue('--colorPrimary')).toBe('#1976d2');
    fireEvent.click(screen.getByTestId('login-theme'));
    expect(page.dataset.mode).toBe('dark');
    expect(useAppStore.getState().theme).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
  });
});
