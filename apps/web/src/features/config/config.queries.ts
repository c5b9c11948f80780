import { type SystemMenuSave, systemEndpoints } from '@eqms/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/http.ts';

/** The query key of the system menu configuration, shared with the shell's side menu (app/shell-data.ts). */
export const SYSTEM_MENU_KEY = ['system', 'menu'] as const;
/** The backup settings and files (GET /system/backups). */
export const BACKUPS_KEY = ['system', 'backups'] as const;

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

/** Where backups go, for how long, the daily hour and the files, newest first; the card shows a failure itself. */
export function useBackups() {
  return useQuery({
    queryKey: BACKUPS_KEY,
    queryFn: ({ signal }) => call(systemEndpoints.backups, { signal, silent: true }),
    retry: false,
  });
}

/**
 * One backup now (config create). A refusal or failure reaches the user through the API client's snackbar (its
 * message key: PGlite, a backup already running, the reason it failed); the list is read again either way.
 */
export function useCreateBackup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(systemEndpoints.createBackup, { spinner: false }),
    onSettled: () => qc.invalidateQueries({ queryKey: BACKUPS_KEY }),
  });
}
