// The reports case of `npm run bench` (issue 17): on the plan and results cases' two years (5,000 plans, 100,000 daily
// plans, those of past days with results and a defect row each), the defect report and the product report over the
// longest period they take (366 days) and shorter ones, each under 300 ms, one request at a time; and the PDF of each
// (built on the same query, the Korean font embedded) for the record.
import type { PlanIds } from './plans.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Label and path of each report measured. */
export function reportLists(ids: PlanIds): [string, string][] {
  const year = { startDt: day(-365), endDt: day(0) };
  const month = { startDt: day(-30), endDt: day(0) };
  const pdf = (name: string, params: object) =>
    `/api/report/pdf/${name}/period?params=${encodeURIComponent(JSON.stringify(params))}`;
  return [
    ['defect report by defect type, a year', `/api/defect-report/defect-type/${year.startDt}/${year.endDt}`],
    ['defect report by product, a year', `/api/defect-report/product/${year.startDt}/${year.endDt}`],
    [
      'defect report by operation, a month, one product',
      `/api/defect-report/operation/${month.startDt}/${month.endDt}?productId=${ids.productId}`,
    ],
    [
      'product report by month, a year',
      `/api/product-report/report?startDt=${year.startDt}&endDt=${year.endDt}&bucket=month`,
    ],
    [
      'product report by day, a year',
      `/api/product-report/report?startDt=${year.startDt}&endDt=${year.endDt}&bucket=day`,
    ],
    [
      'product report by week, a year, one product',
      `/api/product-report/report?startDt=${year.startDt}&endDt=${year.endDt}&bucket=week&productId=${ids.productId}`,
    ],
    ['defect report PDF by product, a year', pdf('defect-report', { groupBy: 'product', ...year })],
    ['product report PDF by month, a year', pdf('product-report', { bucket: 'month', ...year })],
  ];
}
