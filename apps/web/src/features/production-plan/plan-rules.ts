import {
  DATE_FORMAT,
  type DailyPlan,
  type DailyPlanItem,
  isDate,
  type Locale,
  PLAN_MAX_DAYS,
  ruleMessage,
  translateMessage,
  type WorkStatus,
} from '@eqms/contract';
import dayjs from 'dayjs';
import { dateRangeDays, formatDateRange, parseDateRange } from '../../components/inputs/DateRangeField.tsx';
import { ruleText } from '../../components/inputs/rule-text.ts';

// The production plan screen's rules, apart from the components so they can be tested on their own: the list's
// period, the status colours, and the daily plan editor (its rows, their checks and the body it saves).

/** antd tag colours of a work status (SPEC §4: plan completed → working → work completed). */
export const STATUS_COLOR: Record<WorkStatus, string> = {
  PLAN_COMPLETED: 'blue',
  WORKING: 'orange',
  WORK_COMPLETED: 'green',
};

/** ISO weekdays, Monday first; Monday to Friday is the spread's default (the server's too). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WORKING_WEEKDAYS = [1, 2, 3, 4, 5];

/** The current month as the list's default period text. */
export function currentMonth(now = dayjs()): string {
  return formatDateRange(now.startOf('month'), now.endOf('month').startOf('day'));
}

/** A period text of the URL as the list query's days, or the rule's message when it cannot be asked. */
export function periodOf(text: string | undefined): { startDt?: string; endDt?: string; error: string | null } {
  const parts = parseDateRange(text);
  if (!parts) return { error: ruleText('periodRequired') };
  const days = dateRangeDays(parts[0], parts[1]);
  if (days < 1) return { error: ruleText('periodOrder') };
  if (days > PLAN_MAX_DAYS) return { error: ruleText('periodMax', { days: PLAN_MAX_DAYS }) };
  return { startDt: parts[0], endDt: parts[1], error: null };
}

// One formatter: toLocaleString makes a new one per call, which a calendar's hundreds of entries felt.
const QTY_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 5 });

/** A quantity as the lists show it: up to 5 decimals (numeric(15,5)), grouped by thousands. */
export function fmtQty(v: number | null | undefined): string {
  if (v === null || v === undefined) return '';
  return QTY_FORMAT.format(v);
}

