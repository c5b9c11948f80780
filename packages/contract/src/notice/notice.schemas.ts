import { z } from 'zod';
import { auditFields, dataOf, listOf, pageQuery } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';
import { locationRefSchema } from '../user/user.schemas.ts';

// SPEC §3 Notice. Create and modify are multipart forms (title, contents, locationId, startDt, endDt and one
// optional file in the field `file`), so the form schemas take the strings a form field carries as well as
// the typed values of a web form.
export const NOTICE_TITLE_MAX = 200;
/** Enough for a long formatted notice; the body is HTML from the rich-text editor. */
export const NOTICE_CONTENTS_MAX = 200_000;
export const NOTICE_FILE_FIELD = 'file';

export const noticeSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** Sanitized HTML. */
  contents: z.string(),
  /** The author's name. */
  author: z.string(),
  authorId: z.number(),
  authorHasImage: z.boolean(),
  /** Target location; null means everyone ('all'). */
  locationId: z.number().nullable(),
  location: locationRefSchema.nullable(),
  startDt: z.string(),
  endDt: z.string(),
  attachFileName: z.string().nullable(),
  attachFileMimeType: z.string().nullable(),
  attachFileSize: z.number().nullable(),
  /** Whether the current user has read it. */
  isRead: z.boolean(),
  ...auditFields,
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticeListQuery = pageQuery.extend({
  /** Notices targeted at this location or at a location below it. */
  locationId: rules.id().optional(),
});

/** Empty (or absent) means everyone. */
const targetLocationId = z.preprocess(
  (v) => (v === undefined || v === null || v === '' || v === 'null' ? null : v),
  rules.id().nullable(),
);

const noticeFields = {
  title: rules.text(NOTICE_TITLE_MAX),
  contents: z
    .string({ error: ruleMessage('invalidType') })
    .max(NOTICE_CONTENTS_MAX, { error: ruleMessage('maxLength', { max: NOTICE_CONTENTS_MAX }) })
    .default(''),
  locationId: targetLocationId,
  startDt: rules.date(),
  endDt: rules.date(),
};

const periodInOrder = (v: { startDt: string; endDt: string }) => v.endDt >= v.startDt;
const periodOrderIssue = { error: ruleMessage('periodOrder'), path: ['endDt'] };

export const noticeCreateForm = z.object(noticeFields).refine(periodInOrder, periodOrderIssue);
export type NoticeCreateForm = z.infer<typeof noticeCreateForm>;

export const noticeModifyForm = z
  .object({
    ...noticeFields,
    id: rules.id(),
    /** Drops the current attachment (a new file replaces it anyway). */
    removeFile: z
      .union([z.boolean(), z.enum(['true', 'false', ''])], { error: ruleMessage('invalidType') })
      .optional()
      .transform((v) => v === true || v === 'true'),
  })
  .refine(periodInOrder, periodOrderIssue);
export type NoticeModifyForm = z.infer<typeof noticeModifyForm>;

export const noticeResponse = dataOf(noticeSchema);
export const noticeListResponse = listOf(noticeSchema);
export const noticeReadAllResponse = dataOf(z.object({ count: z.number() }));
