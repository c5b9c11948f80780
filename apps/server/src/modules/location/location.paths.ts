import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

export type LocationRef = { id: number; name: string; type: string; path: string[] };

/** Each location with the names from its root down to itself (SPEC §3 "parent chain"). */
export async function locationRefs(db: Executor, ids: number[]): Promise<Map<number, LocationRef>> {
  const out = new Map<number, LocationRef>();
  const unique = [...new Set(ids.filter((v): v is number => typeof v === 'number'))];
  if (unique.length === 0) return out;
  const res = await db.execute(sql`
    with recursive chain as (
      select l.id as start_id, l.id, l.name, l.type, l.parent_id, 0 as depth from locations l
        where l.id in (${sql.join(
          unique.map((i) => sql`${i}`),
          sql`, `,
        )})
      union all
      select c.start_id, p.id, p.name, p.type, p.parent_id, c.depth + 1 from locations p join chain c on p.id = c.parent_id
    )
    select start_id, name, type, depth from chain order by start_id, depth desc`);
  for (const r of rowsOf<{ start_id: number; name: string; type: string; depth: number }>(res)) {
    const ref = out.get(r.start_id) ?? { id: r.start_id, name: '', type: '', path: [] };
    ref.path.push(r.name);
    if (Number(r.depth) === 0) {
      ref.name = r.name;
      ref.type = r.type;
    }
    out.set(r.start_id, ref);
  }
  return out;
}
