import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { App } from './App.tsx';
import { preloadSignedIn, router } from './router.tsx';

export { preloadSignedIn };

/** Renders the whole app into the root; `to` first moves the router there (after the standalone login page). */
export async function mountApp(root: Root, to?: string) {
  if (to) await router.navigate(to, { replace: true });
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
