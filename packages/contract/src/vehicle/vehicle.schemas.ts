import { z } from 'zod';
import { auditFields, dataOf, listOf, pageQuery } from '../common/common.schemas.ts';
import { locationTypeSchema } from '../location/location.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// Vehicles, the parts fitted to them and the parts' replacement history (SPEC §7 "Vehicle", "Part", "Part history";
// DOMAIN "Assets"), and the maintenance alerts (SPEC §3 part-replacement row). Mileages are whole kilometres.

/** Kilometres: whole numbers 0 … 9,999,999. */
export const MILEAGE_MAX = 9_999_999;
/** The alert window's defaults (VEHICLE_ALERT_DAYS, VEHICLE_ALERT_KM) and bounds. */
export const VEHICLE_ALERT_DAYS_DEFAULT = 14;
export const VEHICLE_ALERT_KM_DEFAULT = 1000;
export const VEHICLE_ALERT_DAYS_MAX = 3650;
export const VEHICLE_ALERT_KM_MAX = 1_000_000;

const mileage = () =>
  z
    .number({ error: ruleMessage('realNumber') })
    .int({ error: ruleMessage('integer') })
    .min(0, { error: ruleMessage('min', { min: 0 }) })
    .max(MILEAGE_MAX, { error: ruleMessage('max', { max: MILEAGE_MAX }) });
const optionalInt = (min: number, max: number) =>
  z
    .number({ error: ruleMessage('realNumber') })
    .int({ error: ruleMessage('integer') })
    .min(min, { error: ruleMessage('min', { min }) })
    .max(max, { error: ruleMessage('max', { max }) })
    .nullish()
    .transform((v) => v ?? null);

// ── Vehicle ─────────────────────────────────────────────────────────────────────────────────────────────────────

export const vehicleSchema = z.object({
  id: z.number(),
  plateNumber: z.string(),
  name: z.string(),
  model: z.string().nullable(),
  year: z.number().nullable(),
  /** The odometer, km. */
  mileage: z.number(),
  locationId: z.number(),
  locationName: z.string(),
  /** Location names from the root down to the vehicle's location. */
  locationPath: z.array(z.string()),
  description: z.string().nullable(),
  partCount: z.number(),
  /** Parts due for replacement within the alert window or overdue (the maintenance alerts of this vehicle). */
  alertCount: z.number(),
  ...auditFields,
});
export type Vehicle = z.infer<typeof vehicleSchema>;

export const vehicleBody = z.object({
  plateNumber: rules.text(20),
  name: rules.text(100),
  model: rules.optionalText(100),
  year: optionalInt(1900, 2100),
  mileage: mileage(),
  locationId: rules.idValue(),
  description: rules.optionalText(500),
});
export type VehicleBody = z.infer<typeof vehicleBody>;

export const vehicleListQuery = z.object({
  q: z.string().max(100).optional(),
  locationId: rules.id().optional(),
});
export type VehicleListQuery = z.infer<typeof vehicleListQuery>;

/** DELETE /vehicle: bulk by ids (repeated `ids` query parameter), all or nothing. */
export const vehicleDeleteQuery = z.object({
  ids: z.preprocess(
    (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]),
    z
      .array(rules.id())
      .min(1, { error: ruleMessage('required') })
      .max(1000),
  ),
});

/** A node of GET /vehicle/tree: a location holding vehicles (or above one), or a vehicle (always a leaf). */
export type VehicleTreeNode = {
  /** `L<id>` for a location, `V<id>` for a vehicle. */
  key: string;
  kind: 'location' | 'vehicle';
  id: number;
  name: string;
  /** The location's code, or the vehicle's plate number. */
  code: string | null;
  locationType: z.infer<typeof locationTypeSchema> | null;
  parentId: number | null;
  /** Vehicles at this node and below (a vehicle: 1). */
  vehicleCount: number;
  /** Parts due or overdue at this node and below. */
  alertCount: number;
  children: VehicleTreeNode[];
};
export const vehicleTreeNodeSchema: z.ZodType<VehicleTreeNode> = z
  .object({
    key: z.string(),
    kind: z.enum(['location', 'vehicle']),
    id: z.number(),
    name: z.string(),
    code: z.string().nullable(),
    locationType: locationTypeSchema.nullable(),
    parentId: z.number().nullable(),
    vehicleCount: z.number(),
    alertCount: z.number(),
    get children() {
      return z.array(vehicleTreeNodeSchema);
    },
  })
  .meta({ id: 'VehicleTreeNode' });

// ── Part ────────────────────────────────────────────────────────────────────────────────────────────────────────

export const PART_STATUSES = ['ok', 'due', 'overdue'] as const;
export type PartStatus = (typeof PART_STATUSES)[number];
export const DUE_BY = ['date', 'km'] as const;
export type DueBy = (typeof DUE_BY)[number];

/** When a part is next due, from its last replacement (or its fitting when never replaced) plus its intervals. */
const scheduleFields = {
  /** The last replacement's date, or the fitting date when never replaced. */
  lastReplacement: z.string(),
  /** The odometer at the last replacement (or fitting). */
  lastMileage: z.number(),
  /** lastReplacement + intervalDays; null without a day interval. */
  nextDate: z.string().nullable(),
  /** lastMileage + intervalKm; null without a km interval. */
  nextKm: z.number().nullable(),
  /** Days from the reference day to nextDate (negative: overdue). */
  remainingDays: z.number().nullable(),
  /** nextKm minus the vehicle's mileage (negative: overdue). */
  remainingKm: z.number().nullable(),
  /** The criteria within the alert window or past: by date, by mileage or both (empty: not due). */
  dueBy: z.array(z.enum(DUE_BY)),
  status: z.enum(PART_STATUSES),
};

