import { z } from 'zod';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// The filters of the quality standards' Excel export (modules/quality README "Excel"): one material's or product's
// items, or every item of that side when no subject is given.

export const materialQualityExportQuery = z.object({ materialId: rules.id().optional() });
export type MaterialQualityExportQuery = z.infer<typeof materialQualityExportQuery>;
export const productQualityExportQuery = z.object({
  productId: rules.id().optional(),
  stage: z.enum(['IN_PROCESS', 'FINAL'], { error: ruleMessage('invalidOption') }).optional(),
});
export type ProductQualityExportQuery = z.infer<typeof productQualityExportQuery>;
