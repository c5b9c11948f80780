import { useCodes } from '../../app/codes.ts';

/** A code's name in the UI language for list cells, falling back to the code itself (products and materials). */
export function useCodeLabel(category: string) {
  const { options } = useCodes(category);
  return (code: string) => options.find((o) => o.value === code)?.label ?? code;
}
