import type { Reference } from '../../platform/references.ts';
import { notices } from './notice.table.ts';

// What notices refer to (platform/references.ts): the target location and the author. Read marks go with their
// notice and their user (FK cascade); the attachment is the notice's own file.

export const noticeReferences: Reference[] = [
  {
    table: notices,
    column: notices.locationId,
    refers: 'locations',
    screen: 'notice',
    id: notices.id,
    name: notices.title,
    createdBy: notices.createdBy,
    createdAt: notices.createdAt,
  },
  {
    table: notices,
    column: notices.authorId,
    refers: 'users',
    screen: 'notice',
    id: notices.id,
    name: notices.title,
    createdBy: notices.createdBy,
    createdAt: notices.createdAt,
  },
];
