import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Reference } from '../../platform/references.ts';
import { testReports } from './test-report.table.ts';

// What test reports refer to (platform/references.ts): a product, lot, customer or quality result on a test report
// cannot be deleted; the dialog lists the reports (number and test date) on the test report screen. Items are the
// report's own (FK cascade).
const held = (column: AnyPgColumn, refers: string): Reference => ({
  table: testReports,
  column,
  refers,
  screen: 'inspectReport',
  id: testReports.reportNo,
  name: sql<string>`${testReports.testDt}::text`,
  createdBy: testReports.createdBy,
  createdAt: testReports.createdAt,
});

export const testReportReferences: Reference[] = [
  held(testReports.productId, 'products'),
  held(testReports.lotRowId, 'lots'),
  held(testReports.bizPartnerId, 'biz_partners'),
  held(testReports.resultId, 'quality_results'),
];
