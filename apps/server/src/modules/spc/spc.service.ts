import { sql } from 'drizzle-orm';
import {
  SPC_FLAGGED_MAX,
  SPC_POINTS_MAX,
  SPC_REDUCE_BUCKETS,
  type SpcChartType,
  type SpcItemQuery,
  type SpcParameterQuery,
  type SpcPoint,
  type SpcResult,
  type SpcSeries,
  type SpcSubject,
  type SpcUnavailable,
} from '@eqms/contract';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { addDays, instantAt } from '../../platform/dates.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { capability } from './spc.capability.ts';
import { imrChart, xbarRChart, xbarSChart } from './spc.charts.ts';
import { spcConstants } from './spc.constants.ts';
import { summariseSeries, xbarRChartOfSummaries, xbarSChartOfSummaries } from './spc.summaries.ts';
import type { Capability, ChartSeries, ControlChart } from './spc.types.ts';
import { intArray } from '../../db/int-array.ts';

// The SPC routes (README "Routes"): read the values from the quality results or the collected trace data, hand them
// to the pure functions of this module, and reduce long series before they go on the wire.

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Time of each point: for items the inspection (one per subgroup), for parameters each observation. */
type Timeline = { at: (observation: number) => string; resultId: (subgroup: number) => number | null };

/**
 * A series as sent: every point up to SPC_POINTS_MAX; above, per bucket of consecutive indices its first, last,
 * minimum and maximum point (M4 over the index, as the trend does over time — the drawn line keeps its envelope),
 * plus the first SPC_FLAGGED_MAX rule-breaking points wherever they are; totals are over the whole series.
 */
export function reduceSeries(s: ChartSeries, subgroupSize: number, time: Timeline): SpcSeries {
  const pts = s.points;
  const byRule: Record<string, number> = {};
  let flaggedTotal = 0;
  for (const p of pts) {
    if (p.rules.length === 0) continue;
    flaggedTotal++;
    for (const r of p.rules) byRule[r] = (byRule[r] ?? 0) + 1;
  }
  let keep: number[];
  const reduced = pts.length > SPC_POINTS_MAX;
  if (!reduced) keep = pts.map((_, i) => i);
  else {
    const chosen = new Set<number>();
    const width = Math.ceil(pts.length / SPC_REDUCE_BUCKETS);
    for (let start = 0; start < pts.length; start += width) {
      const end = Math.min(start + width, pts.length);
      let lo = start;
      let hi = start;
      for (let i = start + 1; i < end; i++) {
        if (pts[i].value < pts[lo].value) lo = i;
        if (pts[i].value > pts[hi].value) hi = i;
      }
      chosen
        .add(start)
        .add(lo)
        .add(hi)
        .add(end - 1);
    }
    let flagged = 0;
    for (let i = 0; i < pts.length && flagged < SPC_FLAGGED_MAX; i++) {
      if (pts[i].rules.length > 0) {
        chosen.add(i);
        flagged++;
      }
    }
    keep = [...chosen].sort((a, b) => a - b);
  }
  const points: SpcPoint[] = keep.map((i) => {
    const p = pts[i];
    // A subgroup's time is its first observation's; an MR point's index is already an observation.
    const observation = subgroupSize === 1 ? p.index : p.index * subgroupSize;
    return {
      index: p.index,
      value: p.value,
      rules: [...p.rules],
      at: time.at(observation),
      resultId: time.resultId(p.index),
    };
  });
  return {
    statistic: s.statistic,
    limits: s.limits,
    zones: s.zones,
    rulesApplied: s.rulesApplied,
    points,
    pointCount: pts.length,
    reduced,
    flaggedTotal,
    flaggedByRule: byRule,
  };
}

