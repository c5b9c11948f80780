import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { auditColumns, extColumn, idColumn, uniqueKey } from '../../db/columns.ts';

/** Customer, supplier, outsourcer — one partner may be several (types). */
export const bizPartners = pgTable(
  'biz_partners',
  {
    id: idColumn(),
    /** Business partner code (ours). */
    code: text('code').notNull(),
    /** Client code: the code the partner knows us by / its own customer code; unique when given. */
    clientCode: text('client_code'),
    name: text('name').notNull(),
    /** CUSTOMER | SUPPLIER | OUTSOURCER (code category BIZ_PARTNER_TYPE), at least one. */
    types: text('types').array().notNull(),
    /** Business registration number XXX-XX-XXXXX. */
    bizRegNo: text('biz_reg_no'),
    /** Corporate registration number XXXXXX-XXXXXXX. */
    corpRegNo: text('corp_reg_no'),
    ceoName: text('ceo_name'),
    phone: text('phone'),
    fax: text('fax'),
    email: text('email'),
    address: text('address'),
    description: text('description'),
    ext: extColumn(),
    ...auditColumns,
  },
  (t) => [
    index('biz_partners_name_idx').on(t.name),
    uniqueKey('biz_partners_code_unique', t.code),
    uniqueKey('biz_partners_client_code_unique', t.clientCode),
  ],
);

/** The people to call at a partner. */
export const bizPartnerContacts = pgTable(
  'biz_partner_contacts',
  {
    id: idColumn(),
    bizPartnerId: integer('biz_partner_id')
      .notNull()
      .references(() => bizPartners.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    department: text('department'),
    position: text('position'),
    phone: text('phone'),
    email: text('email'),
    sort: integer('sort').notNull().default(0),
    ...auditColumns,
  },
  (t) => [index('biz_partner_contacts_partner_idx').on(t.bizPartnerId)],
);
