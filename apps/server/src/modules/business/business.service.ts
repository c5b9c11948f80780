import type { Business, BusinessCreate, BusinessUpdate } from '@eqms/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Deps } from '../../platform/context.ts';
import { assertUnique, createdStamp, firstOr404, updatedStamp, uniqueAs } from '../../platform/crud.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { assertNotReferenced } from '../../platform/references.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';
import { businesses } from './business.table.ts';
import { getBusiness } from './business.views.ts';

// Writes of businesses (README.md): a code unique regardless of case, a partner that is a customer, a period in
// order. A business with orders cannot go (the order module declares that reference).

/** Unique constraint → API field, for the race where two writes pass the check at once. */
export const BUSINESS_UNIQUE = { businesses_code_unique: 'code' };
/** The partner type whose partners have businesses and orders. */
export const CUSTOMER_TYPE = 'CUSTOMER';

/** 400 on `field` unless the partner exists (notExists) and is a customer (partnerNotCustomer). */
export async function assertCustomer(tx: Executor, bizPartnerId: number, field = 'bizPartnerId'): Promise<void> {
  const [partner] = await tx
    .select({ types: bizPartners.types })
    .from(bizPartners)
    .where(eq(bizPartners.id, bizPartnerId));
  if (!partner) throw invalidField(field, 'notExists');
  if (!partner.types.includes(CUSTOMER_TYPE)) throw invalidField(field, 'partnerNotCustomer');
}

const businessValues = (body: BusinessCreate) => ({
  bizPartnerId: body.bizPartnerId,
  code: body.code,
  name: body.name,
  startDt: body.startDt ?? null,
  endDt: body.endDt ?? null,
  manager: body.manager || null,
  description: body.description || null,
});

export async function createBusiness(deps: Deps, actor: Actor, body: BusinessCreate): Promise<Business> {
  const id = await uniqueAs(BUSINESS_UNIQUE, () =>
    withTx(deps.db, actor, async (tx) => {
      await assertCustomer(tx, body.bizPartnerId);
      await assertUnique(tx, businesses, businesses.id, { code: businesses.code }, body);
      const [row] = await tx
        .insert(businesses)
        .values({ ...businessValues(body), ...createdStamp(actor) })
        .returning({ id: businesses.id });
      return row.id;
    }),
  );
  return getBusiness(deps.db, id);
}

export async function updateBusiness(deps: Deps, actor: Actor, body: BusinessUpdate): Promise<Business> {
  await uniqueAs(BUSINESS_UNIQUE, () =>
    withTx(deps.db, actor, async (tx) => {
      const current = await firstOr404(
        tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, body.id)).for('update'),
        'Business',
      );
      await assertCustomer(tx, body.bizPartnerId);
      await assertUnique(tx, businesses, businesses.id, { code: businesses.code }, body, current.id);
      await tx
        .update(businesses)
        .set({ ...businessValues(body), ...updatedStamp(actor) })
        .where(eq(businesses.id, current.id));
    }),
  );
  return getBusiness(deps.db, body.id);
}

/**
 * All or nothing: a missing id is a 404; a business that orders still refer to blocks the whole delete with 409
 * ERROR_CONSTRAINT_VIOLATION listing them (the references registry, declared by the order module).
 */
export async function deleteBusinesses({ db, references }: Deps, actor: Actor, ids: number[]): Promise<void> {
  await withTx(db, actor, async (tx) => {
    const found = await tx
      .select({ id: businesses.id })
      .from(businesses)
      .where(inArray(businesses.id, ids))
      .for('update');
    if (found.length !== new Set(ids).size) throw notFound('Business');
    await assertNotReferenced(tx, references, businesses, ids);
    await tx.delete(businesses).where(inArray(businesses.id, ids));
  });
}
