import { Alert } from 'antd';
import { errorText } from '../../api/error-text.ts';
import { ApiError } from '../../api/http.ts';
import { useAppStore } from '../../app/store.ts';
import { showSaveError } from '../../components/formErrors.ts';
import { isOutOfStockRefusal } from '../production-material/release-rules.ts';

type Form = Parameters<typeof showSaveError>[0];

/**
 * A release's or restock's failure, rethrown so the dialog stays open: the server's refusal (409) shows above the
 * fields (a lack of stock on the quantity too); anything else on its field or in the snackbar.
 */
export function refuse(e: unknown, form: Form, setRefusal: (e: ApiError) => void): never {
  if (e instanceof ApiError && e.status === 409) {
    setRefusal(e);
    if (isOutOfStockRefusal(e))
      form.setFields([{ name: 'qty', errors: [errorText(e, useAppStore.getState().locale)] }]);
  } else {
    showSaveError(form, e);
  }
  throw e;
}

/** The server's last refusal, above a dialog's fields. */
export function RefusalAlert({ refusal, testId }: { refusal: ApiError | null; testId: string }) {
  const locale = useAppStore((s) => s.locale);
  if (!refusal) return null;
  return (
    <Alert type="error" showIcon style={{ marginBottom: 12 }} data-testid={testId} title={errorText(refusal, locale)} />
  );
}
