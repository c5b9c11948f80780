import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { auditColumns, extColumn, idColumn, uniqueKey } from '../../db/columns.ts';
import { files } from '../files/files.table.ts';
import { locations } from '../location/location.table.ts';
import { roles } from '../role/role.table.ts';

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    userId: text('user_id').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    email: text('email'),
    phone: text('phone'),
    locationId: integer('location_id').references(() => locations.id),
    imageFileId: integer('image_file_id').references(() => files.id),
    enabled: boolean('enabled').notNull().default(true),
    homePath: text('home_path'),
    /** SPEC §3 settings: theme options { theme, themeColor }, and the chosen language { locale }. */
    themeOptions: jsonb('theme_options').$type<{ theme?: string; themeColor?: string; locale?: string }>(),
    ext: extColumn(),
    ...auditColumns,
  },
  (t) => [uniqueKey('users_user_id_unique', t.userId)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);
