import { useCodeLabel } from '../codes.ts';

/** A code's name in the UI language (codes cache), for alert columns that hold codes. */
export function CodeLabel({ category, code }: { category: string; code: string }) {
  const label = useCodeLabel(category);
  return <>{label(code)}</>;
}
