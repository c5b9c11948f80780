import type { Reference } from '../../platform/references.ts';
import { businesses } from './business.table.ts';

// What a business refers to (platform/references.ts): a partner with businesses cannot be deleted; the dialog lists
// them on the business and orders screen.
export const businessReferences: Reference[] = [
  {
    table: businesses,
    column: businesses.bizPartnerId,
    refers: 'biz_partners',
    screen: 'orderInfo',
    id: businesses.code,
    name: businesses.name,
    createdBy: businesses.createdBy,
    createdAt: businesses.createdAt,
  },
];
