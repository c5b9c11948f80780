import { z } from 'zod';
import { dataOf, listOf, pageQuery, queryArray } from '../common/common.schemas.ts';
import { CORRELATION_MAX_DAYS, TREND_MAX_DAYS } from '../constants.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// Machine data (issue 15 "Machine data", DOMAIN "Machine data"): values pushed by machines over HTTP or MQTT, the
// trend (M4-downsampled), the correlation of two parameters, spec-out rows and the raw data history.

/** Points one HTTP ingest call may carry (all or none). */
export const INGEST_MAX_POINTS = 10_000;
/** A point's time must fall in [2000-01-01, 2100-01-01): a typo'd epoch (seconds for ms) is refused, not stored. */
export const INGEST_TS_MIN_MS = Date.UTC(2000, 0, 1);
export const INGEST_TS_MAX_MS = Date.UTC(2100, 0, 1);
/** Trend: the chart's width in pixels (one M4 column each). */
export const TREND_WIDTH = { min: 10, max: 4000, default: 1500 } as const;
export const TREND_MAX_PARAMETERS = 8;
/** Out-of-limit points a trend series lists at most (the total is always given). */
export const TREND_OUT_OF_LIMIT_MAX = 1000;
/** Correlation: buckets of the aligned grid at most (the grid widens to stay under it). */
export const CORRELATION_MAX_BUCKETS = 5000;
/** Spec-out periods at most this long (paged; the bound keeps the count cheap). */
export const SPEC_OUT_MAX_DAYS = 31;
/** Data-history periods at most this long: raw 1 Hz rows, a week of one parameter is 604,800 of them. */
export const DATA_HISTORY_MAX_DAYS = 7;
/** Rows one data-history Excel export holds at most; a larger range is a 400 asking for a narrower one. */
export const DATA_HISTORY_EXPORT_MAX_ROWS = 50_000;
export const DATA_HISTORY_TYPES = ['TRACE'] as const;
export type DataHistoryType = (typeof DATA_HISTORY_TYPES)[number];
/**
 * Where a spec-out row comes from: a collected parameter value (data collection) or an inspection sample (quality: a
 * material or product quality result's value outside its item's LSL/USL, or a pass/fail sample judged NG).
 */
export const SPEC_OUT_SOURCES = ['PARAMETER', 'INSPECTION'] as const;
export type SpecOutSource = (typeof SPEC_OUT_SOURCES)[number];
export const LIMIT_BROKEN = ['LOWER', 'UPPER'] as const;
export type LimitBroken = (typeof LIMIT_BROKEN)[number];
/** How a spec-out row broke its spec: below / above a limit, or NG (an inspection's pass/fail sample). */
export const SPEC_OUT_BROKEN = [...LIMIT_BROKEN, 'NG'] as const;
/** The header an ingest call carries its key in (not a user session). */
export const INGEST_KEY_HEADER = 'x-api-key';

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------- ingest

const epochMs = z
  .number({ error: ruleMessage('ingestTs') })
  .int({ error: ruleMessage('ingestTs') })
  .refine((v) => v >= INGEST_TS_MIN_MS && v < INGEST_TS_MAX_MS, { error: ruleMessage('ingestTs') });
const isoTs = z.iso.datetime({ offset: true, error: ruleMessage('ingestTs') }).refine(
  (v) => {
    const ms = Date.parse(v);
    return ms >= INGEST_TS_MIN_MS && ms < INGEST_TS_MAX_MS;
  },
  { error: ruleMessage('ingestTs') },
);
/** ISO 8601 with offset, or epoch milliseconds; the result is epoch milliseconds. */
export const pointTs = z.union([epochMs, isoTs.transform((v) => Date.parse(v))], { error: ruleMessage('ingestTs') });

const parameterCodeText = rules.text(50);

export const ingestPointSchema = z
  .object({
    parameterId: rules.idValue().optional(),
    toolCode: parameterCodeText.optional(),
    parameterCode: parameterCodeText.optional(),
    ts: pointTs,
    value: z.number({ error: ruleMessage('realNumber') }),
  })
  .superRefine((p, ctx) => {
    if (p.parameterId !== undefined) return;
    if (p.toolCode === undefined || p.parameterCode === undefined) {
      ctx.addIssue({ code: 'custom', path: ['parameterId'], message: ruleMessage('ingestPointRef') });
    }
  });
export type IngestPoint = z.infer<typeof ingestPointSchema>;

export const ingestBody = z.object({
  points: z
    .array(ingestPointSchema, { error: ruleMessage('required') })
    .min(1, { error: ruleMessage('required') })
    .max(INGEST_MAX_POINTS, { error: ruleMessage('max', { max: INGEST_MAX_POINTS }) }),
});
export type IngestBody = z.infer<typeof ingestBody>;

