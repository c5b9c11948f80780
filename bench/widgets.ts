// The widgets case of `npm run bench` (issue 17): the dashboard widgets' data calls that read production over a
// location, on the plan case's two years (5,000 plans, 100,000 daily plans with results) — each asked for the factory
// of all the plans, the widest a dashboard asks — and the assistant's production status over its longest period.
// A dashboard of a dozen widgets asks all of these at once every few minutes per screen, so each should be a few ms.
import type { PlanIds } from './plans.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Label and path of each widget read measured. */
export function widgetCases(ids: PlanIds): [string, string][] {
  const at = `locationId=${ids.factoryId}`;
  return [
    ['widget good/bad status, today, a factory', `/api/widget/good-bad-status/data?${at}`],
    ['widget tool production, this month, a factory', `/api/widget/tool-product/data?${at}&period=month`],
    ['widget line work status, a factory', `/api/widget/line-work-status/data?${at}`],
    ["widget today's production status", '/api/widget/today-prod-status/data'],
    ['widget all plan status, a date, a factory', `/api/widget/all-production-plan-status/data?${at}&date=${day(0)}`],
    ['widget defect improvement, month on month, a factory', `/api/widget/defect-improve-rate/data?${at}&period=month`],
    ["widget today's plan status per line, a factory", `/api/widget/production-plan-status/data?${at}`],
    [
      'assistant production status, 93 days',
      `/api/ai-chat/production/prod-status?fromDate=${day(-92)}&toDate=${day(0)}`,
    ],
  ];
}
