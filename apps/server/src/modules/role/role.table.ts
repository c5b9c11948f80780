import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { RoleItemNode } from '@eqms/contract';
import { auditColumns, idColumn } from '../../db/columns.ts';

export const roles = pgTable('roles', {
  id: idColumn(),
  name: text('name').notNull().unique(),
  description: text('description'),
  roleItem: jsonb('role_item').$type<RoleItemNode[]>().notNull(),
  ...auditColumns,
});
