import { sql } from 'drizzle-orm';
import type { IngestPoint, IngestResult } from '@eqms/contract';
import type { Db, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { IngestPrincipal } from '../../platform/auth/ingest-key.ts';
import { AppError, invalidField } from '../../platform/errors.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { intArray } from '../../db/int-array.ts';

// Machine data in (issue 15): the HTTP batch and the MQTT subscriber both end in insertPoints — one statement that
// inserts the points (ON CONFLICT DO NOTHING: idempotent on (parameter, ts), the first value wins) and the spec-out
// rows of the inserted ones, in one transaction.

/** A point whose parameter is known: epoch milliseconds and the value. */
export type ResolvedPoint = { parameterId: number; ts: number; value: number };

export type ParameterRef = { id: number; toolId: number; toolCode: string; code: string; dataType: string };

const pairKey = (toolCode: string, parameterCode: string) =>
  `${toolCode.toLowerCase()}\u0000${parameterCode.toLowerCase()}`;

/** The parameters named by ids and by (tool code, parameter code) pairs (codes without regard to case). */
export async function lookUpParameters(
  db: Executor,
  ids: number[],
  pairs: { toolCode: string; parameterCode: string }[],
): Promise<{ byId: Map<number, ParameterRef>; byPair: Map<string, ParameterRef> }> {
  const rows = rowsOf<{ id: number; tool_id: number; tool_code: string; code: string; data_type: string }>(
    await db.execute(sql`
      select p.id, p.tool_id, t.code as tool_code, p.code, p.data_type
        from parameters p join tools t on t.id = p.tool_id
       where p.id = any(${intArray(ids)})
          or (lower(t.code), lower(p.code)) in (
               select lower(x->>0), lower(x->>1) from jsonb_array_elements(${JSON.stringify(
                 pairs.map((p) => [p.toolCode, p.parameterCode]),
               )}::jsonb) x)`),
  );
  const byId = new Map<number, ParameterRef>();
  const byPair = new Map<string, ParameterRef>();
  for (const r of rows) {
    const ref = { id: r.id, toolId: r.tool_id, toolCode: r.tool_code, code: r.code, dataType: r.data_type };
    byId.set(ref.id, ref);
    byPair.set(pairKey(ref.toolCode, ref.code), ref);
  }
  return { byId, byPair };
}

/**
 * Checks every point (all or none): the first bad one in order answers — 400 naming `points.<i>.<field>` for an
 * unknown parameter or a BOOLEAN value other than 0/1, 403 for a parameter of a tool the key may not write.
 */
export async function resolvePoints(
  db: Executor,
  principal: IngestPrincipal,
  points: IngestPoint[],
): Promise<ResolvedPoint[]> {
  const ids = new Set<number>();
  const pairs = new Map<string, { toolCode: string; parameterCode: string }>();
  for (const p of points) {
    if (p.parameterId !== undefined) ids.add(p.parameterId);
    else pairs.set(pairKey(p.toolCode!, p.parameterCode!), { toolCode: p.toolCode!, parameterCode: p.parameterCode! });
  }
  const { byId, byPair } = await lookUpParameters(db, [...ids], [...pairs.values()]);
  return points.map((p, i) => {
    const ref =
      p.parameterId !== undefined ? byId.get(p.parameterId) : byPair.get(pairKey(p.toolCode!, p.parameterCode!));
    if (!ref)
      throw invalidField(`points.${i}.${p.parameterId !== undefined ? 'parameterId' : 'parameterCode'}`, 'notExists');
    if (principal.toolId !== null && ref.toolId !== principal.toolId) {
      throw new AppError(403, 'FORBIDDEN', `The ingest key may not write parameters of tool ${ref.toolCode}.`, {
        index: i,
        toolCode: ref.toolCode,
      });
    }
    if (ref.dataType === 'BOOLEAN' && p.value !== 0 && p.value !== 1) {
      throw invalidField(`points.${i}.value`, 'booleanValue');
    }
    return { parameterId: ref.id, ts: p.ts, value: p.value };
  });
}

/**
 * The fast path: three array parameters (as array literals of numbers, which both drivers pass as one text each)
 * unnested into one INSERT … SELECT, and the spec-out rows of what was inserted in the same statement. A value is
 * out of limits when below the lower or above the upper limit of its NUMBER parameter at this moment.
 */
export async function insertPoints(db: Db, actor: Actor, points: ResolvedPoint[]) {
  if (points.length === 0) return { inserted: 0, specOuts: 0 };
  const ids = `{${points.map((p) => p.parameterId).join(',')}}`;
  const ts = `{${points.map((p) => p.ts).join(',')}}`;
  const values = `{${points.map((p) => p.value).join(',')}}`;
  return withTx(db, actor, async (tx) => {
    const [row] = rowsOf<{ inserted: number; spec_outs: number }>(
      await tx.execute(sql`
        with input as (
          select u.parameter_id, to_timestamp(u.ms / 1000.0) as ts, u.value
            from unnest(${ids}::int[], ${ts}::float8[], ${values}::float8[]) as u(parameter_id, ms, value)
        ), ins as (
          insert into trace_data (parameter_id, ts, value)
          select parameter_id, ts, value from input
          on conflict do nothing
          returning parameter_id, ts, value
        ), so as (
          insert into trace_spec_outs (parameter_id, ts, value, lower_limit, upper_limit, limit_broken)
          select i.parameter_id, i.ts, i.value, p.lower_limit, p.upper_limit,
                 case when i.value < p.lower_limit then 'LOWER' else 'UPPER' end
            from ins i join parameters p on p.id = i.parameter_id
           where p.data_type = 'NUMBER' and (i.value < p.lower_limit or i.value > p.upper_limit)
          on conflict do nothing
          returning 1
        )
        select (select count(*) from ins)::int as inserted, (select count(*) from so)::int as spec_outs`),
    );
    return { inserted: Number(row.inserted), specOuts: Number(row.spec_outs) };
  });
}

/** The actor a key's writes are recorded with. */
export const ingestActor = (principal: IngestPrincipal): Actor => ({
  id: 0,
  userId: `ingest-key:${principal.keyId}`,
  username: principal.name,
});

/** POST /trace-data/ingest. */
export async function ingestPoints(db: Db, principal: IngestPrincipal, points: IngestPoint[]): Promise<IngestResult> {
  const resolved = await resolvePoints(db, principal, points);
  const { inserted, specOuts } = await insertPoints(db, ingestActor(principal), resolved);
  return { received: points.length, inserted, duplicates: points.length - inserted, specOuts };
}
