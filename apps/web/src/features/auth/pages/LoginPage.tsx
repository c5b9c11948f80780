import { type Locale, ruleMessage, translateMessage } from '@eqms/contract';
import { type FormEvent, useEffect, useState } from 'react';
import type { ErrorLike } from '../../../api/error-text.ts';
import { applyDocumentLocale, applyDocumentTheme } from '../../../app/document.ts';
import { safeRedirect } from '../../../app/paths.ts';
import { sessionEnd } from '../../../app/session-end.ts';
import { useAppStore } from '../../../app/store.ts';
import { errors as errorsEn, login as loginEn, shell as shellEn } from '../../../i18n/locales/common.en.json';
import { errors as errorsKr, login as loginKr, shell as shellKr } from '../../../i18n/locales/common.kr.json';
import { LoginIcon } from '../login/LoginIcon.tsx';
import { loadErrorText, loadSession } from '../login/load.ts';
import { paletteVars } from '../login/palette.ts';
import '../login/login.css';

// /auth/loginForm (and the /auth/loginForm/ai-chat variant, which continues to the AI chat): the first page a user
// loads, so it is drawn with plain elements, no antd, router or i18next (issue 10 §1, e2e/delivery.spec.ts holds
// the budget). The API client is fetched once the user types, and with `prefetch` the signed-in app too.

const TEXTS = {
  kr: { ...loginKr, tagline: shellKr.tagline, failed: errorsKr.INTERNAL_SERVER_ERROR },
  en: { ...loginEn, tagline: shellEn.tagline, failed: errorsEn.INTERNAL_SERVER_ERROR },
} satisfies Record<Locale, object>;

type Values = { userId: string; password: string };
type Field = keyof Values;
/** A failed login and, once its module has arrived, the function that words it in a locale. */
type Failure = { error: ErrorLike; describe?: (error: ErrorLike, locale: Locale) => string };

export type LoginPageProps = {
  /** Where to go after signing in when the URL names no redirect (the AI chat variant). */
  next?: string;
  /** Opens the signed-in app at this path (the router's navigate, or mounting the app on a standalone page). */
  onSignedIn: (to: string) => void | Promise<void>;
  /** Starts loading what the signed-in app needs, while the user types and while the login request runs. */
  prefetch: () => void;
};

