import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { locations } from '../../modules/location/location.table.ts';
import { parameters } from '../../modules/parameter/parameter.table.ts';
import { tools } from '../../modules/tool/tool.table.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp } from '../../test/harness.ts';
import { rowsOf } from '../rows.ts';
import { DEMO_TRACE_TOOL, demoTraceSize, seedDemoTrace } from './demo-trace.ts';

const t = await createTestApp();

describe('seedDemoTrace', () => {
  it('fills the demo machine up to now: a 1 Hz parameter added, the others at their interval, spec-outs of the excursions', async () => {
    const now = new Date(Date.UTC(2026, 10, 26, 9, 30, 15, 400));
    const { mold } = await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
      const [site] = await tx.insert(locations).values({ name: '추세 시드', type: 'SITE' }).returning();
      const [tool] = await tx
        .insert(tools)
        .values({ code: DEMO_TRACE_TOOL, name: '사출기', locationId: site.id })
        .returning();
      const [m] = await tx
        .insert(parameters)
        .values({
          toolId: tool.id,
          code: 'MOLD_TEMP',
          name: '금형 온도',
          lowerLimit: 40,
          upperLimit: 80,
          sampleInterval: 10,
        })
        .returning();
      return { mold: m };
    });
    const result = await withTx(t.db, SYSTEM_ACTOR, (tx) => seedDemoTrace(tx, t.config.demoTraceHours, now));
    const rows = rowsOf<{
      code: string;
      step: number;
      n: number;
      last: string;
      first: string;
      outside: number;
      so: number;
      fk: number;
    }>(
      await t.db.execute(sql`
        select p.code, p.sample_interval as step, count(d.*)::int as n,
               max(d.ts)::text as last, min(d.ts)::text as first,
               count(*) filter (where d.value < p.lower_limit or d.value > p.upper_limit)::int as outside,
               (select count(*)::int from trace_spec_outs s where s.parameter_id = p.id) as so,
               (select count(*)::int from trace_data x where x.parameter_id = p.id
                  and not exists (select 1 from parameters q where q.id = x.parameter_id)) as fk
          from parameters p join trace_data d on d.parameter_id = p.id
         where p.id = any(${`{${result.traceParameterIds.join(',')}}`}::int[])
         group by p.id order by p.code`),
    );
    const size = demoTraceSize(t.config.demoTraceHours);
    const hours = size.days * 24;
    expect(rows.map((r) => [r.code, Number(r.step), Number(r.n)])).toEqual([
      ['MOLD_TEMP', 10, (size.otherDays * 86_400) / 10],
      ['NOZZLE_TEMP', 1, hours * 3600],
    ]);
    expect(result.traceParameterIds).toContain(mold.id);
    for (const r of rows) {
      // Ends at now's whole second; every value out of limits has its spec-out row and there are some.
      expect(new Date(r.last).getTime()).toBe(Math.floor(now.getTime() / 1000) * 1000);
      expect(Number(r.outside)).toBeGreaterThan(0);
      expect(Number(r.so)).toBe(Number(r.outside));
    }
    expect(result.tracePoints).toBe(rows.reduce((s, r) => s + Number(r.n), 0));
    expect(result.traceSpecOuts).toBe(rows.reduce((s, r) => s + Number(r.so), 0));
    // Replica mode (the skipped per-row checks) ends with the seed: a point of no parameter is refused again.
    await expect(
      withTx(t.db, SYSTEM_ACTOR, (tx) =>
        tx.execute(sql`insert into trace_data (parameter_id, ts, value) values (-1, now(), 1)`),
      ),
    ).rejects.toThrow();
  });
});
