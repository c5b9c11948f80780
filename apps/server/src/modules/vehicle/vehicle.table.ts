import { date, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, uniqueKey } from '../../db/columns.ts';
import { locations } from '../location/location.table.ts';

/** A vehicle of the factory (truck, van, forklift…): its plate number is unique (ignoring case). */
export const vehicles = pgTable(
  'vehicles',
  {
    id: idColumn(),
    plateNumber: text('plate_number').notNull(),
    name: text('name').notNull(),
    model: text('model'),
    year: integer('year'),
    /** The odometer, whole km; never goes back below a recorded reading (README). */
    mileage: integer('mileage').notNull().default(0),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [index('vehicles_location_idx').on(t.locationId), uniqueKey('vehicles_plate_number_unique', t.plateNumber)],
);

/**
 * A part fitted to a vehicle with its replacement interval (days and/or km, at least one). A vehicle holding parts
 * cannot be deleted (RESTRICT, declared in vehicle.references.ts); its name is unique on its vehicle.
 */
export const vehicleParts = pgTable(
  'vehicle_parts',
  {
    id: idColumn(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    name: text('name').notNull(),
    intervalDays: integer('interval_days'),
    intervalKm: integer('interval_km'),
    fittedDate: date('fitted_date', { mode: 'string' }).notNull(),
    fittedMileage: integer('fitted_mileage').notNull(),
    note: text('note'),
    ...auditColumns,
  },
  (t) => [uniqueKey('vehicle_parts_name_unique', t.name, t.vehicleId)],
);

/** A replacement of a part (VehiclePartReplacementHistory): it belongs to its part and goes with it. */
export const vehiclePartHistories = pgTable(
  'vehicle_part_histories',
  {
    id: idColumn(),
    partId: integer('part_id')
      .notNull()
      .references(() => vehicleParts.id, { onDelete: 'cascade' }),
    replacedDate: date('replaced_date', { mode: 'string' }).notNull(),
    mileage: integer('mileage').notNull(),
    cost: numeric('cost', { precision: 15, scale: 2, mode: 'number' }),
    note: text('note'),
    ...auditColumns,
  },
  (t) => [index('vehicle_part_histories_part_idx').on(t.partId, t.replacedDate)],
);
