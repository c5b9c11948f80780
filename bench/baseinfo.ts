// The base-information case of `npm run bench` (issue 4): every list endpoint of base info and BOM answered one
// request at a time with 10,000 products in the database. One connection, because the number asked for is how long
// a user waits for a list, not how a queue of 20 behaves on a single-threaded engine (the other cases show that).
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { SYSTEM_ACTOR, withTx } from '../apps/server/src/platform/tx.ts';
import { bizPartners } from '../apps/server/src/modules/biz-partner/biz-partner.table.ts';
import { boms } from '../apps/server/src/modules/bom/bom.table.ts';
import { locations } from '../apps/server/src/modules/location/location.table.ts';
import { materials } from '../apps/server/src/modules/material/material.table.ts';
import { operPlans } from '../apps/server/src/modules/oper-plan/oper-plan.table.ts';
import { operations } from '../apps/server/src/modules/operation/operation.table.ts';
import { parameters } from '../apps/server/src/modules/parameter/parameter.table.ts';
import { products } from '../apps/server/src/modules/product/product.table.ts';
import { routeOpers, routes } from '../apps/server/src/modules/route/route.table.ts';
import { tools } from '../apps/server/src/modules/tool/tool.table.ts';

export const BENCH_PRODUCTS = 10_000;
const CHUNK = 500;

const audit = { createdBy: 'system', updatedBy: 'system' };
const chunks = <T>(list: T[]) =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

