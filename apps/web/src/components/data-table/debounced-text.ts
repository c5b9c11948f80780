import { useCallback, useEffect, useRef, useState } from 'react';

/** Typing in a filter reaches the URL (and the filtering of a long list) after this pause. */
const FILTER_DELAY_MS = 200;

/**
 * Text typed into a filter: shown at once, handed on after a short pause (or at `flush`), and replaced when the value
 * changes from outside (a link, a saved search, the back button).
 */
export function useDebouncedText(
  value: string,
  commit: (text: string) => void,
): [text: string, change: (text: string) => void, flush: () => void] {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const typed = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const commitRef = useRef(commit);
  commitRef.current = commit;
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      typed.current = value;
      clearTimeout(timer.current);
      setText(value);
    }
  }, [value]);
  // Leaving the screen drops what was not handed on yet: a late URL change would land on the next screen.
  useEffect(() => () => clearTimeout(timer.current), []);
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    if (typed.current === sent.current) return;
    sent.current = typed.current;
    commitRef.current(typed.current);
  }, []);
  const change = useCallback(
    (next: string) => {
      setText(next);
      typed.current = next;
      clearTimeout(timer.current);
      // Clearing shows everything again at once.
      if (next === '') flush();
      else timer.current = setTimeout(flush, FILTER_DELAY_MS);
    },
    [flush],
  );
  return [text, change, flush];
}
