import { errorText } from '../../api/error-text.ts';
import { ApiError, reportError } from '../../api/http.ts';
import { useAppStore } from '../../app/store.ts';
import { i18n } from '../../i18n/index.ts';

/** Shows a 409 CONFLICT refusal (its `extraData.messageKey`, in the UI language) as an alert; false for other errors. */
export function showRefusal(err: unknown): boolean {
  if (!(err instanceof ApiError) || err.code !== 'CONFLICT') return false;
  useAppStore.getState().showAlert({
    title: i18n.t('user:messages.refused'),
    text: errorText(err, useAppStore.getState().locale),
    icon: 'warning',
  });
  return true;
}

/** For calls made with `silent`: a refusal as an alert, anything else through the error catalogue. */
export function reportUserError(err: unknown) {
  if (showRefusal(err)) return;
  if (err instanceof ApiError) reportError(err);
}
