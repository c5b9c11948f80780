import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Reference } from '../../platform/references.ts';
import { workers } from './worker.table.ts';

// What a worker refers to (platform/references.ts): its user and its line. A user who is a worker, or a line with
// workers, cannot be deleted; the dialog lists the workers (user id and name) on the worker screen. (Drizzle writes a
// one-table select's columns unqualified, and users have a user_id column too: the subqueries name workers' own.)
const worker = (column: AnyPgColumn, refers: string): Reference => ({
  table: workers,
  column,
  refers,
  screen: 'worker',
  id: sql<string>`(select u.user_id from users u where u.id = "workers"."user_id")`,
  name: sql<string>`(select u.username from users u where u.id = "workers"."user_id")`,
  createdBy: workers.createdBy,
  createdAt: workers.createdAt,
});

export const workerReferences: Reference[] = [worker(workers.userId, 'users'), worker(workers.lineId, 'locations')];
