import { and, asc, countDistinct, eq, inArray, ne, sql } from 'drizzle-orm';
import { isAdministratorRoleItem, type Role, type RoleCreate, type RoleUpdate } from '@eqms/contract';
import type { Db, Executor, Tx } from '../../db/client.ts';
import type { Deps } from '../../platform/context.ts';
import { auditView, createdStamp, firstOr404, updatedStamp, uniqueAs } from '../../platform/crud.ts';
import { conflict, duplicate, notFound } from '../../platform/errors.ts';
import { assertNotReferenced } from '../../platform/references.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { userRoles, users } from '../user/user.table.ts';
import { roles } from './role.table.ts';

type RoleRow = typeof roles.$inferSelect;

export const ROLE_UNIQUE = { roles_name_unique: 'name' };

export const roleView = (r: RoleRow): Role => ({
  id: r.id,
  name: r.name,
  description: r.description,
  roleItem: JSON.stringify(r.roleItem),
  ...auditView(r),
});

export async function listRoles(db: Executor): Promise<Role[]> {
  const rows = await db.select().from(roles).orderBy(asc(roles.name));
  return rows.map(roleView);
}

export async function getRole(db: Executor, id: number): Promise<Role> {
  return roleView(await firstOr404(db.select().from(roles).where(eq(roles.id, id)), 'Role'));
}

async function assertNameFree(tx: Executor, name: string, exceptId?: number) {
  const where = exceptId ? and(eq(roles.name, name), ne(roles.id, exceptId)) : eq(roles.name, name);
  const [clash] = await tx.select({ id: roles.id }).from(roles).where(where);
  if (clash) throw duplicate('name');
}

export async function createRole(db: Db, actor: Actor, body: RoleCreate): Promise<Role> {
  return uniqueAs(ROLE_UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      await assertNameFree(tx, body.name);
      const [row] = await tx
        .insert(roles)
        .values({
          name: body.name,
          description: body.description ?? null,
          roleItem: body.roleItem,
          ...createdStamp(actor),
        })
        .returning();
      return roleView(row);
    }),
  );
}

export async function updateRole(db: Db, actor: Actor, body: RoleUpdate): Promise<Role> {
  return uniqueAs(ROLE_UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      await firstOr404(tx.select({ id: roles.id }).from(roles).where(eq(roles.id, body.id)), 'Role');
      await assertNameFree(tx, body.name, body.id);
      const [row] = await keepAnAdministrator(tx, () =>
        tx
          .update(roles)
          .set({
            name: body.name,
            description: body.description ?? null,
            roleItem: body.roleItem,
            ...updatedStamp(actor),
          })
          .where(eq(roles.id, body.id))
          .returning(),
      );
      return roleView(row);
    }),
  );
}

/**
 * All or nothing; a role still held by users cannot be deleted (the registry: user_roles, declared by the user
 * module, lists the users holding it); the last enabled administrator stays (keepAnAdministrator below).
 */
export async function deleteRoles({ db, references }: Deps, actor: Actor, ids: number[]): Promise<void> {
  await withTx(db, actor, async (tx) => {
    const found = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, ids));
    if (found.length !== ids.length) throw notFound('Role');
    await assertNotReferenced(tx, references, roles, ids);
    await keepAnAdministrator(tx, () => tx.delete(roles).where(inArray(roles.id, ids)));
  });
}

// The last-administrator rule. An administrator role grants `all` on the system node (contract
// isAdministratorRoleItem). Every change that could take the last one away — deleting, disabling or
// re-roling a user, editing a role — runs through keepAnAdministrator, serialised by one advisory lock so two
// concurrent changes cannot each see "another administrator is left".
const ADMINISTRATORS_LOCK = 0x45514d53;

export async function countEnabledAdministrators(tx: Executor): Promise<number> {
  const all = await tx.select({ id: roles.id, roleItem: roles.roleItem }).from(roles);
  const adminRoleIds = all.filter((r) => isAdministratorRoleItem(r.roleItem ?? [])).map((r) => r.id);
  if (adminRoleIds.length === 0) return 0;
  const [{ n }] = await tx
    .select({ n: countDistinct(users.id) })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(users.enabled, true), inArray(userRoles.roleId, adminRoleIds)));
  return Number(n);
}

/** Runs the change and undoes it (409 CONFLICT) when it leaves no enabled administrator where there was one. */
export async function keepAnAdministrator<T>(tx: Tx, change: () => Promise<T>): Promise<T> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(ADMINISTRATORS_LOCK))})`);
  const before = await countEnabledAdministrators(tx);
  const result = await change();
  if (before > 0 && (await countEnabledAdministrators(tx)) === 0) {
    throw conflict('lastAdministrator');
  }
  return result;
}
