import type { QualityResult } from '@eqms/contract';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../db/client.ts';
import { sameKey } from '../../platform/crud.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { products } from '../product/product.table.ts';
import { lots } from '../product-stock/product-stock.table.ts';
import { listResults } from '../quality/quality-result.views.ts';
import { qualityResults } from '../quality/quality.table.ts';

// What the inspection report and the test report share: their numbers, the lot of a product typed as a LOT ID, and
// the product quality results they are built from (the form's pick list and the check on save).

/**
 * The next free number of a day: `<prefix>-yyyyMMdd-NNN` after the highest one of that day. Two saves at once may
 * pick the same number; the unique index refuses the second (409 DUPLICATE on reportNo) and the user saves again.
 */
export async function nextReportNo(tx: Executor, column: AnyPgColumn, prefix: string, day: string): Promise<string> {
  const stem = `${prefix}-${day.replaceAll('-', '')}-`;
  // An int parameter: `substring(text from <text>)` would be the regular-expression form.
  const from = sql`${stem.length + 1}::int`;
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(substring(${column} from ${from})::int), 0)`.mapWith(Number) })
    .from(column.table)
    .where(and(like(column, `${stem}%`), sql`substring(${column} from ${from}) ~ '^[0-9]{1,6}$'`));
  return `${stem}${String((row?.n ?? 0) + 1).padStart(3, '0')}`;
}

/** The product must exist (400 notExists on productId). */
export async function assertProduct(tx: Executor, productId: number): Promise<void> {
  const [p] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!p) throw invalidField('productId', 'notExists');
}

/** The lot row of a LOT ID (any case) of the product; null for none. 400 on lotId when missing or another product's. */
export async function lotOfProduct(tx: Executor, productId: number, lotId: string | null): Promise<number | null> {
  if (!lotId) return null;
  const [lot] = await tx
    .select({ id: lots.id, productId: lots.productId })
    .from(lots)
    .where(sameKey(lots.lotId, lotId));
  if (!lot) throw invalidField('lotId', 'notExists');
  if (lot.productId !== productId) throw invalidField('lotId', 'reportLotProduct');
  return lot.id;
}

/**
 * Checks the results a report is built from: each a product inspection (final or in-process) of the product, and a
 * final inspection of the report's lot when the report names one. 400 on `<field>.<i>` (or `<field>`) otherwise.
 */
export async function assertReportResults(
  tx: Tx,
  ids: number[],
  productId: number,
  lotRowId: number | null,
  field: string,
  indexed = true,
): Promise<void> {
  if (!ids.length) return;
  const rows = await tx
    .select({
      id: qualityResults.id,
      stage: qualityResults.stage,
      productId: qualityResults.productId,
      lotRowId: qualityResults.lotRowId,
    })
    .from(qualityResults)
    .where(inArray(qualityResults.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  ids.forEach((id, i) => {
    const at = indexed ? `${field}.${i}` : field;
    const r = byId.get(id);
    if (!r) throw invalidField(at, 'notExists');
    if (r.stage === 'INCOMING' || r.productId !== productId)
      throw invalidField(at, `reportResultProduct ${JSON.stringify({ id })}`);
    if (lotRowId != null && r.stage === 'FINAL' && r.lotRowId !== lotRowId)
      throw invalidField(at, `reportResultLot ${JSON.stringify({ id })}`);
  });
}

const PICK_MAX = 100;
/** The form's pick list: the product's final and in-process results (a lot's final ones when a LOT ID is given). */
export async function pickResults(
  db: Executor,
  q: { productId: number; lotId?: string },
  timeZone: string,
): Promise<QualityResult[]> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, q.productId));
  if (!product) throw notFound('Product');
  let lotRowId: number | undefined;
  if (q.lotId) {
    const [lot] = await db.select({ id: lots.id }).from(lots).where(sameKey(lots.lotId, q.lotId));
    if (!lot) throw notFound('Lot');
    lotRowId = lot.id;
  }
  const page = await listResults(db, 'PRODUCT', { productId: q.productId, lotRowId, size: PICK_MAX }, timeZone);
  if (lotRowId == null) return page.data;
  // A lot's final inspections, then the product's in-process ones (they are of the plan's days, not of one lot).
  const inProcess = await listResults(
    db,
    'PRODUCT',
    { productId: q.productId, stage: 'IN_PROCESS', size: PICK_MAX - page.data.length },
    timeZone,
  );
  return [...page.data, ...inProcess.data].sort((a, b) => b.inspectedAt.localeCompare(a.inspectedAt));
}

export const judgementOf = (judgements: (string | null)[]): 'PASS' | 'FAIL' | null =>
  judgements.includes('FAIL') ? 'FAIL' : judgements.some((j) => j === 'PASS') ? 'PASS' : null;
