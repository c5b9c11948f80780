import type { Reference } from '../../platform/references.ts';
import { materials } from './material.table.ts';

// What materials refer to (platform/references.ts).

export const materialReferences: Reference[] = [
  {
    table: materials,
    column: materials.supplierId,
    refers: 'biz_partners',
    screen: 'materialInfo',
    id: materials.code,
    name: materials.name,
    createdBy: materials.createdBy,
    createdAt: materials.createdAt,
  },
];
