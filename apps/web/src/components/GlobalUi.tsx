import { Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useAppStore } from '../app/store.ts';

// The global UI of SPEC §1, mounted once by the app and driven by the store: spinner overlay, snackbar,
// confirm dialog, alert dialog and the related-data dialog. The dialogs are a separate chunk, mounted when one
// is first needed or soon after start, whichever comes first.

const GlobalDialogs = lazy(() => import('./GlobalDialogs.tsx').then((m) => ({ default: m.GlobalDialogs })));
const PRELOAD_AFTER_MS = 1500;

export function GlobalUi() {
  const needed = useAppStore((s) => s.snackbar.show || s.confirm.show || s.alert.show || s.relationData !== null);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setMounted(true), PRELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (needed) setMounted(true);
  }, [needed]);
  return (
    <>
      <SpinnerOverlay />
      {(mounted || needed) && (
        <Suspense fallback={null}>
          <GlobalDialogs />
        </Suspense>
      )}
    </>
  );
}

function SpinnerOverlay() {
  const spinning = useAppStore((s) => s.spinner > 0);
  // A short delay keeps quick requests from flashing the overlay.
  return <Spin fullscreen spinning={spinning} delay={150} data-testid="spinner-overlay" />;
}
