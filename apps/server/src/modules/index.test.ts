import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BomStock } from '@eqms/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type ModuleDefinition, registriesOf } from '../platform/modules.ts';
import { provide } from '../platform/providers.ts';
import { SYSTEM_ACTOR, withTx } from '../platform/tx.ts';
import { createTestApp, uniq } from '../test/harness.ts';
import { bomStockProvider } from './bom/bom.stock.ts';
import { boms } from './bom/bom.table.ts';
import { modules } from './index.ts';
import { materials } from './material/material.table.ts';
import { operationOutputProvider } from './operation/operation.service.ts';
import { operations } from './operation/operation.table.ts';
import { products } from './product/product.table.ts';

const t = await createTestApp();
const user = await t.makeUser({ bom: { view: true }, operation: { all: true } });
const here = path.dirname(fileURLToPath(import.meta.url));
const folders = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const noRoutes = () => {};

describe('the module list (modules/index.ts)', () => {
  it('has one entry per module folder with routes, each named by its folder', () => {
    const withRoutes = folders.filter((f) => existsSync(path.join(here, f, `${f}.routes.ts`)));
    expect(modules.map((m) => m.name).sort()).toEqual(withRoutes.sort());
  });

  it("gives every module's references to the app's registry, in the list's order", () => {
    for (const f of folders.filter((f) => existsSync(path.join(here, f, `${f}.references.ts`)))) {
      expect(modules.find((m) => m.name === f)?.references?.length, f).toBeGreaterThan(0);
    }
    expect(t.app.modules).toBe(modules);
    expect(t.app.references.all).toEqual(modules.flatMap((m) => m.references ?? []));
  });

  it('refuses a module listed twice and a question two modules answer', () => {
    expect(() => registriesOf([...modules, modules[0]])).toThrow(
      `Module '${modules[0].name}' is in the module list twice.`,
    );
    const answer = (name: string): ModuleDefinition => ({
      name,
      routes: noRoutes,
      provides: [provide(bomStockProvider, async () => null)],
    });
    expect(() => registriesOf([...modules, answer('a'), answer('b')])).toThrow(
      "Provider 'bom.stock' is registered twice.",
    );
  });
});

describe("a module's answers (provides) reach the services that ask", () => {
  const insert = (table: typeof products | typeof materials | typeof boms | typeof operations, values: object) =>
    withTx(
      t.db,
      SYSTEM_ACTOR,
      async (tx) =>
        (
          await tx
            .insert(table)
            .values(values as never)
            .returning()
        )[0],
    ) as Promise<{
      id: number;
    }>;

  async function scenario() {
    const product = await insert(products, { code: uniq('PR'), name: '제품', type: 'FINISHED', unit: 'EA' });
    const material = await insert(materials, { code: uniq('MT'), name: '자재', type: 'RAW', unit: 'KG' });
    await insert(boms, { parentProductId: product.id, materialId: material.id, qty: 2, unit: 'KG' });
    const operation = await insert(operations, { code: uniq('OP'), name: '공정' });
    return { product, material, operation };
  }

  /** GET the BOM stock and DELETE the operation on an app. */
  async function ask(
    inject: (o: { method: 'GET' | 'DELETE'; url: string }) => Promise<{ statusCode: number; json(): any }>,
  ) {
    const s = await scenario();
    const stock = (await inject({ method: 'GET', url: `/api/bom/tree/stock/${s.product.id}/5` })).json()
      .data as BomStock;
    const deleted = await inject({ method: 'DELETE', url: `/api/operation/${s.operation.id}` });
    const left = await t.db.select().from(operations).where(eq(operations.id, s.operation.id));
    return { s, stock, deleted, left: left.length };
  }
  const headers = { authorization: `Bearer ${user.token}`, 'accept-language': 'en' };

  it('the module list: material-stock answers the BOM (no stock: short); nobody yet the operation (nothing completed)', async () => {
    const { stock, deleted, left } = await ask((o) => t.app.inject({ ...o, headers }));
    expect(stock.sufficient).toBe(false);
    expect(stock.materials.map((m) => [m.requiredQty, m.stockQty])).toEqual([[10, 0]]);
    expect(deleted.statusCode).toBe(200);
    expect(left).toBe(0);
  });

  /** The modules that answer the two questions. */
  const ANSWERING = ['material-stock', 'shipment'];

  it('nobody provides them: the fallbacks answer (stock not tracked, nothing completed)', async () => {
    const without = modules.map((m) => (ANSWERING.includes(m.name) ? { ...m, provides: [] } : m));
    const app = await buildApp({ config: t.config, database: t.database, modules: without });
    try {
      await app.ready();
      const { stock } = await ask((o) => app.inject({ ...o, headers }));
      expect(stock.sufficient).toBeNull();
      expect(stock.materials.map((m) => [m.requiredQty, m.stockQty])).toEqual([[10, null]]);
    } finally {
      await app.close();
    }
  });

  it('a module entry provides them: the BOM compares with its stock, the operation delete is refused', async () => {
    const stockModule: ModuleDefinition = {
      name: 'stock-and-production',
      routes: noRoutes,
      provides: [
        provide(bomStockProvider, async (_tx, ids) => new Map(ids.map((id) => [id, 4]))),
        provide(operationOutputProvider, async (_tx, ids) =>
          ids.map((operationId) => ({ operationId, completedQty: 3, shippedQty: 1 })),
        ),
      ],
    };
    // The list without the answers of material-stock and production-plan, plus a module answering both questions.
    const others = modules.map((m) => (ANSWERING.includes(m.name) ? { ...m, provides: [] } : m));
    const app = await buildApp({ config: t.config, database: t.database, modules: [...others, stockModule] });
    try {
      await app.ready();
      const { s, stock, deleted, left } = await ask((o) => app.inject({ ...o, headers }));
      expect(stock.sufficient).toBe(false);
      expect(stock.materials).toMatchObject([
        { materialId: s.material.id, requiredQty: 10, stockQty: 4, shortageQty: 6 },
      ]);
      expect(deleted.statusCode).toBe(409);
      expect(deleted.json()).toMatchObject({
        code: 'CONFLICT',
        extraData: { messageKey: 'operationOutputNotShipped', operationIds: [s.operation.id] },
      });
      expect(left).toBe(1);
    } finally {
      await app.close();
    }
  });
});
