import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { API_TOKEN_PREFIX, type ApiToken, type ApiTokenCreate, type RoleItemNode } from '@eqms/contract';
import type { Db, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { firstOr404 } from '../crud.ts';
import type { Actor } from '../tx.ts';
import { apiTokens } from './api-token.table.ts';
import { type Principal, permissionsOf, roleItemsOfUser } from './sessions.ts';

// A user's personal API tokens (issue 17): what an MCP assistant signs in with. The guard (guard.ts, 'apiToken'
// routes) turns one into its user's principal with the rights that user has now; a disabled user, an expired or a
// revoked token is a 401 on the next call, on every instance (looked up on each call, never cached).

/** last_used_at is written at most this often per token: an assistant's burst of calls writes the row once. */
const LAST_USED_RESOLUTION_S = 60;
const DAY_MS = 86_400_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

type Row = typeof apiTokens.$inferSelect;
const view = (r: Row): ApiToken => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  createdAt: r.createdAt.toISOString(),
  expiresAt: iso(r.expiresAt),
  lastUsedAt: iso(r.lastUsedAt),
  revokedAt: iso(r.revokedAt),
});

/** The user's tokens, newest first, revoked ones too (the record of what could sign in as them). */
export async function listApiTokens(db: Executor, userPk: number): Promise<ApiToken[]> {
  const rows = await db.select().from(apiTokens).where(eq(apiTokens.userId, userPk)).orderBy(desc(apiTokens.id));
  return rows.map(view);
}

/** A new token: 32 random bytes; only its hash is kept, the token is in this answer and nowhere else. */
export async function createApiToken(
  db: Executor,
  actor: Actor,
  body: ApiTokenCreate,
): Promise<ApiToken & { token: string }> {
  const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(apiTokens)
    .values({
      userId: actor.id,
      name: body.name,
      tokenHash: hashOf(token),
      prefix: token.slice(0, API_TOKEN_PREFIX.length + 6),
      expiresAt: body.expiresInDays ? new Date(Date.now() + body.expiresInDays * DAY_MS) : null,
    })
    .returning();
  return { ...view(row), token };
}

/** Revokes one of the actor's own tokens (another user's is a 404: its id tells nothing); a second revoke keeps the first time. */
export async function revokeApiToken(db: Executor, actor: Actor, id: number): Promise<ApiToken> {
  const own = and(eq(apiTokens.id, id), eq(apiTokens.userId, actor.id));
  await firstOr404(db.select({ id: apiTokens.id }).from(apiTokens).where(own), 'API token');
  await db
    .update(apiTokens)
    .set({ revokedAt: new Date(), revokedBy: actor.userId })
    .where(and(own, sql`${apiTokens.revokedAt} is null`));
  return view(await firstOr404(db.select().from(apiTokens).where(own), 'API token'));
}

type TokenRow = {
  token_id: number;
  user_pk: number;
  user_id: string;
  username: string;
  role_items: RoleItemNode[][] | string | null;
};

/** The principal of a live token of an enabled user, or null (unknown, revoked, expired, user disabled). */
export async function authenticateApiToken(db: Db, token: string): Promise<Principal | null> {
  if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 200) return null;
  const res = await db.execute<TokenRow>(sql`
    select t.id as token_id, u.id as user_pk, u.user_id, u.username, ${roleItemsOfUser} as role_items
    from api_tokens t join users u on u.id = t.user_id
    where t.token_hash = ${hashOf(token)} and t.revoked_at is null and u.enabled
      and (t.expires_at is null or t.expires_at > now())`);
  const row = rowsOf<TokenRow>(res)[0];
  if (!row) return null;
  await db.execute(sql`
    update api_tokens set last_used_at = now()
    where id = ${row.token_id}
      and (last_used_at is null or last_used_at < now() - make_interval(secs => ${LAST_USED_RESOLUTION_S}))`);
  return {
    id: row.user_pk,
    userId: row.user_id,
    username: row.username,
    sessionId: `api-token:${row.token_id}`,
    permissions: permissionsOf(row.role_items),
  };
}
