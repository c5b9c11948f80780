// Days at the factory (ARCHITECTURE §4: the factory time zone decides what "today" and a day mean).

/** The calendar day (yyyy-MM-dd) at the factory at an instant, now by default. */
export function todayIn(timeZone: string, at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const DAY_MS = 86_400_000;
/** A yyyy-MM-dd day moved by whole days. */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** Whole days from one yyyy-MM-dd day to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The factory's offset from UTC at an instant, in ms (Asia/Seoul: +9 h). */
function offsetAt(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - (at - (at % 1000));
}

/** The instant of a factory wall-clock time 'yyyy-MM-dd HH:mm' (the datetime rule's format). */
export function instantAt(local: string, timeZone: string): Date {
  const wall = Date.UTC(
    Number(local.slice(0, 4)),
    Number(local.slice(5, 7)) - 1,
    Number(local.slice(8, 10)),
    Number(local.slice(11, 13)),
    Number(local.slice(14, 16)),
  );
  const first = wall - offsetAt(timeZone, wall);
  // A second look settles a guess that fell on the other side of a daylight-saving change.
  return new Date(wall - offsetAt(timeZone, first));
}

/** An instant as the factory's wall clock, `yyyy-MM-dd HH:mm:ss`. */
export function wallClock(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const p = (type: string) => parts.find((x) => x.type === type)?.value ?? '';
  return `${p('year')}-${p('month')}-${p('day')} ${p('hour')}:${p('minute')}:${p('second')}`;
}

/** The same to the minute, `yyyy-MM-dd HH:mm`, as printed documents show it. */
export const wallClockMinute = (at: Date, timeZone: string): string => wallClock(at, timeZone).slice(0, 16);
