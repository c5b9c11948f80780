/** A BOM quantity as shown: up to five decimals, `-` when there is none. */
export const fmt = (v: number | null | undefined) =>
  v == null ? '-' : v.toLocaleString(undefined, { maximumFractionDigits: 5 });
