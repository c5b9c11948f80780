import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { idColumn, qtyColumn } from '../../db/columns.ts';
import { parameters } from '../parameter/parameter.table.ts';
import { tools } from '../tool/tool.table.ts';

/**
 * Keys machines (or a gateway for several) push data with. Only the SHA-256 of the key is stored: the key is 32
 * random bytes, so the hash is not worth inverting and a leaked table lets nobody in. Revoked keys stay (who, when).
 */
export const ingestKeys = pgTable(
  'ingest_keys',
  {
    id: idColumn(),
    name: text('name').notNull(),
    /** The tool whose parameters the key may write; null: every tool (a gateway). */
    toolId: integer('tool_id').references(() => tools.id),
    keyHash: text('key_hash').notNull(),
    /** The key's first characters, shown in the list to tell keys apart. */
    prefix: text('prefix').notNull(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedBy: text('revoked_by'),
  },
  (t) => [uniqueIndex('ingest_keys_hash_uq').on(t.keyHash)],
);

/**
 * Per parameter and minute of trace_data: how many points and the four M4 points of the minute (first, last, the
 * earliest minimum and maximum). Kept by triggers on trace_data (migration 0031: an insert adds its rows'
 * minutes, a delete or update makes the touched minutes again), so every writer keeps it without knowing; the trend
 * reads whole minutes of a wide pixel column here and only the column's two partial minutes from trace_data (README,
 * Trend speed). Machine data: out of the change history like trace_data.
 */
export const traceMinutes = pgTable(
  'trace_minutes',
  {
    parameterId: integer('parameter_id')
      .notNull()
      .references(() => parameters.id),
    minute: timestamp('minute', { withTimezone: true, mode: 'date' }).notNull(),
    n: integer('n').notNull(),
    firstTs: timestamp('first_ts', { withTimezone: true, mode: 'date' }).notNull(),
    firstValue: doublePrecision('first_value').notNull(),
    lastTs: timestamp('last_ts', { withTimezone: true, mode: 'date' }).notNull(),
    lastValue: doublePrecision('last_value').notNull(),
    minTs: timestamp('min_ts', { withTimezone: true, mode: 'date' }).notNull(),
    minValue: doublePrecision('min_value').notNull(),
    maxTs: timestamp('max_ts', { withTimezone: true, mode: 'date' }).notNull(),
    maxValue: doublePrecision('max_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.parameterId, t.minute] })],
);

/**
 * A collected value outside its parameter's limits, written in the ingest's transaction. Machine data like
 * trace_data: kept out of the change history (migration 0023). The limits are those in force then.
 */
export const traceSpecOuts = pgTable(
  'trace_spec_outs',
  {
    parameterId: integer('parameter_id')
      .notNull()
      .references(() => parameters.id),
    ts: timestamp('ts', { withTimezone: true, mode: 'date' }).notNull(),
    value: doublePrecision('value').notNull(),
    lowerLimit: qtyColumn('lower_limit'),
    upperLimit: qtyColumn('upper_limit'),
    /** LOWER | UPPER */
    limitBroken: text('limit_broken').notNull(),
  },
  (t) => [primaryKey({ columns: [t.parameterId, t.ts] }), index('trace_spec_outs_ts_idx').on(t.ts)],
);
