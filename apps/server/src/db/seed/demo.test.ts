import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../rows.ts';
import { materialHistories, materialStocks } from '../../modules/material-stock/material-stock.table.ts';
import { can, type Permissions, productCreateBody } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import { codeCategories, codes } from '../../modules/code/code.table.ts';
import { checkExtValues } from '../../modules/custom-ext/custom-ext.service.ts';
import { customExtFields } from '../../modules/custom-ext/custom-ext.table.ts';
import { changeHistory } from '../../modules/history/history.table.ts';
import { locations } from '../../modules/location/location.table.ts';
import { notices } from '../../modules/notice/notice.table.ts';
import { addDays, todayIn } from '../../platform/dates.ts';
import { roles } from '../../modules/role/role.table.ts';
import { userRoles, users } from '../../modules/user/user.table.ts';
import { workers } from '../../modules/worker/worker.table.ts';
import { createTestApp } from '../../test/harness.ts';
import { isBizRegNo, isCorpRegNo, isEmail, isPhoneChars } from '@eqms/contract';
import { bizPartnerContacts, bizPartners } from '../../modules/biz-partner/biz-partner.table.ts';
import { boms } from '../../modules/bom/bom.table.ts';
import { materials } from '../../modules/material/material.table.ts';
import { operPlans } from '../../modules/oper-plan/oper-plan.table.ts';
import { operations } from '../../modules/operation/operation.table.ts';
import { parameters } from '../../modules/parameter/parameter.table.ts';
import { products } from '../../modules/product/product.table.ts';
import { routeOpers, routes } from '../../modules/route/route.table.ts';
import { toolInspectHistories, tools } from '../../modules/tool/tool.table.ts';
import { seedAdmin } from './admin.ts';
import { DEMO_LOGINS } from './demo-logins.ts';
import { DEMO_PASSWORD, seedDemo } from './demo.ts';

const t = await createTestApp();

// The test snapshot has no users: make the administrator first, as initialData() does.
const [existingAdmin] = await t.db.select().from(users).where(eq(users.userId, 'admin'));
if (!existingAdmin) await seedAdmin(t.db, 'admin1234');
const seeded = await seedDemo(t.db, t.config.timeZone, t.config.demoTraceHours);

const PARENT_TYPES: Record<string, (string | null)[]> = {
  SITE: [null],
  FACTORY: ['SITE'],
  LINE: ['FACTORY'],
  WAREHOUSE: ['FACTORY'],
  SHELF: ['WAREHOUSE'],
};

async function loginAs(userId: string, password = DEMO_PASSWORD) {
  const res = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { userId, password } });
  expect(res.status, userId).toBe(200);
  return {
    token: String(res.headers.authorization).replace('Bearer ', ''),
    permissions: res.body.data.permissions as Permissions,
  };
}

