import { inArray, sql } from 'drizzle-orm';
import type { Reference } from '../../platform/references.ts';
import { userRoles, users } from './user.table.ts';

// What users refer to (platform/references.ts): their location and, through user_roles, their roles. The photo is
// the user's own file (deleted with it); user_roles rows go with their user (FK cascade).

export const userReferences: Reference[] = [
  {
    table: users,
    column: users.locationId,
    refers: 'locations',
    screen: 'user',
    id: users.userId,
    name: users.username,
    createdBy: users.createdBy,
    createdAt: users.createdAt,
  },
  {
    // A role is held through user_roles; the dialog lists the users holding it.
    table: userRoles,
    column: userRoles.roleId,
    refers: 'roles',
    screen: 'user',
    shows: {
      table: users,
      where: (ids) =>
        sql`${users.id} in (select ${userRoles.userId} from ${userRoles} where ${inArray(userRoles.roleId, ids)})`,
    },
    id: users.userId,
    name: users.username,
    createdBy: users.createdBy,
    createdAt: users.createdAt,
  },
];
