import { and, eq, inArray } from 'drizzle-orm';
import { can, type Permissions } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import { codeCategories, codes } from '../../modules/code/code.table.ts';
import { checkExtValues } from '../../modules/custom-ext/custom-ext.service.ts';
import { customExtFields } from '../../modules/custom-ext/custom-ext.table.ts';
import { changeHistory } from '../../modules/history/history.table.ts';
import { locations } from '../../modules/location/location.table.ts';
import { notices } from '../../modules/notice/notice.table.ts';
import { todayIn } from '../../modules/notice/notice.service.ts';
import { roles } from '../../modules/role/role.table.ts';
import { userRoles, users } from '../../modules/user/user.table.ts';
import { createTestApp } from '../../test/harness.ts';
import { seedAdmin } from './admin.ts';
import { DEMO_LOGINS } from './demo-logins.ts';
import { DEMO_PASSWORD, seedDemo } from './demo.ts';

const t = await createTestApp();

// The test snapshot has no users: make the administrator first, as initialData() does.
const [existingAdmin] = await t.db.select().from(users).where(eq(users.userId, 'admin'));
if (!existingAdmin) await seedAdmin(t.db, 'admin1234');
const seeded = await seedDemo(t.db, t.config.timeZone);

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
    expect(userRows).toHaveLength(9);
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
    expect(of('TOOL_TYPE')).toHaveLength(5);
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
    ] as const) {
      const rows = await historyOf(table, ids);
      expect(rows, table).toHaveLength(ids.length);
      expect(
        rows.every((r) => r.revisionType === 'ADD' && r.updateBy === 'system'),
        table,
      ).toBe(true);
    }
    const [userRow] = await historyOf('users', [seeded.userIds[0]]);
    expect(userRow.newData).not.toHaveProperty('password_hash');
  });
});
