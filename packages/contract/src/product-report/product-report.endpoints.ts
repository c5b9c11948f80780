import { endpoint, endpoints } from '../endpoint.ts';
import { productReportQuery, productReportResponse } from './product-report.schemas.ts';

// SPEC §7 "Reports and KPI → Product: GET /product-report/report (query)" (screen /report/product, menu
// productReport; read-only). Its PDF and workbook are the generic report files `product-report/period`.
const view = { menu: 'productReport', action: 'view' } as const;

// biome-ignore format: a routing table, one endpoint per line
export const productReportEndpoints = endpoints('productReport', {
  report: endpoint('GET', '/product-report/report', productReportResponse, view, 'Production by product and day, week or month of startDt … endDt (at most 366 days): planned, good, bad, achievement rate (good ÷ planned) and defect rate (bad ÷ (good + bad)); productId filter; 404 for a product that does not exist', { query: productReportQuery }),
});