export const ingestResultSchema = z.object({
  received: z.number(),
  /** New rows; a point whose (parameter, ts) is already stored is skipped (first write wins). */
  inserted: z.number(),
  duplicates: z.number(),
  /** Spec-out rows raised by the inserted points. */
  specOuts: z.number(),
});
export type IngestResult = z.infer<typeof ingestResultSchema>;
export const ingestResponse = dataOf(ingestResultSchema);

// ---------------------------------------------------------------- ingest keys

export const ingestKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The tool whose parameters the key may write; null: a gateway key for every tool. */
  toolId: z.number().nullable(),
  toolCode: z.string().nullable(),
  toolName: z.string().nullable(),
  /** The key's first characters, to tell keys apart (the key itself is never stored). */
  prefix: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedBy: z.string().nullable(),
});
export type IngestKey = z.infer<typeof ingestKeySchema>;

export const ingestKeyCreateBody = z.object({
  name: rules.text(100),
  toolId: rules.idValue().nullish(),
});
export type IngestKeyCreate = z.infer<typeof ingestKeyCreateBody>;

export const ingestKeyListResponse = listOf(ingestKeySchema);
export const ingestKeyResponse = dataOf(ingestKeySchema);
/** The created key with its secret: shown this once, never again. */
export const ingestKeyCreatedResponse = dataOf(ingestKeySchema.extend({ key: z.string() }));

// ---------------------------------------------------------------- periods

const instant = z.iso.datetime({ offset: true, error: ruleMessage('invalidType') }).transform((v) => new Date(v));

/** startDt < endDt and at most maxDays long, reported on endDt. */
function checkPeriod(q: { startDt?: unknown; endDt?: unknown }, maxDays: number, ctx: z.RefinementCtx) {
  // zod still runs an object's refinement when a field failed its own check: that field is already reported.
  if (!(q.startDt instanceof Date) || !(q.endDt instanceof Date)) return;
  const span = q.endDt.getTime() - q.startDt.getTime();
  if (span <= 0) ctx.addIssue({ code: 'custom', path: ['endDt'], message: ruleMessage('periodOrder') });
  else if (span > maxDays * DAY_MS)
    ctx.addIssue({ code: 'custom', path: ['endDt'], message: ruleMessage('periodMax', { days: maxDays }) });
}

const period = { startDt: instant, endDt: instant };

// ---------------------------------------------------------------- trend

export const trendQuery = z
  .object({
    parameterIds: queryArray(rules.id()).refine((v) => !!v?.length, { error: ruleMessage('required') }),
    ...period,
    width: z.coerce
      .number({ error: ruleMessage('integer') })
      .int({ error: ruleMessage('integer') })
      .min(TREND_WIDTH.min, { error: ruleMessage('between', { min: TREND_WIDTH.min, max: TREND_WIDTH.max }) })
      .max(TREND_WIDTH.max, { error: ruleMessage('between', { min: TREND_WIDTH.min, max: TREND_WIDTH.max }) })
      .default(TREND_WIDTH.default),
  })
  .superRefine((q, ctx) => {
    if ((q.parameterIds?.length ?? 0) > TREND_MAX_PARAMETERS) {
      ctx.addIssue({
        code: 'custom',
        path: ['parameterIds'],
        message: ruleMessage('max', { max: TREND_MAX_PARAMETERS }),
      });
    }
    checkPeriod(q, TREND_MAX_DAYS, ctx);
  });
export type TrendQuery = z.infer<typeof trendQuery>;

/** [epoch ms, value] */
const point = z.tuple([z.number(), z.number()]);

const parameterInfo = {
  parameterId: z.number(),
  parameterCode: z.string(),
  parameterName: z.string(),
  unit: z.string().nullable(),
  toolId: z.number(),
  toolCode: z.string(),
  toolName: z.string(),
  lowerLimit: z.number().nullable(),
  upperLimit: z.number().nullable(),
  target: z.number().nullable(),
};

export const trendSeriesSchema = z.object({
  ...parameterInfo,
  /** Stored rows in the period. */
  rawCount: z.number(),
  /** M4: per pixel column its first, last, minimum and maximum point, in time order, no point twice. */
  points: z.array(point),
  /** Points outside the limits in the period, the first TREND_OUT_OF_LIMIT_MAX of them in time order. */
  outOfLimit: z.array(point),
  outOfLimitTotal: z.number(),
});
export type TrendSeries = z.infer<typeof trendSeriesSchema>;
export const trendResponse = listOf(trendSeriesSchema);

// ---------------------------------------------------------------- correlation

export const correlationQuery = z
  .object({
    xParameterId: rules.id(),
    yParameterId: rules.id(),
    ...period,
  })
  .superRefine((q, ctx) => {
    if (q.xParameterId === q.yParameterId) {
      ctx.addIssue({ code: 'custom', path: ['yParameterId'], message: ruleMessage('sameParameter') });
    }
    checkPeriod(q, CORRELATION_MAX_DAYS, ctx);
  });