/** The achievement rate in percent with one decimal. */
export const fmtRate = (v: number) => `${v.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;

/** Sum of quantities rounded to the column's 5 decimals (floating point would show 0.30000000000000004). */
export const sumQty = (values: (number | null | undefined)[]) =>
  Math.round(values.reduce<number>((acc, v) => acc + (v ?? 0), 0) * 1e5) / 1e5;

/** A daily plan has results once it has started or has a good or bad quantity (the server's HAS_RESULT). */
export const hasResults = (d: Pick<DailyPlan, 'status' | 'goodQty' | 'badQty'>) =>
  d.status !== 'PLAN_COMPLETED' || d.goodQty > 0 || d.badQty > 0;

/** One row of the daily plan editor: a stored daily plan (with its id and results) or a new one. */
export type DailyRow = {
  /** React key: `d<id>` for stored rows, `n<counter>` for new ones. */
  key: string;
  id?: number;
  day: string | null;
  targetQty: number | null;
  toolId: number | null;
  description: string | null;
  status: WorkStatus;
  goodQty: number;
  badQty: number;
  /** With results: the day is fixed and the row cannot be removed (409 dailyPlanHasResults otherwise). */
  locked: boolean;
};

export function rowsOf(plans: DailyPlan[]): DailyRow[] {
  return plans.map((d) => ({
    key: `d${d.id}`,
    id: d.id,
    day: d.day,
    targetQty: d.targetQty,
    toolId: d.toolId,
    description: d.description,
    status: d.status,
    goodQty: d.goodQty,
    badQty: d.badQty,
    locked: hasResults(d),
  }));
}

let counter = 0;

/**
 * A new row: the day after the last row's day while it stays in the plan, else the plan's first day; the
 * operation plan's tool; no target yet.
 */
export function newRow(rows: DailyRow[], plan: { startDt: string; endDt: string }, toolId: number | null): DailyRow {
  const last = rows
    .map((r) => r.day)
    .filter((d): d is string => !!d && isDate(d))
    .sort()
    .at(-1);
  const next = last ? dayjs(last).add(1, 'day').format(DATE_FORMAT) : plan.startDt;
  const day = next >= plan.startDt && next <= plan.endDt ? next : plan.startDt;
  counter += 1;
  return {
    key: `n${counter}`,
    day,
    targetQty: null,
    toolId,
    description: null,
    status: 'PLAN_COMPLETED',
    goodQty: 0,
    badQty: 0,
    locked: false,
  };
}

export type RowErrors = Partial<Record<'day' | 'targetQty' | 'toolId', string>>;

/**
 * The editor's checks, the contract's rules in the user's language: a day inside the plan, a target of at least 0
 * (SPEC §5). Rows without a problem are absent from the answer.
 */
export function dailyRowErrors(
  rows: DailyRow[],
  plan: { startDt: string; endDt: string },
  locale: Locale,
): Map<string, RowErrors> {
  const text = (key: string) => translateMessage(key, locale);
  const out = new Map<string, RowErrors>();
  for (const r of rows) {
    const e: RowErrors = {};
    if (!r.day) e.day = text(ruleMessage('required'));
    else if (r.day < plan.startDt || r.day > plan.endDt)
      e.day = text(ruleMessage('dayOutsidePlan', { from: plan.startDt, to: plan.endDt }));
    if (r.targetQty === null || r.targetQty === undefined) e.targetQty = text(ruleMessage('required'));
    else if (r.targetQty < 0) e.targetQty = text(ruleMessage('targetQty'));
    if (Object.keys(e).length) out.set(r.key, e);
  }
  return out;
}

/** The list as POST /operplan/daily-plans takes it (rows with an id are kept, the others made, the missing ones go). */
export function dailyPlansBody(rows: DailyRow[]): DailyPlanItem[] {
  return rows.map((r) => ({
    ...(r.id != null ? { id: r.id } : {}),
    day: r.day as string,
    targetQty: r.targetQty as number,
    toolId: r.toolId,
    description: r.description?.trim() || null,
  }));
}

/** Whether the editor's rows differ from what is stored (new, removed or changed rows). */
export function isDirty(rows: DailyRow[], stored: DailyRow[]): boolean {
  if (rows.length !== stored.length) return true;
  return rows.some((r, i) => {
    const s = stored[i];
    return (
      r.key !== s.key ||
      r.day !== s.day ||
      r.targetQty !== s.targetQty ||
      r.toolId !== s.toolId ||
      (r.description ?? '') !== (s.description ?? '')
    );
  });
}

/**
 * A field of a 400 on the daily plan list (`dailyPlans.3.day`) as the row and field of the editor; null for any other
 * field.
 */
export function rowFieldOf(field: string): { index: number; field: keyof RowErrors } | null {
  const m = /^dailyPlans\.(\d+)\.(day|targetQty|toolId)$/.exec(field);
  return m ? { index: Number(m[1]), field: m[2] as keyof RowErrors } : null;
}

/** The spread's period check: inside the plan and in order (each end optional). */
export function spreadPeriodError(
  from: string | null | undefined,
  to: string | null | undefined,
  plan: { startDt: string; endDt: string },
  locale: Locale,
): { field: 'from' | 'to'; text: string } | null {
  const outside = (d: string) => d < plan.startDt || d > plan.endDt;
  const text = (key: string) => translateMessage(key, locale);
  const inPlan = ruleMessage('dayOutsidePlan', { from: plan.startDt, to: plan.endDt });
  if (from && outside(from)) return { field: 'from', text: text(inPlan) };
  if (to && outside(to)) return { field: 'to', text: text(inPlan) };
  if ((from ?? plan.startDt) > (to ?? plan.endDt)) return { field: 'to', text: text(ruleMessage('periodOrder')) };
  return null;
}
