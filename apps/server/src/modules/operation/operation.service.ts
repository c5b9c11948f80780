import { asc, eq, inArray } from 'drizzle-orm';
import type { Operation, OperationCreate, OperationUpdate } from '@eqms/contract';
import type { Db, Executor, Tx } from '../../db/client.ts';
import type { Deps } from '../../platform/context.ts';
import { assertCodeOf } from '../code/code.lookups.ts';
import { assertUnique, auditView, createdStamp, firstOr404, updatedStamp, uniqueAs } from '../../platform/crud.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { defineProvider, type Providers } from '../../platform/providers.ts';
import { assertNotReferenced } from '../../platform/references.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { validateExt } from '../custom-ext/custom-ext.service.ts';
import { operations } from './operation.table.ts';

type OperationRow = typeof operations.$inferSelect;

export const OPERATION_UNIQUE = { operations_code_unique: 'code' };
export const OPERATION_TYPE_CATEGORY = 'OPERATION_TYPE';

export function operationView(r: OperationRow): Operation {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    type: r.type,
    standardTime: r.standardTime,
    defectYn: r.defectYn,
    description: r.description,
    ext: r.ext ?? null,
    ...auditView(r),
  };
}

export async function listOperations(db: Executor): Promise<Operation[]> {
  const rows = await db.select().from(operations).orderBy(asc(operations.code));
  return rows.map(operationView);
}

// ---- SPEC §5: an operation whose completed quantity exceeds its shipped quantity cannot be deleted ----

export type OperationOutput = { operationId: number; completedQty: number; shippedQty: number };
/**
 * The question an operation's delete asks of production (platform/providers.ts): how much of each operation was
 * completed and shipped, read inside the delete's transaction (several rows per operation are summed). Production
 * results live in a later module, which provides it in its entry of the module list (modules/index.ts). Its answer
 * when nobody does: nothing completed, nothing shipped (no rows), so nothing blocks.
 */
export type OperationOutputSource = (tx: Tx, operationIds: number[]) => Promise<OperationOutput[]>;

export const operationOutputProvider = defineProvider<OperationOutputSource>('operation.output', async () => []);

async function assertOutputShipped(providers: Providers, tx: Tx, ids: number[]): Promise<void> {
  const totals = new Map<number, { completed: number; shipped: number }>();
  for (const o of await providers.get(operationOutputProvider)(tx, ids)) {
    const sum = totals.get(o.operationId) ?? { completed: 0, shipped: 0 };
    sum.completed += Number(o.completedQty) || 0;
    sum.shipped += Number(o.shippedQty) || 0;
    totals.set(o.operationId, sum);
  }
  const blocked = [...totals.entries()].filter(([id, s]) => ids.includes(id) && s.completed > s.shipped);
  if (blocked.length > 0) {
    throw conflict('operationOutputNotShipped', {
      operationIds: blocked.map(([id]) => id),
    });
  }
}

// ---- writes ----

/** The type must be a code of OPERATION_TYPE when given. */
async function assertOperationType(tx: Executor, type: string | null | undefined): Promise<void> {
  if (type) await assertCodeOf(tx, OPERATION_TYPE_CATEGORY, type, 'type');
}

const assertCodeFree = (tx: Executor, code: string, exceptId?: number) =>
  assertUnique(tx, operations, operations.id, { code: operations.code }, { code }, exceptId);

const operationValues = (body: OperationCreate) => ({
  code: body.code,
  name: body.name,
  type: body.type ?? null,
  standardTime: body.standardTime ?? null,
  defectYn: body.defectYn,
  description: body.description ?? null,
});

export async function createOperation(db: Db, actor: Actor, body: OperationCreate): Promise<Operation> {
  return uniqueAs(OPERATION_UNIQUE, () => withTx(db, actor, (tx) => insertOperation(tx, actor, body)));
}

/** The insert of one operation inside the caller's transaction (the form and the Excel import share it). */
export async function insertOperation(tx: Tx, actor: Actor, body: OperationCreate): Promise<Operation> {
  await assertCodeFree(tx, body.code);
  await assertOperationType(tx, body.type);
  const ext = await validateExt(tx, 'operations', body.ext);
  const [row] = await tx
    .insert(operations)
    .values({
      ...operationValues(body),
      ext,
      ...createdStamp(actor),
    })
    .returning();
  return operationView(row);
}

export async function updateOperation(db: Db, actor: Actor, body: OperationUpdate): Promise<Operation> {
  return uniqueAs(OPERATION_UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      const current = await firstOr404(
        tx.select().from(operations).where(eq(operations.id, body.id)).for('update'),
        'Operation',
      );
      await assertCodeFree(tx, body.code, current.id);
      if (body.type !== current.type) await assertOperationType(tx, body.type);
      // An omitted ext keeps the stored values.
      const ext = body.ext === undefined ? undefined : await validateExt(tx, 'operations', body.ext, current.ext);
      const [row] = await tx
        .update(operations)
        .set({
          ...operationValues(body),
          ext,
          ...updatedStamp(actor),
        })
        .where(eq(operations.id, current.id))
        .returning();
      return operationView(row);
    }),
  );
}

/**
 * All or nothing: a missing id → 404; an operation still in a route or an operation plan (whatever the registry
 * says refers to it: declared by the route and operation-plan modules) → 409 with those rows; an operation whose
 * completed quantity exceeds its shipped quantity (asked of the operation.output provider) → 409 (SPEC §5).
 */
export async function deleteOperations(
  { db, references, providers }: Deps,
  actor: Actor,
  ids: number[],
): Promise<void> {
  await withTx(db, actor, async (tx) => {
    const found = await tx
      .select({ id: operations.id })
      .from(operations)
      .where(inArray(operations.id, ids))
      .for('update');
    if (found.length !== ids.length) throw notFound('Operation');
    // SPEC §5's rule first: an operation with unshipped output is refused with that reason, not only as a row that
    // production operation plans still refer to (they always do once it has output).
    await assertOutputShipped(providers, tx, ids);
    await assertNotReferenced(tx, references, operations, ids);
    await tx.delete(operations).where(inArray(operations.id, ids));
  });
}
