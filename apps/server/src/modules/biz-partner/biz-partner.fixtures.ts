import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { uniq } from '../../test/harness.ts';
import { codeCategories, codes } from '../code/code.table.ts';

// Test data of the partner tests: the type codes (the test snapshot has no codes) and a valid partner body.

export const TYPE_LABELS = {
  CUSTOMER: ['고객사', 'Customer'],
  SUPPLIER: ['공급사', 'Supplier'],
  OUTSOURCER: ['외주사', 'Outsourcer'],
} as const;

/** The BIZ_PARTNER_TYPE category with its three codes, made once per database. */
export async function ensurePartnerTypes(db: Db) {
  await withTx(db, SYSTEM_ACTOR, async (tx) => {
    const [found] = await tx.select().from(codeCategories).where(eq(codeCategories.category, 'BIZ_PARTNER_TYPE'));
    if (found) return;
    const [cat] = await tx
      .insert(codeCategories)
      .values({ category: 'BIZ_PARTNER_TYPE', name: '거래처 유형' })
      .returning();
    await tx.insert(codes).values(
      Object.entries(TYPE_LABELS).map(([code, [kr, en]], i) => ({
        categoryId: cat.id,
        code,
        codeName: kr,
        codeNameEn: en,
        sort: i + 1,
      })),
    );
  });
}

/** A partner body that passes every rule; `extra` overrides. */
export const partnerBody = (extra: Record<string, unknown> = {}) => ({
  code: uniq('BP'),
  name: uniq('거래처 '),
  types: ['CUSTOMER'],
  bizRegNo: '123-45-67890',
  corpRegNo: '110111-1234567',
  ceoName: '홍길동',
  phone: '02-1234-5678',
  fax: '02-1234-5679',
  email: 'sales@partner.example',
  address: '서울시 강남구 테헤란로 1',
  contacts: [],
  ...extra,
});
