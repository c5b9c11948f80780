import {
  INSPECTION_REPORT_PREFIX,
  type InspectionReport,
  type InspectionReportCreate,
  type InspectionReportDetail,
  type InspectionReportFilter,
  type Judgement,
} from '@eqms/contract';
import { and, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { assertKeyFree, auditView } from '../../platform/crud.ts';
import { notFound } from '../../platform/errors.ts';
import { textFilter } from '../../platform/master-list.ts';
import type { Actor } from '../../platform/tx.ts';
import { assertPartnerOfType } from '../biz-partner/biz-partner.service.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';
import { products } from '../product/product.table.ts';
import { lots } from '../product-stock/product-stock.table.ts';
import { getResult } from '../quality/quality-result.views.ts';
import { inspectionReportResults, inspectionReports } from './inspection-report.table.ts';
import { assertProduct, assertReportResults, documentWrites, lotOfProduct, nextReportNo } from './report-documents.ts';

// Inspection reports: a customer's document for a lot, built from product quality results. Every write is one
// transaction; the report's results are its own rows (replaced on save, deleted with it).

const ir = inspectionReports;
const UNIQUE = { inspection_reports_report_no_unique: 'reportNo' };
const judgement = sql<Judgement>`case when exists (select 1 from inspection_report_results x
  join quality_results q on q.id = x.result_id where x.report_id = ${ir.id} and q.judgement = 'FAIL')
  then 'FAIL' else 'PASS' end`;
const resultIds = sql<number[]>`(select coalesce(json_agg(x.result_id order by x.sort), '[]'::json)
  from inspection_report_results x where x.report_id = ${ir.id})`;

const selectJoined = (db: Executor) =>
  db
    .select({
      ir,
      bizPartnerName: bizPartners.name,
      productCode: products.code,
      productName: products.name,
      unit: products.unit,
      lotId: lots.lotId,
      judgement,
      resultIds,
    })
    .from(ir)
    .innerJoin(bizPartners, eq(bizPartners.id, ir.bizPartnerId))
    .innerJoin(products, eq(products.id, ir.productId))
    .leftJoin(lots, eq(lots.id, ir.lotRowId));
type Joined = Awaited<ReturnType<ReturnType<typeof selectJoined>['execute']>>[number];

const view = ({ ir: r, ...j }: Joined): InspectionReport => ({
  id: r.id,
  reportNo: r.reportNo,
  issueDt: r.issueDt,
  bizPartnerId: r.bizPartnerId,
  bizPartnerName: j.bizPartnerName,
  productId: r.productId,
  productCode: j.productCode,
  productName: j.productName,
  unit: j.unit,
  lotRowId: r.lotRowId,
  lotId: j.lotId,
  qty: r.qty,
  inspectorName: r.inspectorName,
  approverName: r.approverName,
  remarks: r.remarks,
  judgement: j.judgement,
  resultIds: typeof j.resultIds === 'string' ? JSON.parse(j.resultIds) : j.resultIds,
  ...auditView(r),
});

export async function getInspectionReport(db: Executor, id: number): Promise<InspectionReportDetail> {
  const [row] = await selectJoined(db).where(eq(ir.id, id));
  if (!row) throw notFound('Inspection report');
  const report = view(row);
  const results = [];
  for (const resultId of report.resultIds) results.push(await getResult(db, 'PRODUCT', resultId));
  return { ...report, results };
}

const whereOf = (q: InspectionReportFilter): SQL | undefined =>
  and(
    q.startDt ? gte(ir.issueDt, q.startDt) : undefined,
    q.endDt ? lte(ir.issueDt, q.endDt) : undefined,
    q.bizPartnerId ? eq(ir.bizPartnerId, q.bizPartnerId) : undefined,
    q.productId ? eq(ir.productId, q.productId) : undefined,
    textFilter(
      [ir.reportNo, lots.lotId, products.code, products.name, bizPartners.name, ir.inspectorName, ir.approverName],
      q.q,
    ),
  );

/** The filter's reports, newest issue first; one page and the total when a page is asked. */
export async function listInspectionReports(
  db: Executor,
  q: InspectionReportFilter,
  page: { page?: number; size?: number } | null,
): Promise<{ data: InspectionReport[]; total: number }> {
  const where = whereOf(q);
  const ordered = selectJoined(db).where(where).orderBy(desc(ir.issueDt), desc(ir.id));
  if (!page?.size) {
    const rows = await ordered;
    return { data: rows.map(view), total: rows.length };
  }
  const rows = await ordered.limit(page.size).offset(((page.page ?? 1) - 1) * page.size);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(ir)
    .innerJoin(bizPartners, eq(bizPartners.id, ir.bizPartnerId))
    .innerJoin(products, eq(products.id, ir.productId))
    .leftJoin(lots, eq(lots.id, ir.lotRowId))
    .where(where);
  return { data: rows.map(view), total: n };
}

/** Checks customer, product, lot and results; answers the row's values. */
async function valuesOf(tx: Tx, body: InspectionReportCreate, current?: { id: number; reportNo: string }) {
  await assertPartnerOfType(tx, body.bizPartnerId, 'CUSTOMER', 'bizPartnerId');
  await assertProduct(tx, body.productId);
  const lotRowId = await lotOfProduct(tx, body.productId, body.lotId);
  const ids = [...new Set(body.resultIds)];
  await assertReportResults(tx, ids, body.productId, lotRowId, 'resultIds');
  await assertKeyFree(tx, ir, ir.id, 'reportNo', ir.reportNo, body.reportNo, { exceptId: current?.id });
  // A saved report keeps its number when the field is emptied; a new one gets the next of its issue day.
  const reportNo =
    body.reportNo ?? current?.reportNo ?? (await nextReportNo(tx, ir.reportNo, INSPECTION_REPORT_PREFIX, body.issueDt));
  return {
    ids,
    row: {
      reportNo,
      issueDt: body.issueDt,
      bizPartnerId: body.bizPartnerId,
      productId: body.productId,
      lotRowId,
      qty: body.qty,
      inspectorName: body.inspectorName,
      approverName: body.approverName,
      remarks: body.remarks,
    },
  };
}

async function writeResults(tx: Tx, reportId: number, ids: number[]) {
  await tx.delete(inspectionReportResults).where(eq(inspectionReportResults.reportId, reportId));
  await tx.insert(inspectionReportResults).values(ids.map((resultId, sort) => ({ reportId, resultId, sort })));
}

const writes = documentWrites({
  table: ir,
  what: 'Inspection report',
  unique: UNIQUE,
  prepare: async (tx, body: InspectionReportCreate, current) => {
    const { ids, row } = await valuesOf(tx, body, current);
    return { row, lines: ids };
  },
  writeLines: writeResults,
  get: getInspectionReport,
});

export const createInspectionReport: (
  db: Db,
  actor: Actor,
  body: InspectionReportCreate,
) => Promise<InspectionReportDetail> = writes.create;
export const updateInspectionReport: (
  db: Db,
  actor: Actor,
  body: InspectionReportCreate & { id: number },
) => Promise<InspectionReportDetail> = writes.update;
/** Deletes the reports, all or none (404 when one is missing). */
export const deleteInspectionReports: (db: Db, actor: Actor, ids: number[]) => Promise<void> = writes.remove;
