import { issueMessage, translateMessage } from '@eqms/contract';
import type { FormInstance } from 'antd';
import type { ZodType } from 'zod';
import { errorText, holderText } from '../api/error-text.ts';
import { ApiError, reportError } from '../api/http.ts';
import { useAppStore } from '../app/store.ts';
import { i18n } from '../i18n/index.ts';

/** Dotted names of the form's items, nested ones included ('email', 'ext.shift', 'data.items.0.value'). */
function registeredFields(form: FormInstance): Map<string, (string | number)[]> {
  const names = new Map<string, (string | number)[]>();
  form.getFieldsValue(true, (meta) => {
    if (meta?.name?.length) names.set(meta.name.join('.'), meta.name);
    return false;
  });
  return names;
}

/**
 * The form item a server field path belongs to: the path itself or its nearest registered parent
 * ('roleIds.1' → 'roleIds'); undefined when the form has no such item.
 */
function formItemOf(known: Map<string, (string | number)[]>, path: string): (string | number)[] | undefined {
  const parts = path.split('.');
  for (let n = parts.length; n > 0; n--) {
    const name = known.get(parts.slice(0, n).join('.'));
    if (name) return name;
  }
  return undefined;
}

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
  const known = registeredFields(form);
  const nameOf = (field: string) => opts.fieldNames?.[field] ?? field;
  if (err.code === 'VALIDATION_ERROR' && err.extraData?.fields?.length) {
    const fields = err.extraData.fields.map((f) => ({
      name: nameOf(f.field),
      errors: [translateMessage(f.message, locale)],
    }));
    const onForm = fields.flatMap((f) => {
      const name = formItemOf(known, f.name);
      return name ? [{ name, errors: f.errors }] : [];
    });
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
    const own = opts.duplicateText?.[err.extraData.field];
    const holder = holderText(err.extraData.existing);
    // Which row already holds the value (its key may differ in case only: FG-1001 for fg-1001).
    const text = own
      ? holder
        ? `${own} ${i18n.t('common:errorDetail.heldBy', { existing: holder })}`
        : own
      : errorText(err, locale);
    const item = formItemOf(known, name);
    if (item) form.setFields([{ name: item, errors: [text] }]);
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
        throw new Error(translateMessage(issueMessage(res.error.issues[0] ?? {}), useAppStore.getState().locale));
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
