import { eq, getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { foreignKeysOf } from '../db/foreign-keys.ts';
// The whole schema (db/schema.ts aggregates every module's tables): this test builds rows of many modules.
import * as schema from '../db/schema.ts';
import { createTestApp, uniq } from './harness.ts';
import { foreignKeyViolation, installErrorHandler } from '../platform/error-handler.ts';
import { AppError } from '../platform/errors.ts';
import { assertNotReferenced, createReferences, findReferences, type Reference } from '../platform/references.ts';
import { SYSTEM_ACTOR, withTx } from '../platform/tx.ts';

const {
  bizPartners,
  boms,
  codeCategories,
  codes,
  locations,
  materials,
  notices,
  operations,
  operPlans,
  parameters,
  products,
  routeOpers,
  routes,
  tools,
  traceData,
} = schema;

const t = await createTestApp();
// Every screen whose delete the tests below call.
const editor = await t.makeUser({
  productInfo: { all: true },
  materialInfo: { all: true },
  tools: { all: true },
  location: { all: true },
  operation: { all: true },
  route: { all: true },
  code: { all: true },
  bizPartner: { all: true },
  role: { all: true },
  user: { all: true },
  parameter: { all: true },
});
// The app's registry: every module's declarations (the entries of the module list, modules/index.ts), as app.ts
// builds it; the deletes of the referenced modules ask it.
const moduleReferences = t.app.references.all;
const registry = createReferences(moduleReferences);

const del = (url: string) =>
  t.inject({ method: 'DELETE', url, token: editor.token, headers: { 'accept-language': 'en' } });

/** The registry's 409 for deleting these ids of `table` (null when nothing refers to them). */
async function refused(table: string, ids: number[], references = registry) {
  const err = await withTx(t.db, SYSTEM_ACTOR, (tx) => assertNotReferenced(tx, references, table, ids)).then(
    () => null,
    (e: unknown) => e,
  );
  if (err === null) return null;
  expect(err).toBeInstanceOf(AppError);
  const e = err as AppError;
  expect(e.status).toBe(409);
  expect(e.code).toBe('ERROR_CONSTRAINT_VIOLATION');
  return { message: e.message, datas: e.extraData?.datas ?? [] };
}

/** The delete route answers 409 with exactly the registry's rows and message (the delete asks the registry). */
async function sameAsRoute(table: string, ids: number[], url: string) {
  const viaRegistry = await refused(table, ids);
  const viaRoute = await del(url);
  expect(viaRoute.status, JSON.stringify(viaRoute.body)).toBe(409);
  expect(viaRoute.body.code).toBe('ERROR_CONSTRAINT_VIOLATION');
  expect(viaRegistry).not.toBeNull();
  expect(viaRegistry!.datas).toEqual(viaRoute.body.extraData.datas);
  expect(viaRegistry!.message).toBe(viaRoute.body.message);
  return viaRegistry!;
}

const insert = <T extends PgTable>(table: T, values: T['$inferInsert']) =>
  withTx(
    t.db,
    SYSTEM_ACTOR,
    async (tx) =>
      (
        await tx
          .insert(table as PgTable)
          .values(values as any)
          .returning()
      )[0],
  ) as Promise<T['$inferSelect']>;

const product = (extra: Partial<typeof products.$inferInsert> = {}) => {
  const code = uniq('PR');
  return insert(products, { code, name: `제품 ${code}`, type: 'FINISHED', unit: 'EA', createdBy: 'maker', ...extra });
};
const material = (extra: Partial<typeof materials.$inferInsert> = {}) => {
  const code = uniq('MT');
  return insert(materials, { code, name: `자재 ${code}`, type: 'RAW', unit: 'KG', ...extra });
};

/** site → factory → line, and a warehouse under the factory. */
async function branch() {
  const add = (type: string, parentId: number | null) =>
    insert(locations, { name: uniq(type.toLowerCase()), type, parentId, code: uniq(type[0]), createdBy: 'maker' });
  const site = await add('SITE', null);
  const factory = await add('FACTORY', site.id);
  const line = await add('LINE', factory.id);
  const warehouse = await add('WAREHOUSE', factory.id);
  return { site, factory, line, warehouse };
}

const makeBomLine = (line: { parentProductId: number; childProductId?: number; materialId?: number }) =>
  insert(boms, { ...line, qty: 1, unit: 'EA' });
const makeOperation = () => {
  const code = uniq('OP');
  return insert(operations, { code, name: `공정 ${code}` });
};
const makeRoute = () => {
  const code = uniq('R');
  return insert(routes, { code, name: `라우팅 ${code}` });
};
const makePartner = (types: string[]) => {
  const code = uniq('BP');
  return insert(bizPartners, { code, name: `거래처 ${code}`, types });
};

const tool = (locationId: number, extra: Partial<typeof tools.$inferInsert> = {}) => {
  const code = uniq('T');
  return insert(tools, { code, name: `설비 ${code}`, locationId, createdBy: 'maker', ...extra });
};

describe('the registry of all declarations', () => {
  it('builds, and every declaration is a foreign key of the schema', () => {
    expect(registry.all.length).toBe(moduleReferences.length);
    expect(registry.of('products').map((r) => r.screen)).toEqual([
      'bom',
      'productionPlan',
      'prodStock',
      'orderInfo',
      'productStockOutRestock',
      'shipment',
      'productQualityInfo',
      'productQualityResult',
      'measurementResult',
      'claimManagement',
      'inspectionReport',
      'inspectReport',
      'dailyQualityResult',
      'moldInfo',
    ]);
    expect(registry.of(locations).map((r) => r.screen)).toEqual([
      'location',
      'user',
      'notice',
      'tools',
      'materialStock',
      'materialHistory',
      'materialHistory',
      'productionPlan',
      'stockOutRestock',
      'worker',
      'prodStock',
      'productStockOutRestock',
      'dailyQualityResult',
      'sanitationProcessCheckList',
      'sanitationProcessCheckList',
      'equipmentStock',
      'equipmentHistory',
      'equipmentHistory',
      'moldInfo',
      'moldInfo',
      'moldInfo',
      'vehicleInfo',
    ]);
  });

  it('covers every blocking foreign key, except references to files (a row owns its file)', () => {
    const declared = new Set(registry.all.map((r) => `${getTableName(r.table)}.${r.column.name}`));
    const blocking: string[] = [];
    for (const table of Object.values(schema)) {
      if (!is(table, PgTable)) continue;
      for (const fk of getTableConfig(table).foreignKeys) {
        if (fk.onDelete === 'cascade' || fk.onDelete === 'set null') continue;
        const ref = fk.reference();
        if (getTableName(ref.foreignTable) === 'files') continue;
        blocking.push(`${getTableName(table)}.${ref.columns[0].name}`);
      }
    }
    expect(blocking.filter((k) => !declared.has(k))).toEqual([]);
  });

  it('refuses a declaration that is no foreign key, names an unknown screen, or comes twice', () => {
    const bomLine = moduleReferences.find((r) => r.table === boms && r.column === boms.childProductId)!;
    expect(() => createReferences([{ ...bomLine, refers: 'materials' }])).toThrow(/no such foreign key/);
    expect(() => createReferences([{ ...bomLine, column: products.routeId }])).toThrow(/not a column of boms/);
    expect(() => createReferences([{ ...bomLine, screen: 'nowhere' }])).toThrow(/unknown screen/);
    expect(() => createReferences([bomLine, bomLine])).toThrow(/declared twice/);
  });

  it('answers nothing for ids nobody refers to, and for no ids', async () => {
    const p = await product();
    expect(await refused('products', [p.id])).toBeNull();
    expect(await refused('products', [])).toBeNull();
    expect(await findReferences(t.db, registry, 'tools', [2_000_000_000])).toEqual([]);
  });
});

describe('the three references of issue 9', () => {
  it('a product used as a child in a BOM: 409 with the parent (screen bom); not when the parent goes too', async () => {
    const parent = await product();
    const child = await product();
    await makeBomLine({ parentProductId: parent.id, childProductId: child.id });
    const blocked = await refused('products', [child.id]);
    expect(blocked).toEqual({
      message: 'Related data exists, so it cannot be changed or deleted.',
      datas: [{ screen: 'bom', id: parent.code, name: parent.name, createdBy: null, createdAt: expect.any(String) }],
    });
    expect(await refused('products', [child.id, parent.id])).toBeNull();
    await sameAsRoute('products', [child.id], `/api/product/${child.id}`);
  });

  it('a tool used in an operation plan (and by a parameter): 409 with the plan and the parameter', async () => {
    const b = await branch();
    const planned = await tool(b.line.id);
    const p = await product();
    const op = await makeOperation();
    const plan = await insert(operPlans, { productId: p.id, operationId: op.id, seq: 1, toolId: planned.id });
    const param = await insert(parameters, { toolId: planned.id, code: uniq('P'), name: '온도' });
    const blocked = await sameAsRoute('tools', [planned.id], `/api/tool/${planned.id}`);
    expect(blocked.datas).toEqual([
      { screen: 'parameter', id: param.code, name: '온도', createdBy: null, createdAt: expect.any(String) },
      { screen: 'operPlan', id: plan.id, name: `${p.code} ${p.name}`, createdBy: null, createdAt: expect.any(String) },
    ]);
  });

  it('a location holding tools: 409 with the tools (screen tools)', async () => {
    const b = await branch();
    const held = await tool(b.line.id);
    expect(await refused('locations', [b.line.id])).toEqual({
      message: 'Related data exists, so it cannot be changed or deleted.',
      datas: [{ screen: 'tools', id: held.code, name: held.name, createdBy: 'maker', createdAt: expect.any(String) }],
    });
    // The location's delete asks the registry: the tools module's declaration, no import of the tools table.
    const blocked = await sameAsRoute('locations', [b.line.id], `/api/location/${b.line.id}`);
    expect(blocked.datas.map((d) => [d.screen, d.id])).toEqual([['tools', held.code]]);
    expect((await t.db.select().from(locations).where(eq(locations.id, b.line.id))).length).toBe(1);
  });
});

describe('each delete answers through the registry, with the rows and message of its declarations', () => {
  it('materials ← BOM lines', async () => {
    const parent = await product();
    const m = await material();
    await makeBomLine({ parentProductId: parent.id, materialId: m.id });
    const r = await sameAsRoute('materials', [m.id], `/api/material/${m.id}`);
    expect(r.datas.map((d) => [d.screen, d.id])).toEqual([['bom', parent.code]]);
  });

  it('locations ← child locations (not those deleted with it), users, notices', async () => {
    const b = await branch();
    const worker = await t.makeUser({}, { locationId: b.line.id });
    const notice = await insert(notices, {
      title: uniq('notice'),
      contents: '<p>x</p>',
      locationId: b.line.id,
      startDt: '2026-01-01',
      endDt: '2026-01-02',
      authorId: worker.user.id,
      createdBy: worker.userId,
    });
    const held = await sameAsRoute('locations', [b.line.id], `/api/location/${b.line.id}`);
    expect(held.datas.map((d) => [d.screen, d.id])).toEqual([
      ['user', worker.userId],
      ['notice', notice.id],
    ]);
    const parents = await sameAsRoute('locations', [b.factory.id], `/api/location/${b.factory.id}`);
    expect(parents.datas.map((d) => d.id).sort()).toEqual([b.line.id, b.warehouse.id].sort());
    expect(await refused('locations', [b.warehouse.id])).toBeNull();
    const subtree = await refused('locations', [b.factory.id, b.warehouse.id]);
    expect(subtree!.datas.map((d) => [d.screen, d.id])).toEqual([['location', b.line.id]]);
  });

  it('operations ← route operations and operation plans', async () => {
    const op = await makeOperation();
    const route = await makeRoute();
    await insert(routeOpers, { routeId: route.id, operationId: op.id, seq: 1 });
    const p = await product();
    await insert(operPlans, { productId: p.id, operationId: op.id, seq: 2 });
    const r = await sameAsRoute('operations', [op.id], `/api/operation/${op.id}`);
    expect(r.datas.map((d) => [d.screen, d.id, d.name])).toEqual([
      ['route', route.code, `${route.name} #1`],
      ['operPlan', p.code, `${p.name} #2`],
    ]);
  });

  it('routes ← products', async () => {
    const route = await makeRoute();
    const p = await product({ routeId: route.id });
    const r = await sameAsRoute('routes', [route.id], `/api/route/${route.id}`);
    expect(r.datas).toEqual([
      { screen: 'productInfo', id: p.code, name: p.name, createdBy: 'maker', createdAt: expect.any(String) },
    ]);
  });

  it('code categories ← codes, codes ← child codes', async () => {
    const cat = await insert(codeCategories, { category: uniq('CAT').toUpperCase(), name: '분류' });
    const parent = await insert(codes, { categoryId: cat.id, code: 'P', codeName: '상위' });
    const child = await insert(codes, { categoryId: cat.id, code: 'C', codeName: '하위', parentId: parent.id });
    const inCategory = await sameAsRoute('code_categories', [cat.id], `/api/code/category/${cat.id}`);
    expect(inCategory.datas.map((d) => d.id)).toEqual(['P', 'C']);
    const children = await sameAsRoute('codes', [parent.id], `/api/code/${parent.id}`);
    expect(children.datas.map((d) => [d.screen, d.id, d.name])).toEqual([['code', 'C', '하위']]);
    expect(await refused('codes', [child.id])).toBeNull();
  });

  it('business partners ← materials (their supplier)', async () => {
    const partner = await makePartner(['SUPPLIER']);
    const m = await material({ supplierId: partner.id });
    const r = await sameAsRoute('biz_partners', [partner.id], `/api/biz-partner/${partner.id}`);
    expect(r.datas.map((d) => [d.screen, d.id])).toEqual([['materialInfo', m.code]]);
  });

  it('roles ← the users holding them (through user_roles)', async () => {
    const holder = await t.makeUser({ notice: { view: true } });
    const r = await sameAsRoute('roles', [holder.role.id], `/api/role/${holder.role.id}`);
    expect(r.datas.map((d) => [d.screen, d.id])).toEqual([['user', holder.userId]]);
  });

  it('users ← the notices they wrote', async () => {
    const author = await t.makeUser({});
    const notice = await insert(notices, {
      title: uniq('notice'),
      contents: '<p>x</p>',
      startDt: '2026-01-01',
      endDt: '2026-01-31',
      authorId: author.user.id,
      createdBy: author.userId,
    });
    const r = await sameAsRoute('users', [author.user.id], `/api/user/${author.user.id}`);
    expect(r.datas.map((d) => [d.screen, d.id])).toEqual([['notice', notice.id]]);
  });

  it('parameters ← their collected values (listed as the parameter, with its own message)', async () => {
    const b = await branch();
    const measuring = await tool(b.line.id);
    const param = await insert(parameters, { toolId: measuring.id, code: uniq('P'), name: '압력' });
    await withTx(t.db, SYSTEM_ACTOR, (tx) =>
      tx.insert(traceData).values({ parameterId: param.id, ts: new Date(), value: 1 }),
    );
    const r = await sameAsRoute('parameters', [param.id], `/api/parameter/${param.id}`);
    expect(r.message).toBe('Cannot delete a parameter that has data.');
    expect(r.datas.map((d) => [d.screen, d.id, d.name])).toEqual([
      ['parameter', param.code, `압력 (${measuring.code})`],
    ]);
  });
});

describe('a reference nobody declared: the foreign key alone', () => {
  /** A bare app with the platform's error handler, deleting through a registry that lacks the tools' declarations. */
  async function bareApp(references = createReferences(moduleReferences.filter((r: Reference) => r.table !== tools))) {
    const app = Fastify();
    installErrorHandler(app, { foreignKeys: foreignKeysOf(schema) });
    app.delete<{ Params: { id: string } }>('/locations/:id', async (req) => {
      const id = Number(req.params.id);
      await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
        await assertNotReferenced(tx, references, 'locations', [id]);
        await tx.delete(locations).where(eq(locations.id, id));
      });
      return { data: null };
    });
    app.post<{ Body: { locationId: number } }>('/tools', async (req) => {
      await tool(req.body.locationId);
      return { data: null };
    });
    await app.ready();
    return app;
  }

  it('the real app, built from a module list whose tool entry registers no references: 409 from the foreign key', async () => {
    // Same database and secret: the editor's session is valid on this app too.
    const unregistered = await buildApp({
      config: t.config,
      database: t.database,
      modules: t.app.modules.map((m) => (m.name === 'tool' ? { ...m, references: undefined } : m)),
    });
    try {
      await unregistered.ready();
      expect(unregistered.references.of(locations).map((r) => r.screen)).toEqual([
        'location',
        'user',
        'notice',
        'materialStock',
        'materialHistory',
        'materialHistory',
        'productionPlan',
        'stockOutRestock',
        'worker',
        'prodStock',
        'productStockOutRestock',
        'dailyQualityResult',
        'sanitationProcessCheckList',
        'sanitationProcessCheckList',
        'equipmentStock',
        'equipmentHistory',
        'equipmentHistory',
        'moldInfo',
        'moldInfo',
        'moldInfo',
        'vehicleInfo',
      ]);
      const b = await branch();
      const held = await tool(b.line.id);
      const res = await unregistered.inject({
        method: 'DELETE',
        url: `/api/location/${b.line.id}`,
        headers: { authorization: `Bearer ${editor.token}`, 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        status: 409,
        code: 'ERROR_CONSTRAINT_VIOLATION',
        message: 'Related data exists, so it cannot be changed or deleted.',
        extraData: { datas: [] },
      });
      expect((await t.db.select().from(locations).where(eq(locations.id, b.line.id))).length).toBe(1);
      // The app built from the whole module list answers the same delete with the tool.
      const listed = await del(`/api/location/${b.line.id}`);
      expect(listed.status).toBe(409);
      expect(listed.body.extraData.datas.map((d: { id: string }) => d.id)).toEqual([held.code]);
    } finally {
      await unregistered.close();
    }
  });

  it('a delete only the foreign key blocks answers 409 ERROR_CONSTRAINT_VIOLATION (no rows), never 500', async () => {
    const app = await bareApp();
    const b = await branch();
    await tool(b.line.id);
    const res = await app.inject({ method: 'DELETE', url: `/locations/${b.line.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: 409,
      code: 'ERROR_CONSTRAINT_VIOLATION',
      message: 'Related data exists, so it cannot be changed or deleted.',
      extraData: { datas: [] },
    });
    // With the declaration the registry answers first, with the rows.
    expect((await refused('locations', [b.line.id]))!.datas).toHaveLength(1);
    // And a location nothing refers to is deleted.
    const free = await branch();
    expect((await app.inject({ method: 'DELETE', url: `/locations/${free.warehouse.id}` })).statusCode).toBe(200);
    await app.close();
  });

  it('an insert naming a missing row answers 400 VALIDATION_ERROR on the field, never 500', async () => {
    const app = await bareApp();
    const res = await app.inject({
      method: 'POST',
      url: '/tools',
      payload: { locationId: 2_000_000_000 },
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      extraData: { fields: [{ field: 'locationId' }] },
    });
    await app.close();
  });

  it('tells the two kinds apart by the key in the detail, in any server language', () => {
    const foreignKeys = foreignKeysOf(schema);
    const constraint = 'boms_child_product_id_products_id_fk';
    expect(foreignKeys.get(constraint)).toMatchObject({ table: 'boms', columns: ['child_product_id'] });
    // Korean server messages (lc_messages = ko_KR): only the key part is the same as in English.
    const missing = { code: '23503', constraint, message: '…', detail: '키 (child_product_id)=(7) 값은 …' };
    const referenced = { code: '23503', constraint, message: '…', detail: '키 (id)=(7) 값은 여전히 …' };
    expect(foreignKeyViolation(missing, foreignKeys)).toEqual({ kind: 'missing', field: 'childProductId' });
    expect(foreignKeyViolation(referenced, foreignKeys)).toEqual({ kind: 'referenced' });
    // Unknown constraint: the English message decides; nothing known at all is a 409.
    expect(
      foreignKeyViolation({ message: 'insert or update on table "x" violates…', detail: 'Key (parent_id)=(1) is…' }),
    ).toEqual({ kind: 'missing', field: 'parentId' });
    expect(foreignKeyViolation({})).toEqual({ kind: 'referenced' });
  });
});
