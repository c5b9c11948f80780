import { eq } from 'drizzle-orm';
import {
  DEFAULT_THEME,
  THEME_COLORS,
  THEMES,
  type ThemeColor,
  type ThemeMode,
  type ThemeOptions,
  type UserSettings,
} from '@eqms/contract';
import type { Db, Executor } from '../../db/client.ts';
import { firstOr404, updatedStamp } from '../../platform/crud.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { users } from '../user/user.table.ts';

const DEFAULT_THEME_COLOR: ThemeColor = 'blue';

// Settings live on the user row (users.home_path, users.theme_options). A stored value that is no longer
// valid falls back to the default rather than breaking the shell.
function settingsOf(row: {
  homePath: string | null;
  themeOptions: { theme?: string; themeColor?: string } | null;
}): UserSettings {
  const theme = row.themeOptions?.theme;
  const themeColor = row.themeOptions?.themeColor;
  return {
    homePath: row.homePath,
    options: {
      theme: THEMES.includes(theme as ThemeMode) ? (theme as ThemeMode) : DEFAULT_THEME,
      themeColor: THEME_COLORS.includes(themeColor as ThemeColor) ? (themeColor as ThemeColor) : DEFAULT_THEME_COLOR,
    },
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

export async function setTheme(db: Db, actor: Actor, options: ThemeOptions): Promise<UserSettings> {
  await withTx(db, actor, (tx) =>
    tx
      .update(users)
      .set({ themeOptions: { theme: options.theme, themeColor: options.themeColor }, ...updatedStamp(actor) })
      .where(eq(users.id, actor.id)),
  );
  return getSettings(db, actor.id);
}
