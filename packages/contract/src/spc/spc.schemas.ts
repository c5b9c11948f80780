import { z } from 'zod';
import { checkDayPeriod, dataOf } from '../common/common.schemas.ts';
import { TREND_MAX_DAYS } from '../constants.ts';
import { ruleMessage } from '../messages.ts';
import { QUALITY_PERIOD_MAX_DAYS } from '../quality/quality.schemas.ts';
import { rules } from '../rules/index.ts';

// Statistical process control (issue 15 "SPC"): control charts with Western Electric rules and process capability of
// an inspection item's samples or a machine parameter's collected values. The numbers come from the server's pure SPC
// module (apps/server/src/modules/spc); long series come back reduced (see SPC_POINTS_MAX).

export const SPC_CHART_TYPES = ['XBAR_R', 'XBAR_S', 'I_MR'] as const;
export type SpcChartType = (typeof SPC_CHART_TYPES)[number];
/** Subgroup sizes the constant tables cover (X̄-R, X̄-S). */
export const SPC_SUBGROUP = { min: 2, max: 25, default: 5 } as const;
/** A chart series longer than this is sent reduced: per index bucket its first, last, minimum and maximum point. */
export const SPC_POINTS_MAX = 4000;
/** Index buckets of a reduced series (≤ 4 points each). */
export const SPC_REDUCE_BUCKETS = 1000;
/** Rule-breaking points a reduced series keeps at most (always with the total). */
export const SPC_FLAGGED_MAX = 1000;
/** Why a chart could not be drawn: a subgroup size outside 2..25 for X̄-R/X̄-S, or fewer than 2 subgroups. */
export const SPC_UNAVAILABLE = ['SUBGROUP_SIZE', 'TOO_FEW'] as const;
export type SpcUnavailable = (typeof SPC_UNAVAILABLE)[number];

const DAY_MS = 86_400_000;
const chartType = z.enum(SPC_CHART_TYPES, { error: ruleMessage('invalidOption') });

/** An inspection item's SPC: inspected day from … to (factory time zone, both required, ≤ 366 days). */
export const spcItemQuery = z
  .object({
    startDt: rules.date(),
    endDt: rules.date(),
    /** Default X̄-R for a sample size ≥ 2, I-MR for 1. */
    chartType: chartType.optional(),
  })
  .superRefine((v, ctx) => checkDayPeriod({ from: v.startDt, to: v.endDt }, QUALITY_PERIOD_MAX_DAYS, ctx, ['endDt']));
export type SpcItemQuery = z.infer<typeof spcItemQuery>;

const instant = z.iso.datetime({ offset: true, error: ruleMessage('invalidType') }).transform((v) => new Date(v));

/** A parameter's SPC: [startDt, endDt) ISO 8601 with offset, ≤ 7 days (as the trend). */
export const spcParameterQuery = z
  .object({
    startDt: instant,
    endDt: instant,
    chartType: chartType.default('XBAR_R'),
    /** Consecutive values per subgroup (X̄-R, X̄-S); ignored by I-MR. */
    subgroupSize: z.coerce
      .number({ error: ruleMessage('integer') })
      .int({ error: ruleMessage('integer') })
      .min(SPC_SUBGROUP.min, { error: ruleMessage('between', { min: SPC_SUBGROUP.min, max: SPC_SUBGROUP.max }) })
      .max(SPC_SUBGROUP.max, { error: ruleMessage('between', { min: SPC_SUBGROUP.min, max: SPC_SUBGROUP.max }) })
      .default(SPC_SUBGROUP.default),
  })
  .superRefine((q, ctx) => {
    if (!(q.startDt instanceof Date) || !(q.endDt instanceof Date)) return;
    const span = q.endDt.getTime() - q.startDt.getTime();
    if (span <= 0) ctx.addIssue({ code: 'custom', path: ['endDt'], message: ruleMessage('periodOrder') });
    else if (span > TREND_MAX_DAYS * DAY_MS)
      ctx.addIssue({ code: 'custom', path: ['endDt'], message: ruleMessage('periodMax', { days: TREND_MAX_DAYS }) });
  });
export type SpcParameterQuery = z.infer<typeof spcParameterQuery>;

const weRule = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
const limits = z.object({ cl: z.number(), ucl: z.number(), lcl: z.number() });

