import { historyMenuOf, type Locale, MENU_INDEX } from '@eqms/contract';

/** A table's owning screen label, with the table name where one screen owns several. */
export function tableLabel(table: string, locale: Locale): string {
  const menu = historyMenuOf(table);
  const label = menu ? MENU_INDEX.get(menu)?.label[locale] : undefined;
  return label ? `${label} (${table})` : table;
}

/** Whether the change-history dialog can open a record of this table (the server has a record history for it). */
export const hasRecordHistory = (table: string) => historyMenuOf(table) !== undefined;

/** A table name as the server accepts it in a path (lower snake case). */
export const TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
