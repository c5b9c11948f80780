// Pure helpers of the SPC screen: how a capability index is judged and how SPC figures are printed.

/** Capability thresholds in common use (e.g. AIAG SPC manual): 1.33 capable, 1.0 the bare minimum. */
export const CAPABLE = 1.33;
export const MARGINAL = 1.0;

export type CapabilityTone = 'good' | 'fair' | 'poor' | 'none';

/** good ≥ 1.33 > fair ≥ 1.0 > poor; none when the index cannot be computed. */
export function capabilityTone(index: number | null | undefined): CapabilityTone {
  if (index === null || index === undefined || !Number.isFinite(index)) return 'none';
  if (index >= CAPABLE) return 'good';
  if (index >= MARGINAL) return 'fair';
  return 'poor';
}

/** An index to 2 decimals ("–" when null). */
export const fmtIndex = (v: number | null | undefined) =>
  v === null || v === undefined || !Number.isFinite(v) ? '–' : v.toFixed(2);

/**
 * A measured figure with enough digits to tell limits apart: 4 significant decimals beyond the spread's magnitude,
 * so 74.0012 and 0.00978 both read as measured, not as 74 and 0.01.
 */
export function fmtMeasure(v: number | null | undefined, scale = 0): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '–';
  const ref = Math.abs(scale) > 0 ? Math.abs(scale) : Math.abs(v);
  const decimals = ref === 0 ? 4 : Math.min(8, Math.max(2, 3 - Math.floor(Math.log10(ref))));
  return v.toFixed(decimals);
}