/** The chart and capability of the values: one function for items and parameters, so both answer alike. */
function analyse(
  subject: SpcSubject,
  chartType: SpcChartType,
  data: number[] | number[][],
  subgroupSize: number,
  time: Timeline,
  valueCount: number,
  resultCount: number,
): SpcResult {
  let chart: ControlChart | null;
  let unavailable: SpcUnavailable | null = null;
  if (chartType === 'I_MR') chart = imrChart(data);
  else if (!spcConstants(subgroupSize)) chart = null;
  else chart = chartType === 'XBAR_S' ? xbarSChart(data, subgroupSize) : xbarRChart(data, subgroupSize);
  if (!chart) unavailable = chartType !== 'I_MR' && !spcConstants(subgroupSize) ? 'SUBGROUP_SIZE' : 'TOO_FEW';
  const size = chartType === 'I_MR' ? 1 : subgroupSize;
  const cap = capability(data, {
    subgroupSize: size,
    within: chartType === 'XBAR_S' ? 'S' : undefined,
    ...specOf(subject),
  });
  return answer(subject, chartType, valueCount, resultCount, chart, unavailable, cap, time);
}

// LSL = USL is a valid item or parameter (a set point) but no spec width: no index can be computed against it.
function specOf(subject: SpcSubject): { lsl: number | null; usl: number | null } {
  const { lsl, usl } = subject;
  const zeroWidth = lsl !== null && usl !== null && lsl >= usl;
  return { lsl: zeroWidth ? null : lsl, usl: zeroWidth ? null : usl };
}

function answer(
  subject: SpcSubject,
  chartType: SpcChartType,
  valueCount: number,
  resultCount: number,
  chart: ControlChart | null,
  unavailable: SpcUnavailable | null,
  cap: Capability | null,
  time: Timeline,
): SpcResult {
  return {
    subject,
    chartType,
    valueCount,
    resultCount,
    chart: chart && {
      type: chart.type,
      subgroupSize: chart.subgroupSize,
      subgroupCount: chart.subgroupCount,
      droppedValues: chart.droppedValues,
      sigmaWithin: chart.sigmaWithin,
      location: reduceSeries(chart.location, chart.subgroupSize, time),
      dispersion: reduceSeries(chart.dispersion, chart.subgroupSize, time),
    },
    unavailable,
    capability: cap,
  };
}

// ---------------------------------------------------------------- inspection items

export type ItemSide = 'PRODUCT' | 'MATERIAL';

/**
 * SPC of one NUMBER standard item over the inspected days: one subgroup per inspection (its samples in sample order),
 * inspections in time order. Results copy the item, and `standard_id` stays when the item is edited: an inspection
 * whose sample count differs from today's sample size is left out of X̄ charts whole (droppedValues), never re-cut.
 * The spec limits are the item's as it is now: capability answers "how does the process meet today's spec".
 */
