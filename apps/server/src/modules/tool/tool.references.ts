import type { Reference } from '../../platform/references.ts';
import { tools } from './tool.table.ts';

// What tools refer to (platform/references.ts): their location and their manager. Inspection histories go with
// their tool (FK cascade). Neither reference has an inline guard today (issue 9 phase 1): deleting a location that
// holds tools or a user who manages one is refused by the foreign key alone (409 with no rows); once the deletes
// ask the registry (phase 2) the dialog lists the tools.

export const toolReferences: Reference[] = [
  {
    table: tools,
    column: tools.locationId,
    refers: 'locations',
    screen: 'tools',
    id: tools.code,
    name: tools.name,
    createdBy: tools.createdBy,
    createdAt: tools.createdAt,
  },
  {
    table: tools,
    column: tools.managerId,
    refers: 'users',
    screen: 'tools',
    id: tools.code,
    name: tools.name,
    createdBy: tools.createdBy,
    createdAt: tools.createdAt,
  },
];
