import { translateMessage } from '@eqms/contract';
import type { FormInstance } from 'antd';
import type { ZodType } from 'zod';
import { ApiError, reportError } from '../api/http.ts';
import { useAppStore } from '../app/store.ts';
import { i18n } from '../i18n/index.ts';

/**
 * Puts a failed save's field errors on the form instead of only a snackbar: a 400's fields (rule message keys,
 * translated in the current language) and a 409 DUPLICATE's field. Anything else goes to the API client's error
 * catalogue. Call the API with `silent: true` so the client does not report it a second time.
 */
export function showSaveError(
  form: FormInstance,
  err: unknown,
  opts: { duplicateText?: Record<string, string>; fieldNames?: Record<string, string> } = {},
) {
  if (!(err instanceof ApiError)) return;
  const { locale, notify } = useAppStore.getState();
  const known = new Set(Object.keys(form.getFieldsValue(true) ?? {}));
  const nameOf = (field: string) => opts.fieldNames?.[field] ?? field;
  if (err.code === 'VALIDATION_ERROR' && err.extraData?.fields?.length) {
    const fields = err.extraData.fields.map((f) => ({
      name: nameOf(f.field),
      errors: [translateMessage(f.message, locale)],
    }));
    const onForm = fields.filter((f) => known.has(f.name));
    form.setFields(onForm);
    const first = fields[0];
    notify(
      onForm.length
        ? i18n.t('common:messages.invalidForm')
        : `${i18n.t('common:messages.invalidForm')} (${first.errors[0]})`,
      'warning',
    );
    return;
  }
  if (err.code === 'DUPLICATE' && typeof err.extraData?.field === 'string') {
    const name = nameOf(err.extraData.field);
    const text = opts.duplicateText?.[err.extraData.field] ?? i18n.t('common:errors.DUPLICATE');
    if (known.has(name)) form.setFields([{ name, errors: [text] }]);
    notify(text, 'error');
    return;
  }
  reportError(err);
}

/**
 * An antd form rule that checks a field with its contract zod schema, so the form says exactly what the server
 * would (SPEC §5 rules, in the current language). Empty inputs (antd gives null/'') are checked as undefined.
 */
export function zodRule(schema: ZodType) {
  return {
    validator: async (_: unknown, value: unknown) => {
      const res = schema.safeParse(value === null || value === '' ? undefined : value);
      if (!res.success)
        throw new Error(translateMessage(res.error.issues[0]?.message ?? 'invalidType', useAppStore.getState().locale));
    },
  };
}

/** An antd form rule from a plain check with a contract message key. */
export function checkRule(check: (value: unknown) => boolean, messageKey: string) {
  return {
    validator: async (_: unknown, value: unknown) => {
      if (!check(value)) throw new Error(translateMessage(messageKey, useAppStore.getState().locale));
    },
  };
}
