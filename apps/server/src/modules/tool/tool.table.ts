import { date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, extColumn, idColumn, uniqueKey } from '../../db/columns.ts';
import { locations } from '../location/location.table.ts';
import { users } from '../user/user.table.ts';

/** A machine, station or rack of a LINE or WAREHOUSE (SPEC §5 placement: only there). */
export const tools = pgTable(
  'tools',
  {
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** Code of category TOOL_TYPE. */
    type: text('type'),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    /** The person in charge of the tool. */
    managerId: integer('manager_id').references(() => users.id),
    specification: text('specification'),
    manufacturer: text('manufacturer'),
    serialNo: text('serial_no'),
    installDate: date('install_date', { mode: 'string' }),
    sort: integer('sort').notNull().default(0),
    description: text('description'),
    ext: extColumn(),
    ...auditColumns,
  },
  (t) => [index('tools_location_idx').on(t.locationId), uniqueKey('tools_code_unique', t.code)],
);

/** Inspections and maintenance done on a tool; they belong to the tool and go with it. */
export const toolInspectHistories = pgTable(
  'tool_inspect_histories',
  {
    id: idColumn(),
    toolId: integer('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    inspectDate: date('inspect_date', { mode: 'string' }).notNull(),
    inspector: text('inspector'),
    content: text('content').notNull(),
    /** PASS | FAIL */
    result: text('result').notNull(),
    nextInspectDate: date('next_inspect_date', { mode: 'string' }),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [index('tool_inspect_histories_tool_idx').on(t.toolId, t.inspectDate)],
);
