import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, uniqueKey } from '../../db/columns.ts';
import { files } from '../files/files.table.ts';
import { locations } from '../location/location.table.ts';
import { products } from '../product/product.table.ts';
import { tools } from '../tool/tool.table.ts';

/**
 * A mold (DOMAIN "Assets"): a tool insert. Its place is a SHELF location or a tool (SPEC §5), exactly one of them;
 * after an in/out it is the last in/out's destination (kept here, changed in the in/out's transaction).
 */
export const molds = pgTable(
  'molds',
  {
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    cavities: integer('cavities').notNull().default(1),
    /** Rated life in shots (null: unknown). */
    ratedShots: integer('rated_shots'),
    /** Shots already made when it was registered. */
    initialShots: integer('initial_shots').notNull().default(0),
    locationId: integer('location_id').references(() => locations.id),
    toolId: integer('tool_id').references(() => tools.id),
    designImageId: integer('design_image_id').references(() => files.id),
    note: text('note'),
    ...auditColumns,
  },
  (t) => [
    uniqueKey('molds_code_unique', t.code),
    index('molds_location_idx').on(t.locationId),
    index('molds_tool_idx').on(t.toolId),
    check('molds_place_check', sql`(${t.locationId} is null) <> (${t.toolId} is null)`),
    check('molds_cavities_check', sql`${t.cavities} > 0`),
    check('molds_shots_check', sql`${t.initialShots} >= 0 and (${t.ratedShots} is null or ${t.ratedShots} >= 0)`),
  ],
);

/** The products a mold makes (the mold's own rows). */
export const moldProducts = pgTable(
  'mold_products',
  {
    moldId: integer('mold_id')
      .notNull()
      .references(() => molds.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
  },
  (t) => [primaryKey({ columns: [t.moldId, t.productId] }), index('mold_products_product_idx').on(t.productId)],
);

/**
 * An in/out: IN mounted on a press (to a tool), OUT returned to a shelf (to a SHELF). It keeps where the mold came
 * from, so deleting the last one puts the mold back there.
 */
export const moldInouts = pgTable(
  'mold_inouts',
  {
    id: idColumn(),
    moldId: integer('mold_id')
      .notNull()
      .references(() => molds.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    inoutDt: date('inout_dt', { mode: 'string' }).notNull(),
    worker: text('worker').notNull(),
    shotCount: integer('shot_count').notNull(),
    fromLocationId: integer('from_location_id').references(() => locations.id),
    fromToolId: integer('from_tool_id').references(() => tools.id),
    toLocationId: integer('to_location_id').references(() => locations.id),
    toToolId: integer('to_tool_id').references(() => tools.id),
    note: text('note'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('mold_inouts_mold_idx').on(t.moldId, t.id),
    index('mold_inouts_to_tool_idx').on(t.toToolId),
    index('mold_inouts_to_location_idx').on(t.toLocationId),
    index('mold_inouts_from_tool_idx').on(t.fromToolId),
    index('mold_inouts_from_location_idx').on(t.fromLocationId),
    check('mold_inouts_type_check', sql`${t.type} in ('IN', 'OUT')`),
    check(
      'mold_inouts_to_check',
      sql`(${t.type} = 'IN' and ${t.toToolId} is not null and ${t.toLocationId} is null) or (${t.type} = 'OUT' and ${t.toLocationId} is not null and ${t.toToolId} is null)`,
    ),
    check('mold_inouts_from_check', sql`(${t.fromLocationId} is null) <> (${t.fromToolId} is null)`),
    check('mold_inouts_shots_check', sql`${t.shotCount} >= 0`),
  ],
);
