import { DATE_FORMAT, MENU_INDEX, type OrderProduct } from '@eqms/contract';
import dayjs from 'dayjs';
import { formatDateRange } from '../../components/inputs/DateRangeField.tsx';

// The small rules the order screen applies on the client: how far an order product is planned, what the plan dialog
// proposes, and the link to a plan on the production plan screen.

/** Nothing planned yet, partly planned, or fully covered by plans (the server's remaining > 0 is "no-production"). */
export type PlanState = 'OPEN' | 'PARTIAL' | 'PLANNED';

export function planStateOf(op: Pick<OrderProduct, 'plannedQty' | 'remainingQty'>): PlanState {
  if (op.remainingQty <= 0) return 'PLANNED';
  return op.plannedQty > 0 ? 'PARTIAL' : 'OPEN';
}

export const PLAN_STATE_COLOR: Record<PlanState, string> = { OPEN: 'red', PARTIAL: 'orange', PLANNED: 'green' };

/**
 * The plan dialog's proposal for an order product: start today, end on its due date (today when the due date has
 * passed, so the period stays valid — a late order is planned from now), the remaining quantity.
 */
export function planDefaults(
  op: Pick<OrderProduct, 'dueDt' | 'remainingQty'>,
  today = dayjs().format(DATE_FORMAT),
): { startDt: string; endDt: string; qty: number } {
  return { startDt: today, endDt: op.dueDt < today ? today : op.dueDt, qty: op.remainingQty };
}

/** The production plan screen showing one plan: its period as the list's filter and the plan opened. */
export function planLink(plan: { id: number; startDt: string; endDt: string }): string {
  const path = MENU_INDEX.get('productionPlan')?.path ?? '/production/plan';
  const params = new URLSearchParams({ period: formatDateRange(plan.startDt, plan.endDt), planId: String(plan.id) });
  return `${path}?${params.toString()}`;
}
