import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, extColumn, idColumn, qtyColumn, uniqueKey } from '../../db/columns.ts';
import { files } from '../files/files.table.ts';
import { routes } from '../route/route.table.ts';

/** What the factory makes: finished or semi-finished (code category PRODUCT_TYPE). */
export const products = pgTable(
  'products',
  {
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** Code of category PRODUCT_TYPE (FINISHED, SEMI). */
    type: text('type').notNull(),
    specification: text('specification'),
    /** Code of category UNIT. */
    unit: text('unit').notNull(),
    barcode: text('barcode'),
    designImageId: integer('design_image_id').references(() => files.id),
    /** The route its operation plan is usually copied from. */
    routeId: integer('route_id').references(() => routes.id),
    /** Standard quantities: a production lot, a package, the stock to keep. */
    lotQty: qtyColumn('lot_qty'),
    packQty: qtyColumn('pack_qty'),
    safetyStock: qtyColumn('safety_stock'),
    /** Days a lot keeps from its production day; null when the product does not expire. */
    shelfLifeDays: integer('shelf_life_days'),
    description: text('description'),
    ext: extColumn(),
    ...auditColumns,
  },
  (t) => [
    index('products_name_idx').on(t.name),
    index('products_type_idx').on(t.type),
    uniqueKey('products_code_unique', t.code),
    // The lists' order (platform/master-list.ts): a page walks this index; the unique key on lower(code) cannot serve it.
    index('products_code_idx').on(t.code),
    uniqueKey('products_barcode_unique', t.barcode),
  ],
);