describe('seedDemo', () => {
  it('makes a site with two factories, their lines, warehouses and shelves, all placed by the rules', async () => {
    const rows = await t.db.select().from(locations).where(inArray(locations.id, seeded.locationIds));
    const byType = (type: string) => rows.filter((r) => r.type === type);
    expect(rows).toHaveLength(23);
    expect(byType('SITE')).toHaveLength(1);
    expect(byType('FACTORY')).toHaveLength(2);
    expect(byType('LINE')).toHaveLength(5);
    expect(byType('WAREHOUSE')).toHaveLength(4);
    expect(byType('SHELF')).toHaveLength(11);

    const typeOf = new Map(rows.map((r) => [r.id, r.type]));
    for (const r of rows) {
      expect(r.code, r.name).toBeTruthy();
      const parentType = r.parentId == null ? null : (typeOf.get(r.parentId) ?? 'outside the demo');
      expect(PARENT_TYPES[r.type], `${r.name} (${r.type}) under ${parentType}`).toContain(parentType);
    }
    for (const factory of byType('FACTORY')) {
      const children = rows.filter((r) => r.parentId === factory.id);
      expect(children.filter((r) => r.type === 'LINE').length).toBeGreaterThanOrEqual(2);
      expect(children.filter((r) => r.type === 'WAREHOUSE').length).toBeGreaterThanOrEqual(1);
    }
    for (const warehouse of byType('WAREHOUSE')) {
      const shelves = rows.filter((r) => r.parentId === warehouse.id);
      expect(shelves.length).toBeGreaterThanOrEqual(2);
      expect(shelves.length).toBeLessThanOrEqual(4);
    }
  });

  it('makes the three roles, the demo logins with their roles and places, and the operators', async () => {
    const roleRows = await t.db.select().from(roles).where(inArray(roles.id, seeded.roleIds));
    expect(roleRows.map((r) => r.name).sort()).toEqual(['생산', '창고', '품질'].sort());

    const userRows = await t.db.select().from(users).where(inArray(users.id, seeded.userIds));
    expect(userRows).toHaveLength(15);
    for (const u of userRows) {
      expect(u.email).toBe(`${u.userId}@eqms.example`);
      expect(u.phone).toMatch(/^010-\d{4}-\d{4}$/);
      expect(u.locationId).not.toBeNull();
      expect(u.username).toMatch(/^[가-힣]+$/);
    }
    const placeOf = async (userId: string) => {
      const [row] = await t.db
        .select({ type: locations.type })
        .from(users)
        .innerJoin(locations, eq(locations.id, users.locationId))
        .where(eq(users.userId, userId));
      return row.type;
    };
    expect(await placeOf('prod01')).toBe('LINE');
    expect(await placeOf('wh01')).toBe('WAREHOUSE');
    expect(await placeOf('qc01')).toBe('FACTORY');

    const assigned = await t.db
      .select({ userId: users.userId, role: roles.name })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(inArray(users.id, seeded.userIds));
    expect(assigned.sort((a, b) => a.userId.localeCompare(b.userId))).toEqual([
      { userId: 'prod01', role: '생산' },
      { userId: 'qc01', role: '품질' },
      { userId: 'wh01', role: '창고' },
    ]);
  });

  it('lets every demo login sign in with its documented password and rights', async () => {
    for (const { userId, password } of DEMO_LOGINS) await loginAs(userId, password);

    const prod = (await loginAs('prod01')).permissions;
    expect(can(prod, 'productionPlan', 'create')).toBe(true);
    expect(can(prod, 'productionProfit', 'modify')).toBe(true);
    expect(can(prod, 'bom', 'delete')).toBe(true);
    expect(can(prod, 'trend', 'view')).toBe(true);
    expect(can(prod, 'materialStock', 'view')).toBe(true);
    expect(can(prod, 'materialStock', 'create')).toBe(false);
    expect(can(prod, 'notice', 'view')).toBe(true);
    expect(can(prod, 'notice', 'create')).toBe(false);
    expect(can(prod, 'quality', 'view')).toBe(false);
    expect(can(prod, 'user', 'view')).toBe(false);

    const wh = (await loginAs('wh01')).permissions;
    expect(can(wh, 'materialStock', 'delete')).toBe(true);
    expect(can(wh, 'shipment', 'modify')).toBe(true);
    expect(can(wh, 'shipment', 'delete')).toBe(false);
    expect(can(wh, 'prodStock', 'create')).toBe(true);
    expect(can(wh, 'productionPlan', 'view')).toBe(false);

    const qc = (await loginAs('qc01')).permissions;
    expect(can(qc, 'productQualityResult', 'create')).toBe(true);
    expect(can(qc, 'ccpMonitoring', 'delete')).toBe(true);
    expect(can(qc, 'record', 'modify')).toBe(true);
    expect(can(qc, 'productionPlan', 'view')).toBe(true);
    expect(can(qc, 'productionPlan', 'modify')).toBe(false);
  });

  it('makes the code categories, with equipment sub-types under their types', async () => {
    const cats = await t.db.select().from(codeCategories).where(inArray(codeCategories.id, seeded.categoryIds));
    expect(cats.map((c) => c.category).sort()).toEqual(
      [
        'UNIT',
        'PRODUCT_TYPE',
        'MATERIAL_TYPE',
        'BIZ_PARTNER_TYPE',
        'DEFECT_TYPE',
        'EQUIPMENT_TYPE',
        'EQUIPMENT_SUB_TYPE',
        'INSPECTION_METHOD',
        'CCP_TYPE',
        'TOOL_TYPE',
        'OPERATION_TYPE',
        'WORK_SHIFT',
      ].sort(),
    );
    const rows = await t.db
      .select({
        id: codes.id,
        category: codeCategories.category,
        code: codes.code,
        codeName: codes.codeName,
        codeNameEn: codes.codeNameEn,
        parentId: codes.parentId,
      })
      .from(codes)
      .innerJoin(codeCategories, eq(codeCategories.id, codes.categoryId))
      .where(inArray(codes.id, seeded.codeIds))
      .orderBy(codes.categoryId, codes.sort);
    const of = (category: string) => rows.filter((r) => r.category === category);
    expect(of('UNIT').map((r) => r.code)).toEqual(['EA', 'KG', 'M', 'L', 'BOX', 'SET']);
    expect(of('DEFECT_TYPE').map((r) => r.codeName)).toEqual([
      '외관 불량',
      '치수 불량',
      '기능 불량',
      '이물 혼입',
      '포장 불량',
    ]);
    expect(of('TOOL_TYPE').map((r) => r.code)).toEqual([
      'INJECTION',
      'PRESS',
      'ASSEMBLY',
      'PACKING',
      'INSPECTION',
      'RACK',
    ]);
    expect(of('WORK_SHIFT').map((r) => r.codeName)).toEqual(['주간', '야간']);
    for (const r of rows) expect(r.codeNameEn, r.code).toBeTruthy();

    const typeIds = new Set(of('EQUIPMENT_TYPE').map((r) => r.id));
    expect(of('EQUIPMENT_SUB_TYPE').length).toBeGreaterThan(0);
    for (const sub of of('EQUIPMENT_SUB_TYPE')) expect(typeIds.has(sub.parentId!), sub.code).toBe(true);
    for (const typ of of('EQUIPMENT_TYPE'))
      expect(of('EQUIPMENT_SUB_TYPE').some((s) => s.parentId === typ.id)).toBe(true);
  });

  it('posts notices for everyone and per factory, one expired, reaching the right people today', async () => {
    const rows = await t.db.select().from(notices).where(inArray(notices.id, seeded.noticeIds));
    expect(rows).toHaveLength(5);
    const today = todayIn(t.config.timeZone);
    const current = rows.filter((r) => r.startDt <= today && r.endDt >= today);
    expect(rows.filter((r) => r.endDt < today)).toHaveLength(1);
    expect(current.filter((r) => r.locationId == null)).toHaveLength(2);
    const [admin] = await t.db.select().from(users).where(eq(users.userId, 'admin'));
    expect(rows.every((r) => r.authorId === admin.id)).toBe(true);
    const factories = await t.db
      .select({ id: locations.id })
      .from(locations)
      .where(and(inArray(locations.id, seeded.locationIds), eq(locations.type, 'FACTORY')));
    expect(
      current
        .map((r) => r.locationId)
        .filter((v) => v != null)
        .sort(),
    ).toEqual(factories.map((f) => f.id).sort());

    const postsOf = async (userId: string) => {
      const { token } = await loginAs(userId);
      const res = await t.inject({ method: 'GET', url: '/api/notice/notices/posts', token });
      return (res.body.data as { id: number; title: string }[])
        .filter((p) => seeded.noticeIds.includes(p.id))
        .map((p) => p.title);
    };
    expect((await postsOf('prod01')).sort()).toEqual(
      ['eQMS 시스템 사용 안내', '하계 안전 교육 실시 안내', '제1공장 사출기 정기 점검'].sort(),
    );
    expect((await postsOf('op05')).sort()).toEqual(
      ['eQMS 시스템 사용 안내', '하계 안전 교육 실시 안내', '제2공장 포장재 변경 안내'].sort(),
    );
  });

  it('adds custom fields whose seeded values pass the same checks as a form', async () => {
    const fields = await t.db.select().from(customExtFields).where(inArray(customExtFields.id, seeded.customFieldIds));
    expect(fields.map((f) => `${f.tableName}.${f.field}`).sort()).toEqual([
      'biz_partners.paymentTerms',
      'locations.building',
      'users.employeeNo',
      'users.shift',
    ]);
    const userRows = await t.db.select().from(users).where(inArray(users.id, seeded.userIds));
    const placeRows = await t.db.select().from(locations).where(inArray(locations.id, seeded.locationIds));
    expect(userRows.filter((u) => u.ext).length).toBeGreaterThanOrEqual(6);
    expect(placeRows.filter((l) => l.ext).length).toBeGreaterThanOrEqual(2);
    // The shared test database may hold other tests' custom fields: check only the demo's own keys.
    for (const u of userRows) await expect(checkExtValues(t.db, 'users', u.ext), u.userId).resolves.toEqual([]);
    for (const l of placeRows) await expect(checkExtValues(t.db, 'locations', l.ext), l.name).resolves.toEqual([]);
    const partnerRows = await t.db.select().from(bizPartners).where(inArray(bizPartners.id, seeded.bizPartnerIds));
    expect(partnerRows.filter((p) => p.ext).length).toBeGreaterThanOrEqual(10);
    for (const p of partnerRows) {
      await expect(checkExtValues(t.db, 'biz_partners', p.ext), p.code).resolves.toEqual([]);
    }
  });

  it('places about twenty line tools and a few warehouse racks, each under a line or warehouse, with managers', async () => {
    const rows = await t.db
      .select({ code: tools.code, type: tools.type, managerId: tools.managerId, placeType: locations.type })
      .from(tools)
      .innerJoin(locations, eq(locations.id, tools.locationId))
      .where(inArray(tools.id, seeded.toolIds));
    expect(rows).toHaveLength(26);
    for (const r of rows) expect(['LINE', 'WAREHOUSE'], r.code).toContain(r.placeType);
    const racks = rows.filter((r) => r.type === 'RACK');
    expect(racks).toHaveLength(5);
    expect(racks.every((r) => r.placeType === 'WAREHOUSE')).toBe(true);
    expect(rows.filter((r) => r.placeType === 'LINE')).toHaveLength(21);
    expect(rows.every((r) => r.managerId != null && seeded.userIds.includes(r.managerId))).toBe(true);
    const types = await t.db
      .select({ code: codes.code })
      .from(codes)
      .innerJoin(codeCategories, eq(codeCategories.id, codes.categoryId))
      .where(eq(codeCategories.category, 'TOOL_TYPE'));
    const known = new Set(types.map((c) => c.code));
    for (const r of rows) expect(known.has(r.type!), r.code).toBe(true);
    const history = await t.db
      .select()
      .from(toolInspectHistories)
      .where(inArray(toolInspectHistories.id, seeded.toolInspectionIds));
    expect(history.length).toBeGreaterThanOrEqual(5);
    expect(history.every((h) => seeded.toolIds.includes(h.toolId))).toBe(true);
  });

  it('has operations of every type and routes whose operations run in sequence', async () => {
    const ops = await t.db.select().from(operations).where(inArray(operations.id, seeded.operationIds));
    expect(ops).toHaveLength(13);
    expect(new Set(ops.map((o) => o.type))).toEqual(
      new Set(['PROCESSING', 'ASSEMBLY', 'INSPECTION', 'PACKAGING', 'OUTSOURCING']),
    );
    expect(ops.every((o) => /^OP-\d{3}$/.test(o.code))).toBe(true);
    const routeRows = await t.db.select().from(routes).where(inArray(routes.id, seeded.routeIds));
    expect(routeRows).toHaveLength(5);
    const steps = await t.db.select().from(routeOpers).where(inArray(routeOpers.id, seeded.routeOperIds));
    for (const r of routeRows) {
      const seqs = steps.filter((s) => s.routeId === r.id).map((s) => s.seq);
      expect(seqs.length, r.code).toBeGreaterThanOrEqual(3);
      expect(new Set(seqs).size, r.code).toBe(seqs.length);
    }
  });

  it('has customers, suppliers and outsourcers with valid numbers and contacts, some of two types', async () => {
    const api = await loginAs('prod01');
    const list = await t.inject({ method: 'GET', url: '/api/biz-partner/biz-partners', token: api.token });
    const partners = (
      list.body.data as {
        id: number;
        code: string;
        types: string[];
        bizRegNo: string | null;
        corpRegNo: string | null;
        phone: string | null;
        email: string | null;
        contacts: { phone: string | null }[];
      }[]
    ).filter((p) => seeded.bizPartnerIds.includes(p.id));
    expect(partners).toHaveLength(16);
    for (const type of ['CUSTOMER', 'SUPPLIER', 'OUTSOURCER']) {
      expect(partners.filter((p) => p.types.includes(type)).length, type).toBeGreaterThanOrEqual(3);
    }
    expect(partners.filter((p) => p.types.length === 2).length).toBeGreaterThanOrEqual(3);
    for (const p of partners) {
      expect(isBizRegNo(p.bizRegNo ?? ''), p.code).toBe(true);
      if (p.corpRegNo) expect(isCorpRegNo(p.corpRegNo), p.code).toBe(true);
      expect(isPhoneChars(p.phone ?? ''), p.code).toBe(true);
      expect(isEmail(p.email ?? ''), p.code).toBe(true);
      expect(p.contacts.length, p.code).toBeGreaterThanOrEqual(1);
      for (const c of p.contacts) if (c.phone) expect(isPhoneChars(c.phone), p.code).toBe(true);
    }
    const contacts = await t.db
      .select()
      .from(bizPartnerContacts)
      .where(inArray(bizPartnerContacts.id, seeded.bizPartnerContactIds));
    expect(contacts.length).toBe(partners.reduce((n, p) => n + p.contacts.length, 0));
    const tree = await t.inject({ method: 'GET', url: '/api/biz-partner/tree', token: api.token });
    const under = (type: string) =>
      (tree.body.data as { type: string; children: { code: string }[] }[])
        .find((n) => n.type === type)!
        .children.map((c) => c.code);
    expect(under('CUSTOMER')).toContain('BP-C005');
    expect(under('OUTSOURCER')).toContain('BP-C005');
  });

  it('has raw, subsidiary and packaging materials with barcodes, safety stocks and supplier partners', async () => {
    const rows = await t.db
      .select({ m: materials, supplierTypes: bizPartners.types })
      .from(materials)
      .innerJoin(bizPartners, eq(bizPartners.id, materials.supplierId))
      .where(inArray(materials.id, seeded.materialIds));
    expect(rows).toHaveLength(43);
    const of = (type: string) => rows.filter((r) => r.m.type === type);
    expect(of('RAW').length).toBeGreaterThanOrEqual(8);
    expect(of('RAW').every((r) => r.m.unit === 'KG')).toBe(true);
    expect(of('SUB').length).toBeGreaterThanOrEqual(15);
    expect(of('PACKAGING').length).toBeGreaterThanOrEqual(8);
    for (const { m, supplierTypes } of rows) {
      expect(m.barcode, m.code).toMatch(/^\d{13}$/);
      expect(m.safetyStock, m.code).toBeGreaterThan(0);
      expect(supplierTypes, m.code).toContain('SUPPLIER');
    }
  });

  it('gives every product a route and an operation plan from it, with tools on lines only', async () => {
    const prods = await t.db.select().from(products).where(inArray(products.id, seeded.productIds));
    expect(prods).toHaveLength(31);
    expect(prods.filter((p) => p.type === 'FINISHED')).toHaveLength(10);
    expect(prods.filter((p) => p.type === 'SEMI')).toHaveLength(21);
    expect(new Set(prods.map((p) => p.barcode)).size).toBe(31);
    // The food-contact products declare a shelf life the product form would take; the rest do not expire.
    const shelfLife = new Map(prods.map((p) => [p.code, p.shelfLifeDays]));
    expect([shelfLife.get('FG-1001'), shelfLife.get('SA-3101'), shelfLife.get('FG-2001')]).toEqual([365, 30, null]);
    for (const p of prods.filter((p) => p.shelfLifeDays != null)) {
      expect(productCreateBody.shape.shelfLifeDays.safeParse(p.shelfLifeDays).success, p.code).toBe(true);
    }
    expect(prods.filter((p) => p.type === 'FINISHED' && p.shelfLifeDays != null).length).toBeGreaterThanOrEqual(3);
    expect(prods.filter((p) => p.shelfLifeDays == null).length).toBeGreaterThan(prods.length / 2);
    const plans = await t.db
      .select({ plan: operPlans, opType: operations.type, placeType: locations.type })
      .from(operPlans)
      .innerJoin(operations, eq(operations.id, operPlans.operationId))
      .leftJoin(tools, eq(tools.id, operPlans.toolId))
      .leftJoin(locations, eq(locations.id, tools.locationId))
      .where(inArray(operPlans.id, seeded.operPlanIds));
    const steps = await t.db.select().from(routeOpers).where(inArray(routeOpers.id, seeded.routeOperIds));
    for (const p of prods) {
      expect(p.routeId, p.code).not.toBeNull();
      const mine = plans.filter((r) => r.plan.productId === p.id).sort((a, b) => a.plan.seq - b.plan.seq);
      const route = steps.filter((s) => s.routeId === p.routeId).sort((a, b) => a.seq - b.seq);
      expect(
        mine.map((r) => r.plan.operationId),
        p.code,
      ).toEqual(route.map((s) => s.operationId));
      for (const r of mine) {
        if (r.opType === 'OUTSOURCING') {
          expect(r.plan.toolId, p.code).toBeNull();
          continue;
        }
        expect(r.placeType, p.code).toBe('LINE');
        expect(r.plan.cycleTime, p.code).toBeGreaterThan(0);
        expect(r.plan.capacity, p.code).toBe(Math.round(3600 / r.plan.cycleTime!));
      }
    }
  });

  it('puts parameters with units and ordered limits on several tools', async () => {
    const rows = await t.db.select().from(parameters).where(inArray(parameters.id, seeded.parameterIds));
    expect(new Set(rows.map((r) => r.toolId)).size).toBeGreaterThanOrEqual(5);
    for (const r of rows) {
      expect(r.unit, r.code).toBeTruthy();
      expect(r.lowerLimit!, r.code).toBeLessThanOrEqual(r.target!);
      expect(r.target!, r.code).toBeLessThanOrEqual(r.upperLimit!);
    }
  });

  it('builds BOMs three levels deep without cycles, for every finished product', async () => {
    const lines = await t.db.select().from(boms).where(inArray(boms.id, seeded.bomIds));
    const prods = await t.db.select().from(products).where(inArray(products.id, seeded.productIds));
    const children = new Map<number, typeof lines>();
    for (const l of lines) children.set(l.parentProductId, [...(children.get(l.parentProductId) ?? []), l]);
    /** Levels below `id` (1 = only direct children); throws on a cycle. */
    const depth = (id: number, path: number[] = []): number => {
      if (path.includes(id)) throw new Error(`BOM cycle through ${[...path, id].join(' > ')}`);
      const mine = children.get(id) ?? [];
      if (mine.length === 0) return 0;
      return 1 + Math.max(...mine.map((l) => (l.childProductId ? depth(l.childProductId, [...path, id]) : 0)));
    };
    const finished = prods.filter((p) => p.type === 'FINISHED');
    const depths = finished.map((p) => depth(p.id));
    expect(Math.max(...depths)).toBe(3);
    expect(depths.every((d) => d >= 2)).toBe(true);
    for (const p of prods) expect(children.has(p.id), `${p.code} has a BOM`).toBe(true);
    const usedAsChild = new Set(lines.map((l) => l.childProductId).filter((v) => v != null));
    for (const p of prods.filter((x) => x.type === 'SEMI')) expect(usedAsChild.has(p.id), p.code).toBe(true);
    for (const l of lines) {
      expect(l.qty).toBeGreaterThan(0);
      expect(l.lossRate).toBeGreaterThanOrEqual(0);
      expect(l.lossRate).toBeLessThan(10);
    }
    expect(lines.some((l) => l.lossRate > 0)).toBe(true);
  });

  it('stocks every material on the raw-material shelves, some below safety stock, with sales and a month of history', async () => {
    const totals = rowsOf<{ code: string; qty: string; safety: string; ledger: string }>(
      await t.db.execute(sql`
        select m.code, coalesce(sum(s.qty), 0) as qty, m.safety_stock as safety,
          (select coalesce(sum(h.qty), 0) from material_histories h where h.material_id = m.id) as ledger
        from materials m left join material_stocks s on s.material_id = m.id
        where m.id in (${sql.join(
          seeded.materialIds.map((id: number) => sql`${id}`),
          sql`, `,
        )})
        group by m.id`),
    );
    expect(totals).toHaveLength(seeded.materialIds.length);
    expect(totals.every((r) => Number(r.qty) > 0 && Number(r.qty) === Number(r.ledger))).toBe(true);
    expect(totals.filter((r) => Number(r.qty) < Number(r.safety)).length).toBeGreaterThanOrEqual(5);
    expect(seeded.materialSaleIds.length).toBeGreaterThanOrEqual(4);
    const days = rowsOf<{ n: string }>(
      await t.db.execute(sql`select count(distinct day) as n from material_histories`),
    );
    expect(Number(days[0].n)).toBeGreaterThanOrEqual(15);
    const expired = await t.db.select().from(materialStocks).where(inArray(materialStocks.id, seeded.materialStockIds));
    expect(expired.some((s) => s.expiryDate != null && s.expiryDate < todayIn(t.config.timeZone))).toBe(true);
  });

  it('plans four weeks of production (two back to next week) on the lines of the products’ first tools, spread over the weekdays', async () => {
    const plans = rowsOf<{
      id: number;
      code: string;
      qty: string;
      line_type: string;
      ops: string;
      days: string;
      sum: string;
    }>(
      await t.db.execute(sql`
        select p.id, pr.code, p.qty, l.type as line_type,
          (select count(*) from production_oper_plans o where o.plan_id = p.id) as ops,
          (select count(distinct d.day) from daily_plans d where d.plan_id = p.id) as days,
          (select coalesce(sum(d.target_qty), 0) from daily_plans d
             join production_oper_plans o on o.id = d.oper_plan_id where d.plan_id = p.id and o.seq = 1) as sum
        from production_plans p join products pr on pr.id = p.product_id join locations l on l.id = p.line_id
        where p.id in (${sql.join(
          seeded.productionPlanIds.map((id: number) => sql`${id}`),
          sql`, `,
        )})`),
    );
    expect(plans).toHaveLength(32);
    expect(new Set(plans.map((p) => p.code)).size).toBe(8);
    for (const p of plans) {
      expect(p.line_type, p.code).toBe('LINE');
      expect(Number(p.ops), p.code).toBeGreaterThanOrEqual(1);
      expect(Number(p.days), p.code).toBe(5);
      expect(Number(p.sum), p.code).toBe(Number(p.qty));
    }
    // Worked up to today: every daily plan before today completed, none after today started.
    const today = todayIn(t.config.timeZone);
    const worked = rowsOf<{ early: string; late: string }>(
      await t.db.execute(sql`select
        count(*) filter (where day < ${today} and status <> 'WORK_COMPLETED') as early,
        count(*) filter (where day > ${today} and (status <> 'PLAN_COMPLETED' or good_qty > 0)) as late
        from daily_plans`),
    );
    expect([Number(worked[0].early), Number(worked[0].late)]).toEqual([0, 0]);
  });

  it('works the days up to today: material released and consumed, lots in product stock, quantities conserved', async () => {
    expect(seeded.resultCount).toBeGreaterThan(100);
    const [m] = rowsOf<{ released: string; consumed: string; restocked: string; at_line: string; bad_line: string }>(
      await t.db.execute(sql`select sum(released_qty) as released, sum(consumed_qty) as consumed,
        sum(restocked_qty) as restocked, sum(qty) as at_line,
        count(*) filter (where qty <> released_qty - restocked_qty - consumed_qty) as bad_line
        from production_material_stocks`),
    );
    expect(Number(m.consumed)).toBeGreaterThan(0);
    expect(Number(m.bad_line)).toBe(0);
    expect(Math.abs(Number(m.released) - Number(m.consumed) - Number(m.restocked) - Number(m.at_line))).toBeLessThan(
      1e-6,
    );
    // Each plan that made something has its lot; its stock equals what its last operation made (before adjustments).
    const lotRows = rowsOf<{ lot_id: string; made: string; stocked: string }>(
      await t.db.execute(sql`select l.lot_id,
        (select sum(d.good_qty) from daily_plans d join production_oper_plans o on o.id = d.oper_plan_id
           where d.plan_id = l.plan_id and o.seq = (select max(seq) from production_oper_plans x where x.plan_id = l.plan_id)) as made,
        (select sum(h.qty) from product_stock_histories h join product_stocks s on s.id = h.product_stock_id
           where s.lot_row_id = l.id and h.type = 'PRODUCE') as stocked
        from lots l where l.plan_id is not null`),
    );
    expect(lotRows.length).toBeGreaterThanOrEqual(16);
    for (const l of lotRows) expect(Number(l.stocked), l.lot_id).toBe(Number(l.made));
    // A stock-take corrected two lots and discarded one; every stock row equals its ledger.
    const [moves] = rowsOf<{ adjusted: string; disposed: string; off: string }>(
      await t.db.execute(sql`select
        (select count(*) from product_stocks where adjusted_qty is not null) as adjusted,
        (select count(*) from product_stocks where disposed and qty = 0) as disposed,
        (select count(*) from product_stocks s where s.qty <> (select coalesce(sum(h.qty), 0)
           from product_stock_histories h where h.product_stock_id = s.id)) as off`),
    );
    expect([Number(moves.adjusted), Number(moves.disposed), Number(moves.off)]).toEqual([2, 1, 0]);
    // Defects are recorded by type and add up to the bad quantities (an outsourcer's receipt reports its bad count
    // without types).
    const [d] = rowsOf<{ off: string; n: string }>(
      await t.db.execute(sql`select count(*) as n, count(*) filter (where d.bad_qty <> coalesce(
        (select sum(x.qty) from daily_plan_defects x where x.daily_plan_id = d.id), 0)) as off
        from daily_plans d where d.bad_qty > 0
          and not exists (select 1 from out_sourcings o where o.daily_plan_id = d.id)`),
    );
    expect(Number(d.n)).toBeGreaterThan(0);
    expect(Number(d.off)).toBe(0);
  });

  it('makes two or three workers on every line of both factories, each placed at their line, and one unassigned', async () => {
    const rows = await t.db
      .select({ worker: workers, login: users.userId, placeId: users.locationId })
      .from(workers)
      .innerJoin(users, eq(users.id, workers.userId))
      .where(inArray(workers.id, seeded.workerIds));
    expect(rows).toHaveLength(12);
    const lineRows = await t.db
      .select()
      .from(locations)
      .where(and(inArray(locations.id, seeded.locationIds), eq(locations.type, 'LINE')));
    expect(lineRows).toHaveLength(5);
    for (const line of lineRows) {
      const on = rows.filter((r) => r.worker.lineId === line.id);
      expect(on.length, line.code ?? line.name).toBeGreaterThanOrEqual(2);
      expect(on.length, line.code ?? line.name).toBeLessThanOrEqual(3);
      // The worker's line is where their profile places them.
      for (const r of on) expect(r.placeId, r.login).toBe(line.id);
    }
    expect(rows.filter((r) => r.worker.lineId === null).map((r) => r.login)).toEqual(['op12']);
    expect(rows.every((r) => seeded.userIds.includes(r.worker.userId))).toBe(true);

    // The production login sees them on the worker screen: the tree counts them, the unassigned one apart.
    const { token, permissions } = await loginAs('prod01');
    expect(can(permissions, 'worker', 'modify')).toBe(true);
    const tree = await t.inject({ method: 'GET', url: '/api/worker/tree', token });
    expect(tree.status).toBe(200);
    const site = (tree.body.data as { code?: string; name: string; workerCount: number }[]).find(
      (n) => n.name === '본사 사업장',
    );
    expect(site?.workerCount).toBe(11);
    const unassigned = await t.inject({ method: 'GET', url: '/api/worker/no-location', token });
    expect(unassigned.body.data.map((w: { user: { userId: string } }) => w.user.userId)).toContain('op12');
  });

  it('takes orders of three customers, their products partly planned and made, some still to plan', async () => {
    const rows = rowsOf<{ partner_types: string[]; businesses: string; orders: string }>(
      await t.db.execute(sql`select p.types as partner_types, count(distinct b.id) as businesses,
        count(o.id) as orders from businesses b join biz_partners p on p.id = b.biz_partner_id
        left join orders o on o.business_id = b.id group by p.id, p.types`),
    );
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r.partner_types).toContain('CUSTOMER');
      expect(Number(r.businesses)).toBeGreaterThanOrEqual(1);
      expect(Number(r.businesses)).toBeLessThanOrEqual(2);
    }
    expect(seeded.orderIds).toHaveLength(8);
    expect(seeded.orderMaterialIds.length).toBeGreaterThanOrEqual(2);
    const [lines] = rowsOf<{ finished: string; all: string; min: string; max: string }>(
      await t.db.execute(sql`select count(*) filter (where pr.type = 'FINISHED') as finished, count(*) as all,
        min(n) as min, max(n) as max from order_products op join products pr on pr.id = op.product_id
        join (select order_id, count(*) as n from order_products group by order_id) c on c.order_id = op.order_id`),
    );
    expect(Number(lines.finished)).toBe(Number(lines.all));
    expect([Number(lines.min), Number(lines.max)]).toEqual([1, 2]);
    // About half of the finished goods' plans are made for order products.
    const [links] = rowsOf<{ linked: string; finished: string }>(
      await t.db.execute(sql`select (select count(*) from order_product_plans) as linked,
        (select count(*) from production_plans p join products pr on pr.id = p.product_id
          where pr.type = 'FINISHED') as finished`),
    );
    expect(Number(links.linked)).toBeGreaterThanOrEqual(Number(links.finished) / 3);
    expect(Number(links.linked)).toBeLessThanOrEqual((Number(links.finished) * 2) / 3);

    // The planner sees it: some fully planned and made, some partly planned, some not planned at all.
    const { token } = await t.makeUser({ orderInfo: { view: true } });
    const today = todayIn(t.config.timeZone);
    const period = await t.inject({
      method: 'GET',
      url: `/api/order-product/order-products?startDt=${addDays(today, -90)}&endDt=${addDays(today, 90)}&size=1000`,
      token,
    });
    expect(period.body.total).toBe(seeded.orderProductIds.length);
    const open = await t.inject({ method: 'GET', url: '/api/order-product/no-production', token });
    expect(open.status).toBe(200);
    type Line = { plannedQty: number; producedQty: number; remainingQty: number; qty: number };
    const all = (await t.inject({ method: 'GET', url: '/api/order-product/tree', token })).body.data as unknown[];
    expect(all).toHaveLength(3);
    const openLines = open.body.data as Line[];
    expect(openLines.some((l) => l.plannedQty === 0)).toBe(true);
    expect(openLines.some((l) => l.plannedQty > 0 && l.remainingQty > 0)).toBe(true);
    const done = (period.body.data as Line[]).filter((l) => l.remainingQty === 0);
    expect(done.length + openLines.length).toBe(seeded.orderProductIds.length);
    expect(done.some((l) => l.producedQty > 0)).toBe(true);
  });

  it('ships order products (one shipment cancelled), outsources two operations and consumes sub-assembly lots, so a supplier package reaches customers', async () => {
    const [n] = rowsOf<Record<string, string>>(
      await t.db.execute(sql`select
        (select count(*) from shipments) as shipments,
        (select count(*) from shipments where canceled) as canceled,
        (select count(*) from shipments where order_product_id is not null) as for_orders,
        (select count(*) from out_sourcings) as outsourced,
        (select count(*) from out_sourcings where daily_plan_id is not null) as received,
        (select count(*) from production_product_histories where type = 'CONSUME') as semi_consumed,
        (select count(*) from production_product_stocks where qty <> released_qty - restocked_qty - consumed_qty) as bad_line`),
    );
    expect(Number(n.shipments)).toBeGreaterThanOrEqual(3);
    expect(Number(n.canceled)).toBe(1);
    expect(Number(n.for_orders)).toBe(Number(n.shipments));
    expect([Number(n.outsourced), Number(n.received)]).toEqual([2, 1]);
    expect(Number(n.semi_consumed)).toBeGreaterThan(0);
    expect(Number(n.bad_line)).toBe(0);
    expect(seeded.shipmentIds).toHaveLength(Number(n.shipments));
    // Three levels: a material package consumed by a sub-assembly result, that lot consumed by a finished result,
    // whose lot went to a customer in a shipment that stands.
    const [reach] = rowsOf<{ n: string }>(
      await t.db.execute(sql`select count(*) as n from production_material_histories mh
        join daily_plans sd on sd.id = mh.daily_plan_id and mh.type = 'CONSUME'
        join lots sl on sl.plan_id = sd.plan_id
        join production_product_stocks pps on pps.lot_row_id = sl.id
        join production_product_histories ph on ph.prod_product_stock_id = pps.id and ph.type = 'CONSUME'
        join daily_plans fd on fd.id = ph.daily_plan_id
        join lots fl on fl.plan_id = fd.plan_id
        join shipment_lots shl on shl.lot_row_id = fl.id
        join shipments sh on sh.id = shl.shipment_id and not sh.canceled`),
    );
    expect(Number(reach.n)).toBeGreaterThan(0);
  });

  it('gives production, warehouse, quality and the administrator a home dashboard of 3–4 widgets over real rows', async () => {
    const logins = [
      ['prod01', DEMO_PASSWORD, '생산 현황'],
      ['wh01', DEMO_PASSWORD, '창고 현황'],
      ['qc01', DEMO_PASSWORD, '품질 현황'],
      ['admin', 'admin1234', '공장 현황'],
    ] as const;
    const [f01] = await t.db.select({ id: locations.id }).from(locations).where(eq(locations.code, 'F01'));
    const seen: number[] = [];
    for (const [userId, password, name] of logins) {
      const { token } = await loginAs(userId, password);
      const call = (url: string) => t.inject({ method: 'GET', url, token });
      const homePath = (await call('/api/settings/user')).body.data.homePath as string;
      expect(homePath, userId).toMatch(/^\/dashboard\/\d+$/);
      const id = Number(homePath.split('/')[2]);
      seen.push(id);
      expect((await call('/api/dashboard/dashboards')).body.data).toEqual([{ id, name, sort: 1 }]);
      const home = await call(`/api/dashboard/${id}`);
      expect(home.status, userId).toBe(200);
      const widgets = home.body.data.widgets as { id: string; type: string; settings: Record<string, unknown> }[];
      expect(widgets.length, userId).toBeGreaterThanOrEqual(3);
      expect(widgets.length, userId).toBeLessThanOrEqual(4);
      // Each widget's settings name rows that exist; widget-config finds each widget.
      for (const w of widgets) {
        const { locationId, toolId, parameterIds, productIds } = w.settings as Record<string, any>;
        if (locationId) expect(await t.db.select().from(locations).where(eq(locations.id, locationId))).toHaveLength(1);
        if (toolId) expect(await t.db.select().from(tools).where(eq(tools.id, toolId))).toHaveLength(1);
        if (parameterIds) {
          expect(await t.db.select().from(parameters).where(inArray(parameters.id, parameterIds))).toHaveLength(3);
        }
        if (productIds) {
          expect(await t.db.select().from(products).where(inArray(products.id, productIds))).toHaveLength(4);
        }
        const config = await call(`/api/dashboard/widget-config?weightId=${w.id}`);
        expect(config.body.data, w.id).toMatchObject({ type: w.type, dashboardId: id });
      }
      // Every home shows the demo factory F01.
      expect(
        widgets.some((w) => w.settings.locationId === f01.id),
        userId,
      ).toBe(true);
    }
    expect(seen.sort((a, b) => a - b)).toEqual([...seeded.dashboardIds].sort((a, b) => a - b));
  });

  it('records every row in the change history as made by system', async () => {
    const historyOf = (table: string, ids: number[]) =>
      t.db
        .select()
        .from(changeHistory)
        .where(and(eq(changeHistory.tableName, table), inArray(changeHistory.rowId, ids.map(String))));
    for (const [table, ids] of [
      ['locations', seeded.locationIds],
      ['roles', seeded.roleIds],
      ['users', seeded.userIds],
      ['code_categories', seeded.categoryIds],
      ['codes', seeded.codeIds],
      ['notices', seeded.noticeIds],
      ['custom_ext_fields', seeded.customFieldIds],
      ['tools', seeded.toolIds],
      ['tool_inspect_histories', seeded.toolInspectionIds],
      ['operations', seeded.operationIds],
      ['routes', seeded.routeIds],
      ['route_opers', seeded.routeOperIds],
      ['biz_partners', seeded.bizPartnerIds],
      ['biz_partner_contacts', seeded.bizPartnerContactIds],
      ['materials', seeded.materialIds],
      ['products', seeded.productIds],
      ['oper_plans', seeded.operPlanIds],
      ['parameters', seeded.parameterIds],
      ['boms', seeded.bomIds],
      ['material_sales', seeded.materialSaleIds],
      ['production_plans', seeded.productionPlanIds],
      ['workers', seeded.workerIds],
      ['businesses', seeded.businessIds],
      ['orders', seeded.orderIds],
      ['order_products', seeded.orderProductIds],
      ['order_materials', seeded.orderMaterialIds],
      ['order_product_plans', seeded.orderProductPlanIds],
      ['shipments', seeded.shipmentIds],
      ['out_sourcings', seeded.outSourcingIds],
      ['dashboards', seeded.dashboardIds],
    ] as const) {
      // One ADD per row; a row the seed worked on afterwards (a cancelled shipment, an outsourcing received) has its
      // MOD too — all by system.
      const rows = await historyOf(table, ids);
      expect(
        rows.filter((r) => r.revisionType === 'ADD'),
        table,
      ).toHaveLength(ids.length);
      expect(
        rows.every((r) => r.updateBy === 'system'),
        table,
      ).toBe(true);
    }
    const [userRow] = await historyOf('users', [seeded.userIds[0]]);
    expect(userRow.newData).not.toHaveProperty('password_hash');
  });
});

