import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, extColumn, idColumn, qtyColumn, uniqueKey } from '../../db/columns.ts';

/** A process step (injection, assembly, inspection, packing…). */
export const operations = pgTable(
  'operations',
  {
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** Code of category OPERATION_TYPE. */
    type: text('type'),
    /** Standard time per unit, in seconds. */
    standardTime: qtyColumn('standard_time'),
    /** Whether results of this operation record defects (bad qty by defect type). */
    defectYn: boolean('defect_yn').notNull().default(true),
    description: text('description'),
    ext: extColumn(),
    ...auditColumns,
  },
  (t) => [uniqueKey('operations_code_unique', t.code)],
);
