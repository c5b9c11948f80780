import { z } from 'zod';
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
