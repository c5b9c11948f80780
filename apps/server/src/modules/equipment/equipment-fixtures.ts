import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { uniq } from '../../test/harness.ts';
import { equipments } from './equipment.table.ts';

// Test data of the equipment tests: the EQUIPMENT_TYPE and EQUIPMENT_SUB_TYPE codes (sub-types under their type)
// and kinds made straight in the database.

export async function ensureEquipmentCodes(db: Db) {
  await withTx(db, SYSTEM_ACTOR, async (tx) => {
    for (const category of ['EQUIPMENT_TYPE', 'EQUIPMENT_SUB_TYPE']) {
      await tx.execute(
        sql`insert into code_categories (category, name) values (${category}, ${category}) on conflict do nothing`,
      );
    }
    const code = (category: string, c: string, name: string, parent: string | null) =>
      tx.execute(sql`insert into codes (category_id, code, code_name, code_name_en, sort, parent_id)
        select k.id, ${c}, ${name}, ${c}, 0,
          (select p.id from codes p join code_categories pk on pk.id = p.category_id
            where pk.category = 'EQUIPMENT_TYPE' and p.code = ${parent})
        from code_categories k where k.category = ${category}
        on conflict do nothing`);
    await code('EQUIPMENT_TYPE', 'CONSUMABLE', '소모품', null);
    await code('EQUIPMENT_TYPE', 'SPARE_PART', '예비 부품', null);
    await code('EQUIPMENT_SUB_TYPE', 'GLOVE', '작업 장갑', 'CONSUMABLE');
    await code('EQUIPMENT_SUB_TYPE', 'BEARING', '베어링', 'SPARE_PART');
  });
}

export async function makeEquipment(db: Db, extra: Partial<typeof equipments.$inferInsert> = {}) {
  const [row] = await withTx(db, SYSTEM_ACTOR, (tx) =>
    tx
      .insert(equipments)
      .values({ name: uniq('비품 '), type: 'CONSUMABLE', subType: 'GLOVE', kindQty: 0, ...extra })
      .returning(),
  );
  return row;
}
