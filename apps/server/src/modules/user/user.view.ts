import { eq, inArray } from 'drizzle-orm';
import type { User } from '@eqms/contract';
import type { Executor } from '../../db/client.ts';
import { roles } from '../role/role.table.ts';
import { locationRefs } from '../location/location.paths.ts';
import { userRoles, users } from './user.table.ts';

type UserRow = typeof users.$inferSelect;

/** Users as the API shows them: roles, location with its parent chain, never the password hash. */
export async function userViews(db: Executor, rows: UserRow[]): Promise<User[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const roleRows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, ids));
  const locs = await locationRefs(
    db,
    rows.map((r) => r.locationId).filter((v): v is number => v != null),
  );
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    username: r.username,
    email: r.email,
    phone: r.phone,
    locationId: r.locationId,
    location: r.locationId ? (locs.get(r.locationId) ?? null) : null,
    hasImage: r.imageFileId != null,
    enabled: r.enabled,
    homePath: r.homePath,
    roles: roleRows.filter((x) => x.userId === r.id).map((x) => ({ id: x.id, name: x.name })),
    ext: r.ext ?? null,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    updatedBy: r.updatedBy,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function userViewById(db: Executor, id: number): Promise<User | null> {
  const rows = await db.select().from(users).where(eq(users.id, id));
  return (await userViews(db, rows))[0] ?? null;
}
