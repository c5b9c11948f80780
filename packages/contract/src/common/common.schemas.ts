import { z } from 'zod';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// Shapes shared by every domain: the success envelope, id parameters, paging and the error body.
export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: item });
export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), total: z.number().optional() });
export const okSchema = z.object({ data: z.object({ ok: z.literal(true) }) });

export const idParam = z.object({ id: rules.id() });
/** `{ids}` path segments are comma-separated (ARCHITECTURE §4). */
export const idsParam = z.object({ ids: rules.ids() });
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  size: z.coerce.number().int().min(1).max(1000).optional(),
});
/** Query arrays repeat the parameter; a single value arrives as a string. */
export const queryArray = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(item).optional());

export const auditFields = {
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
};

export const errorBodySchema = z.object({
  status: z.number(),
  code: z.string(),
  message: z.string(),
  extraData: z.record(z.string(), z.unknown()).optional(),
});

const DAY_MS = 86_400_000;
/**
 * A from–to period of yyyy-MM-dd days, both inclusive: the end not before the start and at most `maxDays` days long,
 * reported on `to` (or `at`). For a query's superRefine.
 */
export function checkDayPeriod(
  p: { from?: string; to?: string },
  maxDays: number,
  ctx: z.RefinementCtx,
  at: PropertyKey[] = ['to'],
) {
  if (!p.from || !p.to) return;
  const days = (Date.parse(`${p.to}T00:00:00Z`) - Date.parse(`${p.from}T00:00:00Z`)) / DAY_MS + 1;
  // zod still runs an object's refinement when a field failed its own check: that field is already reported.
  if (Number.isNaN(days)) return;
  if (days < 1) ctx.addIssue({ code: 'custom', path: at, message: ruleMessage('periodOrder') });
  else if (days > maxDays)
    ctx.addIssue({ code: 'custom', path: at, message: ruleMessage('periodMax', { days: maxDays }) });
}

/** A yes/no query flag: `true`/`false`, `Y`/`N` or empty (= absent, the default applies). */
export const booleanQuery = (fallback: boolean) =>
  z
    .enum(['true', 'false', 'Y', 'N', ''], { error: ruleMessage('invalidType') })
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === 'Y'));
