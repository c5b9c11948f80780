import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { uniq } from '../../test/harness.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';
import { boms } from '../bom/bom.table.ts';
import { operations } from '../operation/operation.table.ts';
import { routes } from '../route/route.table.ts';

// Test data for the product and material tests: the code categories they check against (the migrated test
// database has no codes) and the rows of other modules they refer to, inserted directly.

const CATEGORIES: Record<string, [string, string, string][]> = {
  UNIT: [
    ['EA', '개', 'Each'],
    ['KG', '킬로그램', 'Kilogram'],
    ['BOX', '박스', 'Box'],
  ],
  PRODUCT_TYPE: [
    ['FINISHED', '완제품', 'Finished product'],
    ['SEMI', '반제품', 'Semi-finished product'],
  ],
  MATERIAL_TYPE: [
    ['RAW', '원자재', 'Raw material'],
    ['SUB', '부자재', 'Subsidiary material'],
    ['PACKAGING', '포장재', 'Packaging material'],
  ],
  DEFECT_TYPE: [
    ['APPEARANCE', '외관 불량', 'Appearance defect'],
    ['FUNCTION', '기능 불량', 'Functional defect'],
  ],
};

/** The categories and codes, kept when they exist (a shared PostgreSQL test database may have them). */
export async function ensureCodes(db: Db) {
  await withTx(db, SYSTEM_ACTOR, async (tx) => {
    for (const [category, list] of Object.entries(CATEGORIES)) {
      await tx.execute(
        sql`insert into code_categories (category, name) values (${category}, ${category}) on conflict do nothing`,
      );
      for (const [i, [code, name, nameEn]] of list.entries()) {
        await tx.execute(sql`insert into codes (category_id, code, code_name, code_name_en, sort)
          select id, ${code}, ${name}, ${nameEn}, ${i} from code_categories where category = ${category}
          on conflict do nothing`);
      }
    }
  });
}

export async function makeRoute(db: Db) {
  const code = uniq('R');
  const [row] = await withTx(db, SYSTEM_ACTOR, (tx) =>
    tx
      .insert(routes)
      .values({ code, name: `라우팅 ${code}` })
      .returning(),
  );
  return row;
}

export async function makeOperation(db: Db) {
  const code = uniq('OP');
  const [row] = await withTx(db, SYSTEM_ACTOR, (tx) =>
    tx
      .insert(operations)
      .values({ code, name: `공정 ${code}` })
      .returning(),
  );
  return row;
}

export async function makePartner(db: Db, types: string[]) {
  const code = uniq('BP');
  const [row] = await withTx(db, SYSTEM_ACTOR, (tx) =>
    tx
      .insert(bizPartners)
      .values({ code, name: `거래처 ${code}`, types })
      .returning(),
  );
  return row;
}

export async function makeBomLine(
  db: Db,
  line: { parentProductId: number; childProductId?: number; materialId?: number },
) {
  const [row] = await withTx(db, SYSTEM_ACTOR, (tx) =>
    tx
      .insert(boms)
      .values({ ...line, qty: 1, unit: 'EA' })
      .returning(),
  );
  return row;
}

/** Smallest valid PNG (1×1). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
