import { isRealNumber, standardQty } from '@eqms/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { codeCategories, codes } from '../../modules/code/code.table.ts';
import type { ExcelOption, ExcelUnique, ParsedRow } from './excel-columns.ts';

// Cell rules, look-ups and unique keys several entities declare the same way.

/** A text column's value: '' and absent are none. */
export const textOf = (row: ParsedRow, key: string) => (row.data[key] as string | null | undefined) || null;

/** A quantity cell: the text as a number for the form's rule ('' = none; text that is no number fails the rule). */
export const qtyCell = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  const text = v.trim().replace(/,/g, '');
  if (text === '') return undefined;
  return isRealNumber(text) ? Number(text) : text;
}, standardQty());

/** The enabled codes of one category: stored as the code, typed as the code or its name in either language. */
export function codeOptions(category: string) {
  return async (db: Executor): Promise<ExcelOption[]> => {
    const rows = await db
      .select({ code: codes.code, codeName: codes.codeName, codeNameEn: codes.codeNameEn })
      .from(codes)
      .innerJoin(codeCategories, eq(codeCategories.id, codes.categoryId))
      .where(and(eq(codeCategories.category, category), eq(codes.enabled, true)))
      .orderBy(asc(codes.sort), asc(codes.code));
    return rows.map((r) => ({ value: r.code, labels: [r.code, r.codeName, ...(r.codeNameEn ? [r.codeNameEn] : [])] }));
  };
}

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
