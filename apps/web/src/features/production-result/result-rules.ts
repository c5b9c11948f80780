import {
  type BomShortage,
  DAILY_PLAN_PERIOD_MAX_DAYS,
  type HistoryEntry,
  type ProductionResultDetail,
  type ResultSave,
  type WorkStatus,
} from '@eqms/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { dateRangeDays, formatDateRange, parseDateRange } from '../../components/inputs/DateRangeField.tsx';
import { ruleText } from '../../components/inputs/rule-text.ts';

// The production results screen's rules, apart from the components so they can be tested on their own: the list's
// period (this week by default, at most 93 days), the achievement rate, the defect rows and the body a save sends,
// the refusal of a save for short BOM material, and what a change-history entry changed.

/** The wall-clock text the API takes for a result's start and end (factory time, which the browser is in). */
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** This week, Monday to Sunday, as the list's default period text. */
export function thisWeek(now: Dayjs = dayjs()): string {
  const monday = now.startOf('day').subtract((now.day() + 6) % 7, 'day');
  return formatDateRange(monday, monday.add(6, 'day'));
}

/** A period text of the URL as the list query's days, or the contract's message when it cannot be asked. */
export function resultPeriodOf(text: string | undefined): { startDt?: string; endDt?: string; error: string | null } {
  const parts = parseDateRange(text);
  if (!parts) return { error: ruleText('periodRequired') };
  const days = dateRangeDays(parts[0], parts[1]);
  if (days < 1) return { error: ruleText('periodOrder') };
  if (days > DAILY_PLAN_PERIOD_MAX_DAYS) return { error: ruleText('periodMax', { days: DAILY_PLAN_PERIOD_MAX_DAYS }) };
  return { startDt: parts[0], endDt: parts[1], error: null };
}

/** Rounds to the quantity columns' 5 decimals (floating point would give 0.30000000000000004). */
const round5 = (v: number) => Math.round(v * 1e5) / 1e5;

/** Good quantity against the target in percent (one decimal); null when there is no target to measure against. */
export function achievementRate(goodQty: number, targetQty: number): number | null {
  if (!(targetQty > 0)) return null;
  return Math.round((goodQty / targetQty) * 1000) / 10;
}

/** One row of the bad quantity by defect type as the form holds it (either half may still be empty). */
export type DefectRow = { defectCode?: string | null; qty?: number | null };

/** Rows the user has started to fill in; wholly empty rows are left out of the save. */
export const filledDefects = (rows: DefectRow[] | undefined) =>
  (rows ?? []).filter((r) => !!r && ((r.defectCode ?? '') !== '' || (r.qty !== null && r.qty !== undefined)));

/** The bad quantity the defect rows add up to (the server's check: 5 decimals). */
export function defectSum(rows: DefectRow[] | undefined): number {
  return round5(filledDefects(rows).reduce((s, r) => s + (r.qty ?? 0), 0));
}

/** Index of the first row naming a defect type an earlier row already names (duplicateValue), or -1. */
export function duplicateDefectIndex(rows: DefectRow[] | undefined): number {
  const codes = (rows ?? []).map((r) => r?.defectCode ?? '');
  return codes.findIndex((c, i) => c !== '' && codes.indexOf(c) !== i);
}

/** The result dialog's form. `badQty` is typed only when no defect row is filled in; otherwise it is their sum. */
export type ResultFormValues = {
  status: WorkStatus;
  goodQty: number | null;
  badQty: number | null;
  defects: DefectRow[];
  workerId: number | null;
  toolId: number | null;
  startedAt: string | null;
  endedAt: string | null;
  /** Shelf of the last operation's good quantity. */
  locationId: number | null;
  description: string | null;
};

/** An instant of the API as the form's wall-clock text. */
export const wallClock = (iso: string | null | undefined) => (iso ? dayjs(iso).format(DATETIME_FORMAT) : null);

/** What the form starts from: the stored result. */
export function formValuesOf(r: ProductionResultDetail): ResultFormValues {
  return {
    status: r.status,
    goodQty: r.goodQty,
    badQty: r.badQty,
    defects: r.defects.map((d) => ({ defectCode: d.defectCode, qty: d.qty })),
    workerId: r.workerId,
    toolId: r.toolId,
    startedAt: wallClock(r.startedAt),
    endedAt: wallClock(r.endedAt),
    locationId: r.stockLocationId,
    description: r.description,
  };
}

/** Whether the result is its plan's last operation (its good quantity makes the lot and goes to a shelf). */
export const isLastOperation = (r: { seq: number; lastSeq: number }) => r.seq >= r.lastSeq;

