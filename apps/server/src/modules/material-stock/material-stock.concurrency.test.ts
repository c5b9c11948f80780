import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { createTestApp } from '../../test/harness.ts';
import { materialHistories, materialStocks } from './material-stock.table.ts';
import { receive, stockWorld } from './stock-fixtures.ts';

// ARCHITECTURE §6: stock never goes negative and no movement is lost under concurrent requests. Runs on PGlite in
// `npm test` and on PostgreSQL in CI's second pass (TEST_DATABASE_URL), where the requests really overlap.

const t = await createTestApp();
const w = await stockWorld(t);
const clerk = await t.makeUser({ materialStock: { all: true }, materialSales: { all: true } });

const sell = (stockId: number, qty: number) =>
  t.inject({
    method: 'POST',
    url: '/api/material-sales',
    token: clerk.token,
    payload: { stockId, customerId: w.customer.id, qty },
  });
const correct = (stockId: number, qty: number, locationId: number) =>
  t.inject({
    method: 'PUT',
    url: '/api/material-stock/stock',
    token: clerk.token,
    payload: { id: stockId, qty, locationId, reason: '실사' },
  });

async function ledgerOf(stockId: number) {
  const rows = await t.db.select().from(materialHistories).where(eq(materialHistories.stockId, stockId));
  const [stock] = await t.db.select().from(materialStocks).where(eq(materialStocks.id, stockId));
  const sum = (type?: string) => rows.filter((r) => !type || r.type === type).reduce((acc, r) => acc + r.qty, 0);
  return { rows, stock, sum };
}
const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(1e-6);
// Deterministic amounts: a failure reproduces.
const amount = (i: number) => 0.5 + ((i * 7919) % 31) / 10;

describe('200 concurrent requests on one stock row', () => {
  it('sales only: the balance is the receipt minus the accepted sales exactly; every refusal is OUT_OF_STOCK', async () => {
    const stock = await receive(t, clerk.token, { materialId: w.material.id, qty: 150, locationId: w.shelf.id });
    const asked = Array.from({ length: 200 }, (_, i) => amount(i));
    const results = await Promise.all(asked.map((q) => sell(stock.id, q)));
    const accepted = results.map((r, i) => (r.status === 200 ? asked[i] : 0)).reduce((a, b) => a + b, 0);
    for (const r of results) {
      if (r.status !== 200) expect(r.body.code, JSON.stringify(r.body)).toBe('OUT_OF_STOCK');
    }
    expect(results.some((r) => r.status === 409)).toBe(true);
    const { stock: row, sum, rows } = await ledgerOf(stock.id);
    close(row.qty, 150 - accepted);
    expect(row.qty).toBeGreaterThanOrEqual(0);
    close(sum(), row.qty);
    expect(rows.filter((r) => r.type === 'SALE')).toHaveLength(results.filter((r) => r.status === 200).length);
    // Every refusal saw less than it asked for, at its moment.
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body.extraData.available).toBeLessThan(r.body.extraData.requested);
    }
  });

  it('sales and count corrections mixed: ledger = balance, balance = receipt − sales + corrections, never negative', async () => {
    const stock = await receive(t, clerk.token, { materialId: w.material.id, qty: 60, locationId: w.shelf.id });
    const requests = Array.from({ length: 200 }, (_, i) =>
      i % 4 === 3 ? correct(stock.id, 10 + (i % 7), i % 8 === 3 ? w.shelf2.id : w.shelf.id) : sell(stock.id, amount(i)),
    );
    const results = await Promise.all(requests);
    for (const r of results) {
      expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
      if (r.status === 409) expect(r.body.code).toBe('OUT_OF_STOCK');
    }
    const { stock: row, sum, rows } = await ledgerOf(stock.id);
    close(sum(), row.qty);
    close(row.qty, 60 + sum('SALE') + sum('CORRECT'));
    expect(rows.every((r) => r.balance >= 0)).toBe(true);
    // The balances, replayed in ledger order, are each the previous balance plus the movement.
    const ordered = [...rows].sort((a, b) => a.id - b.id);
    ordered.reduce((prev, r) => {
      close(r.balance, prev + r.qty);
      return r.balance;
    }, 0);
    const accepted = results.filter((r, i) => i % 4 !== 3 && r.status === 200).length;
    expect(rows.filter((r) => r.type === 'SALE')).toHaveLength(accepted);
    const [check] = rowsOf<{ n: string }>(
      await t.db.execute(sql`select count(*) as n from material_stocks where qty < 0`),
    );
    expect(Number(check.n)).toBe(0);
  });
});
