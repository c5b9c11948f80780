import { z } from 'zod';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';
import { queryArray } from './common.schemas.ts';

// The fields and queries the item masters (products, materials) share word for word: the same rules, so one place.

/** Lists are always paged on the server (interfaces.md): page 1, size 50 unless asked. */
export const MASTER_PAGE_SIZE = 50;
/** Pick-lists (`/products/name`, `/materials/by-name`) answer at most this many rows. */
export const PICK_LIST_MAX = 50;

/** A business key: trimmed, required, at most `max` characters. */
export const masterCode = (max = 50) => rules.text(max);
/** An optional barcode: blank means none (stored as null, so many items may have none). */
export const optionalBarcode = z
  .string()
  .trim()
  .max(100, { error: ruleMessage('maxLength', { max: 100 }) })
  .nullish()
  .transform((v) => v || null);
/** A standard quantity: a decimal (SPEC §5, 10 integer digits, 5 places), never negative, optional. */
export const standardQty = () =>
  rules
    .decimal()
    .refine((v) => v >= 0, { error: ruleMessage('min', { min: 0 }) })
    .nullish()
    .transform((v) => v ?? null);

/** The first fields of an item as the API shows it. */
export const masterItemFields = {
  id: z.number(),
  code: z.string(),
  name: z.string(),
  /** Code of the item's type category (PRODUCT_TYPE, MATERIAL_TYPE). */
  type: z.string(),
  specification: z.string().nullable(),
  /** Code of category UNIT. */
  unit: z.string(),
  barcode: z.string().nullable(),
};

/** The first fields of an item's create/update body. */
export const masterBodyFields = {
  code: masterCode(50),
  name: rules.text(100),
  type: rules.text(50),
  specification: rules.optionalText(200),
  unit: rules.text(50),
  barcode: optionalBarcode,
};

/** A paged master list: page and size always apply (defaults 1 and 50, size ≤ 1000). */
export const masterPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(MASTER_PAGE_SIZE),
});
/** The paged list of an item master, filtered by q and type. */
export const masterListQuery = masterPageQuery.extend({
  /** Code, name, specification or barcode contains (case-insensitive). */
  q: z.string().trim().max(100).optional(),
  type: queryArray(z.string().max(50)),
});
