import { integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * The users' key as the platform's tables (sessions, API tokens) reference it. `platform/` imports no module, so the
 * user module's `users` table is not imported: this stand-in (never queried, and not in db/schema.ts, so drizzle-kit
 * sees the real table) gives the referenced table and column, `users.id`, and the constraints keep their names.
 */
export const usersKey = pgTable('users', { id: integer('id') });
