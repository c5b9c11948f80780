import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import {
  LOCATION_DEPTH,
  type LocationType,
  type ProfileUpdate,
  type User,
  type UserCreate,
  type UserPick,
  type UserUpdate,
  type userListQuery,
} from '@eqms/contract';
import type { z } from 'zod';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import type { SessionService } from '../../platform/auth/sessions.ts';
import { assertKeyFree, createdStamp, firstOr404, pageOf, updatedStamp, uniqueAs } from '../../platform/crud.ts';
import { conflict, invalidField, notFound } from '../../platform/errors.ts';
import type { UploadedFile } from '../../platform/files.ts';
import { assertNotReferenced, type References } from '../../platform/references.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { validateExt } from '../custom-ext/custom-ext.service.ts';
import { files } from '../files/files.table.ts';
import { locations } from '../location/location.table.ts';
import { subtreeIds } from '../location/location.service.ts';
import { keepAnAdministrator } from '../role/role.service.ts';
import { roles } from '../role/role.table.ts';
import { userRoles, users } from './user.table.ts';
import { userViewById, userViews } from './user.view.ts';

/** The user services' dependencies: the database, the sessions (revoked on changes), the references registry. */
export type UserDeps = { db: Db; sessions: SessionService; references: References };
export type UserListQuery = z.infer<typeof userListQuery>;

export const USER_UNIQUE = { users_user_id_unique: 'userId' };
/** Users belong to a line or warehouse at most (SPEC §5 profile form: the tree is loaded down to LINE). */
const USER_LOCATION_MAX_DEPTH = LOCATION_DEPTH.LINE;

const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v || null);
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listUsers(db: Executor, q: UserListQuery): Promise<{ data: User[]; total?: number }> {
  const where: SQL[] = [];
  const text = q.q?.trim();
  if (text) {
    const p = likePattern(text);
    where.push(or(ilike(users.userId, p), ilike(users.username, p), ilike(users.email, p))!);
  }
  if (q.roleId) {
    where.push(
      inArray(users.id, db.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, q.roleId))),
    );
  }
  if (q.locationId) {
    // A location filter covers the locations below it too, as the location tree suggests.
    where.push(inArray(users.locationId, await subtreeIds(db, [q.locationId])));
  }
  const condition = where.length ? and(...where) : undefined;
  const page = pageOf(q);
  const base = db.select().from(users).where(condition).orderBy(asc(users.id)).$dynamic();
  const rows = await (page ? base.limit(page.limit).offset(page.offset) : base);
  const data = await userViews(db, rows);
  if (!page) return { data };
  const [{ n }] = await db.select({ n: count() }).from(users).where(condition);
  return { data, total: Number(n) };
}

export async function getUser(db: Executor, id: number): Promise<User> {
  const user = await userViewById(db, id);
  if (!user) throw notFound('User');
  return user;
}

/** Enabled users at the location or anywhere below it. */
/** A pick-list for any signed-in user: who works there (id, user id, name), never their contact data or roles. */
export async function workersAt(db: Executor, locationId: number): Promise<UserPick[]> {
  await firstOr404(db.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId)), 'Location');
  const ids = await subtreeIds(db, [locationId]);
  return db
    .select({ id: users.id, userId: users.userId, username: users.username })
    .from(users)
    .where(and(eq(users.enabled, true), inArray(users.locationId, ids)))
    .orderBy(asc(users.username), asc(users.id));
}

async function assertLocation(tx: Executor, locationId: number | null | undefined) {
  if (locationId == null) return;
  const [loc] = await tx.select({ type: locations.type }).from(locations).where(eq(locations.id, locationId));
  if (!loc) throw invalidField('locationId', 'notExists');
  if ((LOCATION_DEPTH[loc.type as LocationType] ?? Infinity) > USER_LOCATION_MAX_DEPTH) {
    throw invalidField('locationId', 'profileLocation');
  }
}

async function assertRoles(tx: Executor, roleIds: number[] | undefined) {
  if (!roleIds?.length) return;
  const unique = [...new Set(roleIds)];
  const found = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, unique));
  if (found.length !== unique.length) throw invalidField('roleIds', 'notExists');
}

async function setRoles(tx: Tx, userPk: number, roleIds: number[]) {
  await tx.delete(userRoles).where(eq(userRoles.userId, userPk));
  const unique = [...new Set(roleIds)];
  if (unique.length) await tx.insert(userRoles).values(unique.map((roleId) => ({ userId: userPk, roleId })));
}

export async function createUser({ db }: UserDeps, actor: Actor, body: UserCreate): Promise<User> {
  const passwordHash = await hashPassword(body.password);
  const id = await uniqueAs(USER_UNIQUE, () => withTx(db, actor, (tx) => insertUser(tx, actor, body, passwordHash)));
  return getUser(db, id);
}

/**
 * The insert of one user inside the caller's transaction (the form's create and the Excel import share it).
 * The password is hashed by the caller, outside the transaction: scrypt is slow and must not hold it open.
 */
export async function insertUser(tx: Tx, actor: Actor, body: UserCreate, passwordHash: string): Promise<number> {
  // Unique without regard to case (no "Admin" beside "admin"); login still matches the id exactly.
  await assertKeyFree(tx, users, users.id, 'userId', users.userId, body.userId);
  await assertRoles(tx, body.roleIds);
  await assertLocation(tx, body.locationId);
  const ext = await validateExt(tx, 'users', body.ext);
  const [row] = await tx
    .insert(users)
    .values({
      userId: body.userId,
      username: body.username,
      passwordHash,
      email: body.email || null,
      phone: body.phone || null,
      locationId: body.locationId ?? null,
      enabled: body.enabled,
      ext,
      ...createdStamp(actor),
    })
    .returning({ id: users.id });
  await setRoles(tx, row.id, body.roleIds);
  return row.id;
}

