import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Reference } from '../../platform/references.ts';
import { inspectionReportResults, inspectionReports } from './inspection-report.table.ts';

// What inspection reports refer to (platform/references.ts): a customer, product or lot on a report cannot be deleted;
// the dialog lists the reports (number and issue date) on the inspection report screen. The results a report is built
// from are quality results, which are never deleted; declared all the same, the dialog listing the reports.
const shown = {
  screen: 'inspectionReport',
  id: inspectionReports.reportNo,
  name: sql<string>`${inspectionReports.issueDt}::text`,
  createdBy: inspectionReports.createdBy,
  createdAt: inspectionReports.createdAt,
};
const held = (column: AnyPgColumn, refers: string): Reference => ({
  table: inspectionReports,
  column,
  refers,
  ...shown,
});

export const inspectionReportReferences: Reference[] = [
  held(inspectionReports.bizPartnerId, 'biz_partners'),
  held(inspectionReports.productId, 'products'),
  held(inspectionReports.lotRowId, 'lots'),
  {
    table: inspectionReportResults,
    column: inspectionReportResults.resultId,
    refers: 'quality_results',
    ...shown,
    shows: {
      table: inspectionReports,
      where: (ids) =>
        sql`${inspectionReports.id} in (select x.report_id from inspection_report_results x where x.result_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}))`,
    },
  },
];
