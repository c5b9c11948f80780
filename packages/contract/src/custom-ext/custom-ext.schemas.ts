import { z } from 'zod';
import { auditFields, dataOf, listOf } from '../common/common.schemas.ts';
import type { Locale } from '../constants.ts';
import { ruleMessage } from '../messages.ts';
import { isCamelCase, rules } from '../rules/index.ts';

// SPEC §3 custom extension field: extra fields an administrator adds to a table. A record keeps their values in
// its `ext` JSON ({ [field]: string }); the field definitions live here.

/** The tables that take custom fields (a later module that adds an `ext` column appends its table). */
export const CUSTOM_EXT_TABLES = [
  'users',
  'locations',
  'tools',
  'products',
  'materials',
  'operations',
  'biz_partners',
] as const;
export type CustomExtTable = (typeof CUSTOM_EXT_TABLES)[number];
export const CUSTOM_EXT_TABLE_LABELS: Record<CustomExtTable, Record<Locale, string>> = {
  users: { kr: '사용자', en: 'Users' },
  locations: { kr: '위치', en: 'Locations' },
  tools: { kr: '설비(툴)', en: 'Tools' },
  products: { kr: '제품', en: 'Products' },
  materials: { kr: '자재', en: 'Materials' },
  operations: { kr: '공정', en: 'Operations' },
  biz_partners: { kr: '거래처', en: 'Business partners' },
};
export const CUSTOM_FIELD_TYPES = ['list', 'other'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** A free-text ('other') value, and any stored value, is at most this long. */
export const CUSTOM_VALUE_MAX = 500;
export const CUSTOM_FIELD_MAX = 50;
export const CUSTOM_ITEMS_MAX = 200;

export type CustomFieldService = {
  /** A GET path under /api answering { data: [...] }, e.g. /location/locations. */
  path: string;
  function?: string;
  params?: Record<string, string>;
  labelKey: string;
  valueKey: string;
};
export type CustomFieldItem = { value: string; label: string };
export type CustomFieldData = { category: string } | { service: CustomFieldService } | { items: CustomFieldItem[] };

/** Relative to /api: no scheme, no host (`//`), no `..`, no query (params go in `params`). */
export const isServicePath = (v: string) =>
  /^\/(?!\/)[A-Za-z0-9_\-./]*$/.test(v) && !v.split('/').includes('..') && !v.includes('//');

const serviceSchema = z.object({
  path: rules
    .text(200)
    .refine(isServicePath, { error: ruleMessage('pattern') })
    .refine((v) => !/^\/api(\/|$)/.test(v), { error: ruleMessage('pattern') }),
  function: rules.optionalText(100).transform((v) => v || undefined),
  params: z
    .record(
      z.string().max(100, { error: ruleMessage('maxLength', { max: 100 }) }),
      z.string().max(500, { error: ruleMessage('maxLength', { max: 500 }) }),
    )
    .refine((p) => Object.keys(p).length <= 20, { error: ruleMessage('max', { max: 20 }) })
    .optional(),
  labelKey: rules.text(100),
  valueKey: rules.text(100),
});
const itemSchema = z.object({ value: rules.text(100), label: rules.text(100) });

/**
 * The data of a list field: exactly one of a code category, a service or fixed items. One object with three
 * optional keys rather than a zod union, so a bad item is reported at its own path (data.items.2.value).
 */
export const customFieldDataBody = z
  .object({
    category: rules.text(50).optional(),
    service: serviceSchema.optional(),
    items: z
      .array(itemSchema)
      .min(1, { error: ruleMessage('required') })
      .max(CUSTOM_ITEMS_MAX, { error: ruleMessage('max', { max: CUSTOM_ITEMS_MAX }) })
      .optional(),
  })
  .superRefine((d, ctx) => {
    const given = [d.category, d.service, d.items].filter((v) => v !== undefined).length;
    if (given !== 1) ctx.addIssue({ code: 'custom', path: [], message: ruleMessage('invalidType') });
    const seen = new Set<string>();
    d.items?.forEach((item, i) => {
      if (seen.has(item.value)) {
        ctx.addIssue({ code: 'custom', path: ['items', i, 'value'], message: ruleMessage('duplicateValue') });
      }
      seen.add(item.value);
    });
  })
  .transform(
    (d): CustomFieldData =>
      d.category !== undefined ? { category: d.category } : d.service ? { service: d.service } : { items: d.items! },
  );

/** The stored data as the API shows it. */
export const customFieldDataSchema: z.ZodType<CustomFieldData> = z.union([
  z.object({ category: z.string() }),
  z.object({
    service: z.object({
      path: z.string(),
      function: z.string().optional(),
      params: z.record(z.string(), z.string()).optional(),
      labelKey: z.string(),
      valueKey: z.string(),
    }),
  }),
  z.object({ items: z.array(z.object({ value: z.string(), label: z.string() })) }),
]);

export const customExtTableSchema = z.enum(CUSTOM_EXT_TABLES, { error: ruleMessage('invalidType') });

export const customFieldSchema = z.object({
  id: z.number(),
  table: customExtTableSchema,
  field: z.string(),
  display: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  sequence: z.number(),
  data: customFieldDataSchema.nullable(),
  ...auditFields,
});
export type CustomField = z.infer<typeof customFieldSchema>;

const fieldName = rules.text(CUSTOM_FIELD_MAX).refine(isCamelCase, { error: ruleMessage('camelCase') });

const fieldBody = z.object({
  field: fieldName,
  display: rules.text(100),
  type: z.enum(CUSTOM_FIELD_TYPES, { error: ruleMessage('invalidType') }),
  /** Omitted: placed after the table's last field. */
  sequence: z.number().int().min(0).max(999_999).optional(),
  data: customFieldDataBody.nullish(),
});
/** A list needs its data; free text has none (data sent with 'other' is dropped). */
const dataFitsType = <T extends { type: CustomFieldType; data?: CustomFieldData | null }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.type === 'list' && !v.data) ctx.addIssue({ code: 'custom', path: ['data'], message: ruleMessage('required') });
};
const dropDataOfText = <T extends { type: CustomFieldType; data?: CustomFieldData | null }>(v: T) => ({
  ...v,
  data: v.type === 'list' ? (v.data ?? null) : null,
});

