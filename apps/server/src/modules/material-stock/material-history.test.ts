import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { addDays, todayIn } from '../../platform/dates.ts';
import { SYSTEM_ACTOR } from '../../platform/tx.ts';
import { createTestApp } from '../../test/harness.ts';
import { createSale, deleteSales } from './material-sales.service.ts';
import { shipIn, type StockDeps, updateStock } from './material-stock.service.ts';
import { materialHistories } from './material-stock.table.ts';
import { makeMaterial, receive, stockWorld } from './stock-fixtures.ts';

const t = await createTestApp();
const w = await stockWorld(t);
const clerk = await t.makeUser({ materialStock: { all: true }, materialSales: { all: true } });
const historian = await t.makeUser({ materialHistory: { view: true } });
const en = { 'accept-language': 'en' };
const today = todayIn(t.config.timeZone);
const call = (url: string, token: string | null = historian.token) =>
  t.inject({ method: 'GET', url, token, headers: en });
const deps: StockDeps = { db: t.db, timeZone: t.config.timeZone, soonDays: 30 };

// One material's month: received 20 ten days ago, sold 5 five days ago, counted to 12 today, sold 2 and cancelled.
const material = await makeMaterial(t.db);
const stock = await receive(t, clerk.token, {
  materialId: material.id,
  qty: 20,
  locationId: w.shelf.id,
  receivedDate: addDays(today, -10),
});
const sale = async (qty: number, saleDate?: string) =>
  t.inject({
    method: 'POST',
    url: '/api/material-sales',
    token: clerk.token,
    payload: { stockId: stock.id, customerId: w.customer.id, qty, saleDate },
  });
await sale(5, addDays(today, -5));
await t.inject({
  method: 'PUT',
  url: '/api/material-stock/stock',
  token: clerk.token,
  payload: { id: stock.id, qty: 12, locationId: w.shelf.id, reason: '실사' },
});
const cancelled = (await sale(2)).body.data;
await t.inject({ method: 'DELETE', url: `/api/material-sales/${cancelled.id}`, token: clerk.token });
const period = `from=${addDays(today, -30)}&to=${today}&materialId=${material.id}`;

