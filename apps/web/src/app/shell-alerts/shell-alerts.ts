import type { ReactNode } from 'react';

// The desktop shell's alert tables (SPEC §2 dialogs: the equipment-insufficient and the part-replacement alert
// tables). Each entry is one table: the shell asks its rows after login when the user may view its menu, shows the
// non-empty ones in one dialog once per day per user (remembered in localStorage by user and date), and the header's
// alert button opens them again. The entries are listed in ./registry.ts.

export type ShellAlertColumn<T> = {
  key: string;
  /** i18n key in the entry's namespace. */
  title: string;
  render: (row: T) => ReactNode;
  width?: number;
};

/** How an alert's table looks: loaded only when the dialog opens (its columns and texts stay off the first page). */
export type ShellAlertView<T = any> = {
  /** The i18n namespace of `title`, `hint` and the column titles (registered by importing the view's module). */
  ns: string;
  title: string;
  hint?: string;
  rowKey: (row: T) => string | number;
  columns: ShellAlertColumn<T>[];
  /** Where the dialog's link goes (the screen that fixes the rows), if anywhere. */
  path?: string;
};

export type ShellAlert<T = any> = {
  /** Unique; the dialog section's test id is `shell-alert-<key>`. */
  key: string;
  /** The menu whose view right the user needs (contract menu.ts name). */
  menu: string;
  /** The rows; an empty list shows nothing. */
  rows: (signal: AbortSignal) => Promise<T[]>;
  /** The table's look, imported when the dialog first shows this alert. */
  view: () => Promise<ShellAlertView<T>>;
};

const PREFIX = 'eqms.shellAlerts';
/** `eqms.shellAlerts.<userId>.<yyyy-MM-dd>` holds the keys shown that day; `*` stands for every alert. */
export const shellAlertsStorageKey = (userId: string, day: string) => `${PREFIX}.${userId}.${day}`;
const storageKey = shellAlertsStorageKey;

/** The alert keys already shown to this user on this day (`has` is true for every key once `*` is stored). */
export function shownToday(
  userId: string,
  day: string,
  storage: Storage = localStorage,
): { has: (key: string) => boolean } {
  try {
    const raw = storage.getItem(storageKey(userId, day));
    const keys = new Set(raw ? (JSON.parse(raw) as string[]) : []);
    return { has: (key) => keys.has('*') || keys.has(key) };
  } catch {
    return { has: () => false };
  }
}

function storedKeys(userId: string, day: string, storage: Storage): string[] {
  try {
    const raw = storage.getItem(storageKey(userId, day));
    return raw ? (JSON.parse(raw) as string[]) : [];
  } catch {
    return [];
  }
}

/** Remembers that these alerts were shown to the user today; forgets the user's earlier days. */
export function markShown(userId: string, day: string, keys: string[], storage: Storage = localStorage) {
  try {
    const seen = new Set(storedKeys(userId, day, storage));
    for (const k of keys) seen.add(k);
    const mine = `${PREFIX}.${userId}.`;
    for (let i = storage.length - 1; i >= 0; i--) {
      const k = storage.key(i);
      if (k?.startsWith(mine) && k !== storageKey(userId, day)) storage.removeItem(k);
    }
    storage.setItem(storageKey(userId, day), JSON.stringify([...seen]));
  } catch {
    // Private mode or a full storage: the dialog shows again next time, nothing worse.
  }
}
