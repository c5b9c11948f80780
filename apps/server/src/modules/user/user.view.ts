import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { User } from '@eqms/contract';
import type { Executor } from '../../db/client.ts';
import { roles } from '../role/role.table.ts';
import { type LocationRef, locationRefs } from '../location/location.paths.ts';
import { userRoles, users } from './user.table.ts';

type UserRow = typeof users.$inferSelect;

type RoleRef = { id: number; name: string };

/** Users as the API shows them: roles, location with its parent chain, never the password hash. */
export async function userViews(db: Executor, rows: UserRow[]): Promise<User[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const roleRows = await db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, ids))
    .orderBy(roles.id);
  const locs = await locationRefs(
    db,
    rows.map((r) => r.locationId).filter((v): v is number => v != null),
  );
  return rows.map((r) =>
    toUser(
      r,
      roleRows.filter((x) => x.userId === r.id).map((x) => ({ id: x.id, name: x.name })),
      locs,
    ),
  );
}

/**
 * One user, its roles read in the same statement (a JSON aggregate): the most frequent read of a user (the user
 * form, the login answer) costs one query, or two with a location, instead of three (issue 10 §6).
 */
export async function userViewById(db: Executor, id: number): Promise<User | null> {
  // The outer row's id written out: drizzle leaves a column of the selected table unqualified, and inside the
  // subquery a bare "id" would be the role's.
  const roleList = sql<RoleRef[]>`coalesce((
    select json_agg(json_build_object('id', ${roles.id}, 'name', ${roles.name}) order by ${roles.id})
    from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
    where ${userRoles.userId} = "users"."id"), '[]'::json)`;
  const [row] = await db
    .select({ ...getTableColumns(users), roleList })
    .from(users)
    .where(eq(users.id, id));
  if (!row) return null;
  const locs = await locationRefs(db, row.locationId != null ? [row.locationId] : []);
  return toUser(row, row.roleList, locs);
}

function toUser(r: UserRow, roleList: RoleRef[], locs: Map<number, LocationRef>): User {
  return {
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
    roles: roleList,
    ext: r.ext ?? null,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    updatedBy: r.updatedBy,
    updatedAt: r.updatedAt.toISOString(),
  };
}
