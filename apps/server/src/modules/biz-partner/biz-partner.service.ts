import {
  BIZ_PARTNER_TYPE_CATEGORY,
  type BizPartner,
  type BizPartnerContactBody,
  type BizPartnerCreate,
  type BizPartnerListQuery,
  type BizPartnerOrderNode,
  type BizPartnerTypeNode,
  type BizPartnerUpdate,
} from '@eqms/contract';
import { and, arrayContains, arrayOverlaps, asc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.ts';
import type { Deps } from '../../platform/context.ts';
import { assertUnique, auditView, createdStamp, firstOr404, updatedStamp, uniqueAs } from '../../platform/crud.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { defineProvider, type Providers } from '../../platform/providers.ts';
import { assertNotReferenced } from '../../platform/references.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { codeCategories, codes } from '../code/code.table.ts';
import { validateExt } from '../custom-ext/custom-ext.service.ts';
import { bizPartnerContacts, bizPartners } from './biz-partner.table.ts';

type PartnerRow = typeof bizPartners.$inferSelect;
type ContactRow = typeof bizPartnerContacts.$inferSelect;

/** Unique constraint → API field, for the race where two writes pass the check at once. */
export const BIZ_PARTNER_UNIQUE = {
  biz_partners_code_unique: 'code',
  biz_partners_client_code_unique: 'clientCode',
};

export function bizPartnerView(r: PartnerRow, contacts: ContactRow[]): BizPartner {
  return {
    id: r.id,
    code: r.code,
    clientCode: r.clientCode,
    name: r.name,
    types: r.types,
    bizRegNo: r.bizRegNo,
    corpRegNo: r.corpRegNo,
    ceoName: r.ceoName,
    phone: r.phone,
    fax: r.fax,
    email: r.email,
    address: r.address,
    description: r.description,
    ext: r.ext ?? null,
    contacts: contacts.map((c) => ({
      id: c.id,
      name: c.name,
      department: c.department,
      position: c.position,
      phone: c.phone,
      email: c.email,
      sort: c.sort,
    })),
    ...auditView(r),
  };
}

/** The partners matching `where`, by code, each with its contacts (two queries, whatever the count). */
async function partnersWhere(db: Executor, where?: SQL): Promise<BizPartner[]> {
  const base = db.select().from(bizPartners);
  const rows = await (where ? base.where(where) : base).orderBy(asc(bizPartners.code));
  if (rows.length === 0) return [];
  const contactRows = await db
    .select()
    .from(bizPartnerContacts)
    .where(
      inArray(
        bizPartnerContacts.bizPartnerId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(bizPartnerContacts.sort), asc(bizPartnerContacts.id));
  const byPartner = new Map<number, ContactRow[]>();
  for (const c of contactRows) {
    const list = byPartner.get(c.bizPartnerId) ?? [];
    list.push(c);
    byPartner.set(c.bizPartnerId, list);
  }
  return rows.map((r) => bizPartnerView(r, byPartner.get(r.id) ?? []));
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

export async function listBizPartners(db: Executor, q: BizPartnerListQuery = {}): Promise<BizPartner[]> {
  const conditions: SQL[] = [];
  const text = q.q?.trim();
  if (text) {
    const like = `%${escapeLike(text)}%`;
    conditions.push(
      or(
        ilike(bizPartners.code, like),
        ilike(bizPartners.clientCode, like),
        ilike(bizPartners.name, like),
        ilike(bizPartners.ceoName, like),
        ilike(bizPartners.bizRegNo, like),
      )!,
    );
  }
  if (q.type?.length) conditions.push(arrayOverlaps(bizPartners.types, q.type));
  return partnersWhere(db, conditions.length ? and(...conditions) : undefined);
}

/** Partners having any of the types (an unknown type is a 400: the caller named something that does not exist). */
export async function listByTypes(db: Executor, types: string[]): Promise<BizPartner[]> {
  const known = await typeCodes(db);
  const unknown = types.find((t) => !known.has(t));
  if (unknown) throw invalidField('types', 'notExists');
  return partnersWhere(db, arrayOverlaps(bizPartners.types, types));
}

export async function getBizPartner(db: Executor, id: number): Promise<BizPartner> {
  const [partner] = await partnersWhere(db, eq(bizPartners.id, id));
  if (!partner) throw notFound('Business partner');
  return partner;
}

type TypeCode = { code: string; codeName: string; codeNameEn: string | null };

/** The enabled codes of BIZ_PARTNER_TYPE in their order. */
async function typeCodeList(db: Executor): Promise<TypeCode[]> {
  return db
    .select({ code: codes.code, codeName: codes.codeName, codeNameEn: codes.codeNameEn })
    .from(codes)
    .innerJoin(codeCategories, eq(codeCategories.id, codes.categoryId))
    .where(and(eq(codeCategories.category, BIZ_PARTNER_TYPE_CATEGORY), eq(codes.enabled, true)))
    .orderBy(asc(codes.sort), asc(codes.code));
}

export async function typeCodes(db: Executor): Promise<Map<string, TypeCode>> {
  return new Map((await typeCodeList(db)).map((c) => [c.code, c]));
}

/**
 * One node per type (labels from the code), each with the partners having it: a partner of two types is under
 * both. A type a partner still carries after its code was disabled or removed gets its own node, so no partner
 * disappears from the tree.
 */
export async function bizPartnerTree(db: Executor): Promise<BizPartnerTypeNode[]> {
  const typeList = await typeCodeList(db);
  const rows = await db
    .select({ id: bizPartners.id, code: bizPartners.code, name: bizPartners.name, types: bizPartners.types })
    .from(bizPartners)
    .orderBy(asc(bizPartners.name), asc(bizPartners.code));
  const nodes = new Map<string, BizPartnerTypeNode>(
    typeList.map((t) => [t.code, { type: t.code, name: t.codeName, nameEn: t.codeNameEn, children: [] }]),
  );
  for (const r of rows) {
    for (const type of r.types) {
      let node = nodes.get(type);
      if (!node) {
        node = { type, name: type, nameEn: type, children: [] };
        nodes.set(type, node);
      }
      node.children.push({ id: r.id, code: r.code, name: r.name });
    }
  }
  return [...nodes.values()];
}

/** Which of a partner's order trees: businesses → orders → their lines, or only their materials or products. */
export type BizPartnerOrderTreeKind = 'orders' | 'materials' | 'products';
/**
 * A known partner's businesses, orders and order lines as tree nodes. The order module (which depends on this one)
 * answers it in the module list; without it a partner has none.
 */
export type BizPartnerOrdersSource = (
  db: Executor,
  bizPartnerId: number,
  kind: BizPartnerOrderTreeKind,
) => Promise<BizPartnerOrderNode[]>;
export const bizPartnerOrdersProvider = defineProvider<BizPartnerOrdersSource>('bizPartner.orders', async () => []);

/** A partner's orders / order materials / order products trees (an unknown partner is a 404). */
export async function bizPartnerOrderTree(
  { db, providers }: { db: Executor; providers: Providers },
  bizPartnerId: number,
  kind: BizPartnerOrderTreeKind,
): Promise<BizPartnerOrderNode[]> {
  await firstOr404(
    db.select({ id: bizPartners.id }).from(bizPartners).where(eq(bizPartners.id, bizPartnerId)),
    'Business partner',
  );
  return providers.get(bizPartnerOrdersProvider)(db, bizPartnerId, kind);
}

/** Field names of a body's errors: `types`, or `3.types` for the fourth partner of a bulk create. */
type FieldPrefix = string;

async function assertTypes(tx: Executor, types: string[], prefix: FieldPrefix) {
  const known = await typeCodes(tx);
  if (types.some((t) => !known.has(t))) throw invalidField(`${prefix}types`, 'notExists');
}

/** Code and client code are unique (an empty client code is none): 409 DUPLICATE with the field. */
const assertUniqueKeys = (tx: Executor, body: BizPartnerCreate, exceptId?: number) =>
  assertUnique(
    tx,
    bizPartners,
    bizPartners.id,
    { code: bizPartners.code, clientCode: bizPartners.clientCode },
    body,
    exceptId,
  );

const partnerValues = (body: BizPartnerCreate) => ({
  code: body.code,
  clientCode: body.clientCode ?? null,
  name: body.name,
  types: body.types,
  bizRegNo: body.bizRegNo ?? null,
  corpRegNo: body.corpRegNo ?? null,
  ceoName: body.ceoName ?? null,
  phone: body.phone ?? null,
  fax: body.fax ?? null,
  email: body.email ?? null,
  address: body.address ?? null,
  description: body.description ?? null,
});

async function insertContacts(tx: Tx, actor: Actor, partnerId: number, contacts: BizPartnerContactBody[]) {
  if (contacts.length === 0) return [];
  return tx
    .insert(bizPartnerContacts)
    .values(
      contacts.map((c, i) => ({
        bizPartnerId: partnerId,
        name: c.name,
        department: c.department ?? null,
        position: c.position ?? null,
        phone: c.phone ?? null,
        email: c.email ?? null,
        sort: i + 1,
        ...createdStamp(actor),
      })),
    )
    .returning();
}

/** One partner and its contacts inside the caller's transaction (the form, the bulk create and the Excel import). */
export async function insertBizPartner(
  tx: Tx,
  actor: Actor,
  body: BizPartnerCreate,
  prefix: FieldPrefix = '',
): Promise<BizPartner> {
  await assertTypes(tx, body.types, prefix);
  await assertUniqueKeys(tx, body);
  const ext = await validateExt(tx, 'biz_partners', body.ext);
  const [row] = await tx
    .insert(bizPartners)
    .values({ ...partnerValues(body), ext, ...createdStamp(actor) })
    .returning();
  const contacts = await insertContacts(tx, actor, row.id, body.contacts ?? []);
  return bizPartnerView(row, contacts);
}

export async function createBizPartner(db: Db, actor: Actor, body: BizPartnerCreate): Promise<BizPartner> {
  return uniqueAs(BIZ_PARTNER_UNIQUE, () => withTx(db, actor, (tx) => insertBizPartner(tx, actor, body)));
}

/** All or nothing: the first invalid or duplicate partner (also within the list) rolls back every one. */
export async function createBizPartners(db: Db, actor: Actor, bodies: BizPartnerCreate[]): Promise<BizPartner[]> {
  return uniqueAs(BIZ_PARTNER_UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      const out: BizPartner[] = [];
      for (const [i, body] of bodies.entries()) out.push(await insertBizPartner(tx, actor, body, `${i}.`));
      return out;
    }),
  );
}

/** Replaces the partner's fields and its whole set of contacts in one transaction. */
export async function updateBizPartner(db: Db, actor: Actor, body: BizPartnerUpdate): Promise<BizPartner> {
  return uniqueAs(BIZ_PARTNER_UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      const current = await firstOr404(
        tx.select().from(bizPartners).where(eq(bizPartners.id, body.id)).for('update'),
        'Business partner',
      );
      await assertTypes(tx, body.types, '');
      await assertUniqueKeys(tx, body, current.id);
      // An omitted ext keeps the stored values.
      const ext = body.ext === undefined ? undefined : await validateExt(tx, 'biz_partners', body.ext, current.ext);
      const [row] = await tx
        .update(bizPartners)
        .set({ ...partnerValues(body), ext, ...updatedStamp(actor) })
        .where(eq(bizPartners.id, current.id))
        .returning();
      await tx.delete(bizPartnerContacts).where(eq(bizPartnerContacts.bizPartnerId, current.id));
      const contacts = await insertContacts(tx, actor, current.id, body.contacts ?? []);
      return bizPartnerView(row, contacts);
    }),
  );
}

