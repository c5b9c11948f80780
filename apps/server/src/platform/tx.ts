import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';

export type Actor = { id: number; userId: string; username: string };
export const SYSTEM_ACTOR: Actor = { id: 0, userId: 'system', username: 'system' };

/**
 * One write = one transaction that records its actor for the change-history trigger (ARCHITECTURE §6).
 * Inside fn use only `tx`: touching the outer db hangs PGlite.
 */
export async function withTx<T>(db: Db, actor: Actor, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('eqms.actor', ${actor.userId}, true)`);
    return fn(tx);
  });
}
