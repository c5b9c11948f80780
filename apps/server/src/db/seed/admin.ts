import { count, eq } from 'drizzle-orm';
import { fullRoleItem } from '@eqms/contract';
import type { Db, Executor, Tx } from '../client.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { roles } from '../../modules/role/role.table.ts';
import { userRoles, users } from '../../modules/user/user.table.ts';

export const ADMIN_ROLE = '관리자';

/** The administrator role and user of an empty database. */
export async function seedAdmin(db: Db, password: string) {
  const passwordHash = await hashPassword(password);
  return withTx(db, SYSTEM_ACTOR, (tx) => seedAdminIn(tx, passwordHash));
}

/** seedAdmin inside the caller's transaction, with the password already hashed (outside it: scrypt is slow). */
export async function seedAdminIn(tx: Tx, passwordHash: string) {
  const [existing] = await tx.select().from(roles).where(eq(roles.name, ADMIN_ROLE));
  const role =
    existing ??
    (
      await tx
        .insert(roles)
        .values({
          name: ADMIN_ROLE,
          description: 'Administrator (all rights)',
          roleItem: fullRoleItem({ all: true }),
          createdBy: 'system',
          updatedBy: 'system',
        })
        .returning()
    )[0];
  const [user] = await tx
    .insert(users)
    .values({
      userId: 'admin',
      username: '관리자',
      passwordHash,
      createdBy: 'system',
      updatedBy: 'system',
    })
    .returning();
  await tx.insert(userRoles).values({ userId: user.id, roleId: role.id });
  return user;
}

export async function isEmptyDatabase(db: Executor) {
  const [{ n }] = await db.select({ n: count() }).from(users);
  return Number(n) === 0;
}
