import { eq } from 'drizzle-orm';
import { type Flags, MENU_INDEX, MENU_TREE, type MenuNode, type RoleItemNode } from '@eqms/contract';
import type { Db, Tx } from '../client.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { sanitizeHtml } from '../../platform/html.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { codeCategories, codes } from '../../modules/code/code.table.ts';
import { locations } from '../../modules/location/location.table.ts';
import { notices } from '../../modules/notice/notice.table.ts';
import { todayIn } from '../../modules/notice/notice.service.ts';
import { roles } from '../../modules/role/role.table.ts';
import { userRoles, users } from '../../modules/user/user.table.ts';
import { customExtFields } from '../../modules/custom-ext/custom-ext.table.ts';
import {
  DEMO_CODES,
  DEMO_CUSTOM_FIELDS,
  DEMO_NOTICES,
  DEMO_PLACES,
  DEMO_ROLES,
  DEMO_USERS,
  type PlaceSpec,
} from './demo-data.ts';

export const DEMO_PASSWORD = 'demo1234';

export type DemoSeedResult = {
  locationIds: number[];
  roleIds: number[];
  userIds: number[];
  categoryIds: number[];
  codeIds: number[];
  noticeIds: number[];
  customFieldIds: number[];
};

const audit = { createdBy: SYSTEM_ACTOR.userId, updatedBy: SYSTEM_ACTOR.userId };
const NONE: Required<Flags> = { all: false, view: false, create: false, modify: false, delete: false };

/** A role item over the whole menu tree (as the role editor saves it); a node inherits its parent's grant. */
export function roleItemFor(grants: Record<string, Flags>): RoleItemNode[] {
  for (const name of Object.keys(grants)) {
    if (!MENU_INDEX.has(name)) throw new Error(`Unknown menu '${name}' in a demo role.`);
  }
  const build = (nodes: MenuNode[], inherited: Flags): RoleItemNode[] =>
    nodes.map((node) => {
      const flags = { ...NONE, ...(grants[node.name] ?? inherited) };
      return { name: node.name, ...flags, ...(node.children ? { children: build(node.children, flags) } : {}) };
    });
  return build(MENU_TREE, NONE);
}

/** yyyy-MM-dd plus n calendar days. */
export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * The demo factory on an empty database, after seedAdmin: places, roles, the demo logins and operators,
 * the code categories the modules use, a few custom fields with values and a few notices. One transaction by
 * the system actor, so the change history shows where every row came from.
 */
export async function seedDemo(db: Db, timeZone = process.env.TZ || 'Asia/Seoul'): Promise<DemoSeedResult> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return withTx(db, SYSTEM_ACTOR, async (tx) => {
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.userId, 'admin'));
    if (!admin) throw new Error('seedDemo runs after seedAdmin: the admin user is missing.');

    const placeIds = await seedPlaces(tx, DEMO_PLACES, null, 1, new Map());
    const roleIds = new Map<string, number>();
    for (const role of DEMO_ROLES) {
      const [row] = await tx
        .insert(roles)
        .values({ name: role.name, description: role.description, roleItem: roleItemFor(role.grants), ...audit })
        .returning({ id: roles.id });
      roleIds.set(role.name, row.id);
    }

    const userIds: number[] = [];
    for (const u of DEMO_USERS) {
      const [row] = await tx
        .insert(users)
        .values({
          userId: u.userId,
          username: u.username,
          passwordHash,
          email: `${u.userId}@eqms.example`,
          phone: u.phone,
          locationId: placeId(placeIds, u.place),
          ext: u.ext ?? null,
          ...audit,
        })
        .returning({ id: users.id });
      userIds.push(row.id);
      if (u.role) await tx.insert(userRoles).values({ userId: row.id, roleId: roleIds.get(u.role)! });
    }

    const categoryIds: number[] = [];
    const codeIds: number[] = [];
    const codeIdOf = new Map<string, number>();
    for (const [sort, cat] of DEMO_CODES.entries()) {
      const [category] = await tx
        .insert(codeCategories)
        .values({ category: cat.category, name: cat.name, description: cat.description, sort: sort + 1, ...audit })
        .returning({ id: codeCategories.id });
      categoryIds.push(category.id);
      for (const [i, code] of cat.codes.entries()) {
        const parentId = code.parent ? codeIdOf.get(`${cat.parentCategory}:${code.parent}`) : undefined;
        if (code.parent && !parentId) throw new Error(`Demo code ${cat.category}:${code.code} names a missing parent.`);
        const [row] = await tx
          .insert(codes)
          .values({
            categoryId: category.id,
            code: code.code,
            codeName: code.codeName,
            codeNameEn: code.codeNameEn,
            parentId: parentId ?? null,
            sort: i + 1,
            ...audit,
          })
          .returning({ id: codes.id });
        codeIds.push(row.id);
        codeIdOf.set(`${cat.category}:${code.code}`, row.id);
      }
    }

    const customFieldIds: number[] = [];
    for (const [i, f] of DEMO_CUSTOM_FIELDS.entries()) {
      const [row] = await tx
        .insert(customExtFields)
        .values({
          tableName: f.table,
          field: f.field,
          display: f.display,
          type: f.type,
          sequence: i + 1,
          data: f.data,
          ...audit,
        })
        .returning({ id: customExtFields.id });
      customFieldIds.push(row.id);
    }

    const today = todayIn(timeZone);
    const noticeIds: number[] = [];
    for (const n of DEMO_NOTICES) {
      const [row] = await tx
        .insert(notices)
        .values({
          title: n.title,
          contents: sanitizeHtml(n.contents),
          locationId: n.place ? placeId(placeIds, n.place) : null,
          startDt: addDays(today, n.fromDays),
          endDt: addDays(today, n.toDays),
          authorId: admin.id,
          ...audit,
        })
        .returning({ id: notices.id });
      noticeIds.push(row.id);
    }

    return {
      locationIds: [...placeIds.values()],
      roleIds: [...roleIds.values()],
      userIds,
      categoryIds,
      codeIds,
      noticeIds,
      customFieldIds,
    };
  });
}

async function seedPlaces(tx: Tx, place: PlaceSpec, parentId: number | null, sort: number, out: Map<string, number>) {
  const [row] = await tx
    .insert(locations)
    .values({
      name: place.name,
      code: place.code,
      type: place.type,
      parentId,
      sort,
      description: place.description ?? null,
      ext: place.ext ?? null,
      ...audit,
    })
    .returning({ id: locations.id });
  out.set(place.code, row.id);
  for (const [i, child] of (place.children ?? []).entries()) await seedPlaces(tx, child, row.id, i + 1, out);
  return out;
}

function placeId(placeIds: Map<string, number>, code: string) {
  const id = placeIds.get(code);
  if (!id) throw new Error(`Demo data names an unknown location code '${code}'.`);
  return id;
}
