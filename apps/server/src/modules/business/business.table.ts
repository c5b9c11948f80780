import { date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, extColumn, idColumn, uniqueKey } from '../../db/columns.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';

/** A customer's business (a project or contract) under a business partner: its orders hang below it. */
export const businesses = pgTable(
  'businesses',
  {
    id: idColumn(),
    bizPartnerId: integer('biz_partner_id')
      .notNull()
      .references(() => bizPartners.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** The contract's period, when it has one. */
    startDt: date('start_dt', { mode: 'string' }),
    endDt: date('end_dt', { mode: 'string' }),
    /** Who runs it on our side (free text: a sales person need not be a user). */
    manager: text('manager'),
    description: text('description'),
    ext: extColumn(),
    ...auditColumns,
  },
  (t) => [uniqueKey('businesses_code_unique', t.code), index('businesses_partner_idx').on(t.bizPartnerId)],
);
