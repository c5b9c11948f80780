import { TOKEN_STORAGE_KEY } from '@eqms/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import LoginPage from './features/auth/pages/LoginPage.tsx';
import { LOGIN_PATH } from './app/paths.ts';
import './app/app.css';

// Two ways in. A cold login page (or the home page without a session, which the session gate would send there) is
// the login page alone: no antd, router or i18next, so it is the smallest first load (issue 10 §1); the app is
// fetched while the user types and takes over the page after sign-in. Every other path loads the whole app.

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const reactRoot = createRoot(root);
const loadApp = () => import('./app/mount.tsx');

const path = window.location.pathname.replace(/\/+$/, '') || '/';
const standalone = path === LOGIN_PATH || (path === '/' && !localStorage.getItem(TOKEN_STORAGE_KEY));

if (standalone) {
  if (path !== LOGIN_PATH) window.history.replaceState(null, '', LOGIN_PATH);
  reactRoot.render(
    <StrictMode>
      <LoginPage
        prefetch={() => {
          loadApp()
            .then((m) => m.preloadSignedIn())
            .catch(() => undefined);
        }}
        onSignedIn={async (to) => (await loadApp()).mountApp(reactRoot, to)}
      />
    </StrictMode>,
  );
} else {
  void loadApp().then((m) => m.mountApp(reactRoot));
}
