import { type SystemMenuSave, systemEndpoints } from '@eqms/contract';
import { useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/http.ts';

/** The query key of the system menu configuration, shared with the shell's side menu (app/shell-data.ts). */
export const SYSTEM_MENU_KEY = ['system', 'menu'] as const;

/**
 * Saves the menu configuration (PUT with config modify, POST with create only: both upsert) and hands the saved
 * list to the side menu at once; other users' menus follow on their next read.
 */
export function useSaveSystemMenu() {
  const qc = useQueryClient();
  return async (items: SystemMenuSave, method: 'put' | 'post') => {
    const saved = await call(method === 'put' ? systemEndpoints.saveMenu : systemEndpoints.createMenu, { body: items });
    qc.setQueryData(SYSTEM_MENU_KEY, saved);
    await qc.invalidateQueries({ queryKey: SYSTEM_MENU_KEY });
    return saved;
  };
}
