import { errorText } from '../../api/error-text.ts';
import { ApiError, reportError } from '../../api/http.ts';
import { useAppStore } from '../../app/store.ts';
import { i18n } from '../../i18n/index.ts';

/** A 409 CONFLICT on a role change: it would take away the last enabled administrator. */
export function showRoleRefusal(err: unknown): boolean {
  if (!(err instanceof ApiError) || err.code !== 'CONFLICT') return false;
  useAppStore.getState().showAlert({
    title: i18n.t('role:messages.refused'),
    text: errorText(err, useAppStore.getState().locale),
    icon: 'warning',
  });
  return true;
}

/** For calls made with `silent`: a refusal as an alert, anything else (incl. the related-data dialog) as usual. */
export function reportRoleError(err: unknown) {
  if (showRoleRefusal(err)) return;
  if (err instanceof ApiError) reportError(err);
}
