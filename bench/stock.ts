// The warehouse case of `npm run bench` (issue 12): the stock lists, trees, history and daily totals with 20,000
// stock rows and 200,000 ledger rows (each under 50 ms at p99), one request at a time; and a sale and a receipt (under
// 20 ms at p50 on PostgreSQL). Rows are made with generate_series in SQL: a realistic spread, not a ledger that sums
// (the invariants are the tests' business).
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { rowsOf } from '../apps/server/src/db/rows.ts';
import { SYSTEM_ACTOR, withTx } from '../apps/server/src/platform/tx.ts';

export const BENCH_STOCK_ROWS = 20_000;
export const BENCH_LEDGER_ROWS = 200_000;
const MATERIALS = 1_000;
const SHELVES = 40;

export type StockIds = {
  materialId: number;
  stockId: number;
  packageId: string;
  locationId: number;
  shelfId: number;
  customerId: number;
};

export async function seedStock(database: Database): Promise<StockIds> {
  return withTx(database.db, SYSTEM_ACTOR, async (tx) => {
    const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await tx.execute(q))[0];
    const site = await one<{ id: number }>(
      sql`insert into locations (name, type) values ('재고 벤치 사업장', 'SITE') returning id`,
    );
    const factory = await one<{ id: number }>(
      sql`insert into locations (name, type, parent_id) values ('재고 벤치 공장', 'FACTORY', ${site.id}) returning id`,
    );
    const warehouse = await one<{ id: number }>(
      sql`insert into locations (name, type, parent_id) values ('재고 벤치 창고', 'WAREHOUSE', ${factory.id}) returning id`,
    );
    await tx.execute(sql`insert into locations (name, code, type, parent_id)
      select 'S-' || i, 'BSH-' || i, 'SHELF', ${warehouse.id} from generate_series(1, ${SHELVES}) i`);
    const supplier = await one<{ id: number }>(
      sql`insert into biz_partners (code, name, types) values ('BSP-1', '벤치 공급사', '{SUPPLIER}') returning id`,
    );
    const customer = await one<{ id: number }>(
      sql`insert into biz_partners (code, name, types) values ('BSC-1', '벤치 고객사', '{CUSTOMER}') returning id`,
    );
    await tx.execute(sql`insert into materials (code, name, type, unit, safety_stock, shelf_life_days)
      select 'BSM-' || lpad(i::text, 5, '0'), '재고 벤치 자재 ' || i, (array['RAW','SUB','PACKAGING'])[1 + i % 3],
        case when i % 3 = 0 then 'KG' else 'EA' end, 500, case when i % 4 = 0 then 365 end
      from generate_series(1, ${MATERIALS}) i`);
    // 20 rows per material over 40 shelves, received over the last year; a quarter expired, some soon.
    await tx.execute(sql`insert into material_stocks (package_id, material_id, location_id, qty, received_qty,
        supplier_id, supplier_lot, received_date, expiry_date, created_by, updated_by)
      select 'BPK-' || lpad(i::text, 7, '0'),
        (select id from materials where code = 'BSM-' || lpad((1 + i % ${MATERIALS})::text, 5, '0')),
        (select id from locations where code = 'BSH-' || (1 + i % ${SHELVES})),
        case when i % 10 = 0 then 0 else 10 + i % 90 end, 100, ${supplier.id}, 'L' || (i % 500),
        current_date - (i % 365), case when i % 2 = 0 then current_date + (i % 400) - 100 end, 'system', 'system'
      from generate_series(1, ${BENCH_STOCK_ROWS}) i`);
    await tx.execute(sql`insert into material_histories (stock_id, material_id, type, qty, balance, location_id, day,
        occurred_at, created_by)
      select s.id, s.material_id, (array['SHIP_IN','SALE','CORRECT','MOVE','SALE_CANCEL'])[1 + g % 5],
        case g % 5 when 0 then 100 when 1 then -3 when 2 then -1 when 3 then 0 else 3 end, s.qty, s.location_id,
        current_date - (g % 365), now() - make_interval(days => g % 365), 'system'
      from generate_series(0, ${BENCH_LEDGER_ROWS - 1}) g
      join material_stocks s on s.package_id = 'BPK-' || lpad((1 + g % ${BENCH_STOCK_ROWS})::text, 7, '0')`);
    // The row the writes hit: plenty to sell from.
    const stock = await one<{ id: number; material_id: number; package_id: string; location_id: number }>(
      sql`update material_stocks set qty = 1000000 where package_id = 'BPK-0000001'
        returning id, material_id, package_id, location_id`,
    );
    const shelf = await one<{ id: number }>(sql`select id from locations where code = 'BSH-1'`);
    await tx.execute(sql`analyze`);
    return {
      shelfId: shelf.id,
      materialId: stock.material_id,
      stockId: stock.id,
      packageId: stock.package_id,
      locationId: warehouse.id,
      customerId: customer.id,
    };
  });
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Label and path of each read measured. */
export function stockLists(ids: StockIds): [string, string][] {
  const month = `from=${day(-30)}&to=${day(0)}`;
  return [
    ['stock rows, page of 50', '/api/material-stock/stocks?page=1&size=50'],
    ['stock rows, search', `/api/material-stock/stocks?page=1&size=50&q=${encodeURIComponent('자재 12')}`],
    ['stock rows, expired', '/api/material-stock/stocks?page=1&size=50&expiry=EXPIRED'],
    ['stock rows of a location', `/api/material-stock/location/${ids.locationId}/stocks?page=1&size=50`],
    ["a material's rows (picking order)", `/api/material-stock/material/${ids.materialId}/stocks?page=1&size=50`],
    ['stock per material, page of 50', '/api/material-stock/material-stocks?page=1&size=50'],
    ['below safety stock', '/api/material-stock/material-stocks?page=1&size=50&belowSafety=true'],
    ['location stock tree', '/api/material-stock/location/tree'],
    ['material stock tree', '/api/material-stock/material/tree'],
    ['history, a month, page of 50', `/api/material-history/historys?${month}&page=1&size=50`],
    [
      "history, a material's year",
      `/api/material-history/historys?from=${day(-365)}&to=${day(0)}&materialId=${ids.materialId}&page=1&size=50`,
    ],
    ['daily totals, a month, page of 50', `/api/material-history/dailyTotal?${month}&page=1&size=50`],
    ["a row's movements", `/api/material-stock/stock/${ids.stockId}/shippings`],
    ['barcode of a package', `/api/barcode/${ids.packageId}`],
  ];
}

/** The writes: a sale of a small quantity from the big row, and a receipt with a generated package ID. */
export function stockWrites(ids: StockIds): [string, string, unknown][] {
  return [
    ['sale', '/api/material-sales', { stockId: ids.stockId, customerId: ids.customerId, qty: 0.001 }],
    [
      'receipt (ship-in)',
      '/api/material-stock/ship-in',
      { materialId: ids.materialId, qty: 5, locationId: ids.shelfId },
    ],
  ];
}
