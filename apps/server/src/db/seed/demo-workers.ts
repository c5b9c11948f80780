import { workers } from '../../modules/worker/worker.table.ts';
import { SYSTEM_ACTOR } from '../../platform/tx.ts';
import type { Tx } from '../client.ts';
import { DEMO_WORKERS } from './demo-data.ts';

// The demo's workers (issue 13, the worker screen): the shop-floor operators of both factories on their lines, two or
// three a line, and one new hire not yet assigned. One multi-row insert.

export type DemoWorkerResult = { workerIds: number[] };

export async function seedDemoWorkers(
  tx: Tx,
  placeIds: Map<string, number>,
  userIdOf: Map<string, number>,
): Promise<DemoWorkerResult> {
  const idOf = (map: Map<string, number>, key: string, what: string) => {
    const id = map.get(key);
    if (!id) throw new Error(`Demo workers name an unknown ${what} '${key}'.`);
    return id;
  };
  const rows = await tx
    .insert(workers)
    .values(
      DEMO_WORKERS.map((w) => ({
        userId: idOf(userIdOf, w.user, 'user'),
        lineId: w.line ? idOf(placeIds, w.line, 'line') : null,
        description: w.description ?? null,
        createdBy: SYSTEM_ACTOR.userId,
        updatedBy: SYSTEM_ACTOR.userId,
      })),
    )
    .returning({ id: workers.id });
  return { workerIds: rows.map((r) => r.id) };
}
