import type { Reference } from '../../platform/references.ts';
import { records } from './record.table.ts';

// What records refer to (platform/references.ts): a folder is referred to by its folders and sheets. The record
// delete answers its own 409 (recordFolderNotEmpty, with the count) before this; the declaration keeps the foreign key
// listed for the related-data dialog. Files are a sheet's own (FK cascade on record_files).
export const recordReferences: Reference[] = [
  {
    table: records,
    column: records.parentId,
    refers: 'records',
    screen: 'record',
    id: records.id,
    name: records.title,
    createdBy: records.createdBy,
    createdAt: records.createdAt,
  },
];
