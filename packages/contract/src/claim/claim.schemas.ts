import { z } from 'zod';
import { auditFields, checkDayPeriod, dataOf, listOf, pageQuery } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// Claims (SPEC §3 "Claim", §7 "Claim"; DOMAIN "Claim"): a customer complaint about a product, optionally one lot of
// it, with photos, cause and countermeasure, moved RECEIVED → INVESTIGATING → COUNTERMEASURE → CLOSED.

export const CLAIM_STATUSES = ['RECEIVED', 'INVESTIGATING', 'COUNTERMEASURE', 'CLOSED'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
/** The list's period (received date): at most this many days. */
export const CLAIM_PERIOD_MAX_DAYS = 366;
export const CLAIM_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const CLAIM_PHOTOS_MAX = 10;
export const CLAIM_PHOTO_FIELD = 'file';
export const CLAIM_PHOTO_MIMES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * The states a claim in `from` may be saved with: itself, the next step, CLOSED, and from CLOSED back to
 * COUNTERMEASURE (reopening). A new claim (`from` null) starts RECEIVED or is recorded already CLOSED.
 */
export function claimNextStatuses(from: ClaimStatus | null): ClaimStatus[] {
  if (from == null) return ['RECEIVED', 'CLOSED'];
  if (from === 'CLOSED') return ['CLOSED', 'COUNTERMEASURE'];
  const next = CLAIM_STATUSES[CLAIM_STATUSES.indexOf(from) + 1];
  return [...new Set<ClaimStatus>([from, next, 'CLOSED'])];
}

export const claimPhotoSchema = z.object({
  id: z.number(),
  claimId: z.number(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type ClaimPhoto = z.infer<typeof claimPhotoSchema>;

export const claimSchema = z.object({
  claimId: z.number(),
  receivedDt: z.string(),
  bizPartnerId: z.number(),
  bizPartnerName: z.string(),
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  unit: z.string(),
  /** The LOT ID complained about, if one is known. */
  lotId: z.string().nullable(),
  /** The lot row (for the genealogy link). */
  lotRowId: z.number().nullable(),
  claimQty: z.number(),
  content: z.string(),
  cause: z.string().nullable(),
  countermeasure: z.string().nullable(),
  status: z.enum(CLAIM_STATUSES),
  closedDt: z.string().nullable(),
  photoCount: z.number(),
  ...auditFields,
});
export type Claim = z.infer<typeof claimSchema>;

const optionalDate = () =>
  rules
    .date()
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null);

const claimFields = {
  receivedDt: rules.date(),
  /** A partner whose types include CUSTOMER. */
  bizPartnerId: rules.idValue(),
  productId: rules.idValue(),
  /** A LOT ID of the product (any case); empty for none. */
  lotId: z
    .string()
    .trim()
    .max(100, { error: ruleMessage('maxLength', { max: 100 }) })
    .nullish()
    .transform((v) => v || null),
  claimQty: rules.positiveQty(),
  content: rules.text(2000),
  cause: rules.optionalText(2000).transform((v) => v || null),
  countermeasure: rules.optionalText(2000).transform((v) => v || null),
  status: z.enum(CLAIM_STATUSES, { error: ruleMessage('invalidType') }).default('RECEIVED'),
  /** Required when CLOSED, not before the received date; dropped otherwise. */
  closedDt: optionalDate(),
};

type Closing = { status: ClaimStatus; cause: string | null; countermeasure: string | null; closedDt: string | null };
function checkClosing<T extends Closing & { receivedDt: string }>(v: T, ctx: z.RefinementCtx) {
  if (v.status !== 'CLOSED') return;
  for (const f of ['cause', 'countermeasure', 'closedDt'] as const)
    if (!v[f]) ctx.addIssue({ code: 'custom', path: [f], message: ruleMessage('required') });
  if (v.closedDt && v.receivedDt && v.closedDt < v.receivedDt)
    ctx.addIssue({ code: 'custom', path: ['closedDt'], message: ruleMessage('claimClosedBeforeReceived') });
}
// An open claim has no closing date, whatever the form still held.
const dropClosedDt = <T extends Closing>(v: T): T => (v.status === 'CLOSED' ? v : { ...v, closedDt: null });

/** The fields one by one, for the form's per-field rules (the bodies add the closing rules). */
export const claimFieldsSchema = z.strictObject(claimFields);
export const claimCreateBody = z.strictObject(claimFields).superRefine(checkClosing).transform(dropClosedDt);
export type ClaimCreate = z.infer<typeof claimCreateBody>;
export const claimUpdateBody = z
  .strictObject({ claimId: rules.idValue(), ...claimFields })
  .superRefine(checkClosing)
  .transform(dropClosedDt);
export type ClaimUpdate = z.infer<typeof claimUpdateBody>;

const filterFields = {
  /** Received date from … to (either may be open; at most 366 days when both are given). */
  startDt: rules.date().optional(),
  endDt: rules.date().optional(),
  status: z.enum(CLAIM_STATUSES, { error: ruleMessage('invalidType') }).optional(),
  bizPartnerId: rules.id().optional(),
  productId: rules.id().optional(),
  /** Content, cause, countermeasure, LOT ID, product code or name, or customer name contains. */
  q: z.string().trim().max(100).optional(),
};
const checkPeriod = (v: { startDt?: string; endDt?: string }, ctx: z.RefinementCtx) =>
  checkDayPeriod({ from: v.startDt, to: v.endDt }, CLAIM_PERIOD_MAX_DAYS, ctx, ['endDt']);
export const claimFilterQuery = z.object(filterFields).superRefine(checkPeriod);
export type ClaimFilter = z.infer<typeof claimFilterQuery>;
export const claimListQuery = pageQuery.extend(filterFields).superRefine(checkPeriod);
export type ClaimListQuery = z.infer<typeof claimListQuery>;

export const claimIdParam = z.object({ claimId: rules.id() });
export const claimResponse = dataOf(claimSchema);
export const claimListResponse = listOf(claimSchema);
export const claimPhotoResponse = dataOf(claimPhotoSchema);
export const claimPhotoListResponse = listOf(claimPhotoSchema);

/** The form's LOT ID look-up: the lot, its product and the customers it was shipped to. */
export const claimLotSchema = z.object({
  lotRowId: z.number(),
  lotId: z.string(),
  day: z.string(),
  productId: z.number(),
  productCode: z.string(),
  productName: z.string(),
  unit: z.string(),
  /** Customers the lot was shipped to (ids), so the form can warn about another customer. */
  shippedTo: z.array(z.object({ bizPartnerId: z.number(), bizPartnerName: z.string() })),
});
export type ClaimLot = z.infer<typeof claimLotSchema>;
export const claimLotQuery = z.object({ lotId: rules.text(100) });
export const claimLotResponse = dataOf(claimLotSchema);
