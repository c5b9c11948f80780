import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { createTestApp, locationBranch } from '../../test/harness.ts';
import { ensureEquipmentCodes, makeEquipment } from '../equipment/equipment-fixtures.ts';
import { equipmentHistories, equipmentStocks } from './equipment-stock.table.ts';

// ARCHITECTURE §6: equipment stock never goes negative and no movement is lost under concurrent moves and discards.
// Runs on PGlite in `npm test` and on PostgreSQL in CI's second pass (TEST_DATABASE_URL), where the requests overlap.

const t = await createTestApp();
await ensureEquipmentCodes(t.db);
const clerk = await t.makeUser({ equipmentStock: { all: true } });
const a = await locationBranch(t.db);
const b = await locationBranch(t.db);

const close = (x: number, y: number) => expect(Math.abs(x - y)).toBeLessThan(1e-6);
// Deterministic amounts: a failure reproduces.
const amount = (i: number) => 0.5 + ((i * 7919) % 23) / 10;

describe('100 concurrent moves and discards on one kind', () => {
  it('never below zero; every refusal is OUT_OF_STOCK; the ledger of every row sums to its qty', async () => {
    const kind = await makeEquipment(t.db);
    const add = await t.inject({
      method: 'POST',
      url: '/api/equipment-stock',
      token: clerk.token,
      payload: { equipmentId: kind.id, locationId: a.shelf.id, qty: 60 },
    });
    expect(add.status).toBe(200);
    const src = add.body.data.id as number;
    // Moves A → B, moves back B → A (the row at B once it exists: the first move makes it), and discards at A.
    const first = await t.inject({
      method: 'PUT',
      url: `/api/equipment-stock/move/${src}`,
      token: clerk.token,
      payload: { locationId: b.shelf.id, qty: 1 },
    });
    const back = first.body.data.id as number;
    const requests = Array.from({ length: 100 }, (_, i) => {
      const qty = amount(i);
      if (i % 5 === 0)
        return t.inject({
          method: 'PUT',
          url: `/api/equipment-stock/move/${back}`,
          token: clerk.token,
          payload: { locationId: a.shelf.id, qty },
        });
      if (i % 2 === 0)
        return t.inject({
          method: 'PUT',
          url: `/api/equipment-stock/discard/${src}`,
          token: clerk.token,
          payload: { discardItem: { reason: '동시 폐기', qty } },
        });
      return t.inject({
        method: 'PUT',
        url: `/api/equipment-stock/move/${src}`,
        token: clerk.token,
        payload: { locationId: b.shelf.id, qty },
      });
    });
    const results = await Promise.all(requests);
    for (const r of results) {
      expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
      if (r.status === 409) {
        expect(r.body.code).toBe('OUT_OF_STOCK');
        expect(r.body.extraData.available).toBeLessThan(r.body.extraData.requested);
      }
    }
    expect(results.some((r) => r.status === 409)).toBe(true);
    expect(results.some((r) => r.status === 200)).toBe(true);

    const rows = await t.db.select().from(equipmentStocks).where(eq(equipmentStocks.equipmentId, kind.id));
    const moves = await t.db.select().from(equipmentHistories).where(eq(equipmentHistories.equipmentId, kind.id));
    for (const r of rows) {
      expect(r.qty).toBeGreaterThanOrEqual(0);
      close(
        moves.filter((m) => m.stockId === r.id).reduce((s, m) => s + m.qty, 0),
        r.qty,
      );
      // Replayed in ledger order, each balance is the previous one plus the movement, never below zero.
      const ordered = moves.filter((m) => m.stockId === r.id).sort((x, y) => x.id - y.id);
      ordered.reduce((prev, m) => {
        close(m.balance, prev + m.qty);
        expect(m.balance).toBeGreaterThanOrEqual(0);
        return m.balance;
      }, 0);
    }
    // Nothing is lost: available + discarded is what was added.
    close(
      rows.reduce((s, r) => s + r.qty, 0),
      60,
    );
    // Each accepted discard made one discarded row of its quantity.
    const discards = results.filter((r, i) => i % 5 !== 0 && i % 2 === 0 && r.status === 200);
    expect(rows.filter((r) => r.isDiscard)).toHaveLength(discards.length);
    const [check] = rowsOf<{ n: string }>(
      await t.db.execute(sql`select count(*) as n from equipment_stocks where qty < 0`),
    );
    expect(Number(check.n)).toBe(0);
  }, 180_000);
});
