import { doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, qtyColumn, uniqueKey } from '../../db/columns.ts';
import { tools } from '../tool/tool.table.ts';

/** A measured signal of a tool (temperature, pressure, weight…) with its limits. */
export const parameters = pgTable(
  'parameters',
  {
    id: idColumn(),
    toolId: integer('tool_id')
      .notNull()
      .references(() => tools.id),
    /** Unique within the tool: machines push values by tool code + parameter code. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    unit: text('unit'),
    /** NUMBER | BOOLEAN */
    dataType: text('data_type').notNull().default('NUMBER'),
    lowerLimit: qtyColumn('lower_limit'),
    upperLimit: qtyColumn('upper_limit'),
    target: qtyColumn('target'),
    /** Seconds between samples. */
    sampleInterval: integer('sample_interval').notNull().default(60),
    sort: integer('sort').notNull().default(0),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [uniqueKey('parameters_tool_code_uq', t.code, t.toolId)],
);

/**
 * Collected values (parameter, time, value). Machine data, not business data: no change history (migration
 * excludes it from the audit trigger). The data collection module owns writing and reading it; base info only
 * needs to know whether a parameter has any (SPEC §5: such a parameter cannot be deleted).
 */
export const traceData = pgTable(
  'trace_data',
  {
    parameterId: integer('parameter_id')
      .notNull()
      .references(() => parameters.id),
    ts: timestamp('ts', { withTimezone: true, mode: 'date' }).notNull(),
    value: doublePrecision('value').notNull(),
  },
  // BRIN on ts (period scans across parameters): 24 kB per million rows against the btree's 17 MB, and rows arrive
  // in time order (data-collection README, Storage).
  (t) => [primaryKey({ columns: [t.parameterId, t.ts] }), index('trace_data_ts_idx').using('brin', t.ts)],
);
