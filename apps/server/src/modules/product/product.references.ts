import type { Reference } from '../../platform/references.ts';
import { products } from './product.table.ts';

// What products refer to (platform/references.ts). The design image is the product's own file (deleted with it).

export const productReferences: Reference[] = [
  {
    table: products,
    column: products.routeId,
    refers: 'routes',
    screen: 'productInfo',
    id: products.code,
    name: products.name,
    createdBy: products.createdBy,
    createdAt: products.createdAt,
  },
];
