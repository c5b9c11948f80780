import type { Reference } from '../../platform/references.ts';
import { codes } from './code.table.ts';

// What codes refer to (platform/references.ts): their category and their parent code, both within the code module.

export const codeReferences: Reference[] = [
  {
    table: codes,
    column: codes.categoryId,
    refers: 'code_categories',
    screen: 'code',
    id: codes.code,
    name: codes.codeName,
    createdBy: codes.createdBy,
    createdAt: codes.createdAt,
  },
  {
    table: codes,
    column: codes.parentId,
    refers: 'codes',
    screen: 'code',
    id: codes.code,
    name: codes.codeName,
    createdBy: codes.createdBy,
    createdAt: codes.createdAt,
  },
];
