import { z } from 'zod';
import { dataOf, listOf, pageQuery } from '../common/common.schemas.ts';
import { PAGE_HIT_APP } from '../constants.ts';
import { MENU_INDEX } from '../menu.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';
import { onlineUserSchema } from '../user/user.schemas.ts';

// SPEC §7 System: menu configuration, page hits and their statistics, online users, runtime settings, backups.

/** Large collections are bounded on the server (ARCHITECTURE §4): one query spans at most this many days. */
export const PAGE_HIT_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

export const systemMenuSchema = z.object({ name: z.string(), sort: z.number().int(), visible: z.boolean() });
export type SystemMenu = z.infer<typeof systemMenuSchema>;

const systemMenuItemBody = z.object({
  name: z
    .string({ error: ruleMessage('required') })
    .trim()
    .min(1, { error: ruleMessage('required') })
    .refine((name) => MENU_INDEX.has(name), { error: ruleMessage('notIn') }),
  sort: z
    .number({ error: ruleMessage('realNumber') })
    .int({ error: ruleMessage('integerDigits', { digits: 6 }) })
    .min(0, { error: ruleMessage('min', { min: 0 }) })
    .max(999_999, { error: ruleMessage('integerDigits', { digits: 6 }) }),
  visible: z.boolean({ error: ruleMessage('invalidType') }),
});

/**
 * POST/PUT /system/menu: the entries to save, upserted by menu name; a name may appear once. The one JSON body that
 * is a list, not an object (the saved resource is the list, SPEC §7), so it is held to the same bar another way: at
 * least one entry, each a strict object (endpoints() makes it so) — `[]` or a list of anything else is a 400.
 */
export const systemMenuSaveBody = z
  .array(systemMenuItemBody)
  .min(1, { error: ruleMessage('required') })
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      // zod runs this refinement even when an entry failed its own check (null, a number): that one is reported.
      const name = (item as { name?: unknown } | null)?.name;
      if (typeof name !== 'string') return;
      if (seen.has(name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: ruleMessage('notIn') });
      seen.add(name);
    });
  });
export type SystemMenuSave = z.infer<typeof systemMenuSaveBody>;

/** SPEC §3 page hit: app (default eqms), name, path; the user comes from the token. */
export const pageHitBody = z.object({
  app: rules.text(50).default(PAGE_HIT_APP),
  name: rules.text(100),
  path: rules.text(300),
});
export type PageHitInput = z.infer<typeof pageHitBody>;

