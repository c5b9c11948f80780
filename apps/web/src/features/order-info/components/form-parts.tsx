import { ruleMessage, translateMessage } from '@eqms/contract';
import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import type { ZodType } from 'zod';
import { errorText } from '../../../api/error-text.ts';
import { ApiError } from '../../../api/http.ts';
import { useAppStore } from '../../../app/store.ts';
import { zodRule } from '../../../components/formErrors.ts';

// What the order dialogs share: the period rule on the end field, a required number checked by its contract rule,
// and a refusal (409) kept in the dialog until the next try.

const text = (key: string) => translateMessage(key, useAppStore.getState().locale);

/** The contract's periodOrder check on the end field: not before `from` (either may be empty). */
export const endNotBeforeRule =
  (from: string) =>
  ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async (_: unknown, end: string | null | undefined) => {
      const start = getFieldValue(from) as string | null | undefined;
      if (start && end && end < start) throw new Error(text(ruleMessage('periodOrder')));
    },
  });

/** Required first (an empty number would read "not a number"), then the contract's rule. */
export const requiredZod = (schema: ZodType) => ({
  validator: async (rule: unknown, v: unknown) => {
    if (v === undefined || v === null || String(v).trim() === '') throw new Error(text(ruleMessage('required')));
    await zodRule(schema).validator(rule, v);
  },
});

/** A 409 of the last save, shown at the top of the dialog; cleared when the dialog closes or saves again. */
export function useRefusal(open: boolean) {
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  useEffect(() => {
    if (!open) setRefusal(null);
  }, [open]);
  return {
    refusal,
    clear: () => setRefusal(null),
    /** Keeps a conflict to show; other errors go to the form or the snackbar. */
    keep: (e: unknown) => {
      if (e instanceof ApiError && e.status === 409 && e.code !== 'DUPLICATE') setRefusal(e);
    },
  };
}

export function RefusalAlert({ refusal, testId }: { refusal: ApiError | null; testId: string }) {
  const locale = useAppStore((s) => s.locale);
  if (!refusal) return null;
  return (
    <Alert type="error" showIcon style={{ marginBottom: 12 }} data-testid={testId} title={errorText(refusal, locale)} />
  );
}
