import { createHash, randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { IngestKey, IngestKeyCreate } from '@eqms/contract';
import type { Db, Executor } from '../../db/client.ts';
import type { IngestPrincipal } from '../../platform/auth/ingest-key.ts';
import { firstOr404 } from '../../platform/crud.ts';
import { invalidField } from '../../platform/errors.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { tools } from '../tool/tool.table.ts';
import { ingestKeys } from './data-collection.table.ts';

/** Keys start with this, so a leaked one is recognisable in logs and secret scanners. */
const KEY_PREFIX = 'eqk_';
/** last_used_at is written at most this often per key: an ingest every second must not write the key row each time. */
const LAST_USED_RESOLUTION_S = 60;

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

type Row = typeof ingestKeys.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function keyView(r: Row, tool: { code: string; name: string } | null): IngestKey {
  return {
    id: r.id,
    name: r.name,
    toolId: r.toolId,
    toolCode: tool?.code ?? null,
    toolName: tool?.name ?? null,
    prefix: r.prefix,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: iso(r.lastUsedAt),
    revokedAt: iso(r.revokedAt),
    revokedBy: r.revokedBy,
  };
}

const withTool = (db: Executor) =>
  db
    .select({ k: ingestKeys, toolCode: tools.code, toolName: tools.name })
    .from(ingestKeys)
    .leftJoin(tools, eq(tools.id, ingestKeys.toolId));

const view = (r: { k: Row; toolCode: string | null; toolName: string | null }) =>
  keyView(r.k, r.toolCode === null ? null : { code: r.toolCode, name: r.toolName ?? '' });

/** Every key, newest first (revoked ones too: the list is the record of who could write). */
export async function listIngestKeys(db: Executor): Promise<IngestKey[]> {
  return (await withTool(db).orderBy(desc(ingestKeys.id))).map(view);
}

/** A new key: 32 random bytes; only its hash is kept, the key is in this answer and nowhere else. */
export async function createIngestKey(
  db: Db,
  actor: Actor,
  body: IngestKeyCreate,
): Promise<IngestKey & { key: string }> {
  const key = KEY_PREFIX + randomBytes(32).toString('base64url');
  const id = await withTx(db, actor, async (tx) => {
    if (body.toolId != null) {
      const [tool] = await tx.select({ id: tools.id }).from(tools).where(eq(tools.id, body.toolId)).for('share');
      if (!tool) throw invalidField('toolId', 'notExists');
    }
    const [row] = await tx
      .insert(ingestKeys)
      .values({
        name: body.name,
        toolId: body.toolId ?? null,
        keyHash: hashOf(key),
        prefix: key.slice(0, KEY_PREFIX.length + 6),
        createdBy: actor.userId,
      })
      .returning({ id: ingestKeys.id });
    return row.id;
  });
  return { ...(await getIngestKey(db, id)), key };
}

export async function getIngestKey(db: Executor, id: number): Promise<IngestKey> {
  return view(await firstOr404(withTool(db).where(eq(ingestKeys.id, id)), 'Ingest key'));
}

/** Revoked at once for every instance (each ingest looks its key up). Revoking a revoked key changes nothing. */
export async function revokeIngestKey(db: Db, actor: Actor, id: number): Promise<IngestKey> {
  await withTx(db, actor, async (tx) => {
    await firstOr404(tx.select({ id: ingestKeys.id }).from(ingestKeys).where(eq(ingestKeys.id, id)), 'Ingest key');
    await tx
      .update(ingestKeys)
      .set({ revokedAt: new Date(), revokedBy: actor.userId })
      .where(sql`${ingestKeys.id} = ${id} and ${ingestKeys.revokedAt} is null`);
  });
  return getIngestKey(db, id);
}

/**
 * The ingest.key answer (platform/auth/ingest-key.ts): the live key of this text, or null. Looked up on every call,
 * not cached, so a revocation holds on the next request; last_used_at is touched at most once a minute.
 */
export async function authenticateIngestKey(db: Db, key: string): Promise<IngestPrincipal | null> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 200) return null;
  const [row] = await db
    .update(ingestKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      sql`${ingestKeys.keyHash} = ${hashOf(key)} and ${ingestKeys.revokedAt} is null
          and (${ingestKeys.lastUsedAt} is null or ${ingestKeys.lastUsedAt} < now() - make_interval(secs => ${LAST_USED_RESOLUTION_S}))`,
    )
    .returning({ id: ingestKeys.id, name: ingestKeys.name, toolId: ingestKeys.toolId });
  if (row) return { keyId: row.id, name: row.name, toolId: row.toolId };
  const [live] = await db
    .select({ id: ingestKeys.id, name: ingestKeys.name, toolId: ingestKeys.toolId })
    .from(ingestKeys)
    .where(sql`${ingestKeys.keyHash} = ${hashOf(key)} and ${ingestKeys.revokedAt} is null`);
  return live ? { keyId: live.id, name: live.name, toolId: live.toolId } : null;
}
