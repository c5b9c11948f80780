import { endpoint, endpoints } from '../endpoint.ts';
import {
  atelierClaimCountResponse,
  atelierDailyResponse,
  atelierHourlyResponse,
  atelierInspectionMinutesResponse,
  atelierInspectionRateResponse,
  atelierOperationDefectResponse,
  atelierProductDefectResponse,
  kpiAchieveRateResponse,
  kpiDateParam,
  kpiDayPeriodQuery,
  kpiDefectRateResponse,
  kpiMonthPeriodQuery,
  kpiPerHourResponse,
  kpiReportQuery,
  kpiReportResponse,
  kpiWorkingTimeQuery,
} from './kpi-report.schemas.ts';

// SPEC §7 "Reports and KPI → KPI", menu kpiReport (/report/kpi; the workshop business type shows the atelier page).
// Paths exactly as the spec spells them. PDF and Excel: the generic report files `kpi-report/monthly|atelier`.
const view = { menu: 'kpiReport', action: 'view' } as const;

// biome-ignore format: a routing table, one endpoint per line
export const kpiReportEndpoints = endpoints('kpiReport', {
  report: endpoint('GET', '/kpireport/report', kpiReportResponse, view, 'The KPI report: the month of date and the 3 before — achievement rate, production per hour (workingTime hours per production day) and defect rate, overall and per product', { query: kpiReportQuery }),
  achieveRate: endpoint('GET', '/kpireport/achieve-rate/{date}', kpiAchieveRateResponse, view, 'Achievement rate (good / planned) of the month of date and the 3 before, overall and per product', { params: kpiDateParam }),
  productionPerHour: endpoint('GET', '/kpireport/production-per-hour/{date}', kpiPerHourResponse, view, 'Production per hour (good / (production days × workingTime)) of the month of date and the 3 before, overall and per product', { params: kpiDateParam, query: kpiWorkingTimeQuery }),
  productDefectRate: endpoint('GET', '/kpireport/product-defect-rate/{date}', kpiDefectRateResponse, view, 'Defect rate (bad / (good + bad)) of the month of date and the 3 before, overall and per product', { params: kpiDateParam }),
});

// biome-ignore format: a routing table, one endpoint per line
export const atelierKpiEndpoints = endpoints('kpiReport', {
  daily: endpoint('GET', '/atelier-kpi/production/daily', atelierDailyResponse, view, 'Workshop KPI: planned, good and bad quantity per day of startDt … endDt (every day, empty ones too)', { query: kpiDayPeriodQuery }),
  hourly: endpoint('GET', '/atelier-kpi/production/hourly', atelierHourlyResponse, view, 'Workshop KPI: good and bad quantity by hour of the day (0–23) the results ended, over startDt … endDt', { query: kpiDayPeriodQuery }),
  defectRateOperation: endpoint('GET', '/atelier-kpi/defect-rate/operation', atelierOperationDefectResponse, view, 'Workshop KPI: defect rate per operation over startMonth … endMonth', { query: kpiMonthPeriodQuery }),
  defectRateProduct: endpoint('GET', '/atelier-kpi/defect-rate/product', atelierProductDefectResponse, view, 'Workshop KPI: defect rate per product over startMonth … endMonth', { query: kpiMonthPeriodQuery }),
  inspectionRate: endpoint('GET', '/atelier-kpi/inspection/rate', atelierInspectionRateResponse, view, 'Workshop KPI: share of the lots made each month that had a final inspection, startMonth … endMonth', { query: kpiMonthPeriodQuery }),
  minutesPerProduct: endpoint('GET', '/atelier-kpi/inspection/minutes-per-product', atelierInspectionMinutesResponse, view, 'Workshop KPI: per product and in total, the product inspections of startDt … endDt, the timed ones, their minutes and pieces inspected, minutes per inspection and per piece', { query: kpiDayPeriodQuery }),
  claimCount: endpoint('GET', '/atelier-kpi/claim/count', atelierClaimCountResponse, view, 'Workshop KPI: claims received per month (and how many of them are closed), startMonth … endMonth', { query: kpiMonthPeriodQuery }),
});
