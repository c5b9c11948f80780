import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, qtyColumn, uniqueKey } from '../../db/columns.ts';
import { files } from '../files/files.table.ts';
import { locations } from '../location/location.table.ts';
import { lots } from '../product-stock/product-stock.table.ts';
import { users } from '../user/user.table.ts';

/**
 * Signatures of HACCP records (issue 16): one row per signature — the record (kind + id), the signer, when, and what it
 * means. Append-only: the service never updates or deletes one (a signed record can no longer be deleted), and a
 * trigger refuses UPDATE and DELETE (migration), so a signature cannot be undone by any code path.
 */
export const haccpSignatures = pgTable(
  'haccp_signatures',
  {
    id: idColumn(),
    /** CCP, SANITATION (check list) or VISUAL (visual inspection). */
    recordKind: text('record_kind').notNull(),
    recordId: integer('record_id').notNull(),
    /** PERFORMED | REVIEWED | AMENDED. */
    meaning: text('meaning').notNull(),
    signerId: integer('signer_id')
      .notNull()
      .references(() => users.id),
    /** The signer's login id and name at the time of signing (kept as signed, whatever the user becomes). */
    signerUserId: text('signer_user_id').notNull(),
    signerName: text('signer_name').notNull(),
    reason: text('reason'),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('haccp_signatures_record_idx').on(t.recordKind, t.recordId),
    index('haccp_signatures_signer_idx').on(t.signerId),
    check('haccp_signatures_kind_check', sql`${t.recordKind} in ('CCP', 'SANITATION', 'VISUAL')`),
    check('haccp_signatures_meaning_check', sql`${t.meaning} in ('PERFORMED', 'REVIEWED', 'AMENDED')`),
  ],
);

/** A critical control point: its type, critical limits and monitoring frequency (master data). */
export const ccps = pgTable(
  'ccps',
  {
    id: idColumn(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    /** RANGE (min/max, either open) | PASS_FAIL. */
    limitKind: text('limit_kind').notNull(),
    minValue: qtyColumn('min_value'),
    maxValue: qtyColumn('max_value'),
    unit: text('unit'),
    frequencyHours: smallint('frequency_hours'),
    enabled: boolean('enabled').notNull().default(true),
    note: text('note'),
    ...auditColumns,
  },
  (t) => [
    uniqueKey('ccps_name_key', t.name),
    check('ccps_type_check', sql`${t.type} in ('HEATING', 'COOLING', 'METAL_DETECTION', 'FOREIGN_MATTER', 'OTHER')`),
    check('ccps_limit_kind_check', sql`${t.limitKind} in ('RANGE', 'PASS_FAIL')`),
    check('ccps_frequency_check', sql`${t.frequencyHours} is null or ${t.frequencyHours} between 1 and 24`),
    check(
      'ccps_limits_check',
      sql`${t.limitKind} <> 'RANGE' or ((${t.minValue} is not null or ${t.maxValue} is not null) and (${t.minValue} is null or ${t.maxValue} is null or ${t.minValue} <= ${t.maxValue}))`,
    ),
  ],
);

/**
 * A CCP check: when, the measured value (RANGE) or pass/fail (PASS_FAIL), the operator, and for a deviation the
 * corrective action. The limits it was judged by are copied in, so a later change of the CCP does not rewrite history.
 */
export const ccpMonitorings = pgTable(
  'ccp_monitorings',
  {
    id: idColumn(),
    ccpId: integer('ccp_id')
      .notNull()
      .references(() => ccps.id),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }).notNull(),
    limitKind: text('limit_kind').notNull(),
    minValue: qtyColumn('min_value'),
    maxValue: qtyColumn('max_value'),
    measuredValue: qtyColumn('measured_value'),
    passed: boolean('passed'),
    deviation: boolean('deviation').notNull(),
    productAction: text('product_action'),
    cause: text('cause'),
    actionBy: text('action_by'),
    note: text('note'),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => users.id),
    /** DRAFT | SIGNED | REVIEWED. */
    status: text('status').notNull().default('DRAFT'),
    amendsId: integer('amends_id').references((): AnyPgColumn => ccpMonitorings.id),
    amendReason: text('amend_reason'),
    ...auditColumns,
  },
  (t) => [
    index('ccp_monitorings_checked_idx').on(t.checkedAt),
    index('ccp_monitorings_ccp_idx').on(t.ccpId, t.checkedAt),
    index('ccp_monitorings_operator_idx').on(t.operatorId),
    // One amendment per record: a correction of a correction amends the latest one.
    uniqueIndex('ccp_monitorings_amends_key').on(t.amendsId),
    check('ccp_monitorings_status_check', sql`${t.status} in ('DRAFT', 'SIGNED', 'REVIEWED')`),
    check('ccp_monitorings_amend_check', sql`(${t.amendsId} is null) = (${t.amendReason} is null)`),
    // A signed deviation has its corrective action, whatever the code does.
    check(
      'ccp_monitorings_action_check',
      sql`${t.status} = 'DRAFT' or not ${t.deviation} or (${t.productAction} is not null and ${t.cause} is not null and ${t.actionBy} is not null)`,
    ),
  ],
);