/** 10,000 products (a third semi-finished), 2,000 materials, tools, operations, routes, plans and 3-level BOMs. */
export async function seedBaseInfo(database: Database) {
  return withTx(database.db, SYSTEM_ACTOR, async (tx) => {
    const [site] = await tx
      .insert(locations)
      .values({ name: '벤치 사업장', type: 'SITE', ...audit })
      .returning();
    const [factory] = await tx
      .insert(locations)
      .values({ name: '벤치 공장', type: 'FACTORY', parentId: site.id, ...audit })
      .returning();
    const lines = await tx
      .insert(locations)
      .values(
        Array.from({ length: 4 }, (_, i) => ({ name: `라인 ${i + 1}`, type: 'LINE', parentId: factory.id, ...audit })),
      )
      .returning();
    const toolRows = await tx
      .insert(tools)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          code: `BT-${i}`,
          name: `벤치 설비 ${i}`,
          type: 'INJECTION',
          locationId: lines[i % lines.length].id,
          ...audit,
        })),
      )
      .returning();
    await tx.insert(parameters).values(
      toolRows.flatMap((t) =>
        ['TEMP', 'PRESS', 'CYCLE'].map((code, k) => ({
          toolId: t.id,
          code,
          name: ['온도', '압력', '사이클 타임'][k],
          unit: ['℃', 'bar', 's'][k],
          lowerLimit: 10,
          upperLimit: 200,
          target: 100,
          ...audit,
        })),
      ),
    );
    const ops = await tx
      .insert(operations)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          code: `BOP-${i}`,
          name: `벤치 공정 ${i}`,
          standardTime: 30,
          ...audit,
        })),
      )
      .returning();
    const routeRows = await tx
      .insert(routes)
      .values(Array.from({ length: 5 }, (_, i) => ({ code: `BR-${i}`, name: `벤치 라우팅 ${i}`, ...audit })))
      .returning();
    await tx
      .insert(routeOpers)
      .values(
        routeRows.flatMap((r, i) =>
          ops.slice(i, i + 5).map((o, k) => ({ routeId: r.id, operationId: o.id, seq: k + 1, ...audit })),
        ),
      );
    const [supplier] = await tx
      .insert(bizPartners)
      .values(
        Array.from({ length: 50 }, (_, i) => ({
          code: `BP-${i}`,
          name: `벤치 거래처 ${i}`,
          types: i % 2 ? ['CUSTOMER'] : ['SUPPLIER'],
          ...audit,
        })),
      )
      .returning();
    const materialIds: number[] = [];
    for (const part of chunks(Array.from({ length: 2000 }, (_, i) => i))) {
      const rows = await tx
        .insert(materials)
        .values(
          part.map((i) => ({
            code: `BM-${String(i).padStart(5, '0')}`,
            name: `벤치 자재 ${i}`,
            type: ['RAW', 'SUB', 'PACKAGING'][i % 3],
            unit: i % 3 === 0 ? 'KG' : 'EA',
            barcode: `BMB${i}`,
            safetyStock: 100,
            supplierId: supplier.id,
            ...audit,
          })),
        )
        .returning({ id: materials.id });
      materialIds.push(...rows.map((r) => r.id));
    }
    const productIds: number[] = [];
    for (const part of chunks(Array.from({ length: BENCH_PRODUCTS }, (_, i) => i))) {
      const rows = await tx
        .insert(products)
        .values(
          part.map((i) => ({
            code: `BPR-${String(i).padStart(5, '0')}`,
            name: `벤치 제품 ${i}`,
            type: i % 3 === 0 ? 'SEMI' : 'FINISHED',
            specification: `${100 + (i % 50)} x ${50 + (i % 20)} mm`,
            unit: 'EA',
            barcode: `BPB${i}`,
            routeId: routeRows[i % routeRows.length].id,
            lotQty: 500,
            ...audit,
          })),
        )
        .returning({ id: products.id });
      productIds.push(...rows.map((r) => r.id));
    }
    // 300 finished products with a 3-level BOM: finished → semi-finished → semi-finished → material, plus materials.
    const bomRows: (typeof boms.$inferInsert)[] = [];
    for (let k = 0; k < 300; k++) {
      const top = productIds[k * 3 + 1];
      const semiA = productIds[k * 3];
      const deep = productIds[3000 + k * 3];
      const m = (n: number) => materialIds[(k * 7 + n) % materialIds.length];
      bomRows.push(
        { parentProductId: top, childProductId: semiA, qty: 2, unit: 'EA', seq: 1, ...audit },
        { parentProductId: top, materialId: m(0), qty: 0.5, unit: 'KG', lossRate: 3, seq: 2, ...audit },
        { parentProductId: top, materialId: m(1), qty: 4, unit: 'EA', seq: 3, ...audit },
        { parentProductId: semiA, childProductId: deep, qty: 1, unit: 'EA', seq: 1, ...audit },
        { parentProductId: semiA, materialId: m(2), qty: 1.25, unit: 'KG', lossRate: 2, seq: 2, ...audit },
        { parentProductId: deep, materialId: m(3), qty: 3, unit: 'EA', seq: 1, ...audit },
      );
    }
    for (const part of chunks(bomRows)) await tx.insert(boms).values(part);
    const planned = productIds.slice(0, 1000);
    for (const part of chunks(planned)) {
      await tx.insert(operPlans).values(
        part.flatMap((productId, i) =>
          ops.slice(0, 4).map((o, k) => ({
            productId,
            operationId: o.id,
            seq: k + 1,
            toolId: toolRows[(i + k) % toolRows.length].id,
            cycleTime: 30,
            capacity: 120,
            ...audit,
          })),
        ),
      );
    }
    await tx.execute(sql`analyze`);
    return { bomRoot: productIds[1], planned: productIds[0], toolId: toolRows[0].id };
  });
}

/** Path and label of each list endpoint measured. */
export function baseInfoLists(ids: { bomRoot: number; planned: number; toolId: number }): [string, string][] {
  return [
    ['products, page of 50', '/api/product/products?page=1&size=50'],
    ['products, search', `/api/product/products?page=1&size=50&q=${encodeURIComponent('제품 12')}`],
    ['products by type', '/api/product/products/type?type=SEMI&page=1&size=50'],
    ['products by name (pick-list)', `/api/product/products/name?name=${encodeURIComponent('제품 99')}`],
    ['materials, page of 50', '/api/material/materials?page=1&size=50'],
    ['tools with location and user', '/api/tool/tools/with-location-user'],
    ['tool tree', '/api/tool/tree'],
    ['parameters', '/api/parameter/parameters'],
    ['operations', '/api/operation/operations'],
    ['routes', '/api/route/routes'],
    ['operation plans of a product', `/api/operationplan/${ids.planned}/plans`],
    ['business partners', '/api/biz-partner/biz-partners'],
    ['BOM tree of a product', `/api/bom/tree/${ids.bomRoot}`],
    ['BOM stock requirements', `/api/bom/tree/stock/${ids.bomRoot}/100`],
  ];
}
