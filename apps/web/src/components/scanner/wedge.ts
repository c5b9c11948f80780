import { useEffect, useRef } from 'react';

// A keyboard-wedge scanner (SPEC §1) types the code as keys, much faster than a person, and ends it with Enter. Away
// from a text box those keys would go nowhere (or press the focused button), so the mobile shell listens for such a
// burst on the whole page and treats it as a scan.

/** The fewest characters of a scan and the longest pause between two of its keys (ms). */
export const WEDGE_MIN_LENGTH = 4;
export const WEDGE_MAX_GAP_MS = 50;

/** What the detector reads of a keydown. */
export type WedgeKey = {
  key: string;
  timeStamp: number;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
};

/**
 * A burst detector: feed it every keydown; it answers the code when Enter ends at least `minLength` printable
 * characters typed with less than `maxGapMs` between keys (Enter included), otherwise null. A slower key starts a
 * new burst, so a person typing never triggers it.
 */
export function createWedgeDetector({ minLength = WEDGE_MIN_LENGTH, maxGapMs = WEDGE_MAX_GAP_MS } = {}) {
  let chars: string[] = [];
  let last = Number.NEGATIVE_INFINITY;
  const reset = () => {
    chars = [];
    last = Number.NEGATIVE_INFINITY;
  };
  return {
    key(e: WedgeKey): string | null {
      const fast = e.timeStamp - last < maxGapMs;
      if (e.key === 'Enter') {
        const code = fast && chars.length >= minLength ? chars.join('').trim() : '';
        reset();
        return code.length >= minLength ? code : null;
      }
      if (e.key.length !== 1 || e.ctrlKey || e.altKey || e.metaKey) {
        // Shift (for capitals) comes between a scanner's keys; any other key ends the burst.
        if (e.key !== 'Shift') reset();
        return null;
      }
      if (!fast) chars = [];
      chars.push(e.key);
      last = e.timeStamp;
      return null;
    },
    reset,
  };
}

/** Keys typed into a text box belong to it (a BarcodeInput reads its own scans). */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
  }
  return false;
}

/**
 * Listens for wedge scans on the whole document while `enabled`, outside text boxes. The Enter that ends a scan is
 * swallowed, so it does not press the focused button as well.
 */
export function useWedgeScanner(onScan: (code: string) => void, enabled = true) {
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  useEffect(() => {
    if (!enabled) return;
    const detector = createWedgeDetector();
    const listener = (e: KeyboardEvent) => {
      if (e.isComposing || isTextEntry(e.target)) {
        detector.reset();
        return;
      }
      const code = detector.key(e);
      if (code) {
        e.preventDefault();
        e.stopPropagation();
        onScanRef.current(code);
      }
    };
    window.addEventListener('keydown', listener, true);
    return () => window.removeEventListener('keydown', listener, true);
  }, [enabled]);
}
