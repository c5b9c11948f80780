import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Reference } from '../../platform/references.ts';
import { claims } from './claim.table.ts';

// What claims refer to (platform/references.ts): a customer, product or lot with claims cannot be deleted; the dialog
// lists the claims (received date and content) on the claims screen. Photos are the claim's own (FK cascade).
const held = (column: AnyPgColumn, refers: string): Reference => ({
  table: claims,
  column,
  refers,
  screen: 'claimManagement',
  id: sql<string>`${claims.receivedDt}::text`,
  name: claims.content,
  createdBy: claims.createdBy,
  createdAt: claims.createdAt,
});

export const claimReferences: Reference[] = [
  held(claims.bizPartnerId, 'biz_partners'),
  held(claims.productId, 'products'),
  held(claims.lotRowId, 'lots'),
];
