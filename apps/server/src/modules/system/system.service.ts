import { and, asc, count, desc, eq, gt, gte, isNull, lte, sql } from 'drizzle-orm';
import {
  ONLINE_WINDOW_MS,
  type PageHit,
  type PageHitBucket,
  type PageHitFunction,
  type PageHitInput,
  type PageHitUnit,
  type PageHitUser,
  type Runtime,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  type SystemMenu,
  type SystemMenuSave,
} from '@eqms/contract';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { sessions } from '../../platform/auth/session.table.ts';
import { users } from '../user/user.table.ts';
import { pageHits, systemMenus } from './system.table.ts';

export type Range = { from: Date; to: Date };

export function listMenus(db: Executor): Promise<SystemMenu[]> {
  return db
    .select({ name: systemMenus.name, sort: systemMenus.sort, visible: systemMenus.visible })
    .from(systemMenus)
    .orderBy(asc(systemMenus.sort), asc(systemMenus.name));
}

/** Upsert by menu name; an entry whose sort and visibility are unchanged is left alone (no empty revision). */
export async function saveMenus(db: Db, actor: Actor, items: SystemMenuSave): Promise<SystemMenu[]> {
  return withTx(db, actor, async (tx) => {
    for (const item of items) {
      await tx
        .insert(systemMenus)
        .values({ ...item, createdBy: actor.userId, updatedBy: actor.userId })
        .onConflictDoUpdate({
          target: systemMenus.name,
          set: { sort: item.sort, visible: item.visible, updatedBy: actor.userId, updatedAt: new Date() },
          setWhere: sql`${systemMenus.sort} is distinct from excluded.sort or ${systemMenus.visible} is distinct from excluded.visible`,
        });
    }
    return listMenus(tx);
  });
}

export async function recordPageHit(db: Db, actor: Actor, input: PageHitInput): Promise<PageHit> {
  const [row] = await withTx(db, actor, (tx) =>
    tx
      .insert(pageHits)
      .values({ app: input.app, name: input.name, path: input.path, userId: actor.id, userName: actor.username })
      .returning(),
  );
  return toPageHit(row);
}

/** Page hits in [from, to], newest first, one page with the total. */
export async function listPageHits(db: Db, range: Range, page: number, size: number) {
  const where = and(gte(pageHits.createdAt, range.from), lte(pageHits.createdAt, range.to));
  const [{ n }] = await db.select({ n: count() }).from(pageHits).where(where);
  const rows = await db
    .select()
    .from(pageHits)
    .where(where)
    .orderBy(desc(pageHits.createdAt), desc(pageHits.id))
    .limit(size)
    .offset((page - 1) * size);
  return { data: rows.map(toPageHit), total: Number(n) };
}

const TRUNC: Record<PageHitUnit, { field: string; step: string }> = {
  hourly: { field: 'hour', step: '1 hour' },
  daily: { field: 'day', step: '1 day' },
  weekly: { field: 'week', step: '1 week' },
  monthly: { field: 'month', step: '1 month' },
};

/**
 * Hits per hour/day/ISO week/month of the factory's local time, every bucket from the one holding `from` to the one
 * holding `to` (empty ones with 0), so a chart's axis has no gaps.
 */
export async function pageHitsByTime(
  db: Db,
  timeZone: string,
  unit: PageHitUnit,
  range: Range,
): Promise<PageHitBucket[]> {
  const { field, step } = TRUNC[unit];
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  const res = await db.execute(sql`
    with hits as (
      select date_trunc(${field}, created_at at time zone ${timeZone}) as b, count(*)::int as n
      from page_hits where created_at >= ${from}::timestamptz and created_at <= ${to}::timestamptz
      group by 1
    ), series as (
      select generate_series(
        date_trunc(${field}, ${from}::timestamptz at time zone ${timeZone}),
        date_trunc(${field}, ${to}::timestamptz at time zone ${timeZone}),
        ${step}::interval) as b
    )
    select to_char(s.b, 'YYYY-MM-DD"T"HH24:MI:SS') as wall,
           extract(epoch from (s.b at time zone ${timeZone}))::float8 as epoch,
           coalesce(h.n, 0) as n
    from series s left join hits h on h.b = s.b
    order by s.b`);
  return rowsOf<{ wall: string; epoch: number | string; n: number | string }>(res).map((r) => ({
    bucket: withOffset(r.wall, Number(r.epoch) * 1000),
    count: Number(r.n),
  }));
}

/** `2024-03-10T00:00:00` + the instant it names → `2024-03-10T00:00:00+09:00`. */
function withOffset(wall: string, instantMs: number): string {
  const offsetMin = Math.round((Date.parse(`${wall}Z`) - instantMs) / 60_000);
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export async function pageHitsByFunction(db: Db, range: Range): Promise<PageHitFunction[]> {
  const n = sql<number>`count(*)::int`;
  const rows = await db
    .select({ name: pageHits.name, path: pageHits.path, count: n })
    .from(pageHits)
    .where(and(gte(pageHits.createdAt, range.from), lte(pageHits.createdAt, range.to)))
    .groupBy(pageHits.name, pageHits.path)
    .orderBy(desc(n), asc(pageHits.name), asc(pageHits.path));
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** Hits per user, named by the user's current name (the name stored with the hit if the user is gone). */
export async function pageHitsByUser(db: Db, range: Range): Promise<PageHitUser[]> {
  const n = sql<number>`count(*)::int`;
  const rows = await db
    .select({
      userId: pageHits.userId,
      userName: sql<string | null>`coalesce(max(${users.username}), max(${pageHits.userName}))`,
      count: n,
    })
    .from(pageHits)
    .leftJoin(users, eq(users.id, pageHits.userId))
    .where(and(gte(pageHits.createdAt, range.from), lte(pageHits.createdAt, range.to)))
    .groupBy(pageHits.userId)
    .orderBy(desc(n), asc(pageHits.userId));
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** Users with a live session used within ONLINE_WINDOW_MS, one row each with their latest access, latest first. */
export async function onlineUsers(db: Db, now = Date.now()) {
  const rows = await db
    .selectDistinctOn([users.id], {
      id: users.id,
      userId: users.userId,
      username: users.username,
      imageFileId: users.imageFileId,
      lastAccessAt: sessions.lastAccessAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        isNull(sessions.revokedAt),
        eq(users.enabled, true),
        gt(sessions.lastAccessAt, new Date(now - ONLINE_WINDOW_MS)),
        gt(sessions.createdAt, new Date(now - SESSION_ABSOLUTE_MS)),
      ),
    )
    .orderBy(users.id, desc(sessions.lastAccessAt));
  return rows
    .sort((a, b) => b.lastAccessAt.getTime() - a.lastAccessAt.getTime())
    .map((r) => ({
      id: r.id,
      userId: r.userId,
      username: r.username,
      hasImage: r.imageFileId != null,
      lastAccessAt: r.lastAccessAt.toISOString(),
    }));
}

export function runtimeOf(config: Config): Runtime {
  return {
    businessType: config.businessType,
    menuExclude: config.menuExclude,
    chatflowId: config.chatflowId,
    chatApiHost: config.chatApiHost,
    mobileDashboard: config.mobileDashboard,
    sessionIdleMs: config.sessionIdleMs ?? SESSION_IDLE_MS,
  };
}

function toPageHit(r: typeof pageHits.$inferSelect): PageHit {
  return {
    id: r.id,
    app: r.app,
    name: r.name,
    path: r.path,
    userId: r.userId,
    userName: r.userName,
    createdAt: r.createdAt.toISOString(),
  };
}
