import { type Code, codeCreateBody, codeListQuery } from '@eqms/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { keyIn } from '../../platform/excel/excel-cells.ts';
import type { ExcelColumn, ExcelEntity, ExcelOption } from '../../platform/excel/excel.ts';
import { parentsFirst } from '../../platform/excel/excel-columns.ts';
import { CODE_UNIQUE, insertCode, listCodes } from './code.service.ts';
import { codeCategories, codes } from './code.table.ts';

// Codes as an Excel import/export (platform/excel). The category is named by its category code or name. The
// parent code is optional: `CODE` (looked for in the row's own category first) or `CATEGORY:CODE` for a parent in
// another category (a sub-type's parent is a type), also a code created by an earlier row of the same file.

type CodeRecord = Code & { parentRef: string };
type ExportQuery = z.infer<typeof codeListQuery>;
/** Parent data: the category id (as the category column's lookup value) the parent code belongs to. */
type ParentData = { categoryId: string };

const shape = codeCreateBody.shape;
const qualified = (category: string, code: string) => `${category}:${code}`;

async function codeOptions(db: Executor): Promise<ExcelOption[]> {
  const rows = await db
    .select({
      id: codes.id,
      code: codes.code,
      codeName: codes.codeName,
      categoryId: codes.categoryId,
      category: codeCategories.category,
    })
    .from(codes)
    .innerJoin(codeCategories, eq(codeCategories.id, codes.categoryId))
    .orderBy(asc(codeCategories.category), asc(codes.code));
  return rows.map((r) => {
    const data: ParentData = { categoryId: String(r.categoryId) };
    return { value: String(r.id), labels: [qualified(r.category, r.code), r.code, r.codeName], data };
  });
}

const columns: ExcelColumn<CodeRecord>[] = [
  {
    key: 'category',
    header: { kr: '분류 코드', en: 'Category' },
    required: true,
    lookup: {
      options: async (db) =>
        (
          await db
            .select({ id: codeCategories.id, category: codeCategories.category, name: codeCategories.name })
            .from(codeCategories)
            .orderBy(asc(codeCategories.sort), asc(codeCategories.category))
        ).map((c) => ({ value: String(c.id), labels: [c.category, c.name] })),
    },
    width: 22,
  },
  { key: 'code', header: { kr: '코드', en: 'Code' }, required: true, rule: shape.code, width: 16 },
  { key: 'codeName', header: { kr: '코드명', en: 'Code name' }, required: true, rule: shape.codeName, width: 20 },
  { key: 'codeNameEn', header: { kr: '영문 코드명', en: 'English name' }, rule: shape.codeNameEn, width: 20 },
  {
    key: 'parent',
    header: { kr: '상위 코드', en: 'Parent code' },
    lookup: {
      options: codeOptions,
      // The same code may exist in several categories: one in the row's own category wins.
      narrow: (row, candidates) => {
        const own = candidates.filter((c) => (c.data as ParentData).categoryId === row.data.category);
        return own.length ? own : candidates;
      },
      rowOption: (row, optionOf) => {
        const { category, code, codeName } = row.data as { category?: string; code?: string; codeName?: string };
        const categoryName = optionOf('category', category)?.labels[0];
        if (!category || !code || !categoryName) return null;
        const data: ParentData = { categoryId: category };
        return { labels: [qualified(categoryName, code), code, ...(codeName ? [codeName] : [])], data };
      },
    },
    exportValue: (c) => c.parentRef,
    width: 24,
  },
  { key: 'sort', header: { kr: '정렬 순서', en: 'Sort order' }, kind: 'integer', rule: shape.sort, width: 12 },
  {
    key: 'enabled',
    header: { kr: '사용 여부', en: 'Enabled' },
    kind: 'yesNo',
    rule: shape.enabled,
    exportValue: (c) => (c.enabled ? 'Y' : 'N'),
    width: 12,
  },
];

export const codeExcel: ExcelEntity<CodeRecord, ExportQuery> = {
  name: 'codes',
  sheet: { kr: '코드', en: 'Codes' },
  columns: async () => columns,
  unique: [
    {
      column: 'code',
      key: (row) =>
        row.data.category !== undefined && row.data.code !== undefined ? `${row.data.category} ${row.data.code}` : null,
      taken: async (db, rows) => {
        const found = await db
          .select({ categoryId: codes.categoryId, code: codes.code })
          .from(codes)
          .where(
            and(
              inArray(
                codes.categoryId,
                rows.map((r) => Number(r.data.category)),
              ),
              keyIn(
                codes.code,
                rows.map((r) => r.data.code as string),
              ),
            ),
          );
        return new Set(found.map((f) => `${f.categoryId} ${f.code}`));
      },
    },
  ],
  saveRow: (tx, actor, row, { refId }) => {
    const d = row.data;
    return insertCode(tx, actor, {
      categoryId: Number(d.category),
      code: d.code as string,
      codeName: d.codeName as string,
      codeNameEn: (d.codeNameEn as string | null | undefined) ?? null,
      parentId: refId(d.parent),
      sort: (d.sort as number | undefined) ?? 0,
      enabled: (d.enabled as boolean | undefined) ?? true,
    });
  },
  fieldColumns: { categoryId: 'category', parentId: 'parent' },
  uniqueConstraints: CODE_UNIQUE,
  exportQuery: codeListQuery,
  exportRecords: async (db, q) => {
    const list = await listCodes(db, q.category);
    // A parent outside the filter is still named: look it up among all codes.
    const all = q.category ? await listCodes(db) : list;
    const byId = new Map(all.map((c) => [c.id, c]));
    const records = list.map((c): CodeRecord => {
      const parent = c.parentId != null ? byId.get(c.parentId) : undefined;
      const parentRef = !parent
        ? ''
        : parent.categoryId === c.categoryId
          ? parent.code
          : qualified(parent.category, parent.code);
      return { ...c, parentRef };
    });
    return parentsFirst(
      records,
      (c) => c.id,
      (c) => c.parentId,
    );
  },
};
