import { AI_PROD_STATUS_MAX_DAYS, ID_MAX } from '@eqms/contract';

// The embedded pages' query parameters (SPEC §2: /fs/good-bad-status?date&locationId, /fs/production-status?fromDate
// &toDate), read and checked apart from the pages so the rules can be tested on their own. A missing value takes its
// default (today; the first factory); a bad one is refused by name, never sent to the server as it is.

/** Embedded pages are read again this often (a TV on the floor). */
export const FS_REFRESH_MS = 60_000;

export type Param<T> = { ok: true; value: T } | { ok: false; raw: string };

/** A calendar day `YYYY-MM-DD` that exists (no 2026-02-30). */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** A day of the URL: empty or absent → `today`; else a real day, or refused. */
export function dayParam(raw: string | null, today: string): Param<string> {
  if (raw === null || raw === '') return { ok: true, value: today };
  return isDay(raw) ? { ok: true, value: raw } : { ok: false, raw };
}

/** A location id of the URL: empty or absent → null (the first factory), 1 … ID_MAX, else refused. */
export function idParam(raw: string | null): Param<number | null> {
  if (raw === null || raw === '') return { ok: true, value: null };
  const n = /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  return n >= 1 && n <= ID_MAX ? { ok: true, value: n } : { ok: false, raw };
}

/** Days from `from` to `to`, both counted (1 for the same day, ≤ 0 when to is before from). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export type RangeProblem =
  | { kind: 'badFrom'; raw: string }
  | { kind: 'badTo'; raw: string }
  | { kind: 'order' }
  | { kind: 'tooLong'; max: number };

/** fromDate … toDate of the production status page (both default to today; at most AI_PROD_STATUS_MAX_DAYS days). */
export function rangeParams(
  rawFrom: string | null,
  rawTo: string | null,
  today: string,
): { ok: true; fromDate: string; toDate: string } | { ok: false; problem: RangeProblem } {
  const from = dayParam(rawFrom, today);
  if (!from.ok) return { ok: false, problem: { kind: 'badFrom', raw: from.raw } };
  const to = dayParam(rawTo, rawFrom && !rawTo ? from.value : today);
  if (!to.ok) return { ok: false, problem: { kind: 'badTo', raw: to.raw } };
  const days = daysBetween(from.value, to.value);
  if (days < 1) return { ok: false, problem: { kind: 'order' } };
  if (days > AI_PROD_STATUS_MAX_DAYS) return { ok: false, problem: { kind: 'tooLong', max: AI_PROD_STATUS_MAX_DAYS } };
  return { ok: true, fromDate: from.value, toDate: to.value };
}
