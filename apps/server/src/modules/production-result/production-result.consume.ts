import type { Executor, Tx } from '../../db/client.ts';
import { defineProvider, type Providers } from '../../platform/providers.ts';
import type { Actor } from '../../platform/tx.ts';

/**
 * A first-operation result's consumption beyond the BOM materials (platform/providers.ts): brings the daily plan's
 * consumption to what `totalQty` (good + bad) units of the plan's product take, in the caller's transaction (which
 * holds the plan row's lock), and answers whether it changed. Throws 409 INSUFFICIENT_BOM_STOCK when the line is short
 * (LOT_ON_HOLD when only a held lot would cover it). `providers` (the app's) answers the answerer's own questions —
 * whether a lot is held — which this module cannot name (the answerer is above it), as production-material's hold
 * question reaches consumeForResult.
 */
export type ResultConsumption = (
  tx: Tx,
  actor: Actor,
  r: { planId: number; productId: number; dailyPlanId: number; totalQty: number; day: string },
  providers: Providers,
) => Promise<boolean>;

/**
 * The child products of the BOM (semi-finished lots released to the plan): production-product-stock answers it. Its
 * answer when nobody does: nothing consumed.
 */
export const resultConsumeProductsProvider = defineProvider<ResultConsumption>(
  'result.consume-products',
  async () => false,
);

/** The earliest-expiring semi-finished lot a plan has consumed (some of), or null. */
export type ConsumedLotExpiry = (db: Executor, planId: number) => Promise<{ expiryDate: string; lotId: string } | null>;

/**
 * What caps a lot's expiry beyond its materials: a consumed semi-finished lot that expires earlier
 * (production-product-stock answers it, beside the consumption). Nobody answering: no cap.
 */
export const resultConsumedLotExpiryProvider = defineProvider<ConsumedLotExpiry>(
  'result.consumed-lot-expiry',
  async () => null,
);