describe('GET /api/material-history/historys', () => {
  it('lists the movements of a period newest first, with place, reason and who', async () => {
    const res = await call(`/api/material-history/historys?${period}`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(5);
    expect(
      res.body.data.map((m: { type: string; qty: number; balance: number }) => [m.type, m.qty, m.balance]),
    ).toEqual([
      ['SALE_CANCEL', 2, 12],
      ['SALE', -2, 10],
      ['CORRECT', -3, 12],
      ['SALE', -5, 15],
      ['SHIP_IN', 20, 20],
    ]);
    expect(res.body.data[2]).toMatchObject({ reason: '실사', createdBy: clerk.userId, packageId: stock.packageId });
    expect(res.body.data[4].placePath).toContain(w.shelf.name);
  });

  it('filters by type, location, text and period; pages; exports', async () => {
    const types = await call(`/api/material-history/historys?${period}&type=SALE&type=SALE_CANCEL`);
    expect(types.body.total).toBe(3);
    expect((await call(`/api/material-history/historys?${period}&locationId=${w.shelf2.id}`)).body.total).toBe(0);
    expect((await call(`/api/material-history/historys?${period}&locationId=${w.factory.id}`)).body.total).toBe(5);
    const narrow = await call(`/api/material-history/historys?from=${today}&to=${today}&q=${stock.packageId}`);
    expect(narrow.body.total).toBe(3);
    const page = await call(`/api/material-history/historys?${period}&page=2&size=2`);
    expect(page.body.data).toHaveLength(2);
    const xlsx = await call(`/api/material-history/historys/excel?${period}`);
    expect(xlsx.status).toBe(200);
    expect(String(xlsx.headers['content-type'])).toContain('spreadsheetml');
  });

  it('400 without a period, a reversed or too long one, a bad type; 401; 403', async () => {
    for (const q of [
      '',
      `from=${today}&to=${addDays(today, -1)}`,
      `from=${addDays(today, -400)}&to=${today}`,
      `${period}&type=STOLEN`,
    ]) {
      expect((await call(`/api/material-history/historys?${q}`)).status, q).toBe(400);
    }
    expect((await call(`/api/material-history/historys?${period}`, null)).status).toBe(401);
    expect((await call(`/api/material-history/historys?${period}`, clerk.token)).status).toBe(403);
  });
});

describe('GET /api/material-history/dailyTotal', () => {
  it('per day: received, sold net of cancelled, corrected and the closing balance', async () => {
    const res = await call(`/api/material-history/dailyTotal?${period}`);
    expect(res.status).toBe(200);
    const pick = (d: { day: string; received: number; sold: number; corrected: number; closing: number }) => [
      d.day,
      d.received,
      d.sold,
      d.corrected,
      d.closing,
    ];
    expect(res.body.data.map(pick)).toEqual([
      [today, 0, 0, -3, 12],
      [addDays(today, -5), 0, 5, 0, 15],
      [addDays(today, -10), 20, 0, 0, 20],
    ]);
    // A period starting after the receipt still closes on the right balance (the opening is carried in).
    const late = await call(
      `/api/material-history/dailyTotal?from=${addDays(today, -2)}&to=${today}&materialId=${material.id}`,
    );
    expect(late.body.data.map(pick)).toEqual([[today, 0, 0, -3, 12]]);
    expect((await call(`/api/material-history/dailyTotal/excel?${period}`)).status).toBe(200);
    expect((await call('/api/material-history/dailyTotal?from=x&to=y')).status).toBe(400);
  });
});

describe('ledger = balance (property)', () => {
  it('after 1,000 random movements every row’s ledger sums to its qty and the daily closings agree', async () => {
    const m = await makeMaterial(t.db);
    const actor = SYSTEM_ACTOR;
    // A small linear congruential generator: the same sequence every run.
    let seed = 12345;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const stocks: number[] = [];
    const sales: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const r = rand();
      const qty = Math.round(rand() * 1000) / 100 + 0.01;
      try {
        if (r < 0.15 || stocks.length === 0) {
          stocks.push((await shipIn(deps, actor, { materialId: m.id, qty, locationId: w.shelf.id } as never)).id);
        } else if (r < 0.65) {
          const stockId = stocks[Math.floor(rand() * stocks.length)];
          sales.push((await createSale(deps, actor, { stockId, customerId: w.customer.id, qty } as never)).id);
        } else if (r < 0.75 && sales.length) {
          await deleteSales(deps, actor, [sales.splice(Math.floor(rand() * sales.length), 1)[0]]);
        } else {
          const id = stocks[Math.floor(rand() * stocks.length)];
          const locationId = rand() < 0.5 ? w.shelf.id : w.shelf2.id;
          await updateStock(deps, actor, {
            id,
            qty: Math.round(rand() * 500) / 100,
            locationId,
            reason: 'count',
          } as never);
        }
      } catch (e) {
        expect((e as { code?: string }).code).toBe('OUT_OF_STOCK');
      }
    }
    const mismatched = rowsOf<{ id: number }>(
      await t.db.execute(sql`
        select s.id from material_stocks s left join material_histories h on h.stock_id = s.id
        where s.material_id = ${m.id} group by s.id, s.qty having s.qty <> coalesce(sum(h.qty), 0)`),
    );
    expect(mismatched).toEqual([]);
    const [{ total }] = rowsOf<{ total: string }>(
      await t.db.execute(sql`select coalesce(sum(qty), 0) as total from material_stocks where material_id = ${m.id}`),
    );
    const daily = await call(
      `/api/material-history/dailyTotal?from=${addDays(today, -1)}&to=${today}&materialId=${m.id}`,
    );
    expect(daily.body.data[0].closing).toBeCloseTo(Number(total), 5);
    const ledger = await t.db.select().from(materialHistories).where(eq(materialHistories.materialId, m.id));
    expect(ledger.length).toBeGreaterThan(700);
    expect(ledger.every((h) => h.balance >= 0)).toBe(true);
  });
});
