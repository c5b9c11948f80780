import { expect } from 'vitest';
import type { Database } from '../../db/client.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { locationBranch, type TestApp, uniq } from '../../test/harness.ts';
import { ensureCodes, makePartner } from '../product/master-fixtures.ts';
import { materials } from '../material/material.table.ts';
import { tools } from '../tool/tool.table.ts';

// Test data of the stock tests: a warehouse with two shelves and a rack, a material, a supplier and a customer.

export async function makeMaterial(db: Database['db'], extra: Partial<typeof materials.$inferInsert> = {}) {
  const [m] = await withTx(db, SYSTEM_ACTOR, (tx) =>
    tx
      .insert(materials)
      .values({ code: uniq('M'), name: `자재 ${uniq('n')}`, type: 'RAW', unit: 'KG', ...extra })
      .returning(),
  );
  return m;
}

export async function stockWorld(t: TestApp) {
  await ensureCodes(t.db);
  const branch = await locationBranch(t.db);
  const { shelf: shelf2 } = await locationBranch(t.db);
  const [rack] = await withTx(t.db, SYSTEM_ACTOR, (tx) =>
    tx
      .insert(tools)
      .values({ code: uniq('T'), name: `랙 ${uniq('r')}`, locationId: branch.warehouse.id })
      .returning(),
  );
  const supplier = await makePartner(t.db, ['SUPPLIER']);
  const customer = await makePartner(t.db, ['CUSTOMER']);
  const material = await makeMaterial(t.db, { safetyStock: 100 });
  return { ...branch, shelf2, rack, supplier, customer, material };
}

/** Receives `qty` of the material onto the shelf through the API; returns the new stock row. */
export async function receive(t: TestApp, token: string, body: Record<string, unknown>) {
  const res = await t.inject({ method: 'POST', url: '/api/material-stock/ship-in', token, payload: body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; packageId: string; qty: number; expiryDate: string | null } & Record<
    string,
    unknown
  >;
}