export type CorrelationQuery = z.infer<typeof correlationQuery>;

const parameterInfoSchema = z.object(parameterInfo);
export const correlationSchema = z.object({
  x: parameterInfoSchema,
  y: parameterInfoSchema,
  /** The grid: seconds per bucket (see the module README). */
  intervalSeconds: z.number(),
  /** Buckets where both parameters have a value. */
  n: z.number(),
  /** Pearson r; null with fewer than 2 pairs or a constant series. */
  r: z.number().nullable(),
  /** Least squares y = slope · x + intercept; null as r. */
  slope: z.number().nullable(),
  intercept: z.number().nullable(),
  /** [bucket start epoch ms, mean x, mean y], in time order. */
  series: z.array(z.tuple([z.number(), z.number(), z.number()])),
});
export type Correlation = z.infer<typeof correlationSchema>;
export const correlationResponse = dataOf(correlationSchema);

// ---------------------------------------------------------------- spec-out

export const specOutQuery = pageQuery
  .extend({
    ...period,
    /** One source only; both when absent. */
    source: z.enum(SPEC_OUT_SOURCES, { error: ruleMessage('invalidType') }).optional(),
    /** Tools and parameters narrow the PARAMETER rows; products, materials and items the INSPECTION rows. */
    toolIds: queryArray(rules.id()),
    parameterIds: queryArray(rules.id()),
    productIds: queryArray(rules.id()),
    materialIds: queryArray(rules.id()),
    /** Inspection items (quality standard ids). */
    standardIds: queryArray(rules.id()),
  })
  .superRefine((q, ctx) => checkPeriod(q, SPEC_OUT_MAX_DAYS, ctx));
export type SpecOutQuery = z.infer<typeof specOutQuery>;

export const specOutSchema = z.object({
  source: z.enum(SPEC_OUT_SOURCES),
  /** The point's time, or the inspection's. */
  ts: z.string(),
  /** PARAMETER rows: the tool and parameter (null on INSPECTION rows). */
  toolId: z.number().nullable(),
  toolCode: z.string().nullable(),
  toolName: z.string().nullable(),
  parameterId: z.number().nullable(),
  parameterCode: z.string().nullable(),
  parameterName: z.string().nullable(),
  /** INSPECTION rows: the result, its stage, the item (as inspected) and sample, the subject inspected. */
  resultId: z.number().nullable(),
  stage: z.enum(['INCOMING', 'IN_PROCESS', 'FINAL']).nullable(),
  standardId: z.number().nullable(),
  itemName: z.string().nullable(),
  sampleNo: z.number().nullable(),
  materialId: z.number().nullable(),
  productId: z.number().nullable(),
  /** The material's or product's code and name. */
  subjectCode: z.string().nullable(),
  subjectName: z.string().nullable(),
  /** The package ID (incoming) or LOT ID (final); null in process. */
  subjectNo: z.string().nullable(),
  unit: z.string().nullable(),
  /** The value; null for a pass/fail sample judged NG. */
  value: z.number().nullable(),
  lowerLimit: z.number().nullable(),
  upperLimit: z.number().nullable(),
  limitBroken: z.enum(SPEC_OUT_BROKEN),
});
export type SpecOut = z.infer<typeof specOutSchema>;
export const specOutListResponse = listOf(specOutSchema);

// ---------------------------------------------------------------- data history

export const dataHistoryTypeParam = z.object({
  TYPE: z.enum(DATA_HISTORY_TYPES, { error: ruleMessage('invalidType') }),
});
const dataHistoryFilter = {
  ...period,
  toolIds: queryArray(rules.id()),
  parameterIds: queryArray(rules.id()),
};
export const dataHistoryQuery = pageQuery
  .extend(dataHistoryFilter)
  .superRefine((q, ctx) => checkPeriod(q, DATA_HISTORY_MAX_DAYS, ctx));
export const dataHistoryExportQuery = z
  .object(dataHistoryFilter)
  .superRefine((q, ctx) => checkPeriod(q, DATA_HISTORY_MAX_DAYS, ctx));
export type DataHistoryQuery = z.infer<typeof dataHistoryQuery>;
export type DataHistoryExportQuery = z.infer<typeof dataHistoryExportQuery>;

export const traceDataRowSchema = z.object({
  ts: z.string(),
  toolCode: z.string(),
  toolName: z.string(),
  parameterId: z.number(),
  parameterCode: z.string(),
  parameterName: z.string(),
  unit: z.string().nullable(),
  value: z.number(),
});
export type TraceDataRow = z.infer<typeof traceDataRowSchema>;
export const dataHistoryResponse = listOf(traceDataRowSchema);
