import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { ExcelOption } from '../../platform/excel/excel-columns.ts';
import { invalidField } from '../../platform/errors.ts';
import { codeCategories, codes } from './code.table.ts';

// What other modules ask of the codes: is this a code of that category (a code select's value), and the codes of a
// category as an Excel column's allowed values. A module with a coded column depends on the code module and
// imports these (the right direction: products depend on codes, never the other way).

/** 400 notExists on `field` unless `code` is a code of the category, enabled or not (a code select's value). */
export async function assertCodeOf(tx: Executor, category: string, code: string, field: string) {
  const [found] = await tx
    .select({ id: codes.id })
    .from(codes)
    .innerJoin(codeCategories, eq(codeCategories.id, codes.categoryId))
    .where(and(eq(codeCategories.category, category), eq(codes.code, code)));
  if (!found) throw invalidField(field, 'notExists');
}

/**
 * The enabled codes of one category as an Excel lookup (platform/excel `lookup.options`): stored as the code, typed
 * as the code or its name in either language.
 */
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