export async function itemSpc(
  db: Executor,
  side: ItemSide,
  standardId: number,
  q: SpcItemQuery,
  timeZone: string,
): Promise<SpcResult> {
  const [std] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select s.id, s.name, s.unit, s.kind, s.stage, s.sample_size, s.lsl, s.usl, s.target,
             coalesce(p.id, m.id) as owner_id, coalesce(p.code, m.code) as owner_code,
             coalesce(p.name, m.name) as owner_name, o.name as operation_name
        from quality_standards s
        left join products p on p.id = s.product_id
        left join materials m on m.id = s.material_id
        left join operations o on o.id = s.operation_id
       where s.id = ${standardId}
         and ${side === 'PRODUCT' ? sql`s.product_id is not null` : sql`s.material_id is not null`}`),
  );
  if (!std) throw notFound('Quality standard');
  if (std.kind !== 'NUMBER') throw conflict('spcNumberOnly', { standardId }, { name: String(std.name) });
  const sampleSize = Number(std.sample_size);
  const subject: SpcSubject = {
    kind: 'ITEM',
    id: standardId,
    name: String(std.name),
    unit: (std.unit as string | null) ?? null,
    ownerId: Number(std.owner_id),
    ownerCode: String(std.owner_code),
    ownerName: String(std.owner_name),
    stage: String(std.stage),
    operationName: (std.operation_name as string | null) ?? null,
    sampleSize,
    lsl: num(std.lsl),
    usl: num(std.usl),
    target: num(std.target),
  };
  const from = instantAt(`${q.startDt} 00:00`, timeZone);
  const to = instantAt(`${addDays(q.endDt, 1)} 00:00`, timeZone);
  const rows = rowsOf<{ id: number; at: Date | string; vals: (number | string)[] }>(
    await db.execute(sql`
      select r.id, r.inspected_at as at, array_agg(s.value::float8 order by s.sample_no) as vals
        from quality_result_items i
        join quality_results r on r.id = i.result_id
        join quality_result_samples s on s.item_id = i.id
       where i.standard_id = ${standardId} and s.value is not null
         and r.inspected_at >= ${from.toISOString()}::timestamptz and r.inspected_at < ${to.toISOString()}::timestamptz
       group by r.id, r.inspected_at, i.id
       order by r.inspected_at, r.id, i.id`),
  );
  const chartType: SpcChartType = q.chartType ?? (sampleSize >= 2 ? 'XBAR_R' : 'I_MR');
  const groups = rows.map((r) => ({
    id: Number(r.id),
    at: new Date(r.at).toISOString(),
    values: r.vals.map(Number),
  }));
  const valueCount = groups.reduce((n, g) => n + g.values.length, 0);
  if (chartType === 'I_MR') {
    // Individuals: every sample in inspection then sample order; a point's time is its inspection's.
    const owner: number[] = [];
    groups.forEach((g, gi) => {
      for (const _ of g.values) owner.push(gi);
    });
    const time: Timeline = {
      at: (o) => groups[owner[o]]?.at ?? '',
      resultId: (i) => groups[owner[i]]?.id ?? null,
    };
    return analyse(
      subject,
      chartType,
      groups.map((g) => g.values),
      1,
      time,
      valueCount,
      groups.length,
    );
  }
  // Only whole inspections of today's sample size form subgroups; indices then count the kept ones.
  const kept = groups.filter((g) => g.values.length === sampleSize);
  const time: Timeline = {
    at: (o) => kept[Math.floor(o / sampleSize)]?.at ?? '',
    resultId: (i) => kept[i]?.id ?? null,
  };
  const result = analyse(
    subject,
    chartType,
    kept.map((g) => g.values),
    sampleSize,
    time,
    valueCount,
    groups.length,
  );
  const dropped = valueCount - kept.length * sampleSize;
  if (result.chart) result.chart.droppedValues = dropped;
  if (result.capability) result.capability.droppedValues = dropped;
  return result;
}

// ---------------------------------------------------------------- parameters

/**
 * SPC of one NUMBER parameter's collected values in [startDt, endDt): subgroups of consecutive values (a gap in the
 * data does not split one — rational subgroups of a 1 Hz stream are seconds apart) or I-MR (README "Parameters").
 * One query reads the values as one comma-joined text in primary-key order (parameterValues); X̄-R and X̄-S are then
 * drawn from per-subgroup summaries (summariseSeries: no subgroup arrays, no raw-values chart), I-MR from the values.
 * The times are read afterwards for the points sent only (observationTimes), not for all 604,800 values.
 */
export async function parameterSpc(db: Executor, parameterId: number, q: SpcParameterQuery): Promise<SpcResult> {
  const [p] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select p.id, p.name, p.unit, p.data_type, p.lower_limit, p.upper_limit, p.target,
             t.id as tool_id, t.code as tool_code, t.name as tool_name
        from parameters p join tools t on t.id = p.tool_id
       where p.id = ${parameterId}`),
  );
  if (!p) throw notFound('Parameter');
  if (p.data_type !== 'NUMBER') throw conflict('spcNumberOnly', { parameterId }, { name: String(p.name) });
  const size = q.chartType === 'I_MR' ? 1 : q.subgroupSize;
  const subject: SpcSubject = {
    kind: 'PARAMETER',
    id: parameterId,
    name: String(p.name),
    unit: (p.unit as string | null) ?? null,
    ownerId: Number(p.tool_id),
    ownerCode: String(p.tool_code),
    ownerName: String(p.tool_name),
    stage: null,
    operationName: null,
    sampleSize: size,
    lsl: num(p.lower_limit),
    usl: num(p.upper_limit),
    target: num(p.target),
  };
  const values = await parameterValues(db, parameterId, q);
  // Times are filled in below, once the reduction has chosen the points.
  const untimed: Timeline = { at: () => '', resultId: () => null };
  const result =
    q.chartType === 'I_MR'
      ? analyse(subject, q.chartType, values, size, untimed, values.length, 0)
      : summarySpc(subject, q.chartType, values, size, untimed);
  if (result.chart) {
    const series = [result.chart.location, result.chart.dispersion];
    const observationOf = (index: number) => (size === 1 ? index : index * size);
    const wanted = new Set<number>();
    for (const s of series) for (const pt of s.points) wanted.add(observationOf(pt.index));
    const times = await observationTimes(db, parameterId, q, [...wanted]);
    for (const s of series) for (const pt of s.points) pt.at = times.get(observationOf(pt.index)) ?? '';
  }
  return result;
}

