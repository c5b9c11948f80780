import { and, desc, eq } from 'drizzle-orm';
import { can, type ConditionCreate, type Permissions, type SavedCondition } from '@eqms/contract';
import type { Db, Executor } from '../../db/client.ts';
import { createdStamp, firstOr404 } from '../../platform/crud.ts';
import { forbidden } from '../../platform/errors.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { savedConditions } from './condition.table.ts';

type Row = typeof savedConditions.$inferSelect;
type Caller = Actor & { permissions: Permissions };

const view = (r: Row): SavedCondition => ({
  id: r.id,
  title: r.title,
  userId: r.userId,
  menu: r.menu,
  searchCond: r.searchCond,
  createdAt: r.createdAt.toISOString(),
});

/** A condition belongs to a list screen: only someone who may view that screen keeps searches for it. */
function assertMayView(caller: Caller, menu: string) {
  if (!can(caller.permissions, menu, 'view')) throw forbidden();
}

/** The caller's own conditions of one menu, newest first. */
export async function listConditions(db: Executor, caller: Caller, menu: string): Promise<SavedCondition[]> {
  assertMayView(caller, menu);
  const rows = await db
    .select()
    .from(savedConditions)
    .where(and(eq(savedConditions.userId, caller.id), eq(savedConditions.menu, menu)))
    .orderBy(desc(savedConditions.createdAt), desc(savedConditions.id));
  return rows.map(view);
}

export async function saveCondition(db: Db, caller: Caller, body: ConditionCreate): Promise<SavedCondition> {
  assertMayView(caller, body.menu);
  return withTx(db, caller, async (tx) => {
    const [row] = await tx
      .insert(savedConditions)
      .values({
        userId: caller.id,
        menu: body.menu,
        title: body.title,
        searchCond: body.searchCond,
        ...createdStamp(caller),
      })
      .returning();
    return view(row);
  });
}

/** Someone else's condition is answered like a missing one (404): its existence is not the caller's business. */
export async function deleteCondition(db: Db, caller: Caller, id: number): Promise<void> {
  await withTx(db, caller, async (tx) => {
    const own = and(eq(savedConditions.id, id), eq(savedConditions.userId, caller.id));
    await firstOr404(tx.select({ id: savedConditions.id }).from(savedConditions).where(own), 'Condition');
    await tx.delete(savedConditions).where(own);
  });
}
