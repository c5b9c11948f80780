import {
  type Judgement,
  TEST_REPORT_PREFIX,
  type TestReport,
  type TestReportCreate,
  type TestReportDetail,
  type TestReportFilter,
  type TestReportItemBody,
} from '@eqms/contract';
import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { assertKeyFree, auditView } from '../../platform/crud.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { textFilter } from '../../platform/master-list.ts';
import type { Actor } from '../../platform/tx.ts';
import { assertPartnerOfType } from '../biz-partner/biz-partner.service.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';
import {
  assertProduct,
  assertReportResults,
  documentWrites,
  lotOfProduct,
  nextReportNo,
} from '../inspection-report/report-documents.ts';
import { products } from '../product/product.table.ts';
import { lots } from '../product-stock/product-stock.table.ts';
import { getResult } from '../quality/quality-result.views.ts';
import { testReportItems, testReports } from './test-report.table.ts';

// Test reports: a product's test record (items with spec and values, typed or copied from a product quality result),
// printed with the product's design image. Every write is one transaction; the items are the report's own rows,
// replaced on save and deleted with it.

const tr = testReports;
const UNIQUE = { test_reports_report_no_unique: 'reportNo' };
const judgement = sql<Judgement | null>`case
  when exists (select 1 from test_report_items i where i.report_id = ${tr.id} and i.judgement = 'FAIL') then 'FAIL'
  when exists (select 1 from test_report_items i where i.report_id = ${tr.id} and i.judgement = 'PASS') then 'PASS'
  end`;
const itemCount = sql<number>`(select count(*) from test_report_items i where i.report_id = ${tr.id})`.mapWith(Number);

const selectJoined = (db: Executor) =>
  db
    .select({
      tr,
      productCode: products.code,
      productName: products.name,
      designImageId: products.designImageId,
      lotId: lots.lotId,
      bizPartnerName: bizPartners.name,
      judgement,
      itemCount,
    })
    .from(tr)
    .innerJoin(products, eq(products.id, tr.productId))
    .leftJoin(lots, eq(lots.id, tr.lotRowId))
    .leftJoin(bizPartners, eq(bizPartners.id, tr.bizPartnerId));
type Joined = Awaited<ReturnType<ReturnType<typeof selectJoined>['execute']>>[number];

const view = ({ tr: r, ...j }: Joined): TestReport => ({
  id: r.id,
  reportNo: r.reportNo,
  testDt: r.testDt,
  productId: r.productId,
  productCode: j.productCode,
  productName: j.productName,
  lotRowId: r.lotRowId,
  lotId: j.lotId,
  bizPartnerId: r.bizPartnerId,
  bizPartnerName: j.bizPartnerName,
  resultId: r.resultId,
  testerName: r.testerName,
  approverName: r.approverName,
  remarks: r.remarks,
  judgement: j.judgement ?? null,
  itemCount: j.itemCount,
  hasDesignImage: j.designImageId != null,
  ...auditView(r),
});

export async function getTestReport(db: Executor, id: number): Promise<TestReportDetail> {
  const [row] = await selectJoined(db).where(eq(tr.id, id));
  if (!row) throw notFound('Test report');
  const items = await db
    .select()
    .from(testReportItems)
    .where(eq(testReportItems.reportId, id))
    .orderBy(asc(testReportItems.sort));
  return {
    ...view(row),
    items: items.map((i) => ({
      name: i.name,
      method: i.method,
      unit: i.unit,
      target: i.target,
      lsl: i.lsl,
      usl: i.usl,
      value: i.value,
      judgement: (i.judgement as Judgement | null) ?? null,
    })),
  };
}

const whereOf = (q: TestReportFilter): SQL | undefined =>
  and(
    q.startDt ? gte(tr.testDt, q.startDt) : undefined,
    q.endDt ? lte(tr.testDt, q.endDt) : undefined,
    q.productId ? eq(tr.productId, q.productId) : undefined,
    textFilter(
      [tr.reportNo, lots.lotId, products.code, products.name, bizPartners.name, tr.testerName, tr.approverName],
      q.q,
    ),
  );

