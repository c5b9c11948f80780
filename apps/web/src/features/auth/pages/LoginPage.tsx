import { LockOutlined, MoonOutlined, SunOutlined, UserOutlined } from '@ant-design/icons';
import { type Locale, ruleMessage, translateMessage } from '@eqms/contract';
import { Alert, Button, Input, theme } from 'antd';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../api/error-text.ts';
import type { ApiError } from '../../../api/http.ts';
import { safeRedirect } from '../../../app/paths.ts';
import { preloadSignedIn } from '../../../app/router.tsx';
import { sessionEnd } from '../../../app/session-end.ts';
import { useAppStore } from '../../../app/store.ts';

// /auth/loginForm (and the /auth/loginForm/ai-chat variant, which continues to the AI chat). Kept free of feature
// code so the first page a user sees loads quickly: the API client (session.ts) is fetched once the user types, the
// signed-in shell while the login request runs (issue 10 §1, e2e/delivery.spec.ts holds the budget).
const loadSession = () => import('../../../app/session.ts');
type Values = { userId: string; password: string };

export function loginErrorText(error: ApiError, locale: Locale): string {
  return errorText(error, locale);
}

type Field = keyof Values;

export default function LoginPage({ next }: { next?: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const locale = useAppStore((s) => s.locale);
  const mode = useAppStore((s) => s.theme);
  const [values, setValues] = useState<Values>({ userId: '', password: '' });
  const [missing, setMissing] = useState<Record<Field, boolean>>({ userId: false, password: false });
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const required = translateMessage(ruleMessage('required'), locale);

  useEffect(() => {
    document.title = `${t('login.title')} - eQMS`;
  }, [t]);
  useEffect(() => {
    sessionEnd.byLogout = false;
  }, []);

  const change = (field: Field, value: string) => {
    loadSession().catch(() => undefined); // fetched ahead; submit reports a failure
    setValues((v) => ({ ...v, [field]: value }));
    if (value.trim()) setMissing((m) => ({ ...m, [field]: false }));
  };

  // A plain form (no form library) keeps this first page light; Enter in either box submits.
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const empty = { userId: !values.userId.trim(), password: !values.password };
    setMissing(empty);
    if (empty.userId || empty.password || busy) return;
    setBusy(true);
    setError(null);
    preloadSignedIn();
    const result = await loadSession().then(
      ({ login }) => login(values.userId.trim(), values.password),
      // The client's chunk did not arrive (network down): shown like the client shows a failed request.
      (e: Error) => ({
        ok: false as const,
        error: { status: 0, code: 'INTERNAL_SERVER_ERROR', message: e.message } as ApiError,
      }),
    );
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    navigate(next ?? safeRedirect(params.get('redirect')) ?? '/', { replace: true });
  };

  const label = (text: string, htmlFor: string) => (
    <label htmlFor={htmlFor} style={{ display: 'block', marginBottom: 6, fontWeight: 500, color: token.colorText }}>
      {text}
    </label>
  );
  const fieldError = (show: boolean) =>
    show ? <div style={{ color: token.colorError, fontSize: 13, marginTop: 4 }}>{required}</div> : null;
  const themeLabel = mode === 'dark' ? t('login.lightMode') : t('login.darkMode');

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
        boxSizing: 'border-box',
        background:
          mode === 'dark'
            ? `radial-gradient(circle at 20% 10%, ${token.colorPrimaryBg} 0, transparent 45%), ${token.colorBgLayout}`
            : `radial-gradient(circle at 20% 10%, ${token.colorPrimaryBg} 0, transparent 50%), linear-gradient(160deg, ${token.colorBgLayout}, ${token.colorPrimaryBgHover})`,
      }}
      data-testid="login-page"
    >
      <div style={{ position: 'fixed', top: 16, right: 16, display: 'flex', gap: 8, alignItems: 'center' }}>
        {(['kr', 'en'] as const).map((l) => (
          <Button
            key={l}
            size="small"
            type={locale === l ? 'primary' : 'text'}
            ghost={locale === l}
            onClick={() => useAppStore.getState().setLocale(l)}
            aria-pressed={locale === l}
            data-testid={`login-lang-${l}`}
          >
            {l === 'kr' ? '한국어' : 'English'}
          </Button>
        ))}
        <Button
          type="text"
          shape="circle"
          icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
          onClick={() => useAppStore.getState().setTheme(mode === 'dark' ? 'light' : 'dark')}
          title={themeLabel}
          aria-label={themeLabel}
          data-testid="login-theme"
        />
      </div>
      <main
        style={{
          width: '100%',
          maxWidth: 400,
          background: token.colorBgContainer,
          borderRadius: 16,
          boxShadow: token.boxShadowTertiary,
          border: `1px solid ${token.colorBorderSecondary}`,
          padding: '40px 36px 28px',
          boxSizing: 'border-box',
        }}
      >
        <div style={{ textAlign: 'center', marginBottom: 28 }}>
          <div
            aria-hidden
            style={{
              width: 56,
              height: 56,
              margin: '0 auto 14px',
              borderRadius: 14,
              background: `linear-gradient(135deg, ${token.colorPrimary}, ${token.colorPrimaryActive})`,
              color: '#fff',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              fontWeight: 700,
              fontSize: 20,
              letterSpacing: -0.5,
            }}
          >
            eQ
          </div>
          <h1 style={{ margin: 0, fontSize: 30, fontWeight: 700, letterSpacing: -0.5, color: token.colorText }}>
            eQMS
          </h1>
          <div style={{ color: token.colorTextSecondary, marginTop: 4 }} data-testid="login-tagline">
            {t('shell.tagline')}
          </div>
        </div>
        <form onSubmit={submit} noValidate>
          <div style={{ marginBottom: 20 }}>
            {label(t('login.userId'), 'login-user-id')}
            <Input
              id="login-user-id"
              size="large"
              value={values.userId}
              onChange={(e) => change('userId', e.target.value)}
              status={missing.userId ? 'error' : undefined}
              prefix={<UserOutlined style={{ color: token.colorTextQuaternary }} />}
              autoComplete="username"
              autoFocus
              disabled={busy}
              data-testid="login-user-id"
            />
            {fieldError(missing.userId)}
          </div>
          <div style={{ marginBottom: 20 }}>
            {label(t('login.password'), 'login-password')}
            <Input.Password
              id="login-password"
              size="large"
              value={values.password}
              onChange={(e) => change('password', e.target.value)}
              status={missing.password ? 'error' : undefined}
              prefix={<LockOutlined style={{ color: token.colorTextQuaternary }} />}
              autoComplete="current-password"
              disabled={busy}
              data-testid="login-password"
            />
            {fieldError(missing.password)}
          </div>
          {error && (
            <Alert
              type="error"
              showIcon
              title={loginErrorText(error, locale)}
              style={{ marginBottom: 20 }}
              data-testid="login-error"
            />
          )}
          <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </form>
        <p style={{ textAlign: 'center', fontSize: 12, margin: '16px 0 0', color: token.colorTextTertiary }}>
          {t('login.features')}
        </p>
      </main>
    </div>
  );
}
