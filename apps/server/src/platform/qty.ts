// Quantities are numeric(15,5) (SPEC §5): sums and shares are rounded to 5 decimals before they are stored or shown.

/** Rounds to 5 decimals; the epsilon keeps a binary 1.000005 from rounding down. */
export const round5 = (v: number) => Math.round((v + Math.sign(v) * Number.EPSILON) * 1e5) / 1e5;
