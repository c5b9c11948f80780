// Published data sets the tests check the SPC functions against. Values copied from their sources, not made up.

/**
 * Piston-ring inside diameters (mm), 40 samples of 5: D. C. Montgomery, "Introduction to Statistical Quality Control",
 * the piston-ring example (samples 1–25 set the trial limits, 26–40 are later production). Taken from the R package
 * qcc, data/pistonrings.txt (github.com/luca-scr/qcc), which ships the book's table.
 */
export const PISTON_RINGS: readonly (readonly number[])[] = [
  [74.03, 74.002, 74.019, 73.992, 74.008],
  [73.995, 73.992, 74.001, 74.011, 74.004],
  [73.988, 74.024, 74.021, 74.005, 74.002],
  [74.002, 73.996, 73.993, 74.015, 74.009],
  [73.992, 74.007, 74.015, 73.989, 74.014],
  [74.009, 73.994, 73.997, 73.985, 73.993],
  [73.995, 74.006, 73.994, 74.0, 74.005],
  [73.985, 74.003, 73.993, 74.015, 73.988],
  [74.008, 73.995, 74.009, 74.005, 74.004],
  [73.998, 74.0, 73.99, 74.007, 73.995],
  [73.994, 73.998, 73.994, 73.995, 73.99],
  [74.004, 74.0, 74.007, 74.0, 73.996],
  [73.983, 74.002, 73.998, 73.997, 74.012],
  [74.006, 73.967, 73.994, 74.0, 73.984],
  [74.012, 74.014, 73.998, 73.999, 74.007],
  [74.0, 73.984, 74.005, 73.998, 73.996],
  [73.994, 74.012, 73.986, 74.005, 74.007],
  [74.006, 74.01, 74.018, 74.003, 74.0],
  [73.984, 74.002, 74.003, 74.005, 73.997],
  [74.0, 74.01, 74.013, 74.02, 74.003],
  [73.988, 74.001, 74.009, 74.005, 73.996],
  [74.004, 73.999, 73.99, 74.006, 74.009],
  [74.01, 73.989, 73.99, 74.009, 74.014],
  [74.015, 74.008, 73.993, 74.0, 74.01],
  [73.982, 73.984, 73.995, 74.017, 74.013],
  [74.012, 74.015, 74.03, 73.986, 74.0],
  [73.995, 74.01, 73.99, 74.015, 74.001],
  [73.987, 73.999, 73.985, 74.0, 73.99],
  [74.008, 74.01, 74.003, 73.991, 74.006],
  [74.003, 74.0, 74.001, 73.986, 73.997],
  [73.994, 74.003, 74.015, 74.02, 74.004],
  [74.008, 74.002, 74.018, 73.995, 74.005],
  [74.001, 74.004, 73.99, 73.996, 73.998],
  [74.015, 74.0, 74.016, 74.025, 74.0],
  [74.03, 74.005, 74.0, 74.016, 74.012],
  [74.001, 73.99, 73.995, 74.01, 74.024],
  [74.015, 74.02, 74.024, 74.005, 74.019],
  [74.035, 74.01, 74.012, 74.015, 74.026],
  [74.017, 74.013, 74.036, 74.025, 74.026],
  [74.01, 74.005, 74.029, 74.0, 74.02],
];

/** The 25 trial samples of PISTON_RINGS (qcc's `trial` column). */
export const PISTON_RINGS_TRIAL = PISTON_RINGS.slice(0, 25);

/**
 * Viscosity of aircraft primer paint, 15 batches: Montgomery's individuals-chart example, as used by the qcc vignette
 * "A quick tour of qcc" (section "Continuous one-at-time data", comment "viscosity data (Montgomery, pag. 242)").
 */
export const VISCOSITY: readonly number[] = [
  33.75, 33.05, 34, 33.81, 33.46, 34.02, 33.68, 33.27, 33.49, 33.2, 33.62, 33, 33.54, 33.12, 33.84,
];

/**
 * Flow rate of 10 batches: NIST/SEMATECH e-Handbook of Statistical Methods, section 6.3.2.2 "Individuals Control
 * Charts" (www.itl.nist.gov/div898/handbook/pmc/section3/pmc322.htm).
 */
export const NIST_FLOW_RATE: readonly number[] = [49.6, 47.6, 49.9, 51.3, 47.8, 51.2, 52.6, 52.4, 53.6, 52.1];
