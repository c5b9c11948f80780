/** exceljs, loaded on the first Excel request: imported at start-up it was 0.4 s of every start (issue 11: ready ≤ 3 s). */
export const excelJs = () => import('exceljs').then((m) => m.default);
