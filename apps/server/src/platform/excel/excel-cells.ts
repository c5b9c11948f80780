import { isRealNumber, standardQty } from '@eqms/contract';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { ExcelUnique, ParsedRow } from './excel-columns.ts';

// Cell rules and unique keys several entities declare the same way. (A code select's lookup is the code module's
// `codeOptions`, in the code module's lookups.)

/** A text column's value: '' and absent are none. */
export const textOf = (row: ParsedRow, key: string) => (row.data[key] as string | null | undefined) || null;

/** A quantity cell: the text as a number for the form's rule ('' = none; text that is no number fails the rule). */
export const qtyCell = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  const text = v.trim().replace(/,/g, '');
  if (text === '') return undefined;
  return isRealNumber(text) ? Number(text) : text;
}, standardQty());

/** `lower(column)` is one of the values ignoring case: business keys are unique without regard to case. */
export const keyIn = (column: AnyPgColumn, values: string[]): SQL =>
  inArray(sql`lower(${column})`, [...new Set(values.map((v) => v.toLowerCase()))]);

/**
 * A unique text column (`key` = the column and the field) stored in `column` of `table`; an empty cell is none. The
 * stored values that match ignoring case are taken (the import compares keys in lower case).
 */
export function uniqueColumn(key: string, table: PgTable, column: AnyPgColumn): ExcelUnique {
  return {
    column: key,
    key: (row) => textOf(row, key),
    taken: async (db, rows) => {
      const wanted = rows.map((r) => r.data[key] as string);
      const found = await db.select({ value: column }).from(table).where(keyIn(column, wanted));
      return new Set(found.map((f) => f.value as string));
    },
  };
}