/** The filter's reports, newest test first; one page and the total when a page is asked. */
export async function listTestReports(
  db: Executor,
  q: TestReportFilter,
  page: { page?: number; size?: number } | null,
): Promise<{ data: TestReport[]; total: number }> {
  const where = whereOf(q);
  const ordered = selectJoined(db).where(where).orderBy(desc(tr.testDt), desc(tr.id));
  if (!page?.size) {
    const rows = await ordered;
    return { data: rows.map(view), total: rows.length };
  }
  const rows = await ordered.limit(page.size).offset(((page.page ?? 1) - 1) * page.size);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(tr)
    .innerJoin(products, eq(products.id, tr.productId))
    .leftJoin(lots, eq(lots.id, tr.lotRowId))
    .leftJoin(bizPartners, eq(bizPartners.id, tr.bizPartnerId))
    .where(where);
  return { data: rows.map(view), total: n };
}

const num = (v: number | null) => (v == null ? '' : String(v));
/** A result's items as a test report prints them: the samples' values (or OK/NG) and the item's judgement. */
async function itemsOfResult(tx: Tx, resultId: number): Promise<TestReportItemBody[]> {
  const result = await getResult(tx, 'PRODUCT', resultId);
  return result.items.map((i) => ({
    name: i.name,
    method: i.method,
    unit: i.unit,
    target: i.target,
    lsl: i.lsl,
    usl: i.usl,
    value: i.samples
      .map((s) => (i.kind === 'NUMBER' ? num(s.value) : s.passed ? 'OK' : 'NG'))
      .join(', ')
      .slice(0, 200),
    judgement: i.judgement,
  }));
}

async function valuesOf(tx: Tx, body: TestReportCreate, current?: { id: number; reportNo: string }) {
  await assertProduct(tx, body.productId);
  if (body.bizPartnerId != null) await assertPartnerOfType(tx, body.bizPartnerId, 'CUSTOMER', 'bizPartnerId');
  const lotRowId = await lotOfProduct(tx, body.productId, body.lotId);
  if (body.resultId != null)
    await assertReportResults(tx, [body.resultId], body.productId, lotRowId, 'resultId', false);
  const items = body.items.length ? body.items : body.resultId != null ? await itemsOfResult(tx, body.resultId) : [];
  if (!items.length) throw invalidField('items', 'testReportItemsRequired');
  await assertKeyFree(tx, tr, tr.id, 'reportNo', tr.reportNo, body.reportNo, { exceptId: current?.id });
  const reportNo =
    body.reportNo ?? current?.reportNo ?? (await nextReportNo(tx, tr.reportNo, TEST_REPORT_PREFIX, body.testDt));
  return {
    items,
    row: {
      reportNo,
      testDt: body.testDt,
      productId: body.productId,
      lotRowId,
      bizPartnerId: body.bizPartnerId,
      resultId: body.resultId,
      testerName: body.testerName,
      approverName: body.approverName,
      remarks: body.remarks,
    },
  };
}

async function writeItems(tx: Tx, reportId: number, items: TestReportItemBody[]) {
  await tx.delete(testReportItems).where(eq(testReportItems.reportId, reportId));
  await tx.insert(testReportItems).values(items.map((i, sort) => ({ reportId, sort, ...i })));
}

const writes = documentWrites({
  table: tr,
  what: 'Test report',
  unique: UNIQUE,
  prepare: async (tx, body: TestReportCreate, current) => {
    const { items, row } = await valuesOf(tx, body, current);
    return { row, lines: items };
  },
  writeLines: writeItems,
  get: getTestReport,
});

export const createTestReport: (db: Db, actor: Actor, body: TestReportCreate) => Promise<TestReportDetail> =
  writes.create;
export const updateTestReport: (
  db: Db,
  actor: Actor,
  body: TestReportCreate & { id: number },
) => Promise<TestReportDetail> = writes.update;
/** Deletes the reports with their items, all or none (404 when one is missing). */
export const deleteTestReports: (db: Db, actor: Actor, ids: number[]) => Promise<void> = writes.remove;

/** The report's product id (the design image is the product's). */
export async function productOfReport(db: Executor, id: number): Promise<number> {
  const [row] = await db.select({ productId: tr.productId }).from(tr).where(eq(tr.id, id));
  if (!row) throw notFound('Test report');
  return row.productId;
}