describe('seedDemo quality (issue 15)', () => {
  it('issues two inspection reports on shipped lots and two test reports on a product with a drawing; both print', async () => {
    expect(seeded.inspectionReportIds).toHaveLength(2);
    expect(seeded.testReportIds).toHaveLength(2);
    const { token } = await loginAs('qc01');
    const get = (url: string) => t.inject({ method: 'GET', url, token });
    for (const id of seeded.inspectionReportIds) {
      const r = (await get(`/api/inspection-report/${id}`)).body.data;
      expect(r).toMatchObject({ judgement: 'PASS', results: [expect.objectContaining({ stage: 'FINAL' })] });
      const pdf = await get(
        `/api/report/pdf/inspection-report/single?params=${encodeURIComponent(JSON.stringify({ id }))}`,
      );
      expect(pdf.raw.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    }
    for (const id of seeded.testReportIds) {
      expect((await get(`/api/testreport/report/${id}`)).body.data).toMatchObject({ hasDesignImage: true });
      expect((await get(`/api/report/${id}/design-image`)).headers['content-type']).toBe('image/png');
    }
  });

  it('standards, a month of results, holds and dispositions; the held lot is no shipment’s, qc01 sees them', async () => {
    const { qualityStandards, qualityResults, qualityHolds, qualityDispositions } = await import(
      '../../modules/quality/quality.table.ts'
    );
    const { shipmentLots } = await import('../../modules/shipment/shipment.table.ts');
    const { productionPlans } = await import('../../modules/production-plan/production-plan.table.ts');
    const items = await t.db
      .select()
      .from(qualityStandards)
      .where(inArray(qualityStandards.id, seeded.qualityStandardIds));
    const stages = new Set(items.map((s) => s.stage));
    expect([...stages].sort()).toEqual(['FINAL', 'INCOMING', 'IN_PROCESS']);
    const planned = await t.db
      .selectDistinct({ productId: productionPlans.productId })
      .from(productionPlans)
      .where(inArray(productionPlans.id, seeded.productionPlanIds));
    for (const p of planned) expect(items.some((s) => s.productId === p.productId && s.stage === 'FINAL')).toBe(true);

    const results = await t.db.select().from(qualityResults).where(inArray(qualityResults.id, seeded.qualityResultIds));
    const [qc] = await t.db.select({ id: users.id }).from(users).where(eq(users.userId, 'qc01'));
    const count = (stage: string, judgement?: string) =>
      results.filter((r) => r.stage === stage && (!judgement || r.judgement === judgement)).length;
    expect(count('INCOMING')).toBeGreaterThan(5);
    expect(count('IN_PROCESS')).toBeGreaterThan(5);
    expect(count('FINAL')).toBeGreaterThan(5);
    expect(count('INCOMING', 'FAIL')).toBe(3);
    expect(count('FINAL', 'FAIL')).toBe(3);
    expect(count('IN_PROCESS', 'FAIL')).toBeGreaterThan(0);
    expect(results.every((r) => r.inspectorId === qc.id && r.judgement === r.computedJudgement)).toBe(true);
    const days = results.map((r) => todayIn(t.config.timeZone, r.inspectedAt));
    expect(days.every((d) => d >= addDays(todayIn(t.config.timeZone), -31))).toBe(true);
    // Most inspections took a recorded time, some were quick entries without one (the KPI counts the timed ones).
    const timed = results.filter((r) => r.inspectionMinutes != null);
    expect(timed.length).toBeGreaterThan(results.length / 2);
    expect(timed.length).toBeLessThan(results.length);
    expect(timed.every((r) => r.inspectionMinutes! > 0 && r.inspectionMinutes! <= 60)).toBe(true);
    const today = todayIn(t.config.timeZone);
    const admin = await loginAs('admin', 'admin1234');
    const kpi = await t.inject({
      method: 'GET',
      url: `/api/atelier-kpi/inspection/minutes-per-product?startDt=${addDays(today, -30)}&endDt=${today}`,
      token: admin.token,
    });
    expect(kpi.status).toBe(200);
    expect(kpi.body.data.products.length).toBeGreaterThan(0);
    for (const p of planned)
      expect(kpi.body.data.products.find((r: { productId: number }) => r.productId === p.productId)).toMatchObject({
        minutesPerUnit: expect.any(Number),
      });
    expect(kpi.body.data.total.minutesPerInspection).toBeGreaterThan(4);

    const holds = await t.db.select().from(qualityHolds).where(inArray(qualityHolds.id, seeded.qualityHoldIds));
    const open = holds.filter((h) => h.status === 'OPEN');
    expect(open).toHaveLength(2);
    expect(open.filter((h) => h.lotRowId != null)).toHaveLength(1);
    expect(open.filter((h) => h.materialStockId != null)).toHaveLength(1);
    const dispositions = await t.db
      .select()
      .from(qualityDispositions)
      .where(inArray(qualityDispositions.holdId, seeded.qualityHoldIds));
    expect(dispositions.map((d) => d.disposition).sort()).toEqual(['ACCEPT', 'RETURN', 'REWORK', 'SCRAP']);
    expect(dispositions.find((d) => d.disposition === 'RETURN')?.qty).toBe(200);
    expect(dispositions.find((d) => d.disposition === 'SCRAP')?.qty).toBe(200);
    // Each left by its own movement of the material ledger (반품 / 폐기 in the material history).
    const moved = await t.db
      .select({ id: materialHistories.id, type: materialHistories.type })
      .from(materialHistories)
      .where(
        inArray(
          materialHistories.id,
          dispositions.flatMap((d) => (d.materialHistoryId ? [d.materialHistoryId] : [])),
        ),
      );
    expect(moved.map((m) => m.type).sort()).toEqual(['RETURN', 'SCRAP']);
    expect(holds.find((h) => h.closedByResultId != null)).toBeTruthy();

    const heldLot = open.find((h) => h.lotRowId != null)!.lotRowId!;
    expect(await t.db.select().from(shipmentLots).where(eq(shipmentLots.lotRowId, heldLot))).toEqual([]);

    const { token } = await loginAs('qc01');
    const res = await t.inject({ method: 'GET', url: '/api/product-quality-result/holds', token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((h: { lotRowId: number }) => h.lotRowId)).toContain(heldLot);
    const pkg = await t.inject({ method: 'GET', url: '/api/material-quality-result/holds', token });
    expect(pkg.body.data).toHaveLength(1);

    // Measurement files of the latest lots, uploaded by QC, one NG; the list's default period shows them.
    expect(seeded.measurementResultIds.length).toBeGreaterThanOrEqual(4);
    const measured = await t.inject({ method: 'GET', url: '/api/product-measurement-result/list', token });
    expect(measured.status).toBe(200);
    const mine = measured.body.data.filter((r: { id: number }) => seeded.measurementResultIds.includes(r.id));
    expect(mine).toHaveLength(seeded.measurementResultIds.length);
    expect(mine.filter((r: { judgement: string }) => r.judgement === 'FAIL')).toHaveLength(1);
    expect(mine.every((r: { lotId: string | null; createdBy: string }) => r.lotId && r.createdBy === 'qc01')).toBe(
      true,
    );

    // The last week's daily quality results, filled from the results: the defects add up to the failed quantity.
    expect(seeded.dailyQualityResultIds.length).toBeGreaterThan(3);
    const daily = await t.inject({
      method: 'GET',
      url: `/api/daily-quality-result?startDt=${addDays(todayIn(t.config.timeZone), -7)}`,
      token,
    });
    expect(daily.status).toBe(200);
    expect(daily.body.data).toHaveLength(seeded.dailyQualityResultIds.length);
    for (const d of daily.body.data as { failedQty: number; defects: { qty: number }[] }[])
      expect(d.defects.reduce((s, x) => s + x.qty, 0)).toBeCloseTo(d.failedQty, 5);
  });
  it('has a month of CCP monitoring: reviewed, signed and draft records, a deviation with its action, an amendment, missing checks', async () => {
    const { token } = await loginAs('qc01');
    const today = todayIn(t.config.timeZone);
    const res = await t.inject({
      method: 'GET',
      url: `/api/haccp/critical-control-point/monitoring-list?startDt=${addDays(today, -30)}&endDt=${today}`,
      token,
    });
    expect(res.status).toBe(200);
    const rows = res.body.data as {
      status: string;
      deviation: boolean;
      cause: string | null;
      amendsId: number | null;
    }[];
    expect(seeded.ccpIds).toHaveLength(3);
    expect(rows.length).toBeGreaterThan(250);
    expect(rows.filter((r) => r.status === 'REVIEWED').length).toBeGreaterThan(200);
    expect(rows.some((r) => r.status === 'SIGNED')).toBe(true);
    expect(rows.filter((r) => r.deviation)).toMatchObject([{ status: 'REVIEWED', cause: expect.any(String) }]);
    expect(rows.filter((r) => r.amendsId)).toHaveLength(1);
    expect(res.body.missing).toHaveLength(2);
  });
  it('has two weeks of sanitation check lists per area: reviewed, signed and drafts, one failed item with its note', async () => {
    const { token } = await loginAs('qc01');
    const today = todayIn(t.config.timeZone);
    const res = await t.inject({
      method: 'GET',
      url: `/api/sanitation-process-check-list/items?startDt=${addDays(today, -14)}&endDt=${today}`,
      token,
    });
    expect(res.status).toBe(200);
    const rows = res.body.data as {
      status: string;
      locationId: number;
      failedCount: number;
      items: { passed: boolean | null; note: string | null }[];
    }[];
    expect(rows).toHaveLength(seeded.sanitationCheckListIds.length);
    expect(rows).toHaveLength(15 * 3 - 1);
    expect(new Set(rows.map((r) => r.locationId)).size).toBe(3);
    expect(rows.filter((r) => r.status === 'REVIEWED')).toHaveLength(11 * 3);
    expect(rows.filter((r) => r.status === 'DRAFT')).toHaveLength(2);
    const failed = rows.filter((r) => r.failedCount > 0);
    expect(failed).toMatchObject([{ status: 'REVIEWED', failedCount: 1 }]);
    expect(failed[0].items.find((i) => i.passed === false)?.note).toEqual(expect.any(String));
  });
  it('has two weeks of visual inspections: per day and per lot, reviewed, signed and draft, one failed with its note and a photo', async () => {
    const { token } = await loginAs('qc01');
    const today = todayIn(t.config.timeZone);
    const res = await t.inject({
      method: 'GET',
      url: `/api/visual-inspection/list?startDt=${addDays(today, -14)}&endDt=${today}`,
      token,
    });
    expect(res.status).toBe(200);
    const rows = res.body.data as {
      status: string;
      result: string;
      lotId: string | null;
      checks: { passed: boolean; note: string | null }[];
      photos: { id: number }[];
    }[];
    expect(rows.length).toBeGreaterThanOrEqual(14);
    expect(rows.some((r) => r.lotId)).toBe(true);
    expect(rows.some((r) => !r.lotId)).toBe(true);
    expect(rows.filter((r) => r.status === 'REVIEWED').length).toBeGreaterThan(8);
    const failed = rows.filter((r) => r.result === 'FAIL');
    expect(failed).toHaveLength(1);
    expect(failed[0].checks.filter((c) => !c.passed).every((c) => c.note)).toBe(true);
    expect(failed[0].photos).toHaveLength(1);
    const photo = await t.inject({
      method: 'GET',
      url: `/api/visual-inspection/photo/${failed[0].photos[0].id}`,
      token,
    });
    expect(photo.headers['content-type']).toBe('image/png');
  });
});

describe('the demo vehicles (issue 16)', () => {
  it('are three with parts and histories; the alerts show one part overdue, one due by mileage, one by date', async () => {
    expect(seeded.vehicleIds).toHaveLength(3);
    expect(seeded.vehiclePartIds).toHaveLength(8);
    expect(seeded.vehiclePartHistoryIds.length).toBeGreaterThanOrEqual(6);
    const api = await t.makeUser({ vehicleInfo: { view: true } });
    const res = await t.inject({ method: 'GET', url: '/api/vehicle/maintenance-alerts', token: api.token });
    expect(res.status).toBe(200);
    const rows = res.body.data as { partName: string; plateNumber: string; status: string; dueBy: string[] }[];
    expect(rows.map((r) => [r.plateNumber, r.partName, r.status, r.dueBy])).toEqual([
      ['34나 7890', '유압 오일', 'overdue', ['date']],
      ['56다 1122', '와이퍼', 'due', ['date']],
      ['12가 3456', '엔진오일', 'due', ['km']],
    ]);
  });
});

describe('seedDemo molds and records (issue 16)', () => {
  it('places molds on shelves and presses with in/out history, one due for maintenance; record sheets with files', async () => {
    const { token } = await loginAs('admin', 'admin1234');
    const get = (url: string) => t.inject({ method: 'GET', url, token });
    expect(seeded.moldIds).toHaveLength(6);
    const molds = (await get('/api/mold/molds')).body.data as {
      id: number;
      code: string;
      mounted: boolean;
      dueForMaintenance: boolean;
      inoutCount: number;
      placePath: string;
    }[];
    const mine = molds.filter((m) => seeded.moldIds.includes(m.id));
    expect(mine).toHaveLength(6);
    expect(
      mine
        .filter((m) => m.mounted)
        .map((m) => m.code)
        .sort(),
    ).toEqual(['MD-1101', 'MD-4102']);
    expect(mine.filter((m) => m.dueForMaintenance).map((m) => m.code)).toEqual(['MD-1103']);
    expect(mine.every((m) => m.placePath.length > 0)).toBe(true);
    // The place is the last in/out's destination.
    for (const m of mine.filter((x) => x.inoutCount > 0)) {
      const [last] = (await get(`/api/mold/inout/${m.id}`)).body.data as {
        type: string;
        last: boolean;
        toPath: string;
      }[];
      expect(last.last).toBe(true);
      expect(last.toPath).toBe(m.placePath);
      expect(last.type === 'IN').toBe(m.mounted);
    }

    const tree = (await get('/api/record/tree')).body.data as { key: string; sheetCount: number }[];
    expect(tree.find((n) => n.key === 'GHACCP')?.sheetCount).toBe(3);
    const sheets = (await get('/api/record/records')).body.data as { files: { id: number; mimeType: string }[] }[];
    const withFiles = sheets.filter((s) => s.files.length);
    expect(withFiles.length).toBeGreaterThanOrEqual(3);
    const pdf = withFiles.flatMap((s) => s.files).find((f) => f.mimeType === 'application/pdf')!;
    const file = await get(`/api/record/file/${pdf.id}`);
    expect(file.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
