import type { DueBy, PartStatus } from '@eqms/contract';
import { addDays, daysBetween } from '../../platform/dates.ts';

// When a part is next due (README "Maintenance alerts"): from its last replacement — or its fitting when never
// replaced — plus its interval by days and/or by km, whichever comes first. A pure function so that the rule is
// tested against hand-computed dates and mileages.

export type AlertWindow = { days: number; km: number };

export type ScheduleInput = {
  intervalDays: number | null;
  intervalKm: number | null;
  /** The last replacement (or the fitting): its day and the odometer then. */
  lastDate: string;
  lastMileage: number;
  /** The vehicle's odometer now. */
  mileage: number;
};

export type Schedule = {
  lastReplacement: string;
  lastMileage: number;
  nextDate: string | null;
  nextKm: number | null;
  remainingDays: number | null;
  remainingKm: number | null;
  dueBy: DueBy[];
  status: PartStatus;
};

/**
 * next date = last + intervalDays, next km = last mileage + intervalKm. A criterion is due when it is reached within
 * the window (remaining days ≤ window days, remaining km ≤ window km) and overdue once passed (the due day is
 * before `today`, or the odometer is beyond the due km). The part is due or overdue when either criterion is:
 * whichever comes first.
 */
export function scheduleOf(p: ScheduleInput, today: string, window: AlertWindow): Schedule {
  const nextDate = p.intervalDays != null ? addDays(p.lastDate, p.intervalDays) : null;
  const nextKm = p.intervalKm != null ? p.lastMileage + p.intervalKm : null;
  const remainingDays = nextDate != null ? daysBetween(today, nextDate) : null;
  const remainingKm = nextKm != null ? nextKm - p.mileage : null;
  const dueBy: DueBy[] = [];
  if (remainingDays != null && remainingDays <= window.days) dueBy.push('date');
  if (remainingKm != null && remainingKm <= window.km) dueBy.push('km');
  const overdue = (remainingDays != null && remainingDays < 0) || (remainingKm != null && remainingKm < 0);
  return {
    lastReplacement: p.lastDate,
    lastMileage: p.lastMileage,
    nextDate,
    nextKm,
    remainingDays,
    remainingKm,
    dueBy,
    status: overdue ? 'overdue' : dueBy.length > 0 ? 'due' : 'ok',
  };
}

/** The SPEC §3 nextReplacement text: each criterion that is due, the date first (`2026-12-01 / 125000 km`). */
export function nextReplacementText(s: Schedule): string {
  const parts: string[] = [];
  if (s.dueBy.includes('date') && s.nextDate) parts.push(s.nextDate);
  if (s.dueBy.includes('km') && s.nextKm != null) parts.push(`${s.nextKm} km`);
  return parts.join(' / ');
}
