import { createContext, useContext, useEffect, useRef } from 'react';

// Who gets a keyboard-wedge scan made away from any text box: the mobile page that asks for scans (the stock look-up,
// the receiving steps), otherwise the shell's scan sheet.

export type ScanTarget = { claim: (onScan: (code: string) => void) => () => void };

export const MobileScanContext = createContext<ScanTarget | null>(null);

/** While mounted, the page receives the wedge scans of the mobile shell (the latest page to claim them wins). */
export function useClaimScans(onScan: (code: string) => void, enabled = true) {
  const target = useContext(MobileScanContext);
  const ref = useRef(onScan);
  ref.current = onScan;
  useEffect(() => {
    if (!target || !enabled) return;
    return target.claim((code) => ref.current(code));
  }, [target, enabled]);
}
