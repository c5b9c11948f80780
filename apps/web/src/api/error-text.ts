import { type DuplicateHolder, type ErrorBody, type Locale, translateMessage } from '@eqms/contract';
import { i18n } from '../i18n/index.ts';

// What a user reads for a failed call (SPEC §8): built from the error's code and extraData in the UI language.
// The server's `message` is English for logs and integrators and is never shown.

export type ErrorLike = { status: number; code: string; extraData?: ErrorBody['extraData'] };

/** "FG-1001 완제품 A": the existing row that holds a unique value. */
export function holderText(existing: DuplicateHolder | undefined): string {
  if (!existing) return '';
  return [existing.key, existing.name].filter((s) => s !== null && s !== undefined && s !== '').join(' ');
}

/** The first field message of a 400, in the locale (the server sends it translated; a rule key is translated here). */
export function fieldMessage(err: ErrorLike, locale: Locale): string | undefined {
  const first = err.extraData?.fields?.[0];
  return first ? translateMessage(first.message, locale) : undefined;
}

export function errorText(err: ErrorLike, locale: Locale): string {
  const t = (key: string, opts?: Record<string, unknown>) => i18n.t(key, { lng: locale, ...opts });
  const x = err.extraData ?? {};
  if (typeof x.messageKey === 'string') return translateMessage(x.messageKey, locale);
  switch (err.code) {
    case 'VALIDATION_ERROR': {
      const field = fieldMessage(err, locale);
      return field ? `${t('common:errors.VALIDATION_ERROR')} (${field})` : t('common:errors.VALIDATION_ERROR');
    }
    case 'DUPLICATE':
      if (typeof x.value === 'string' && x.existing)
        return t('common:errorDetail.duplicateOf', { value: x.value, existing: holderText(x.existing) });
      break;
    case 'BOM_CYCLE':
      if (Array.isArray(x.path) && x.path.length)
        return t('common:errorDetail.bomCyclePath', { path: x.path.join(' → ') });
      break;
    case 'INSUFFICIENT_BOM_STOCK':
      if (Array.isArray(x.shortages) && x.shortages.length) {
        const items = (x.shortages as { code?: string; name?: string; shortageQty?: number }[])
          .map((s) => `${s.code ?? ''} ${s.name ?? ''} −${s.shortageQty ?? ''}`.trim())
          .join(', ');
        return t('common:errorDetail.bomShortage', { items });
      }
      break;
  }
  if (i18n.exists(`common:errors.${err.code}`)) return t(`common:errors.${err.code}`);
  if (err.status === 404) return t('common:errors.NOT_FOUND');
  if (err.status === 403) return t('common:errors.FORBIDDEN');
  if (err.status === 0 || err.status >= 500) return t('common:errors.INTERNAL_SERVER_ERROR');
  return t('common:errors.UNKNOWN');
}