export const pageHitSchema = z.object({
  id: z.number(),
  app: z.string(),
  name: z.string(),
  path: z.string(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type PageHit = z.infer<typeof pageHitSchema>;

const isoTimestamp = z.iso.datetime({ offset: true, error: ruleMessage('invalidType') });
/** An instant in a path: epoch milliseconds, or an ISO timestamp with offset. */
const instantParam = z
  .string()
  .refine((v) => /^\d{1,15}$/.test(v) || isoTimestamp.safeParse(v).success, { error: ruleMessage('invalidType') })
  .transform((v) => (/^\d+$/.test(v) ? new Date(Number(v)) : new Date(v)));
const epochMsParam = z
  .string()
  .regex(/^\d{1,15}$/, { error: ruleMessage('invalidType') })
  .transform((v) => new Date(Number(v)));

/** A from–to range: the end not before the start, at most PAGE_HIT_MAX_DAYS long (reported on `to`). */
function checkRange(from: unknown, to: unknown, ctx: z.RefinementCtx, toField = 'to') {
  // zod still runs an object's refinement when a field failed its own check: that field is already reported.
  if (!(from instanceof Date) || !(to instanceof Date)) return;
  if (to.getTime() < from.getTime()) {
    ctx.addIssue({ code: 'custom', path: [toField], message: ruleMessage('periodOrder') });
  } else if (to.getTime() - from.getTime() > PAGE_HIT_MAX_DAYS * DAY_MS) {
    ctx.addIssue({ code: 'custom', path: [toField], message: ruleMessage('periodMax', { days: PAGE_HIT_MAX_DAYS }) });
  }
}

export const pageHitListQuery = pageQuery
  .extend({
    from: isoTimestamp.transform((v) => new Date(v)),
    to: isoTimestamp.transform((v) => new Date(v)),
  })
  .superRefine((q, ctx) => checkRange(q.from, q.to, ctx));

export const PAGE_HIT_UNITS = ['hourly', 'daily', 'weekly', 'monthly'] as const;
export type PageHitUnit = (typeof PAGE_HIT_UNITS)[number];

export const pageHitTimeParams = z
  .object({ type: z.enum(PAGE_HIT_UNITS, { error: ruleMessage('notIn') }), fromMs: epochMsParam, toMs: epochMsParam })
  .superRefine((p, ctx) => checkRange(p.fromMs, p.toMs, ctx, 'toMs'));
export const pageHitRangeParams = z
  .object({ from: instantParam, to: instantParam })
  .superRefine((p, ctx) => checkRange(p.from, p.to, ctx));

/** One time bucket: its start as an ISO timestamp in the factory time zone, and the hits in it. */
export const pageHitBucketSchema = z.object({ bucket: z.string(), count: z.number() });
export const pageHitFunctionSchema = z.object({ name: z.string(), path: z.string(), count: z.number() });
export const pageHitUserSchema = z.object({
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  count: z.number(),
});
export type PageHitBucket = z.infer<typeof pageHitBucketSchema>;
export type PageHitFunction = z.infer<typeof pageHitFunctionSchema>;
export type PageHitUser = z.infer<typeof pageHitUserSchema>;

/** What the web reads from the server at start (one build serves every deployment, ARCHITECTURE §10). */
export const runtimeSchema = z.object({
  businessType: z.string(),
  menuExclude: z.array(z.string()),
  chatflowId: z.string().nullable(),
  chatApiHost: z.string().nullable(),
  /** The phone's menu lists the dashboard (MOBILE_DASHBOARD=1). */
  mobileDashboard: z.boolean(),
  sessionIdleMs: z.number(),
});
export type Runtime = z.infer<typeof runtimeSchema>;

/**
 * A backup file in BACKUP_DIR, as the server lists it: only files named like its own backups
 * (`eqms-backup-YYYYMMDD-HHmmss.eqmsbak.gz`), never a path; `createdAt` is read from the name (UTC).
 */
export const backupFileSchema = z.object({ name: z.string(), bytes: z.number(), createdAt: z.string() });
export type BackupFile = z.infer<typeof backupFileSchema>;

/** GET /system/backups: whether this engine can be backed up, the settings (BACKUP_*) and the files, newest first. */
export const backupStatusSchema = z.object({
  /** A PostgreSQL engine (embedded or a server); false on PGlite, which has no connection to back up through. */
  enabled: z.boolean(),
  dir: z.string(),
  keepDays: z.number(),
  /** The factory-local hour of the daily backup; null when it is off (BACKUP_HOUR=off). */
  hour: z.number().nullable(),
  files: z.array(backupFileSchema),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;

/** POST /system/backups: the file just written, with its number of tables and rows. */
export const backupCreatedSchema = backupFileSchema.extend({ tables: z.number(), rows: z.number() });
export type BackupCreated = z.infer<typeof backupCreatedSchema>;

export const systemMenuListResponse = listOf(systemMenuSchema);
export const pageHitResponse = dataOf(pageHitSchema);
export const pageHitListResponse = listOf(pageHitSchema);
export const pageHitBucketListResponse = listOf(pageHitBucketSchema);
export const pageHitFunctionListResponse = listOf(pageHitFunctionSchema);
export const pageHitUserListResponse = listOf(pageHitUserSchema);
export const onlineUserListResponse = listOf(onlineUserSchema);
export const runtimeResponse = dataOf(runtimeSchema);
export const backupStatusResponse = dataOf(backupStatusSchema);
export const backupCreatedResponse = dataOf(backupCreatedSchema);
