import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { codeCategories, codes } from '../modules/code/code.table.ts';
import { invalidField } from './errors.ts';

/** 400 notExists on `field` unless `code` is a code of the category, enabled or not (a code select's value). */
export async function assertCodeOf(tx: Executor, category: string, code: string, field: string) {
  const [found] = await tx
    .select({ id: codes.id })
    .from(codes)
    .innerJoin(codeCategories, eq(codeCategories.id, codes.categoryId))
    .where(and(eq(codeCategories.category, category), eq(codes.code, code)));
  if (!found) throw invalidField(field, 'notExists');
}
