import { endpoint, endpoints } from '../endpoint.ts';
import {
  aiProdStatusQuery,
  currentTraceDataResponse,
  defectImproveResponse,
  goodBadStatusResponse,
  linePlanStatusResponse,
  lineWorkStatusResponse,
  operRateRaiseResponse,
  operRateResponse,
  planStatusResponse,
  prodStatusResponse,
  productStockStatusResponse,
  scaleStatusResponse,
  toolParameterTreeResponse,
  toolProductResponse,
  widgetLocationDateQuery,
  widgetLocationPeriodQuery,
  widgetLocationQuery,
  widgetOperRateQuery,
  widgetOperRateRaiseQuery,
  widgetParametersQuery,
  widgetProductsQuery,
  widgetScaleQuery,
  widgetToolQuery,
} from './widget.schemas.ts';

// SPEC §7 "Widgets (GET)": the dashboard widgets' data, on the dashboard menu's view right (a dashboard is where they
// show). Formulas: apps/server/src/modules/widget/README.md. "Today" is the factory's day (TZ).
const view = { menu: 'dashboard', action: 'view' } as const;
// SPEC §7 "Reports and KPI → AI chat": the assistant's data calls. The aiChat screen is always permitted (§6: can()
// grants it to everyone), so its calls are open to every signed-in user: `authenticated`, not a menu guard (the route
// tests hold every menu-guarded route to a 403 for a user without rights).
const chat = 'authenticated' as const;

// biome-ignore format: a routing table, one endpoint per line
export const widgetEndpoints = endpoints('widget', {
  goodBadStatus: endpoint('GET', '/widget/good-bad-status/data', goodBadStatusResponse, view, "Today's good and bad quantities per line and tool under the location, with the defect rate bad ÷ (good + bad)", { query: widgetLocationQuery }),
  toolProduct: endpoint('GET', '/widget/tool-product/data', toolProductResponse, view, 'Good and bad quantities per tool under the location over today, this ISO week or this month (to today)', { query: widgetLocationPeriodQuery }),
  lineWorkStatus: endpoint('GET', '/widget/line-work-status/data', lineWorkStatusResponse, view, "Each tool under the location with the daily plan it is working on (product, operation, target, good, bad, progress = good ÷ target)", { query: widgetLocationQuery }),
  scaleStatus: endpoint('GET', '/widget/scale-status/data', scaleStatusResponse, view, 'Latest values of the group and weight parameters, grouped by their tool', { query: widgetScaleQuery }),
  toolParameterTree: endpoint('GET', '/widget/scale-status/tool-parameter-tree', toolParameterTreeResponse, view, 'Tools with their parameters as a tree (the scale widget’s picker)'),
  currentTraceData: endpoint('GET', '/widget/current-trace-data/data', currentTraceDataResponse, view, 'Latest value, time and spec state (OK, LOW, HIGH, NO_DATA) of each parameter', { query: widgetParametersQuery }),
  todayProdStatus: endpoint('GET', '/widget/today-prod-status/data', prodStatusResponse, view, "Today's planned, good and bad quantities, achievement (good ÷ planned) and defect rate, in total and per product"),
  productStockStatus: endpoint('GET', '/widget/product-stock-status', productStockStatusResponse, view, 'Stock of each product (not disposed), its lots and safety stock', { query: widgetProductsQuery }),
  allProductionPlanStatus: endpoint('GET', '/widget/all-production-plan-status/data', planStatusResponse, view, 'The plans under the location whose period contains the date, counted by status and listed', { query: widgetLocationDateQuery }),
  toolOperRateRaise: endpoint('GET', '/widget/tool-oper-rate-raise/data', operRateRaiseResponse, view, "The tool's operating rate of this period and the previous one (day, ISO week, month) and its rise in points", { query: widgetOperRateRaiseQuery }),
  toolOperRate: endpoint('GET', '/widget/tool-oper-rate/data', operRateResponse, view, "The tool's operating rate today: Σ (good + bad) × cycle time ÷ baseHour", { query: widgetOperRateQuery }),
  prodPlanStatusByTool: endpoint('GET', '/widget/prod-plan-status-by-tool/data', planStatusResponse, view, 'The plans with an operation on the tool whose period contains today, counted by status and listed', { query: widgetToolQuery }),
  defectImproveRate: endpoint('GET', '/widget/defect-improve-rate/data', defectImproveResponse, view, 'Defect rate under the location in this period and the previous one, the improvement in points and in percent', { query: widgetLocationPeriodQuery }),
  productionPlanStatus: endpoint('GET', '/widget/production-plan-status/data', linePlanStatusResponse, view, "Today's plans under the location counted by status, in total and per line", { query: widgetLocationQuery }),
});

// biome-ignore format: a routing table, one endpoint per line
export const aiChatEndpoints = endpoints('aiChat', {
  goodBadStatus: endpoint('GET', '/ai-chat/production/good-bad-status', goodBadStatusResponse, chat, 'Good and bad quantities of the date per line and tool under the location (the good/bad status widget for any day)', { query: widgetLocationDateQuery }),
  prodStatus: endpoint('GET', '/ai-chat/production/prod-status', prodStatusResponse, chat, 'Planned, good and bad quantities, achievement and defect rate of fromDate … toDate (at most 93 days), in total and per product', { query: aiProdStatusQuery }),
});
