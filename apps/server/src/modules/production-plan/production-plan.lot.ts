import { type LotSeq, lotIdOf } from '@eqms/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { todayIn } from '../../platform/dates.ts';
import { notFound } from '../../platform/errors.ts';
import { products } from '../product/product.table.ts';
import { productionPlans } from './production-plan.table.ts';

/** A plan's lot sequence (reserved when it was made) and the LOT ID of its lot made today at the factory. */
export async function lotSeqOf(db: Executor, planId: number, timeZone: string): Promise<LotSeq> {
  const [row] = await db
    .select({ lotSeq: productionPlans.lotSeq, productCode: products.code })
    .from(productionPlans)
    .innerJoin(products, eq(products.id, productionPlans.productId))
    .where(eq(productionPlans.id, planId));
  if (!row) throw notFound('Production plan');
  return { planId, lotSeq: row.lotSeq, todayLotId: lotIdOf(todayIn(timeZone), row.productCode, row.lotSeq) };
}
