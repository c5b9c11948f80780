import { z } from 'zod';
import { dataOf } from '../common/common.schemas.ts';
import { THEME_COLORS, THEMES } from '../constants.ts';
import { ruleMessage } from '../messages.ts';

// SPEC §3 settings: the signed-in user's home path and theme options.
export const themeOptionsSchema = z.object({
  theme: z.enum(THEMES, { error: ruleMessage('invalidType') }),
  themeColor: z.enum(THEME_COLORS, { error: ruleMessage('invalidType') }),
});
export type ThemeOptions = z.infer<typeof themeOptionsSchema>;

export const userSettingsSchema = z.object({ homePath: z.string().nullable(), options: themeOptionsSchema });
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

export const userSettingsResponse = dataOf(userSettingsSchema);
