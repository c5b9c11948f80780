import type { Business, BusinessFilter, BusinessOrderNode, BusinessTreeNode } from '@eqms/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditView, firstOr404 } from '../../platform/crud.ts';
import { notFound } from '../../platform/errors.ts';
import { textFilter } from '../../platform/master-list.ts';
import { defineProvider, type Providers } from '../../platform/providers.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';
import { businesses } from './business.table.ts';

// What the business screens read: businesses with their partner, and a partner's businesses with their orders. The
// orders belong to the order module, which depends on this one: it answers `business.orders` (modules/index.ts).

/** The orders of these businesses, by order date (the order module answers; none until it does). */
export type BusinessOrdersSource = (db: Executor, businessIds: number[]) => Promise<BusinessOrderNode[]>;
export const businessOrdersProvider = defineProvider<BusinessOrdersSource>('business.orders', async () => []);

const selectBusinesses = (db: Executor) =>
  db
    .select({ b: businesses, bizPartnerCode: bizPartners.code, bizPartnerName: bizPartners.name })
    .from(businesses)
    .innerJoin(bizPartners, eq(bizPartners.id, businesses.bizPartnerId));
type BusinessJoined = Awaited<ReturnType<ReturnType<typeof selectBusinesses>['execute']>>[number];

const businessView = ({ b, bizPartnerCode, bizPartnerName }: BusinessJoined): Business => ({
  id: b.id,
  bizPartnerId: b.bizPartnerId,
  bizPartnerCode,
  bizPartnerName,
  code: b.code,
  name: b.name,
  startDt: b.startDt,
  endDt: b.endDt,
  manager: b.manager,
  description: b.description,
  ...auditView(b),
});

export async function getBusiness(db: Executor, id: number): Promise<Business> {
  const [row] = await selectBusinesses(db).where(eq(businesses.id, id));
  if (!row) throw notFound('Business');
  return businessView(row);
}

const filterOf = (q: BusinessFilter): SQL | undefined =>
  and(
    q.bizPartnerId ? eq(businesses.bizPartnerId, q.bizPartnerId) : undefined,
    textFilter([businesses.code, businesses.name, businesses.manager, bizPartners.code, bizPartners.name], q.q),
  );

/** Businesses by code, one page (all of them: `page` null, the export), with the total. */
export async function listBusinesses(
  db: Executor,
  q: BusinessFilter,
  page: { page: number; size: number } | null,
): Promise<{ data: Business[]; total: number }> {
  const where = filterOf(q);
  const ordered = selectBusinesses(db).where(where).orderBy(asc(businesses.code), asc(businesses.id));
  const rows = page ? await ordered.limit(page.size).offset((page.page - 1) * page.size) : await ordered;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(businesses)
    .innerJoin(bizPartners, eq(bizPartners.id, businesses.bizPartnerId))
    .where(where);
  return { data: rows.map(businessView), total: n };
}

/** A partner's businesses by code, each with its orders (404 for an unknown partner). */
export async function partnerTree(
  deps: { db: Executor; providers: Providers },
  bizPartnerId: number,
): Promise<BusinessTreeNode[]> {
  const { db, providers } = deps;
  await firstOr404(
    db.select({ id: bizPartners.id }).from(bizPartners).where(eq(bizPartners.id, bizPartnerId)),
    'Business partner',
  );
  const rows = await selectBusinesses(db)
    .where(eq(businesses.bizPartnerId, bizPartnerId))
    .orderBy(asc(businesses.code), asc(businesses.id));
  if (rows.length === 0) return [];
  const orders = await providers.get(businessOrdersProvider)(
    db,
    rows.map((r) => r.b.id),
  );
  const byBusiness = new Map<number, BusinessOrderNode[]>();
  for (const o of orders) {
    const list = byBusiness.get(o.businessId) ?? [];
    list.push(o);
    byBusiness.set(o.businessId, list);
  }
  return rows.map((r) => ({ ...businessView(r), children: byBusiness.get(r.b.id) ?? [] }));
}
