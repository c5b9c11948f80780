import type { MaterialStock, PlanMaterial } from '@eqms/contract';

// The release and restock forms' small rules, apart from the components so they can be tested on their own.

/** The material a release proposes: the first still to release, else the first of the plan. */
export function defaultMaterial(materials: readonly PlanMaterial[]): PlanMaterial | undefined {
  return materials.find((m) => m.toReleaseQty > 0) ?? materials[0];
}

/** Rounded as the server keeps quantities (numeric(15,5)). */
const round5 = (v: number) => Math.round(v * 100_000) / 100_000;

/**
 * The quantity a release proposes from a package: what the plan still needs of the material, at most what the
 * package holds; nothing when the plan needs no more (the user types what to add).
 */
export function defaultReleaseQty(toReleaseQty: number | undefined, stockQty: number | undefined): number | null {
  if (toReleaseQty == null || stockQty == null || toReleaseQty <= 0 || stockQty <= 0) return null;
  return round5(Math.min(toReleaseQty, stockQty));
}

/** Whether the server will ask an override reason for this package (its expiry date is before the factory's today). */
export const needsExpiredReason = (row: Pick<MaterialStock, 'expiryState'> | undefined) =>
  row?.expiryState === 'EXPIRED';

/** A 409 refusal of an expired package without a reason (CONFLICT, message key stockExpired). */
export function isStockExpiredRefusal(err: { status: number; extraData?: { messageKey?: unknown } }): boolean {
  return err.status === 409 && typeof err.extraData?.messageKey === 'string'
    ? err.extraData.messageKey.startsWith('stockExpired')
    : false;
}

/** A 409 refusal beyond what there is (OUT_OF_STOCK, message key outOfStock). */
export function isOutOfStockRefusal(err: { status: number; extraData?: { messageKey?: unknown } }): boolean {
  return err.status === 409 && typeof err.extraData?.messageKey === 'string'
    ? err.extraData.messageKey.startsWith('outOfStock')
    : false;
}
