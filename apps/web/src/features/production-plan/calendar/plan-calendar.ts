import {
  DAILY_PLAN_PERIOD_MAX_DAYS,
  DATE_FORMAT,
  type DailyPlan,
  type Locale,
  type LocationTreeNode,
} from '@eqms/contract';
import dayjs from 'dayjs';
import { errorText } from '../../../api/error-text.ts';
import { ApiError } from '../../../api/http.ts';
import { fmtQty } from '../plan-rules.ts';

// The production plan calendar's rules (issue 13: a month of daily plans by line, on the plan screen and on the
// embedded /fs/production-plan-calendar page), apart from the components so they can be tested on their own: the
// month's grid of Monday-to-Sunday weeks, the days one request asks for, the daily plans grouped by day and line, what
// a cell shows before "+N more", and the default location.

/** The embedded TV page of the calendar (features/registry.ts fullScreenRoutes). */
export const FULL_SCREEN_PATH = '/fs/production-plan-calendar';

/** What a failed call says, in the UI language. */
export const reasonOf = (e: unknown, locale: Locale) => (e instanceof ApiError ? errorText(e, locale) : String(e));

/** `YYYY-MM`, a month of the years 1900–2999. */
const YEAR_MONTH = /^(19|2\d)\d{2}-(0[1-9]|1[0-2])$/;

export const isYearMonth = (text: string | null | undefined): text is string => !!text && YEAR_MONTH.test(text);

/** The month holding a day (today by default), as `YYYY-MM`. */
export const yearMonthOf = (day: dayjs.Dayjs = dayjs()) => day.format('YYYY-MM');

/** The month n months after (before, for negative n) `yearMonth`. */
export const shiftMonth = (yearMonth: string, n: number) => dayjs(`${yearMonth}-01`).add(n, 'month').format('YYYY-MM');

export type CalendarDay = {
  /** yyyy-MM-dd. */
  day: string;
  /** The day of the month, 1–31. */
  date: number;
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** False for the days of the months before and after that fill the first and last week. */
  inMonth: boolean;
};

export type MonthGrid = {
  yearMonth: string;
  /** 4 to 6 weeks of 7 days, Monday first. */
  weeks: CalendarDay[][];
  /** The grid's first and last day: the period one request asks for (at most 42 days). */
  startDt: string;
  endDt: string;
};

/** The month's weeks, Monday to Sunday, with the days of the neighbouring months that complete them. */
export function monthGrid(yearMonth: string): MonthGrid {
  const first = dayjs(`${yearMonth}-01`);
  const monthIndex = first.month();
  // day(): 0 = Sunday … 6 = Saturday; back to the Monday on or before the 1st.
  const start = first.subtract((first.day() + 6) % 7, 'day');
  const last = first.endOf('month').startOf('day');
  const end = last.add((7 - last.day()) % 7, 'day');
  const weeks: CalendarDay[][] = [];
  let cur = start;
  while (!cur.isAfter(end, 'day')) {
    const week: CalendarDay[] = [];
    for (let i = 0; i < 7; i++) {
      week.push({
        day: cur.format(DATE_FORMAT),
        date: cur.date(),
        weekday: i + 1,
        inMonth: cur.month() === monthIndex,
      });
      cur = cur.add(1, 'day');
    }
    weeks.push(week);
  }
  const startDt = start.format(DATE_FORMAT);
  const endDt = end.format(DATE_FORMAT);
  // The grid is at most 6 weeks, well inside what GET /location/{id}/daily-plans takes in one request.
  if (weeks.length * 7 > DAILY_PLAN_PERIOD_MAX_DAYS) throw new Error('A month grid longer than a request period.');
  return { yearMonth, weeks, startDt, endDt };
}

/** A line's daily plans of one day, in the server's order (plan, then operation sequence). */
export type LineGroup = { lineId: number; lineName: string; plans: DailyPlan[] };

/**
 * The daily plans by day, each day's by line in the order they come (the server sends them by day, line name, plan
 * and operation sequence). One pass; the arrays of a day are made once, so a cell's props keep their identity.
 */
export function groupByDayAndLine(plans: readonly DailyPlan[]): Map<string, LineGroup[]> {
  const byDay = new Map<string, LineGroup[]>();
  for (const d of plans) {
    let groups = byDay.get(d.day);
    if (!groups) {
      groups = [];
      byDay.set(d.day, groups);
    }
    let group = groups.find((g) => g.lineId === d.lineId);
    if (!group) {
      group = { lineId: d.lineId, lineName: d.lineName, plans: [] };
      groups.push(group);
    }
    group.plans.push(d);
  }
  return byDay;
}

/** A row of a day cell: a line's name (when lines are shown) or a daily plan. */
export type CellRow = { kind: 'line'; lineId: number; lineName: string } | { kind: 'plan'; plan: DailyPlan };

/**
 * What a day cell shows in at most `maxRows` rows (line names count as rows; the first row shares the line of the
 * day's date, whose other end holds "+N more"): everything when it fits; otherwise the first `maxRows` rows and N, the
 * daily plans left out. A line's name never ends the visible rows without one of its plans under it.
 */
export function cellRows(
  groups: readonly LineGroup[],
  maxRows: number,
  showLines: boolean,
): { rows: CellRow[]; hidden: number } {
  const all: CellRow[] = [];
  for (const g of groups) {
    if (showLines) all.push({ kind: 'line', lineId: g.lineId, lineName: g.lineName });
    for (const plan of g.plans) all.push({ kind: 'plan', plan });
  }
  if (all.length <= maxRows) return { rows: all, hidden: 0 };
  const rows = all.slice(0, Math.max(0, maxRows));
  while (rows.length && rows[rows.length - 1].kind === 'line') rows.pop();
  const shown = rows.filter((r) => r.kind === 'plan').length;
  const total = all.filter((r) => r.kind === 'plan').length;
  return { rows, hidden: total - shown };
}

/** A daily plan as a cell shows it: product code, operation, target/good — `FG1001 성형 40/32`. */
export const entryText = (d: Pick<DailyPlan, 'productCode' | 'operationName' | 'targetQty' | 'goodQty'>) =>
  `${d.productCode} ${d.operationName} ${fmtQty(d.targetQty)}/${fmtQty(d.goodQty)}`;

/** The first factory of the location tree, depth first (the calendar's default); null when there is none. */
export function firstFactory(nodes: readonly LocationTreeNode[] | undefined): LocationTreeNode | null {
  for (const n of nodes ?? []) {
    if (n.type === 'FACTORY') return n;
    const below = firstFactory(n.children ?? []);
    if (below) return below;
  }
  return null;
}

/** A location and the names above it, from the top (`사업장 / 1공장 / 1라인`); null when it is not in the tree. */
export function locationPath(nodes: readonly LocationTreeNode[] | undefined, id: number): LocationTreeNode[] | null {
  for (const n of nodes ?? []) {
    if (n.id === id) return [n];
    const below = locationPath(n.children ?? [], id);
    if (below) return [n, ...below];
  }
  return null;
}
