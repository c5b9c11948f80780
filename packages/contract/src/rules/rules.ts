import { z } from 'zod';
import { ID_MAX } from '../constants.ts';
import { ruleMessage } from '../messages.ts';
import * as p from './predicates.ts';

// zod builders for the SPEC §5 rules. Each failing rule reports a message key (messages.ts).
const str = () => z.string({ error: ruleMessage('required') });
const idRange = ruleMessage('idRange', { max: ID_MAX });

export const rules = {
  required: () =>
    str()
      .trim()
      .min(1, { error: ruleMessage('required') }),
  optionalText: (max = 500) =>
    z
      .string()
      .trim()
      .max(max, { error: ruleMessage('maxLength', { max }) })
      .nullish(),
  text: (max = 100) =>
    str()
      .trim()
      .min(1, { error: ruleMessage('required') })
      .max(max, { error: ruleMessage('maxLength', { max }) }),
  email: () =>
    str()
      .trim()
      .refine(p.isEmail, { error: ruleMessage('email') }),
  length: (min: number, max: number) =>
    str()
      .min(min, { error: ruleMessage('minLength', { min }) })
      .max(max, { error: ruleMessage('maxLength', { max }) }),
  regex: (re: RegExp, message = ruleMessage('pattern')) => str().regex(re, { error: message }),
  dateRange: () => str().refine(p.isDateRange, { error: ruleMessage('dateRange') }),
  date: () => str().refine(p.isDate, { error: ruleMessage('date') }),
  datetime: () => str().refine(p.isDatetime, { error: ruleMessage('datetime') }),
  min: (min: number) => z.number({ error: ruleMessage('realNumber') }).min(min, { error: ruleMessage('min', { min }) }),
  max: (max: number) => z.number({ error: ruleMessage('realNumber') }).max(max, { error: ruleMessage('max', { max }) }),
  between: (min: number, max: number) =>
    z
      .number({ error: ruleMessage('realNumber') })
      .refine((v) => v >= min && v <= max, { error: ruleMessage('between', { min, max }) }),
  realNumber: () =>
    z
      .union([z.number(), z.string()])
      .refine(p.isRealNumber, { error: ruleMessage('realNumber') })
      .transform(Number),
  decimal: (int = 10, scale = 5) =>
    z
      .number({ error: ruleMessage('realNumber') })
      .refine((v) => p.isDecimal(v, int, scale), { error: ruleMessage('decimal', { int, scale }) }),
  integerDigits: (digits: number) =>
    z
      .number({ error: ruleMessage('realNumber') })
      .int({ error: ruleMessage('integerDigits', { digits }) })
      .refine((v) => p.isIntegerDigits(v, digits), { error: ruleMessage('integerDigits', { digits }) }),
  url: () => str().refine(p.isUrl, { error: ruleMessage('url') }),
  phone: () => str().refine(p.isPhoneChars, { error: ruleMessage('phone') }),
  profilePhone: () => str().refine(p.isProfilePhone, { error: ruleMessage('profilePhone') }),
  bizRegNo: () => str().refine(p.isBizRegNo, { error: ruleMessage('bizRegNo') }),
  corpRegNo: () => str().refine(p.isCorpRegNo, { error: ruleMessage('corpRegNo') }),
  naturalNumber: () =>
    z
      .number({ error: ruleMessage('naturalNumber') })
      .refine(p.isNaturalNumber, { error: ruleMessage('naturalNumber') }),
  camelCase: () => str().refine(p.isCamelCase, { error: ruleMessage('camelCase') }),
  notIn: (list: readonly string[]) => str().refine((v) => !list.includes(v), { error: ruleMessage('notIn') }),
  notEqual: (value: string) => str().refine((v) => v !== value, { error: ruleMessage('notEqual', { value }) }),
  password: () => str().refine(p.isPassword, { error: ruleMessage('password') }),
  searchText: () => str().refine(p.isSearchText, { error: ruleMessage('searchText') }),
  targetQty: () => z.number({ error: ruleMessage('realNumber') }).min(0, { error: ruleMessage('targetQty') }),
  /** Quantities: numeric(15,5) in the database (SPEC §5 decimal default). */
  qty: () =>
    z
      .number({ error: ruleMessage('realNumber') })
      .refine((v) => p.isDecimal(v), { error: ruleMessage('decimal', { int: 10, scale: 5 }) }),
  /** A quantity above zero (received, sold, released, planned). */
  positiveQty: () =>
    z
      .number({ error: ruleMessage('realNumber') })
      .refine((v) => p.isDecimal(v), { error: ruleMessage('decimal', { int: 10, scale: 5 }) })
      .refine((v) => v > 0, { error: ruleMessage('positive') }),
  /**
   * An id in a path or query (text on the wire): 1 … ID_MAX, the range of the int4 identity columns, so a larger
   * number is a 400 on its field instead of PostgreSQL's "out of range for type integer".
   */
  id: () =>
    z.coerce
      .number({ error: ruleMessage('invalidType') })
      .int({ error: idRange })
      .min(1, { error: idRange })
      .max(ID_MAX, { error: idRange }),
  /** An id in a JSON body: a number (never coerced from text), 1 … ID_MAX. */
  idValue: () =>
    z
      .number({ error: (iss) => (iss.input === undefined ? ruleMessage('required') : ruleMessage('invalidType')) })
      .int({ error: idRange })
      .min(1, { error: idRange })
      .max(ID_MAX, { error: idRange }),
  /** A comma-separated `{ids}` path segment (ARCHITECTURE §4) → the distinct ids, each 1 … ID_MAX. */
  ids: () =>
    z
      .string()
      .regex(/^\d+(,\d+)*$/, { error: ruleMessage('invalidType') })
      .transform((s, ctx) => {
        const ids = [...new Set(s.split(',').map(Number))];
        if (ids.every((id) => Number.isSafeInteger(id) && id >= 1 && id <= ID_MAX)) return ids;
        ctx.addIssue({ code: 'custom', message: idRange, input: s });
        return z.NEVER;
      }),
};

/** Password and its confirmation must match (SPEC §5). */
export function withPasswordConfirm<T extends z.ZodType<{ password?: string | null; passwordConfirm?: string | null }>>(
  schema: T,
) {
  return schema.refine((v) => !v.password || v.password === v.passwordConfirm, {
    error: ruleMessage('passwordConfirm'),
    path: ['passwordConfirm'],
  });
}

/** The SPEC §5 cascader rule: with a required depth, the selected path must reach exactly that depth. */
export function cascaderDepthOk(path: readonly unknown[] | null | undefined, requiredDepth?: number): boolean {
  if (!requiredDepth) return true;
  return (path?.length ?? 0) === requiredDepth;
}
