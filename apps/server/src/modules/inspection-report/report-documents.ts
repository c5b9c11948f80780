import type { QualityResult } from '@eqms/contract';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { createdStamp, sameKey, uniqueAs, updatedStamp } from '../../platform/crud.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
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

/** A numbered document's head table: its id and number columns. */
type DocumentTable = PgTable & { id: AnyPgColumn; reportNo: AnyPgColumn };

/**
 * Create, update and bulk delete of a numbered document whose lines are its own rows: each write one transaction; a
 * save checks and prepares the head row and its lines (`prepare`, given the saved head on update), stamps who and
 * when, writes the head, replaces the lines and answers the document as read back; the number's unique index answers
 * 409 DUPLICATE on reportNo; a delete takes all ids or none (404), its lines going with it (ON DELETE CASCADE).
 */
export function documentWrites<Body, Lines, Detail>(o: {
  table: DocumentTable;
  what: string;
  unique: Record<string, string>;
  prepare: (tx: Tx, body: Body, current?: { id: number; reportNo: string }) => Promise<{ row: object; lines: Lines }>;
  writeLines: (tx: Tx, id: number, lines: Lines) => Promise<void>;
  get: (tx: Tx, id: number) => Promise<Detail>;
}) {
  const t = o.table;
  return {
    create: (db: Db, actor: Actor, body: Body): Promise<Detail> =>
      uniqueAs(o.unique, () =>
        withTx(db, actor, async (tx) => {
          const { row, lines } = await o.prepare(tx, body);
          const [made] = await tx
            .insert(t)
            .values({ ...row, ...createdStamp(actor) } as never)
            .returning({ id: t.id });
          const id = Number(made.id);
          await o.writeLines(tx, id, lines);
          return o.get(tx, id);
        }),
      ),
    update: (db: Db, actor: Actor, body: Body & { id: number }): Promise<Detail> =>
      uniqueAs(o.unique, () =>
        withTx(db, actor, async (tx) => {
          const [current] = await tx
            .select({ id: t.id, reportNo: t.reportNo })
            .from(t)
            .where(eq(t.id, body.id))
            .for('update');
          if (!current) throw notFound(o.what);
          const { row, lines } = await o.prepare(tx, body, current as { id: number; reportNo: string });
          await tx
            .update(t)
            .set({ ...row, ...updatedStamp(actor) } as never)
            .where(eq(t.id, body.id));
          await o.writeLines(tx, body.id, lines);
          return o.get(tx, body.id);
        }),
      ),
    remove: (db: Db, actor: Actor, ids: number[]): Promise<void> =>
      withTx(db, actor, async (tx) => {
        const found = await tx.select({ id: t.id }).from(t).where(inArray(t.id, ids)).orderBy(asc(t.id)).for('update');
        if (found.length !== ids.length) throw notFound(o.what);
        await tx.delete(t).where(inArray(t.id, ids));
      }),
  };
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