// ---- Sanitation process check list (issue 16) ----

/**
 * The template of an area's sanitation check list: its check items (hand washing, equipment cleaning, pest control…)
 * in order. An area is a location of the location tree. A new check list copies the enabled items, so editing the
 * template later never rewrites a check list.
 */
export const sanitationTemplateItems = pgTable(
  'sanitation_template_items',
  {
    id: idColumn(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    ...auditColumns,
  },
  (t) => [uniqueKey('sanitation_template_items_name_key', t.name, t.locationId)],
);

/**
 * A day's sanitation check list of an area, made by its operator; signed, reviewed and amended like a CCP record (the
 * signatures are `haccp_signatures` rows of kind SANITATION). One per day and area; an amendment shares its
 * original's day and area (the unique index leaves amendments out).
 */
export const sanitationCheckLists = pgTable(
  'sanitation_check_lists',
  {
    id: idColumn(),
    checkDate: date('check_date', { mode: 'string' }).notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    note: text('note'),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => users.id),
    /** DRAFT | SIGNED | REVIEWED. */
    status: text('status').notNull().default('DRAFT'),
    amendsId: integer('amends_id').references((): AnyPgColumn => sanitationCheckLists.id),
    amendReason: text('amend_reason'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('sanitation_check_lists_day_key').on(t.checkDate, t.locationId).where(sql`${t.amendsId} is null`),
    index('sanitation_check_lists_date_idx').on(t.checkDate),
    index('sanitation_check_lists_operator_idx').on(t.operatorId),
    uniqueIndex('sanitation_check_lists_amends_key').on(t.amendsId),
    check('sanitation_check_lists_status_check', sql`${t.status} in ('DRAFT', 'SIGNED', 'REVIEWED')`),
    check('sanitation_check_lists_amend_check', sql`(${t.amendsId} is null) = (${t.amendReason} is null)`),
  ],
);

/** The items of a check list, copied from the template (name and order) with their result and note. */
export const sanitationCheckItems = pgTable(
  'sanitation_check_items',
  {
    id: idColumn(),
    checkListId: integer('check_list_id')
      .notNull()
      .references(() => sanitationCheckLists.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
    name: text('name').notNull(),
    /** true pass, false fail, null not checked yet. */
    passed: boolean('passed'),
    note: text('note'),
    ...auditColumns,
  },
  (t) => [index('sanitation_check_items_list_idx').on(t.checkListId, t.sort)],
);

// ---- visual inspection (visual.service.ts) ----

/**
 * A visual inspection of a lot (lot_row_id) or of the day (no lot): when, the checks (jsonb list of {name, passed,
 * note}), the overall result (FAIL when any check fails, computed by the service), a note, the operator, and the same
 * DRAFT → SIGNED → REVIEWED status and amendment link as a CCP record.
 */
export const visualInspections = pgTable(
  'visual_inspections',
  {
    id: idColumn(),
    inspectedAt: timestamp('inspected_at', { withTimezone: true, mode: 'date' }).notNull(),
    lotRowId: integer('lot_row_id').references(() => lots.id),
    checks: jsonb('checks').$type<{ name: string; passed: boolean; note: string | null }[]>().notNull(),
    /** PASS | FAIL. */
    result: text('result').notNull(),
    note: text('note'),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => users.id),
    /** DRAFT | SIGNED | REVIEWED. */
    status: text('status').notNull().default('DRAFT'),
    amendsId: integer('amends_id').references((): AnyPgColumn => visualInspections.id),
    amendReason: text('amend_reason'),
    ...auditColumns,
  },
  (t) => [
    index('visual_inspections_inspected_idx').on(t.inspectedAt),
    index('visual_inspections_lot_idx').on(t.lotRowId),
    index('visual_inspections_operator_idx').on(t.operatorId),
    uniqueIndex('visual_inspections_amends_key').on(t.amendsId),
    check('visual_inspections_status_check', sql`${t.status} in ('DRAFT', 'SIGNED', 'REVIEWED')`),
    check('visual_inspections_result_check', sql`${t.result} in ('PASS', 'FAIL')`),
    check('visual_inspections_amend_check', sql`(${t.amendsId} is null) = (${t.amendReason} is null)`),
    check(
      'visual_inspections_checks_check',
      sql`jsonb_typeof(${t.checks}) = 'array' and jsonb_array_length(${t.checks}) > 0`,
    ),
  ],
);

/** A photo of a visual inspection: the inspection's own file (deleted with a draft; a signed one keeps its photos). */
export const visualInspectionPhotos = pgTable(
  'visual_inspection_photos',
  {
    id: idColumn(),
    inspectionId: integer('inspection_id')
      .notNull()
      .references(() => visualInspections.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('visual_inspection_photos_inspection_idx').on(t.inspectionId)],
);
