// The machine-data ingest case of `npm run bench` (issue 15: HTTP batch ingest, target ≥ 100,000 points/s on
// PostgreSQL). A tool with 20 NUMBER parameters (limits wide enough that 1 point in 1,000 is a spec-out) and a
// gateway key; CLIENTS concurrent clients each POST 10,000-point batches (20 parameters × 500 seconds) back to back
// for SECONDS, every call with fresh timestamps (a shared clock moves 500 s per batch), so every point is inserted.
// Reported: points inserted per second (server answers summed over wall time), and the p50/p99 of one batch.
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { rowsOf } from '../apps/server/src/db/rows.ts';
import { SYSTEM_ACTOR, withTx } from '../apps/server/src/platform/tx.ts';

export const INGEST_BATCH = 10_000;
const PARAMETERS = 20;
const CLIENTS = 4;
const SECONDS = 10;

export type IngestTiming = { points: number; seconds: number; pointsPerSecond: number; p50: number; p99: number };

export async function seedIngest(database: Database): Promise<{ parameterIds: number[] }> {
  return withTx(database.db, SYSTEM_ACTOR, async (tx) => {
    const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await tx.execute(q))[0];
    const site = await one<{ id: number }>(
      sql`insert into locations (name, type) values ('수집 벤치 사업장', 'SITE') returning id`,
    );
    const factory = await one<{ id: number }>(
      sql`insert into locations (name, type, parent_id) values ('수집 벤치 공장', 'FACTORY', ${site.id}) returning id`,
    );
    const line = await one<{ id: number }>(
      sql`insert into locations (name, type, parent_id) values ('수집 벤치 라인', 'LINE', ${factory.id}) returning id`,
    );
    const tool = await one<{ id: number }>(
      sql`insert into tools (code, name, location_id) values ('BENCH-INGEST', '수집 벤치 설비', ${line.id}) returning id`,
    );
    const rows = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into parameters (tool_id, code, name, lower_limit, upper_limit, sample_interval)
        select ${tool.id}, 'P' || i, '벤치 ' || i, 1, 999, 1 from generate_series(1, ${PARAMETERS}) i
        returning id`),
    );
    return { parameterIds: rows.map((r) => Number(r.id)) };
  });
}

/** Creates a gateway key through the API (admin headers) and drives CLIENTS clients for SECONDS. */
export async function benchIngest(
  base: string,
  headers: Record<string, string>,
  ids: { parameterIds: number[] },
  seconds = SECONDS,
): Promise<IngestTiming> {
  const created = await fetch(`${base}/api/trace-data/ingest-keys`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench gateway', toolId: null }),
  });
  if (!created.ok) throw new Error(`ingest key: ${created.status} ${await created.text()}`);
  const key = ((await created.json()) as { data: { key: string } }).data.key;
  const perParameter = INGEST_BATCH / ids.parameterIds.length;
  let clock = Date.UTC(2026, 0, 1);
  const batch = () => {
    const t0 = clock;
    clock += perParameter * 1000;
    const points: { parameterId: number; ts: number; value: number }[] = [];
    for (let s = 0; s < perParameter; s++)
      for (const parameterId of ids.parameterIds)
        points.push({ parameterId, ts: t0 + s * 1000, value: Math.random() < 0.001 ? 1000 : 500 + Math.random() });
    return JSON.stringify({ points });
  };
  const post = async (body: string) => {
    const start = performance.now();
    const res = await fetch(`${base}/api/trace-data/ingest`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body,
    });
    if (!res.ok) throw new Error(`ingest: ${res.status} ${await res.text()}`);
    const { data } = (await res.json()) as { data: { inserted: number } };
    if (data.inserted !== INGEST_BATCH) throw new Error(`ingest: ${data.inserted} of ${INGEST_BATCH} inserted`);
    return performance.now() - start;
  };
  await post(batch()).catch(() => post(batch())); // warm-up (a pooled socket may have been closed meanwhile)
  const times: number[] = [];
  let points = 0;
  const start = performance.now();
  const until = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        // The body is built before the clock starts for this call: what is measured is the server.
        const body = batch();
        times.push(await post(body));
        points += INGEST_BATCH;
      }
    }),
  );
  const wall = (performance.now() - start) / 1000;
  const sorted = [...times].sort((a, b) => a - b);
  return {
    points,
    seconds: Math.round(wall * 10) / 10,
    pointsPerSecond: Math.round(points / wall),
    p50: Math.round(sorted[Math.floor(sorted.length / 2)]),
    p99: Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]),
  };
}
