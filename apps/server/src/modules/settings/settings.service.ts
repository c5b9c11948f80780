import { and, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_THEME,
  LOCALES,
  type Locale,
  THEME_COLORS,
  THEMES,
  type ThemeColor,
  type ThemeMode,
  type TablePrefs,
  type ThemeOptions,
  type UserSettings,
} from '@eqms/contract';
import type { Db, Executor } from '../../db/client.ts';
import { firstOr404, updatedStamp } from '../../platform/crud.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { users } from '../user/user.table.ts';
import { userTablePrefs } from './settings.table.ts';

const DEFAULT_THEME_COLOR: ThemeColor = 'blue';

// Settings live on the user row (users.home_path, users.theme_options). A stored value that is no longer
// valid falls back to the default rather than breaking the shell.
function settingsOf(row: {
  homePath: string | null;
  themeOptions: { theme?: string; themeColor?: string; locale?: string } | null;
}): UserSettings {
  const locale = row.themeOptions?.locale;
  const theme = row.themeOptions?.theme;
  const themeColor = row.themeOptions?.themeColor;
  return {
    homePath: row.homePath,
    options: {
      theme: THEMES.includes(theme as ThemeMode) ? (theme as ThemeMode) : DEFAULT_THEME,
      themeColor: THEME_COLORS.includes(themeColor as ThemeColor) ? (themeColor as ThemeColor) : DEFAULT_THEME_COLOR,
    },
    locale: LOCALES.includes(locale as Locale) ? (locale as Locale) : null,
  };
}

export async function getSettings(db: Executor, userPk: number): Promise<UserSettings> {
  const row = await firstOr404(
    db.select({ homePath: users.homePath, themeOptions: users.themeOptions }).from(users).where(eq(users.id, userPk)),
    'User',
  );
  return settingsOf(row);
}

export async function setHomePath(db: Db, actor: Actor, homePath: string | null): Promise<UserSettings> {
  await withTx(db, actor, (tx) =>
    tx
      .update(users)
      .set({ homePath, ...updatedStamp(actor) })
      .where(eq(users.id, actor.id)),
  );
  return getSettings(db, actor.id);
}

/** Merges into the stored options: the theme and the language are saved apart and keep each other. */
async function mergeOptions(db: Db, actor: Actor, change: Record<string, string>): Promise<UserSettings> {
  await withTx(db, actor, (tx) =>
    tx
      .update(users)
      .set({
        themeOptions: sql`coalesce(${users.themeOptions}, '{}'::jsonb) || ${JSON.stringify(change)}::jsonb`,
        ...updatedStamp(actor),
      })
      .where(eq(users.id, actor.id)),
  );
  return getSettings(db, actor.id);
}

export const setTheme = (db: Db, actor: Actor, options: ThemeOptions) =>
  mergeOptions(db, actor, { theme: options.theme, themeColor: options.themeColor });

export const setLocale = (db: Db, actor: Actor, locale: Locale) => mergeOptions(db, actor, { locale });

const ownScreen = (userPk: number, screen: string) =>
  and(eq(userTablePrefs.userId, userPk), eq(userTablePrefs.screen, screen));

/** The caller's column preferences of one list screen, or null when none are saved. */
export async function getTablePrefs(db: Executor, userPk: number, screen: string): Promise<TablePrefs | null> {
  const [row] = await db.select({ prefs: userTablePrefs.prefs }).from(userTablePrefs).where(ownScreen(userPk, screen));
  return row ? { columns: row.prefs.columns ?? [] } : null;
}

/** Replaces the caller's preferences of the screen (only the known column keys of the body are kept). */
export async function setTablePrefs(db: Db, actor: Actor, screen: string, prefs: TablePrefs): Promise<TablePrefs> {
  const clean: TablePrefs = {
    columns: prefs.columns.map((c) => ({
      key: c.key,
      ...(c.hidden !== undefined ? { hidden: c.hidden } : {}),
      ...(c.width !== undefined ? { width: c.width } : {}),
    })),
  };
  await withTx(db, actor, (tx) =>
    tx
      .insert(userTablePrefs)
      .values({ userId: actor.id, screen, prefs: clean })
      .onConflictDoUpdate({
        target: [userTablePrefs.userId, userTablePrefs.screen],
        set: { prefs: clean, updatedAt: new Date() },
      }),
  );
  return clean;
}

/** Back to the screen's default columns. */
export async function clearTablePrefs(db: Db, actor: Actor, screen: string): Promise<void> {
  await withTx(db, actor, (tx) => tx.delete(userTablePrefs).where(ownScreen(actor.id, screen)));
}
