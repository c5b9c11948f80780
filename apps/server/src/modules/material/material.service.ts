import type { Material, MaterialCreate } from '@eqms/contract';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { itemValues, masterService, valuesById } from '../../platform/master.ts';
import { assertPartnerOfType } from '../biz-partner/biz-partner.service.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';
import { assertCodeOf } from '../code/code.lookups.ts';
import { validateExt } from '../custom-ext/custom-ext.service.ts';
import { materials } from './material.table.ts';

// Materials are a plain master (platform/master.ts): this file declares them, and keeps what is theirs alone, the
// supplier rule. Who refers to materials (BOM lines) is declared by those modules and asked on delete.

export const MATERIAL_UNIQUE = { materials_code_unique: 'code', materials_barcode_unique: 'barcode' } as const;
/** The partner type a material's supplier must have (code of BIZ_PARTNER_TYPE). */
export const SUPPLIER = 'SUPPLIER';

type MaterialRow = typeof materials.$inferSelect;

/** Materials as the API shows them, with the supplier's name looked up for these rows only. */
async function materialViews(db: Executor, rows: MaterialRow[]): Promise<Material[]> {
  if (rows.length === 0) return [];
  const names = await valuesById(
    db,
    bizPartners.id,
    bizPartners.name,
    rows.map((r) => r.supplierId),
  );
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    type: r.type,
    specification: r.specification,
    unit: r.unit,
    barcode: r.barcode,
    safetyStock: r.safetyStock,
    shelfLifeDays: r.shelfLifeDays,
    supplierId: r.supplierId,
    supplierName: r.supplierId == null ? null : (names.get(r.supplierId) ?? null),
    description: r.description,
    ext: r.ext ?? null,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    updatedBy: r.updatedBy,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** The rules every write of a material checks: codes of the categories, a supplier that is one. */
async function materialValues(tx: Executor, body: MaterialCreate) {
  await assertCodeOf(tx, 'MATERIAL_TYPE', body.type, 'type');
  await assertCodeOf(tx, 'UNIT', body.unit, 'unit');
  await assertPartnerOfType(tx, body.supplierId, SUPPLIER, 'supplierId');
  return {
    ...itemValues(body),
    safetyStock: body.safetyStock ?? null,
    shelfLifeDays: body.shelfLifeDays ?? null,
    supplierId: body.supplierId ?? null,
    description: body.description || null,
  };
}

/**
 * List (q as for products; type), export, pick-list, barcode, get, insert (form, bulk and Excel import), create,
 * bulk create, update and delete (refused while a BOM line holds the material).
 */
export const materialMaster = masterService({
  table: materials,
  what: 'Material',
  columns: { id: materials.id, code: materials.code, name: materials.name, barcode: materials.barcode },
  unique: { code: materials.code, barcode: materials.barcode },
  uniqueConstraints: MATERIAL_UNIQUE,
  search: [materials.code, materials.name, materials.specification, materials.barcode],
  filters: (q: { type?: string[] }) => (q.type?.length ? inArray(materials.type, q.type) : undefined),
  views: materialViews,
  values: materialValues,
  customFields: { column: materials.ext, validate: (tx, ext, stored) => validateExt(tx, 'materials', ext, stored) },
});