/** Whether good or bad quantities are entered (the server then refuses PLAN_COMPLETED: resultNotStarted). */
export function hasQuantities(v: Pick<ResultFormValues, 'goodQty' | 'badQty' | 'defects'>): boolean {
  const bad = filledDefects(v.defects).length ? defectSum(v.defects) : (v.badQty ?? 0);
  return (v.goodQty ?? 0) > 0 || bad > 0;
}

/**
 * PUT /productionprofit's body from the form: the totals, the defect rows (an empty list clears the stored types),
 * worker and note always; start, end, tool and shelf only when changed, so a save that leaves them alone does not
 * round the stored times to the minute or move a tool that has since left its line.
 */
export function resultBody(id: number, v: ResultFormValues, was: ResultFormValues, lastOperation: boolean): ResultSave {
  const defects = filledDefects(v.defects).map((d) => ({ defectCode: d.defectCode ?? '', qty: d.qty ?? 0 }));
  const body: ResultSave = {
    id,
    status: v.status,
    goodQty: v.goodQty ?? 0,
    badQty: defects.length ? defectSum(defects) : (v.badQty ?? 0),
    defects,
    workerId: v.workerId ?? null,
    description: v.description?.trim() || null,
  };
  if ((v.startedAt ?? null) !== was.startedAt) body.startedAt = v.startedAt ?? null;
  if ((v.endedAt ?? null) !== was.endedAt) body.endedAt = v.endedAt ?? null;
  if ((v.toolId ?? null) !== was.toolId) body.toolId = v.toolId ?? null;
  if (lastOperation && v.locationId != null && v.locationId !== was.locationId) body.locationId = v.locationId;
  return body;
}

/** Whether a save moves a started result back to "plan completed" (its quantities and times are then cleared). */
export const movesBackToPlan = (was: WorkStatus, next: WorkStatus) =>
  was !== 'PLAN_COMPLETED' && next === 'PLAN_COMPLETED';

/** The shortages of a 409 INSUFFICIENT_BOM_STOCK refusal, or null for any other error. */
export function shortagesOf(err: unknown): BomShortage[] | null {
  const e = err as { status?: number; code?: string; extraData?: { shortages?: unknown } } | null;
  if (e?.status !== 409 || e.code !== 'INSUFFICIENT_BOM_STOCK') return null;
  return Array.isArray(e.extraData?.shortages) ? (e.extraData.shortages as BomShortage[]) : [];
}

/** Shelves (`warehouse / shelf` paths) as the cascader's two levels, warehouses in the order they come. */
export type ShelfOption = { value: string | number; label: string; children?: ShelfOption[] };
export function shelfOptions(
  shelves: { id: number; name: string; path: string }[],
  current?: { id: number | null; path: string | null },
): ShelfOption[] {
  const list = [...shelves];
  // The shelf the result's product is on, when it is not one of the factory's (moved or another factory's).
  if (current?.id != null && current.path && !list.some((s) => s.id === current.id)) {
    const parts = current.path.split(' / ');
    list.push({ id: current.id, name: parts.at(-1) ?? current.path, path: current.path });
  }
  const out: ShelfOption[] = [];
  for (const s of list) {
    const cut = s.path.lastIndexOf(' / ');
    const warehouse = cut > 0 ? s.path.slice(0, cut) : s.path;
    let group = out.find((g) => g.value === `w:${warehouse}`);
    if (!group) {
      group = { value: `w:${warehouse}`, label: warehouse, children: [] };
      out.push(group);
    }
    group.children?.push({ value: s.id, label: s.name });
  }
  return out;
}

/** The cascader path of a shelf id, or null when the options do not hold it. */
export function shelfPath(options: ShelfOption[], id: number | null | undefined): (string | number)[] | null {
  if (id == null) return null;
  for (const g of options) if (g.children?.some((c) => c.value === id)) return [g.value, id];
  return null;
}

/** The columns of a daily plan a result's history speaks of, in the order they are listed. */
export const HISTORY_FIELDS = [
  'status',
  'good_qty',
  'bad_qty',
  'worker_id',
  'tool_id',
  'started_at',
  'ended_at',
  'target_qty',
  'day',
  'description',
] as const;
export type HistoryField = (typeof HISTORY_FIELDS)[number];

/** What one revision of the daily plan changed among the result's fields: before and after each. */
export function resultChanges(entry: HistoryEntry): { field: HistoryField; before: unknown; after: unknown }[] {
  if (entry.revisionType !== 'MOD') return [];
  const changed = new Set(entry.changedFields);
  return HISTORY_FIELDS.filter((f) => changed.has(f)).map((field) => ({
    field,
    before: entry.oldData?.[field] ?? null,
    after: entry.newData?.[field] ?? null,
  }));
}