/**
 * A field left out keeps its value. Disabling a user or setting their password ends their sessions; nobody can
 * disable themself, and the change may not take away the last enabled administrator.
 */
export async function updateUser({ db, sessions }: UserDeps, actor: Actor, body: UserUpdate): Promise<User> {
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  await withTx(db, actor, async (tx) => {
    const current = await firstOr404(
      tx.select({ id: users.id, ext: users.ext }).from(users).where(eq(users.id, body.id)),
      'User',
    );
    if (body.enabled === false && body.id === actor.id) throw conflict('selfDisable');
    await assertRoles(tx, body.roleIds);
    await assertLocation(tx, body.locationId);
    // An omitted ext keeps the stored values.
    const ext = body.ext === undefined ? undefined : await validateExt(tx, 'users', body.ext, current.ext);
    await keepAnAdministrator(tx, async () => {
      await tx
        .update(users)
        .set({
          username: body.username,
          email: blankToNull(body.email),
          phone: blankToNull(body.phone),
          locationId: body.locationId,
          enabled: body.enabled,
          ext,
          passwordHash,
          ...updatedStamp(actor),
        })
        .where(eq(users.id, body.id));
      if (body.roleIds) await setRoles(tx, body.id, body.roleIds);
    });
  });
  if (body.enabled === false) await sessions.revokeAllOfUser(body.id, 'user disabled');
  else if (passwordHash) await sessions.revokeAllOfUser(body.id, 'password changed by an administrator');
  return getUser(db, body.id);
}

/**
 * All or nothing. Nobody deletes their own account; the last enabled administrator stays; whatever the registry says
 * refers to a user (notices they wrote, tools they manage: declared by those modules) keeps them (409 with those
 * rows). Their sessions, roles and read marks go with the user row (cascade), so the sessions end at once.
 */
export async function deleteUsers({ db, references }: UserDeps, actor: Actor, ids: number[]): Promise<void> {
  if (ids.includes(actor.id)) throw conflict('selfDelete');
  await withTx(db, actor, async (tx) => {
    const found = await tx
      .select({ id: users.id, imageFileId: users.imageFileId })
      .from(users)
      .where(inArray(users.id, ids));
    if (found.length !== ids.length) throw notFound('User');
    await assertNotReferenced(tx, references, users, ids);
    await keepAnAdministrator(tx, () => tx.delete(users).where(inArray(users.id, ids)));
    const photos = found.map((u) => u.imageFileId).filter((v): v is number => v != null);
    if (photos.length) await tx.delete(files).where(inArray(files.id, photos));
  });
}

export async function resetPassword(
  { db, sessions }: UserDeps,
  actor: Actor,
  id: number,
  password: string,
): Promise<User> {
  const passwordHash = await hashPassword(password);
  await withTx(db, actor, async (tx) => {
    await firstOr404(tx.select({ id: users.id }).from(users).where(eq(users.id, id)), 'User');
    await tx
      .update(users)
      .set({ passwordHash, ...updatedStamp(actor) })
      .where(eq(users.id, id));
  });
  await sessions.revokeAllOfUser(id, 'password reset');
  return getUser(db, id);
}

/** SPEC §5 profile form: the user id is not part of the form; the location goes down to a line or warehouse. */
export async function updateProfile({ db }: UserDeps, actor: Actor, body: ProfileUpdate): Promise<User> {
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  await withTx(db, actor, async (tx) => {
    await assertLocation(tx, body.locationId);
    await tx
      .update(users)
      .set({
        username: body.username,
        email: blankToNull(body.email),
        phone: blankToNull(body.phone),
        locationId: body.locationId,
        passwordHash,
        ...updatedStamp(actor),
      })
      .where(eq(users.id, actor.id));
  });
  return getUser(db, actor.id);
}

/** Replaces the signed-in user's photo (already checked: an image of at most 100 KB). */
export async function setPhoto({ db }: UserDeps, actor: Actor, file: UploadedFile): Promise<User> {
  await withTx(db, actor, async (tx) => {
    const [me] = await tx.select({ imageFileId: users.imageFileId }).from(users).where(eq(users.id, actor.id));
    const [stored] = await tx
      .insert(files)
      .values({ name: file.name, mimeType: file.mime, size: file.size, data: file.data, createdBy: actor.userId })
      .returning({ id: files.id });
    await tx
      .update(users)
      .set({ imageFileId: stored.id, ...updatedStamp(actor) })
      .where(eq(users.id, actor.id));
    if (me?.imageFileId != null) await tx.delete(files).where(eq(files.id, me.imageFileId));
  });
  return getUser(db, actor.id);
}

export async function removePhoto({ db }: UserDeps, actor: Actor): Promise<User> {
  await withTx(db, actor, async (tx) => {
    const [me] = await tx.select({ imageFileId: users.imageFileId }).from(users).where(eq(users.id, actor.id));
    if (me?.imageFileId == null) return;
    await tx
      .update(users)
      .set({ imageFileId: null, ...updatedStamp(actor) })
      .where(eq(users.id, actor.id));
    await tx.delete(files).where(eq(files.id, me.imageFileId));
  });
  return getUser(db, actor.id);
}

export async function photoOf(db: Executor, id: number): Promise<{ name: string; mimeType: string; data: Buffer }> {
  const [row] = await db
    .select({ name: files.name, mimeType: files.mimeType, data: files.data })
    .from(users)
    .innerJoin(files, eq(files.id, users.imageFileId))
    .where(eq(users.id, id));
  if (!row) throw notFound('Photo');
  return row;
}
