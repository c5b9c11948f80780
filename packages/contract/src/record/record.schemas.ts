import { z } from 'zod';
import { auditFields, checkDayPeriod, dataOf, listOf, pageQuery } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// Record sheets (SPEC §2 /record, §7 "Record"; DOMAIN "HACCP and records"): folders and sheets in a tree by type; a
// sheet has a title, date, author, free fields (key/value) and attached files (rows in `files`, checked by content).

export const RECORD_TYPES = ['HACCP', 'QUALITY', 'PRODUCTION', 'FACILITY', 'SAFETY', 'ETC'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];
export const RECORD_TYPE_LABELS: Record<RecordType, { kr: string; en: string }> = {
  HACCP: { kr: 'HACCP', en: 'HACCP' },
  QUALITY: { kr: '품질', en: 'Quality' },
  PRODUCTION: { kr: '생산', en: 'Production' },
  FACILITY: { kr: '설비', en: 'Facilities' },
  SAFETY: { kr: '안전', en: 'Safety' },
  ETC: { kr: '기타', en: 'Other' },
};
export const RECORD_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const RECORD_FILES_MAX = 20;
export const RECORD_FILE_FIELD = 'file';
export const RECORD_FIELDS_MAX = 50;
/** The list's period (sheet date): at most this many days. */
export const RECORD_PERIOD_MAX_DAYS = 3660;

export const recordFieldSchema = z.object({ key: z.string(), value: z.string() });
export type RecordField = z.infer<typeof recordFieldSchema>;

export const recordFileSchema = z.object({
  id: z.number(),
  recordId: z.number(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type RecordFile = z.infer<typeof recordFileSchema>;

export const recordSchema = z.object({
  id: z.number(),
  type: z.enum(RECORD_TYPES),
  parentId: z.number().nullable(),
  /** The folder names from the type's root down to the parent. */
  parentPath: z.string(),
  isFolder: z.boolean(),
  title: z.string(),
  /** A sheet's date (null for folders). */
  recordDt: z.string().nullable(),
  author: z.string().nullable(),
  fields: z.array(recordFieldSchema),
  files: z.array(recordFileSchema),
  childCount: z.number(),
  ...auditFields,
});
export type RecordSheet = z.infer<typeof recordSchema>;

const fieldsBody = z
  .array(
    z.strictObject({
      key: rules.text(100),
      value: z
        .string()
        .trim()
        .max(2000, { error: ruleMessage('maxLength', { max: 2000 }) }),
    }),
  )
  .max(RECORD_FIELDS_MAX, { error: ruleMessage('max', { max: RECORD_FIELDS_MAX }) })
  .default([])
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((f, i) => {
      const k = f.key.toLowerCase();
      if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: ruleMessage('recordFieldKey') });
      seen.add(k);
    });
  });

const recordFields = {
  type: z.enum(RECORD_TYPES, { error: ruleMessage('invalidType') }),
  /** A folder of the same type; null at the type's root. */
  parentId: rules
    .idValue()
    .nullish()
    .transform((v) => v ?? null),
  isFolder: z.boolean({ error: ruleMessage('invalidType') }).default(false),
  title: rules.text(200),
  /** Required for a sheet; dropped for a folder. */
  recordDt: rules
    .date()
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  author: rules.optionalText(100).transform((v) => v || null),
  fields: fieldsBody,
};
function checkSheet(v: { isFolder: boolean; recordDt: string | null }, ctx: z.RefinementCtx) {
  if (!v.isFolder && !v.recordDt)
    ctx.addIssue({ code: 'custom', path: ['recordDt'], message: ruleMessage('required') });
}
const folderShape = <T extends { isFolder: boolean; recordDt: string | null; fields: RecordField[] }>(v: T): T =>
  v.isFolder ? { ...v, recordDt: null, fields: [] } : v;
export const recordFieldsSchema = z.strictObject(recordFields);
export const recordCreateBody = z.strictObject(recordFields).superRefine(checkSheet).transform(folderShape);
export type RecordCreate = z.infer<typeof recordCreateBody>;
export const recordUpdateBody = z
  .strictObject({ id: rules.idValue(), ...recordFields })
  .superRefine(checkSheet)
  .transform(folderShape);
export type RecordUpdate = z.infer<typeof recordUpdateBody>;

const filterFields = {
  type: z.enum(RECORD_TYPES, { error: ruleMessage('invalidType') }).optional(),
  /** Sheets in this folder or below it. */
  parentId: rules.id().optional(),
  startDt: rules.date().optional(),
  endDt: rules.date().optional(),
  /** Title, author or a free field's value contains. */
  q: z.string().trim().max(100).optional(),
};
const checkPeriod = (v: { startDt?: string; endDt?: string }, ctx: z.RefinementCtx) =>
  checkDayPeriod({ from: v.startDt, to: v.endDt }, RECORD_PERIOD_MAX_DAYS, ctx, ['endDt']);
export const recordFilterQuery = z.object(filterFields).superRefine(checkPeriod);
export type RecordFilter = z.infer<typeof recordFilterQuery>;
export const recordListQuery = pageQuery.extend(filterFields).superRefine(checkPeriod);

/** A folder's children (folders first), or the type's root with no parentId. */
export const recordParentQuery = z.object({
  type: z.enum(RECORD_TYPES, { error: ruleMessage('invalidType') }),
  parentId: rules.id().optional(),
});

export type RecordTreeNode = {
  /** G<type> a type, R<id> a folder or sheet. */
  key: string;
  kind: 'TYPE' | 'FOLDER' | 'SHEET';
  id: number | null;
  type: RecordType;
  title: string;
  recordDt: string | null;
  /** Sheets at or below the node. */
  sheetCount: number;
  children: RecordTreeNode[];
};
export const recordTreeNodeSchema: z.ZodType<RecordTreeNode> = z
  .object({
    key: z.string(),
    kind: z.enum(['TYPE', 'FOLDER', 'SHEET']),
    id: z.number().nullable(),
    type: z.enum(RECORD_TYPES),
    title: z.string(),
    recordDt: z.string().nullable(),
    sheetCount: z.number(),
    get children() {
      return z.array(recordTreeNodeSchema);
    },
  })
  .meta({ id: 'RecordTreeNode' });

export const recordResponse = dataOf(recordSchema);
export const recordListResponse = listOf(recordSchema);
export const recordTreeResponse = dataOf(z.array(recordTreeNodeSchema));
export const recordFileResponse = dataOf(recordFileSchema);