export default function LoginPage({ next, onSignedIn, prefetch }: LoginPageProps) {
  const locale = useAppStore((s) => s.locale);
  const mode = useAppStore((s) => s.theme);
  const color = useAppStore((s) => s.themeColor);
  const text = TEXTS[locale];
  const [values, setValues] = useState<Values>({ userId: '', password: '' });
  const [missing, setMissing] = useState<Record<Field, boolean>>({ userId: false, password: false });
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const [reveal, setReveal] = useState(false);
  const required = translateMessage(ruleMessage('required'), locale);

  useEffect(() => {
    document.title = `${text.title} - eQMS`;
    applyDocumentLocale(locale);
  }, [text, locale]);
  useEffect(() => applyDocumentTheme(mode), [mode]);
  useEffect(() => {
    sessionEnd.byLogout = false;
  }, []);

  const change = (field: Field, value: string) => {
    loadSession().catch(() => undefined); // fetched ahead; submit reports a failure
    prefetch();
    setValues((v) => ({ ...v, [field]: value }));
    if (value.trim()) setMissing((m) => ({ ...m, [field]: false }));
  };

  // A plain form (no form library); Enter in either box submits.
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const empty = { userId: !values.userId.trim(), password: !values.password };
    setMissing(empty);
    if (empty.userId || empty.password || busy) return;
    setBusy(true);
    setFailure(null);
    prefetch();
    const result = await loadSession().then(
      ({ login }) => login(values.userId.trim(), values.password),
      // The client's chunk did not arrive (network down): worded like a failed request.
      () => ({ ok: false as const, error: { status: 0, code: 'INTERNAL_SERVER_ERROR' } as ErrorLike }),
    );
    if (!result.ok) {
      const describe = await loadErrorText().then(
        (m) => m.errorText,
        () => undefined,
      );
      setBusy(false);
      setFailure({ error: result.error, describe });
      return;
    }
    const to = next ?? safeRedirect(new URLSearchParams(window.location.search).get('redirect')) ?? '/';
    try {
      await onSignedIn(to);
    } catch {
      // The app's code did not arrive (network down after sign-in): the session is kept, a retry goes on from here.
      setBusy(false);
      setFailure({ error: { status: 0, code: 'INTERNAL_SERVER_ERROR' } });
    }
  };

  const themeLabel = mode === 'dark' ? text.lightMode : text.darkMode;
  const field = (name: Field, label: string, icon: 'user' | 'lock') => {
    const id = name === 'userId' ? 'login-user-id' : 'login-password';
    const secret = name === 'password';
    return (
      <div className="lp-field">
        <label className="lp-label" htmlFor={id}>
          {label}
        </label>
        <span className="lp-input" data-invalid={missing[name]} data-disabled={busy}>
          <LoginIcon name={icon} className="lp-prefix" />
          <input
            id={id}
            type={secret && !reveal ? 'password' : 'text'}
            value={values[name]}
            onChange={(e) => change(name, e.target.value)}
            autoComplete={secret ? 'current-password' : 'username'}
            autoFocus={!secret}
            disabled={busy}
            aria-invalid={missing[name] || undefined}
            aria-describedby={missing[name] ? `${id}-error` : undefined}
            data-testid={id}
          />
          {secret && (
            <button
              type="button"
              className="lp-eye"
              onClick={() => setReveal((r) => !r)}
              aria-label={reveal ? text.hidePassword : text.showPassword}
              aria-pressed={reveal}
              title={reveal ? text.hidePassword : text.showPassword}
              data-testid="login-password-reveal"
            >
              <LoginIcon name={reveal ? 'eye' : 'eyeInvisible'} />
            </button>
          )}
        </span>
        {missing[name] && (
          <div className="lp-field-error" id={`${id}-error`}>
            {required}
          </div>
        )}
      </div>
    );
  };

  return (
    <div className="lp-page" data-mode={mode} style={paletteVars(mode, color)} data-testid="login-page">
      <div className="lp-corner">
        {(['kr', 'en'] as const).map((l) => (
          <button
            key={l}
            type="button"
            className={`lp-btn lp-btn-small ${locale === l ? 'lp-btn-ghost' : 'lp-btn-text'}`}
            onClick={() => useAppStore.getState().setLocale(l)}
            aria-pressed={locale === l}
            data-testid={`login-lang-${l}`}
          >
            {l === 'kr' ? '한국어' : 'English'}
          </button>
        ))}
        <button
          type="button"
          className="lp-btn lp-btn-text lp-btn-circle"
          onClick={() => useAppStore.getState().setTheme(mode === 'dark' ? 'light' : 'dark')}
          title={themeLabel}
          aria-label={themeLabel}
          data-testid="login-theme"
        >
          <LoginIcon name={mode === 'dark' ? 'sun' : 'moon'} />
        </button>
      </div>
      <main className="lp-card">
        <div className="lp-brand">
          <div className="lp-mark" aria-hidden>
            eQ
          </div>
          <h1 className="lp-title">eQMS</h1>
          <div className="lp-tagline" data-testid="login-tagline">
            {text.tagline}
          </div>
        </div>
        <form onSubmit={submit} noValidate>
          {field('userId', text.userId, 'user')}
          {field('password', text.password, 'lock')}
          {failure && (
            <div className="lp-alert" role="alert" data-testid="login-error">
              <LoginIcon name="error" />
              <span>{failure.describe ? failure.describe(failure.error, locale) : text.failed}</span>
            </div>
          )}
          <button type="submit" className="lp-btn lp-btn-primary" aria-busy={busy} data-testid="login-submit">
            {busy && <LoginIcon name="loading" className="lp-spin" />}
            {text.submit}
          </button>
        </form>
        <p className="lp-features">{text.features}</p>
      </main>
    </div>
  );
}
