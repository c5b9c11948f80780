import type { Tx } from '../../db/client.ts';
import { defineProvider } from '../../platform/providers.ts';
import type { Actor } from '../../platform/tx.ts';

/**
 * A first-operation result's consumption beyond the BOM materials (platform/providers.ts): brings the daily plan's
 * consumption to what `totalQty` (good + bad) units of the plan's product take, in the caller's transaction (which
 * holds the plan row's lock), and answers whether it changed. Throws 409 INSUFFICIENT_BOM_STOCK when the line is short.
 */
export type ResultConsumption = (
  tx: Tx,
  actor: Actor,
  r: { planId: number; productId: number; dailyPlanId: number; totalQty: number; day: string },
) => Promise<boolean>;

/**
 * The child products of the BOM (semi-finished lots released to the plan): production-product-stock answers it. Its
 * answer when nobody does: nothing consumed.
 */
export const resultConsumeProductsProvider = defineProvider<ResultConsumption>(
  'result.consume-products',
  async () => false,
);