export const partSchema = z.object({
  id: z.number(),
  vehicleId: z.number(),
  vehicleName: z.string(),
  plateNumber: z.string(),
  name: z.string(),
  intervalDays: z.number().nullable(),
  intervalKm: z.number().nullable(),
  fittedDate: z.string(),
  fittedMileage: z.number(),
  note: z.string().nullable(),
  replacementCount: z.number(),
  ...scheduleFields,
  ...auditFields,
});
export type Part = z.infer<typeof partSchema>;

const partFields = {
  name: rules.text(100),
  intervalDays: optionalInt(1, 36500),
  intervalKm: optionalInt(1, MILEAGE_MAX),
  fittedDate: rules.date(),
  fittedMileage: mileage(),
  note: rules.optionalText(500),
};
const intervalGiven = (v: { intervalDays: number | null; intervalKm: number | null }) =>
  v.intervalDays != null || v.intervalKm != null;
const intervalRule = { error: ruleMessage('partIntervalRequired'), path: ['intervalDays'] };

export const partCreateBody = z
  .object({ vehicleId: rules.idValue(), ...partFields })
  .refine(intervalGiven, intervalRule);
/** A part stays on its vehicle: PUT takes no vehicleId. */
export const partUpdateBody = z.object(partFields).refine(intervalGiven, intervalRule);
export type PartCreate = z.infer<typeof partCreateBody>;
export type PartUpdate = z.infer<typeof partUpdateBody>;

export const partListQuery = z.object({
  vehicleId: rules.id().optional(),
  q: z.string().max(100).optional(),
});
export type PartListQuery = z.infer<typeof partListQuery>;

// ── Part history ────────────────────────────────────────────────────────────────────────────────────────────────

export const partHistorySchema = z.object({
  id: z.number(),
  partId: z.number(),
  partName: z.string(),
  vehicleId: z.number(),
  vehicleName: z.string(),
  plateNumber: z.string(),
  replacedDate: z.string(),
  /** The odometer at the replacement, km. */
  mileage: z.number(),
  cost: z.number().nullable(),
  note: z.string().nullable(),
  ...auditFields,
});
export type PartHistory = z.infer<typeof partHistorySchema>;

const historyFields = {
  replacedDate: rules.date(),
  mileage: mileage(),
  /** Money, 13 integer digits and 2 decimals. */
  cost: rules
    .decimal(13, 2)
    .refine((v) => v >= 0, { error: ruleMessage('min', { min: 0 }) })
    .nullish()
    .transform((v) => v ?? null),
  note: rules.optionalText(500),
};
export const partHistoryCreateBody = z.object({ partId: rules.idValue(), ...historyFields });
/** A record stays on its part: PUT takes no partId. */
export const partHistoryUpdateBody = z.object(historyFields);
export type PartHistoryCreate = z.infer<typeof partHistoryCreateBody>;
export type PartHistoryUpdate = z.infer<typeof partHistoryUpdateBody>;

/** GET /part-history: newest first, paged (page, size) and filtered by part, vehicle and period. */
export const partHistoryListQuery = pageQuery.extend({
  partId: rules.id().optional(),
  vehicleId: rules.id().optional(),
  startDt: rules.date().optional(),
  endDt: rules.date().optional(),
});
export type PartHistoryListQuery = z.infer<typeof partHistoryListQuery>;

// ── Maintenance alerts (SPEC §3 part-replacement row) ─────────────────────────────────────────────────────────────

export const maintenanceAlertSchema = z.object({
  partId: z.number(),
  partName: z.string(),
  vehicleId: z.number(),
  vehicleName: z.string(),
  plateNumber: z.string(),
  /** The vehicle's mileage now. */
  mileage: z.number(),
  intervalDays: z.number().nullable(),
  intervalKm: z.number().nullable(),
  ...scheduleFields,
  /**
   * The SPEC §3 column as text: each criterion that is due, the date first — `2026-12-01`, `125000 km` or
   * `2026-12-01 / 125000 km`.
   */
  nextReplacement: z.string(),
});
export type MaintenanceAlert = z.infer<typeof maintenanceAlertSchema>;

/** The window, both optional (the deployment's VEHICLE_ALERT_DAYS / VEHICLE_ALERT_KM), and the reference day. */
export const maintenanceAlertQuery = z.object({
  days: z.coerce
    .number({ error: ruleMessage('realNumber') })
    .int({ error: ruleMessage('integer') })
    .min(0, { error: ruleMessage('min', { min: 0 }) })
    .max(VEHICLE_ALERT_DAYS_MAX, { error: ruleMessage('max', { max: VEHICLE_ALERT_DAYS_MAX }) })
    .optional(),
  km: z.coerce
    .number({ error: ruleMessage('realNumber') })
    .int({ error: ruleMessage('integer') })
    .min(0, { error: ruleMessage('min', { min: 0 }) })
    .max(VEHICLE_ALERT_KM_MAX, { error: ruleMessage('max', { max: VEHICLE_ALERT_KM_MAX }) })
    .optional(),
  /** The day the alerts are computed for (default: today at the factory). */
  date: rules.date().optional(),
  vehicleId: rules.id().optional(),
});
export type MaintenanceAlertQuery = z.infer<typeof maintenanceAlertQuery>;

export const vehicleResponse = dataOf(vehicleSchema);
export const vehicleListResponse = listOf(vehicleSchema);
export const vehicleTreeResponse = listOf(vehicleTreeNodeSchema);
export const partResponse = dataOf(partSchema);
export const partListResponse = listOf(partSchema);
export const partHistoryResponse = dataOf(partHistorySchema);
export const partHistoryListResponse = listOf(partHistorySchema);
export const maintenanceAlertListResponse = listOf(maintenanceAlertSchema);
