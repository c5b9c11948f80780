// Control chart constants for subgroup sizes n = 2..25, as printed in the standard table: D. C. Montgomery,
// "Introduction to Statistical Quality Control", Appendix VI "Factors for Constructing Variables Control Charts"
// (the same figures as ASTM E2587 and ASTM MNL 7A). A2, A3, B3, B4, D3, D4, d3 to three decimals, c4 to four; E2 is not a
// column of Appendix VI: it is 3/d2 with the printed d2, rounded to three decimals as in the tables that print it
// (2.660 for n = 2). spc.constants.test.ts checks every entry against the exact definitions (c4 from the gamma function,
// d2 by integration) within the table's rounding, and several entries against the printed figures.

/** The factors of one subgroup size. */
export type SpcConstants = {
  n: number;
  A2: number;
  A3: number;
  B3: number;
  B4: number;
  D3: number;
  D4: number;
  d2: number;
  d3: number;
  c4: number;
  E2: number;
};

export const SPC_MIN_SUBGROUP = 2;
export const SPC_MAX_SUBGROUP = 25;

// n: A2, A3, c4, B3, B4, d2, d3, D3, D4, E2 — in the order of the printed table, E2 last.
const TABLE: ReadonlyArray<readonly [number, number, number, number, number, number, number, number, number, number]> =
  [
    [1.88, 2.659, 0.7979, 0, 3.267, 1.128, 0.853, 0, 3.267, 2.66],
    [1.023, 1.954, 0.8862, 0, 2.568, 1.693, 0.888, 0, 2.574, 1.772],
    [0.729, 1.628, 0.9213, 0, 2.266, 2.059, 0.88, 0, 2.282, 1.457],
    [0.577, 1.427, 0.94, 0, 2.089, 2.326, 0.864, 0, 2.114, 1.29],
    [0.483, 1.287, 0.9515, 0.03, 1.97, 2.534, 0.848, 0, 2.004, 1.184],
    [0.419, 1.182, 0.9594, 0.118, 1.882, 2.704, 0.833, 0.076, 1.924, 1.109],
    [0.373, 1.099, 0.965, 0.185, 1.815, 2.847, 0.82, 0.136, 1.864, 1.054],
    [0.337, 1.032, 0.9693, 0.239, 1.761, 2.97, 0.808, 0.184, 1.816, 1.01],
    [0.308, 0.975, 0.9727, 0.284, 1.716, 3.078, 0.797, 0.223, 1.777, 0.975],
    [0.285, 0.927, 0.9754, 0.321, 1.679, 3.173, 0.787, 0.256, 1.744, 0.945],
    [0.266, 0.886, 0.9776, 0.354, 1.646, 3.258, 0.778, 0.283, 1.717, 0.921],
    [0.249, 0.85, 0.9794, 0.382, 1.618, 3.336, 0.77, 0.307, 1.693, 0.899],
    [0.235, 0.817, 0.981, 0.406, 1.594, 3.407, 0.763, 0.328, 1.672, 0.881],
    [0.223, 0.789, 0.9823, 0.428, 1.572, 3.472, 0.756, 0.347, 1.653, 0.864],
    [0.212, 0.763, 0.9835, 0.448, 1.552, 3.532, 0.75, 0.363, 1.637, 0.849],
    [0.203, 0.739, 0.9845, 0.466, 1.534, 3.588, 0.744, 0.378, 1.622, 0.836],
    [0.194, 0.718, 0.9854, 0.482, 1.518, 3.64, 0.739, 0.391, 1.608, 0.824],
    [0.187, 0.698, 0.9862, 0.497, 1.503, 3.689, 0.734, 0.403, 1.597, 0.813],
    [0.18, 0.68, 0.9869, 0.51, 1.49, 3.735, 0.729, 0.415, 1.585, 0.803],
    [0.173, 0.663, 0.9876, 0.523, 1.477, 3.778, 0.724, 0.425, 1.575, 0.794],
    // biome-ignore lint/suspicious/noApproximativeNumericConstant: D3(22) = 0.434 is the printed figure, not log10(e)
    [0.167, 0.647, 0.9882, 0.534, 1.466, 3.819, 0.72, 0.434, 1.566, 0.786],
    [0.162, 0.633, 0.9887, 0.545, 1.455, 3.858, 0.716, 0.443, 1.557, 0.778],
    [0.157, 0.619, 0.9892, 0.555, 1.445, 3.895, 0.712, 0.451, 1.548, 0.77],
    [0.153, 0.606, 0.9896, 0.565, 1.435, 3.931, 0.708, 0.459, 1.541, 0.763],
  ];

export const SPC_CONSTANTS: ReadonlyArray<Readonly<SpcConstants>> = TABLE.map(
  ([A2, A3, c4, B3, B4, d2, d3, D3, D4, E2], i) =>
    Object.freeze({ n: i + SPC_MIN_SUBGROUP, A2, A3, B3, B4, D3, D4, d2, d3, c4, E2 }),
);

/** The factors of subgroup size n, or null outside the table (n < 2 has no range; n > 25 is beyond the table). */
export function spcConstants(n: number): Readonly<SpcConstants> | null {
  if (!Number.isInteger(n) || n < SPC_MIN_SUBGROUP || n > SPC_MAX_SUBGROUP) return null;
  return SPC_CONSTANTS[n - SPC_MIN_SUBGROUP];
}