export const customFieldCreateBody = fieldBody
  .extend({ table: customExtTableSchema })
  .superRefine(dataFitsType)
  .transform(dropDataOfText);
/** The table of a field is fixed once created (its values live in that table's rows). */
export const customFieldUpdateBody = fieldBody
  .extend({ id: rules.idValue() })
  .superRefine(dataFitsType)
  .transform(dropDataOfText);
export type CustomFieldCreate = z.infer<typeof customFieldCreateBody>;
export type CustomFieldUpdate = z.infer<typeof customFieldUpdateBody>;

/** PUT /custom-ext/customs: new sequences, e.g. after a drag in the field list. */
export const customFieldSequenceBody = z
  .array(z.object({ id: rules.idValue(), sequence: z.number().int().min(0).max(999_999) }))
  .min(1, { error: ruleMessage('required') })
  .max(1000);

export const customExtTableParam = z.object({ table: customExtTableSchema });
/** /db-table/{t}/columns: any name is accepted here; a table that takes no custom fields is a 404. */
export const dbTableParam = z.object({ t: z.string().min(1).max(100) });
/** DELETE /custom-ext/sub/{a}/{b}: remove the fixed item whose value is b from field a. */
export const customSubParam = z.object({ a: rules.id(), b: z.string().min(1).max(100) });

export const customExtTableInfoSchema = z.object({ table: customExtTableSchema, label: z.string() });
export const customExtTableCountSchema = customExtTableInfoSchema.extend({ count: z.number() });

export const customFieldResponse = dataOf(customFieldSchema);
export const customFieldListResponse = listOf(customFieldSchema);
export const customExtTablesResponse = listOf(customExtTableInfoSchema);
export const customExtTableCountsResponse = listOf(customExtTableCountSchema);
export const dbColumnsResponse = listOf(z.string());