/**
 * All or nothing: any partner missing is a 404; one that something still refers to (a material's supplier: the
 * registry, declared by materials) blocks the whole delete with those rows. Contacts go with their partner (FK
 * cascade).
 */
export async function deleteBizPartners({ db, references }: Deps, actor: Actor, ids: number[]): Promise<void> {
  await withTx(db, actor, async (tx) => {
    const found = await tx
      .select({ id: bizPartners.id })
      .from(bizPartners)
      .where(inArray(bizPartners.id, ids))
      .for('update');
    if (found.length !== ids.length) throw notFound('Business partner');
    await assertNotReferenced(tx, references, bizPartners, ids);
    await tx.delete(bizPartners).where(inArray(bizPartners.id, ids));
  });
}

/**
 * 400 notExists on `field` unless the partner exists and has the type (a material's or receipt's SUPPLIER, a sale's
 * CUSTOMER); a blank id is not checked.
 */
export async function assertPartnerOfType(
  tx: Executor,
  partnerId: number | null | undefined,
  type: string,
  field: string,
): Promise<void> {
  if (partnerId == null) return;
  const [partner] = await tx
    .select({ id: bizPartners.id })
    .from(bizPartners)
    .where(and(eq(bizPartners.id, partnerId), arrayContains(bizPartners.types, [type])));
  if (!partner) throw invalidField(field, 'notExists');
}
