import { z } from 'zod';
import { auditFields, dataOf, listOf } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// Operations (process steps) of SPEC §7 "Operation": code, name, type (OPERATION_TYPE), standard time, defects.
export const operationSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  type: z.string().nullable(),
  /** Seconds per unit. */
  standardTime: z.number().nullable(),
  /** Whether results of this operation record defects. */
  defectYn: z.boolean(),
  description: z.string().nullable(),
  ext: z.record(z.string(), z.unknown()).nullable().optional(),
  ...auditFields,
});
export type Operation = z.infer<typeof operationSchema>;

const nonNegativeDecimal = () => rules.decimal().refine((v) => v >= 0, { error: ruleMessage('min', { min: 0 }) });

export const operationCreateBody = z.object({
  code: rules.text(50),
  name: rules.text(100),
  type: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null),
  standardTime: nonNegativeDecimal().nullish(),
  defectYn: z.boolean().default(true),
  description: rules.optionalText(500),
  ext: z.record(z.string(), z.unknown()).nullish(),
});
export const operationUpdateBody = operationCreateBody.extend({ id: rules.idValue() });
export type OperationCreate = z.infer<typeof operationCreateBody>;
export type OperationUpdate = z.infer<typeof operationUpdateBody>;

export const operationResponse = dataOf(operationSchema);
export const operationListResponse = listOf(operationSchema);

/** Excel export filter: q = code or name contains (case-insensitive). */
export const operationExportQuery = z.object({ q: z.string().trim().max(100).optional() });
export type OperationExportQuery = z.infer<typeof operationExportQuery>;
