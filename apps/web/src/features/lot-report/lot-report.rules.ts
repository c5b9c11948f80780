import { LOT_DAILY_TREE_MAX_DAYS, type LotTreeNode } from '@eqms/contract';
import { dateRangeDays } from '../../components/inputs/DateRangeField.tsx';

// The lot report's small rules, apart from the components so they can be tested on their own.

/**
 * The prod-plans tree (products → plans) with each plan's daily plans from the daily-plans tree, whose plan nodes
 * carry the same keys (PL<planId>). Without a daily-plans tree (a period too long for it) the plans stay leaves.
 */
export function graftDailyPlans(products: LotTreeNode[], plans: LotTreeNode[] | undefined): LotTreeNode[] {
  if (!plans?.length) return products;
  const byKey = new Map(plans.map((p) => [p.key, p.children]));
  return products.map((product) => ({
    ...product,
    children: product.children.map((plan) => ({ ...plan, children: byKey.get(plan.key) ?? plan.children })),
  }));
}

/** Whether the daily-plans tree can be asked for this period (the server allows at most 93 days). */
export const dailyTreeFits = (from: string | undefined, to: string | undefined) =>
  !!from && !!to && dateRangeDays(from, to) <= LOT_DAILY_TREE_MAX_DAYS;

/** The keys of a tree's product nodes: expanded at first (plans and their daily plans stay closed). */
export const productKeys = (nodes: LotTreeNode[]) => nodes.filter((n) => n.data.kind === 'PRODUCT').map((n) => n.key);
