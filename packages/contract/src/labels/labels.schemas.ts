import { z } from 'zod';
import { queryArray } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// Printable labels (issue 12 "Labels", issue 13 lot labels): one query for every label endpoint — material stock
// packages and product stock lots print the same label through the server's one renderer (platform/labels), so the
// web's one print dialog (components/labels/LabelPrintDialog) drives either.

/** A PDF for an office printer or label stock, or ZPL for a Zebra printer. */
export const LABEL_FORMATS = ['pdf', 'zpl'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];
/** `100x50`: one 100 × 50 mm label per page (or ZPL label); `a4-3x8`: an A4 sheet of 3 × 8 labels of 70 × 36 mm. */
export const LABEL_LAYOUTS = ['100x50', 'a4-3x8'] as const;
export type LabelLayout = (typeof LABEL_LAYOUTS)[number];
/** Rows in one label request. */
export const LABEL_IDS_MAX = 500;
/** Copies of each label. */
export const LABEL_COPIES_MAX = 20;
/** Labels on one A4 sheet of the `a4-3x8` layout. */
export const LABEL_A4_PER_SHEET = 24;

/** `?ids=1&ids=2&format=pdf&layout=100x50&copies=1`: the rows in the order given, once each. */
export const labelQuery = z.object({
  ids: queryArray(rules.id())
    .refine((v) => v !== undefined && v.length > 0, { error: ruleMessage('required') })
    .refine((v) => v === undefined || v.length <= LABEL_IDS_MAX, {
      error: ruleMessage('max', { max: LABEL_IDS_MAX }),
    })
    .transform((v) => [...new Set(v)]),
  format: z.enum(LABEL_FORMATS, { error: ruleMessage('invalidOption') }).default('pdf'),
  layout: z.enum(LABEL_LAYOUTS, { error: ruleMessage('invalidOption') }).default('100x50'),
  copies: z.coerce
    .number({ error: ruleMessage('invalidType') })
    .int({ error: ruleMessage('invalidType') })
    .min(1, { error: ruleMessage('min', { min: 1 }) })
    .max(LABEL_COPIES_MAX, { error: ruleMessage('max', { max: LABEL_COPIES_MAX }) })
    .default(1),
});
export type LabelQuery = z.infer<typeof labelQuery>;
