import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn } from '../../db/columns.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

// Uploaded files are rows (ARCHITECTURE §6): metadata plus bytes, never a path on disk.
export const files = pgTable('files', {
  id: idColumn(),
  name: text('name').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdBy: text('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
