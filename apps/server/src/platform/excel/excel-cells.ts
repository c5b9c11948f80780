import { isRealNumber, standardQty } from '@eqms/contract';
import { inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { ExcelUnique, ParsedRow } from './excel-columns.ts';

// Cell rules and unique keys several entities declare the same way. (A code select's lookup is the code module's
// `codeOptions`, modules/code/code.lookups.ts.)

/** A text column's value: '' and absent are none. */
export const textOf = (row: ParsedRow, key: string) => (row.data[key] as string | null | undefined) || null;

/** A quantity cell: the text as a number for the form's rule ('' = none; text that is no number fails the rule). */
export const qtyCell = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  const text = v.trim().replace(/,/g, '');
  if (text === '') return undefined;
  return isRealNumber(text) ? Number(text) : text;
}, standardQty());

/** A unique text column (`key` = the column and the field) stored in `column` of `table`; an empty cell is none. */
export function uniqueColumn(key: string, table: PgTable, column: AnyPgColumn): ExcelUnique {
  return {
    column: key,
    key: (row) => textOf(row, key),
    taken: async (db, rows) => {
      const wanted = rows.map((r) => r.data[key] as string);
      const found = await db.select({ value: column }).from(table).where(inArray(column, wanted));
      return new Set(found.map((f) => f.value as string));
    },
  };
}
