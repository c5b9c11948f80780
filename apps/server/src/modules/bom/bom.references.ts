import { inArray, sql } from 'drizzle-orm';
import type { Reference } from '../../platform/references.ts';
import { boms } from './bom.table.ts';

// What BOM lines refer to (platform/references.ts). A line is shown as its parent product (code, name) on the BOM
// screen. The parent product owns its lines (FK cascade), so only the child product and the material block.

/** The parent product of the line, as the dialog shows it. */
const parentCode = sql<string>`(select p.code from products p where p.id = ${boms.parentProductId})`;
const parentName = sql<string>`(select p.name from products p where p.id = ${boms.parentProductId})`;

export const bomReferences: Reference[] = [
  {
    table: boms,
    column: boms.childProductId,
    refers: 'products',
    screen: 'bom',
    id: parentCode,
    name: parentName,
    createdBy: boms.createdBy,
    createdAt: boms.createdAt,
    // A line whose parent is deleted in the same call goes with its parent.
    ignore: (ids) => inArray(boms.parentProductId, ids),
  },
  {
    table: boms,
    column: boms.materialId,
    refers: 'materials',
    screen: 'bom',
    id: parentCode,
    name: parentName,
    createdBy: boms.createdBy,
    createdAt: boms.createdAt,
  },
];
