import { inArray } from 'drizzle-orm';
import type { Reference } from '../../platform/references.ts';
import { locations } from './location.table.ts';

// What locations refer to (platform/references.ts): their parent location.

export const locationReferences: Reference[] = [
  {
    table: locations,
    column: locations.parentId,
    refers: 'locations',
    screen: 'location',
    id: locations.id,
    name: locations.name,
    createdBy: locations.createdBy,
    createdAt: locations.createdAt,
    // A child deleted in the same call does not hold its parent.
    ignore: (ids) => inArray(locations.id, ids),
  },
];
