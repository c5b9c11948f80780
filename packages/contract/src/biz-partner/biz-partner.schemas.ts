import { z } from 'zod';
import { auditFields, dataOf, listOf, queryArray } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// Business partners (SPEC §7 "Biz partner"): customers, suppliers and outsourcers; one partner may be several.
// Types are codes of the category BIZ_PARTNER_TYPE, so a factory can add its own.
export const BIZ_PARTNER_TYPE_CATEGORY = 'BIZ_PARTNER_TYPE';

export const bizPartnerContactSchema = z.object({
  id: z.number(),
  name: z.string(),
  department: z.string().nullable(),
  position: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  sort: z.number(),
});
export type BizPartnerContact = z.infer<typeof bizPartnerContactSchema>;

export const bizPartnerSchema = z.object({
  id: z.number(),
  code: z.string(),
  clientCode: z.string().nullable(),
  name: z.string(),
  types: z.array(z.string()),
  bizRegNo: z.string().nullable(),
  corpRegNo: z.string().nullable(),
  ceoName: z.string().nullable(),
  phone: z.string().nullable(),
  fax: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  description: z.string().nullable(),
  ext: z.record(z.string(), z.unknown()).nullable().optional(),
  contacts: z.array(bizPartnerContactSchema),
  ...auditFields,
});
export type BizPartner = z.infer<typeof bizPartnerSchema>;

/** An empty text is "not given" (a cleared form field), stored as null. Typed input: the web's form type. */
const blankToNull = <T extends z.ZodType<string | null | undefined>>(rule: T) =>
  z
    .preprocess((v: string | null | undefined) => (typeof v === 'string' && v.trim() === '' ? null : v), rule.nullish())
    .transform((v) => (v ?? null) as string | null);

const typeCode = z
  .string({ error: ruleMessage('required') })
  .trim()
  .min(1, { error: ruleMessage('required') })
  .max(50, { error: ruleMessage('maxLength', { max: 50 }) });

export const bizPartnerContactBody = z.object({
  name: rules.text(50),
  department: blankToNull(rules.optionalText(50)),
  position: blankToNull(rules.optionalText(50)),
  phone: blankToNull(rules.phone()),
  email: blankToNull(rules.email()),
});
export type BizPartnerContactBody = z.infer<typeof bizPartnerContactBody>;

export const bizPartnerCreateBody = z.object({
  code: rules.text(50),
  clientCode: blankToNull(rules.optionalText(50)),
  name: rules.text(100),
  /** At least one (SPEC §5 "Required. An empty array fails."). */
  types: z
    .array(typeCode, { error: ruleMessage('required') })
    .min(1, { error: ruleMessage('required') })
    .max(10)
    .transform((list) => [...new Set(list)]),
  bizRegNo: blankToNull(rules.bizRegNo()),
  corpRegNo: blankToNull(rules.corpRegNo()),
  ceoName: blankToNull(rules.optionalText(50)),
  phone: blankToNull(rules.phone()),
  fax: blankToNull(rules.phone()),
  email: blankToNull(rules.email()),
  address: blankToNull(rules.optionalText(200)),
  description: blankToNull(rules.optionalText(500)),
  ext: z.record(z.string(), z.unknown()).nullish(),
  /** The people to call, in order; saved with the partner. */
  contacts: z.array(bizPartnerContactBody).max(100).default([]),
});
/** A PUT replaces the contacts with the given set (an omitted list keeps none). */
export const bizPartnerUpdateBody = bizPartnerCreateBody.extend({ id: rules.idValue() });
export const bizPartnerBulkCreateBody = z.array(bizPartnerCreateBody).min(1).max(1000);
export type BizPartnerCreate = z.infer<typeof bizPartnerCreateBody>;
export type BizPartnerUpdate = z.infer<typeof bizPartnerUpdateBody>;

export const bizPartnerListQuery = z.object({
  /** Code, client code, name, CEO or registration number contains (case-insensitive). */
  q: z.string().trim().max(100).optional(),
  /** Partners having any of these types. */
  type: queryArray(typeCode),
});
export type BizPartnerListQuery = z.infer<typeof bizPartnerListQuery>;
export const bizPartnerTypeParam = z.object({ type: typeCode });
export const bizPartnerTypesQuery = z.object({
  types: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(typeCode).min(1, { error: ruleMessage('required') }),
  ),
});
export const bizPartnerIdQuery = z.object({ bizPartnerId: rules.id() });

export const bizPartnerRefSchema = z.object({ id: z.number(), code: z.string(), name: z.string() });
/** One type of the tree (labels from the code) with the partners having it. */
export const bizPartnerTypeNodeSchema = z.object({
  type: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  children: z.array(bizPartnerRefSchema),
});
export type BizPartnerTypeNode = z.infer<typeof bizPartnerTypeNodeSchema>;

/**
 * A node of a partner's orders / order materials / order products trees: a business, an order or an order line.
 * The production issue owns those tables and fills these trees; until then they are empty.
 */
export type BizPartnerOrderNode = {
  key: string;
  id: number;
  /** BUSINESS | ORDER | ORDER_PRODUCT | ORDER_MATERIAL */
  kind: string;
  code: string | null;
  name: string;
  qty: number | null;
  unit: string | null;
  startDt: string | null;
  endDt: string | null;
  children: BizPartnerOrderNode[];
};
export const bizPartnerOrderNodeSchema: z.ZodType<BizPartnerOrderNode> = z
  .object({
    key: z.string(),
    id: z.number(),
    kind: z.string(),
    code: z.string().nullable(),
    name: z.string(),
    qty: z.number().nullable(),
    unit: z.string().nullable(),
    startDt: z.string().nullable(),
    endDt: z.string().nullable(),
    get children() {
      return z.array(bizPartnerOrderNodeSchema);
    },
  })
  .meta({ id: 'BizPartnerOrderNode' });

export const bizPartnerResponse = dataOf(bizPartnerSchema);
export const bizPartnerListResponse = listOf(bizPartnerSchema);
export const bizPartnerTreeResponse = listOf(bizPartnerTypeNodeSchema);
export const bizPartnerOrderTreeResponse = listOf(bizPartnerOrderNodeSchema);