export const spcPointSchema = z.object({
  /** 0-based subgroup (observation for I; MR starts at 1, the later of its two observations). */
  index: z.number(),
  value: z.number(),
  /** Western Electric rules this point breaks (ascending); empty: in control. */
  rules: z.array(weRule),
  /** The subgroup's time: the inspection's time, or the first value's time of a parameter's subgroup. */
  at: z.string(),
  /** The inspection result of the subgroup (items); null for a parameter. */
  resultId: z.number().nullable(),
});
export type SpcPoint = z.infer<typeof spcPointSchema>;

export const spcSeriesSchema = z.object({
  statistic: z.enum(['XBAR', 'R', 'S', 'I', 'MR']),
  limits,
  zones: z.object({ plus1: z.number(), plus2: z.number(), minus1: z.number(), minus2: z.number() }),
  rulesApplied: z.array(weRule),
  /** Every point, or — over SPC_POINTS_MAX — the reduction (per bucket first/last/min/max) plus flagged points. */
  points: z.array(spcPointSchema),
  pointCount: z.number(),
  reduced: z.boolean(),
  /** Points breaking any rule, and per rule (key "1".."4"), over the whole series. */
  flaggedTotal: z.number(),
  flaggedByRule: z.record(z.string(), z.number()),
});
export type SpcSeries = z.infer<typeof spcSeriesSchema>;

export const spcChartSchema = z.object({
  type: z.enum(SPC_CHART_TYPES),
  subgroupSize: z.number(),
  subgroupCount: z.number(),
  droppedValues: z.number(),
  sigmaWithin: z.number(),
  location: spcSeriesSchema,
  dispersion: spcSeriesSchema,
});
export type SpcChart = z.infer<typeof spcChartSchema>;

export const spcCapabilitySchema = z.object({
  n: z.number(),
  subgroupSize: z.number(),
  subgroupCount: z.number(),
  droppedValues: z.number(),
  withinMethod: z.enum(['R', 'S', 'MR']),
  mean: z.number(),
  sigmaWithin: z.number().nullable(),
  sigmaOverall: z.number().nullable(),
  lsl: z.number().nullable(),
  usl: z.number().nullable(),
  cp: z.number().nullable(),
  cpl: z.number().nullable(),
  cpu: z.number().nullable(),
  cpk: z.number().nullable(),
  pp: z.number().nullable(),
  ppl: z.number().nullable(),
  ppu: z.number().nullable(),
  ppk: z.number().nullable(),
  histogram: z.object({
    rule: z.literal('STURGES'),
    binWidth: z.number(),
    edges: z.array(z.number()),
    counts: z.array(z.number()),
  }),
});
export type SpcCapability = z.infer<typeof spcCapabilitySchema>;

export const spcSubjectSchema = z.object({
  kind: z.enum(['ITEM', 'PARAMETER']),
  /** The standard item's or the parameter's id. */
  id: z.number(),
  name: z.string(),
  unit: z.string().nullable(),
  /** Product / material (items) or tool (parameters). */
  ownerId: z.number(),
  ownerCode: z.string(),
  ownerName: z.string(),
  /** Items: INCOMING, IN_PROCESS or FINAL; null for a parameter. */
  stage: z.string().nullable(),
  operationName: z.string().nullable(),
  /** Items: the standard's sample size; a parameter: the subgroup size asked (1 for I-MR). */
  sampleSize: z.number(),
  lsl: z.number().nullable(),
  usl: z.number().nullable(),
  target: z.number().nullable(),
});
export type SpcSubject = z.infer<typeof spcSubjectSchema>;

export const spcResultSchema = z.object({
  subject: spcSubjectSchema,
  chartType: z.enum(SPC_CHART_TYPES),
  /** Values read in the period (all samples of the period's inspections / all collected values). */
  valueCount: z.number(),
  /** Items: inspections read, and those left out because their sample count differs from the sample size. */
  resultCount: z.number(),
  chart: spcChartSchema.nullable(),
  /** Why chart is null. */
  unavailable: z.enum(SPC_UNAVAILABLE).nullable(),
  /** Over the values the chart uses; null with fewer than 2 of them. */
  capability: spcCapabilitySchema.nullable(),
});
export type SpcResult = z.infer<typeof spcResultSchema>;
export const spcResponse = dataOf(spcResultSchema);
