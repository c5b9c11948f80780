import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Reference } from '../../platform/references.ts';
import { moldInouts, moldProducts, molds } from './mold.table.ts';

// What molds refer to (platform/references.ts): a shelf or tool holding a mold, a product a mold makes, or a place
// in a mold's in/out history cannot be deleted; the dialog lists the molds (code, name) on the mold screen.
const mold = (column: AnyPgColumn, refers: string): Reference => ({
  table: molds,
  column,
  refers,
  screen: 'moldInfo',
  id: molds.code,
  name: molds.name,
  createdBy: molds.createdBy,
  createdAt: molds.createdAt,
});
const moldName = (moldId: AnyPgColumn, col: 'code' | 'name') =>
  sql<string>`(select x.${sql.raw(col)} from molds x where x.id = ${moldId})`;
const product = (column: AnyPgColumn, refers: string): Reference => ({
  table: moldProducts,
  column,
  refers,
  screen: 'moldInfo',
  id: moldName(moldProducts.moldId, 'code'),
  name: moldName(moldProducts.moldId, 'name'),
  createdBy: sql<string | null>`(select x.created_by from molds x where x.id = ${moldProducts.moldId})`,
  createdAt: sql<Date>`(select x.created_at from molds x where x.id = ${moldProducts.moldId})`,
});
const inout = (column: AnyPgColumn, refers: string): Reference => ({
  table: moldInouts,
  column,
  refers,
  screen: 'moldInfo',
  id: moldName(moldInouts.moldId, 'code'),
  name: moldName(moldInouts.moldId, 'name'),
  createdBy: moldInouts.createdBy,
  createdAt: moldInouts.createdAt,
});

export const moldReferences: Reference[] = [
  mold(molds.locationId, 'locations'),
  mold(molds.toolId, 'tools'),
  product(moldProducts.productId, 'products'),
  inout(moldInouts.fromLocationId, 'locations'),
  inout(moldInouts.fromToolId, 'tools'),
  inout(moldInouts.toLocationId, 'locations'),
  inout(moldInouts.toToolId, 'tools'),
];