/** X̄-R / X̄-S and capability of consecutive subgroups of the values, through their summaries. */
function summarySpc(
  subject: SpcSubject,
  chartType: SpcChartType,
  values: number[],
  size: number,
  time: Timeline,
): SpcResult {
  const { summaries, droppedValues } = summariseSeries(values, size);
  const chart =
    chartType === 'XBAR_S'
      ? xbarSChartOfSummaries(summaries, size, droppedValues)
      : xbarRChartOfSummaries(summaries, size, droppedValues);
  // The raw-values entry: over time-ordered values it reads summaries and a prefix, no subgroup arrays either.
  const cap = capability(values, {
    subgroupSize: size,
    within: chartType === 'XBAR_S' ? 'S' : undefined,
    ...specOf(subject),
  });
  return answer(subject, chartType, values.length, 0, chart, chart ? null : 'TOO_FEW', cap, time);
}

const periodOf = (parameterId: number, q: { startDt: Date; endDt: Date }) =>
  sql`d.parameter_id = ${parameterId}
      and d.ts >= ${q.startDt.toISOString()}::timestamptz and d.ts < ${q.endDt.toISOString()}::timestamptz`;

/**
 * The period's values in primary-key order as one comma-joined text, parsed as one JSON array: the cheapest way out of
 * either engine measured (README "Parameters, cost") — row objects, a float8[] literal, and per-subgroup summaries
 * computed in SQL (a row_number window and a hash of 121,000 groups) all cost more.
 */
async function parameterValues(db: Executor, parameterId: number, q: SpcParameterQuery): Promise<number[]> {
  const [row] = rowsOf<{ vs: string | null }>(
    await db.execute(sql`
      select string_agg(v::text, ',') as vs
        from (select d.value as v from trace_data d where ${periodOf(parameterId, q)} order by d.ts) s`),
  );
  return row?.vs ? (JSON.parse(`[${row.vs}]`) as number[]) : [];
}

/** ISO time of the given observations (0-based positions in the period, primary-key order). */
async function observationTimes(
  db: Executor,
  parameterId: number,
  q: SpcParameterQuery,
  observations: number[],
): Promise<Map<number, string>> {
  const times = new Map<number, string>();
  if (observations.length === 0) return times;
  const rows = rowsOf<{ i: number; e: string | number }>(
    await db.execute(sql`
      select i, (extract(epoch from x.a[i + 1]) * 1000)::bigint as e
        from (select array_agg(s.ts) as a
                from (select d.ts from trace_data d where ${periodOf(parameterId, q)} order by d.ts) s) x,
             unnest(${intArray(observations)}) as i`),
  );
  for (const r of rows) if (r.e !== null) times.set(Number(r.i), new Date(Number(r.e)).toISOString());
  return times;
}
