import type { Worker, WorkerSave } from '@eqms/contract';
import { eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { createdStamp, updatedStamp } from '../../platform/crud.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { locations } from '../location/location.table.ts';
import { users } from '../user/user.table.ts';
import { workers } from './worker.table.ts';
import { getWorker } from './worker.views.ts';

// Writes of workers: one row per user (unique user_id), upserted by PUT /worker, removed by DELETE /worker/{id}.
// Their results (daily_plans.worker_id) name the user, not the worker row, so removing a worker keeps them.

/** A worker stands on a LINE (or on none: null). */
async function assertLine(tx: Executor, lineId: number | null): Promise<void> {
  if (lineId == null) return;
  const [l] = await tx.select({ type: locations.type }).from(locations).where(eq(locations.id, lineId));
  if (!l) throw invalidField('lineId', 'notExists');
  if (l.type !== 'LINE') throw invalidField('lineId', 'workerNotLine');
}

/**
 * Makes the user a worker on the line, or changes the line (and the note, when given) of the user's worker: one
 * statement (insert … on conflict (user_id) do update), so two concurrent saves of one user never make two workers.
 */
export async function saveWorker(db: Db, actor: Actor, body: WorkerSave): Promise<Worker> {
  const id = await withTx(db, actor, async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, body.userId));
    if (!user) throw invalidField('userId', 'notExists');
    await assertLine(tx, body.lineId);
    const description = body.description === undefined ? undefined : body.description || null;
    const [row] = await tx
      .insert(workers)
      .values({ userId: user.id, lineId: body.lineId, description: description ?? null, ...createdStamp(actor) })
      .onConflictDoUpdate({
        target: workers.userId,
        set: {
          lineId: body.lineId,
          ...(description === undefined ? {} : { description }),
          ...updatedStamp(actor),
        },
      })
      .returning({ id: workers.id });
    return row.id;
  });
  return getWorker(db, id);
}

/** Removes a worker (404 when missing); nothing refers to a worker row. */
export async function removeWorker(db: Db, actor: Actor, id: number): Promise<void> {
  await withTx(db, actor, async (tx) => {
    const gone = await tx.delete(workers).where(eq(workers.id, id)).returning({ id: workers.id });
    if (gone.length === 0) throw notFound('Worker');
  });
}
