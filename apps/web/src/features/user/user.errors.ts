import { ApiError, reportError } from '../../api/http.ts';
import { useAppStore } from '../../app/store.ts';
import { i18n } from '../../i18n/index.ts';

// The server refuses some user changes with 409 CONFLICT and an English message; these are the ones it has,
// shown in the UI language. An unknown one is shown as the server wrote it.
const REFUSALS: [RegExp, string][] = [
  [/administrator/i, 'lastAdmin'],
  [/disable your own/i, 'selfDisable'],
  [/delete your own/i, 'selfDelete'],
];

/** Shows a 409 CONFLICT refusal as an alert; returns false for other errors. */
export function showRefusal(err: unknown): boolean {
  if (!(err instanceof ApiError) || err.code !== 'CONFLICT') return false;
  const key = REFUSALS.find(([re]) => re.test(err.message))?.[1];
  useAppStore.getState().showAlert({
    title: i18n.t('user:messages.refused'),
    text: key ? i18n.t(`user:messages.${key}`) : err.message,
    icon: 'warning',
  });
  return true;
}

/** For calls made with `silent`: a refusal as an alert, anything else through the error catalogue. */
export function reportUserError(err: unknown) {
  if (showRefusal(err)) return;
  if (err instanceof ApiError) reportError(err);
}
