import { z } from 'zod';
import { dataOf } from '../common/common.schemas.ts';
import { LOCALES, THEME_COLORS, THEMES } from '../constants.ts';
import { ruleMessage } from '../messages.ts';

// SPEC §3 settings: the signed-in user's home path and theme options.
export const themeOptionsSchema = z.object({
  theme: z.enum(THEMES, { error: ruleMessage('invalidType') }),
  themeColor: z.enum(THEME_COLORS, { error: ruleMessage('invalidType') }),
});
export type ThemeOptions = z.infer<typeof themeOptionsSchema>;

export const localeSchema = z.enum(LOCALES, { error: ruleMessage('invalidType') });
/** `locale`: the language the user chose last, on any device (null: never chosen; the device's choice stands). */
export const userSettingsSchema = z.object({
  homePath: z.string().nullable(),
  options: themeOptionsSchema,
  locale: localeSchema.nullable(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** null clears the home path (the app's default start page is used). */
export const homePathBody = z.object({
  homePath: z
    .string({ error: ruleMessage('required') })
    .trim()
    .max(200, { error: ruleMessage('maxLength', { max: 200 }) })
    .refine((v) => v.startsWith('/'), { error: ruleMessage('homePath') })
    .nullable(),
});
export const themeBody = z.object({ options: themeOptionsSchema });
export const localeBody = z.object({ locale: localeSchema });

export const userSettingsResponse = dataOf(userSettingsSchema);

// Table preferences: per user and list screen, which columns are hidden and how wide they are (issue 3 §1).
export const TABLE_PREFS_MAX_COLUMNS = 200;
export const TABLE_COLUMN_WIDTH = { min: 40, max: 2000 } as const;
const SCREEN_KEY = /^[A-Za-z0-9_.-]{1,100}$/;
/** A column key as the DataTable names it: e.g. userId, location.name, ext.shift. */
const COLUMN_KEY = /^[A-Za-z0-9_.-]{1,100}$/;

export const tableColumnPrefSchema = z.object({
  key: z.string({ error: ruleMessage('required') }).regex(COLUMN_KEY, { error: ruleMessage('pattern') }),
  hidden: z.boolean({ error: ruleMessage('invalidType') }).optional(),
  width: z
    .number({ error: ruleMessage('realNumber') })
    .int({ error: ruleMessage('between', TABLE_COLUMN_WIDTH) })
    .min(TABLE_COLUMN_WIDTH.min, { error: ruleMessage('between', TABLE_COLUMN_WIDTH) })
    .max(TABLE_COLUMN_WIDTH.max, { error: ruleMessage('between', TABLE_COLUMN_WIDTH) })
    .optional(),
});
export const tablePrefsSchema = z.object({ columns: z.array(tableColumnPrefSchema) });
export type TableColumnPref = z.infer<typeof tableColumnPrefSchema>;
export type TablePrefs = z.infer<typeof tablePrefsSchema>;

/** The columns in display order; a key may appear once. */
export const tablePrefsBody = z.object({
  columns: z
    .array(tableColumnPrefSchema)
    .max(TABLE_PREFS_MAX_COLUMNS, { error: ruleMessage('max', { max: TABLE_PREFS_MAX_COLUMNS }) })
    .superRefine((columns, ctx) => {
      const seen = new Set<string>();
      columns.forEach((c, i) => {
        if (seen.has(c.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: ruleMessage('duplicateValue') });
        seen.add(c.key);
      });
    }),
});
export const tableScreenParam = z.object({
  screen: z.string().regex(SCREEN_KEY, { error: ruleMessage('pattern') }),
});
export const tablePrefsResponse = dataOf(tablePrefsSchema.nullable());
