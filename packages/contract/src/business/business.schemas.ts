import { z } from 'zod';
import { auditFields, dataOf, listOf } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// Businesses (SPEC §7 "Business", DOMAIN "Demand and plans"): a customer's project or contract under a business
// partner of type CUSTOMER; its orders hang below it (the order module).

export const businessSchema = z.object({
  id: z.number(),
  bizPartnerId: z.number(),
  bizPartnerCode: z.string(),
  bizPartnerName: z.string(),
  code: z.string(),
  name: z.string(),
  /** The contract's period, when it has one. */
  startDt: z.string().nullable(),
  endDt: z.string().nullable(),
  /** Who runs it on our side (free text: a sales person need not be a user). */
  manager: z.string().nullable(),
  description: z.string().nullable(),
  ...auditFields,
});
export type Business = z.infer<typeof businessSchema>;

/** An order under a business in the partner tree (the order module answers them). */
export const businessOrderNodeSchema = z.object({
  id: z.number(),
  businessId: z.number(),
  orderNo: z.string(),
  orderDt: z.string(),
  dueDt: z.string().nullable(),
  description: z.string().nullable(),
  productCount: z.number(),
  materialCount: z.number(),
});
export type BusinessOrderNode = z.infer<typeof businessOrderNodeSchema>;
/** A business of the partner tree with its orders as children (by order date). */
export const businessTreeNodeSchema = businessSchema.extend({ children: z.array(businessOrderNodeSchema) });
export type BusinessTreeNode = z.infer<typeof businessTreeNodeSchema>;

/** An end before the start is reported on endDt; either may be absent (an open contract). */
const checkPeriod = (v: { startDt?: string | null; endDt?: string | null }, ctx: z.RefinementCtx) => {
  if (v.startDt && v.endDt && v.endDt < v.startDt)
    ctx.addIssue({ code: 'custom', path: ['endDt'], message: ruleMessage('periodOrder') });
};

const businessFields = {
  /** A partner of type CUSTOMER. */
  bizPartnerId: rules.idValue(),
  code: rules.text(50),
  name: rules.text(100),
  startDt: rules.date().nullish(),
  endDt: rules.date().nullish(),
  manager: rules.optionalText(50),
  description: rules.optionalText(500),
};
export const businessCreateBody = z.object(businessFields).superRefine(checkPeriod);
export type BusinessCreate = z.infer<typeof businessCreateBody>;
export const businessUpdateBody = z.object({ id: rules.idValue(), ...businessFields }).superRefine(checkPeriod);
export type BusinessUpdate = z.infer<typeof businessUpdateBody>;

const businessFilterFields = {
  bizPartnerId: rules.id().optional(),
  /** Code, name, manager or the partner's code or name contains (case-insensitive). */
  q: z.string().trim().max(100).optional(),
};
export const businessFilterQuery = z.object(businessFilterFields);
export type BusinessFilter = z.infer<typeof businessFilterQuery>;
export const businessListQuery = z.object({
  ...businessFilterFields,
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(50),
});
export type BusinessListQuery = z.infer<typeof businessListQuery>;

export const businessResponse = dataOf(businessSchema);
export const businessPageResponse = z.object({ data: z.array(businessSchema), total: z.number() });
export const businessTreeResponse = listOf(businessTreeNodeSchema);
