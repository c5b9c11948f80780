import {
  DECIMAL_MAX_INT_DIGITS,
  DECIMAL_MAX_SCALE,
  isDecimal,
  isEmpty,
  isIntegerDigits,
  isRealNumber,
  type RuleMessageKey,
} from '@eqms/contract';
import { type GetRef, InputNumber, type InputNumberProps, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ruleText } from './rule-text.ts';

/**
 * Whether text being typed can still become a number within the digit limits: '', '-', '12.' pass on the way,
 * '12345678901' (11 integer digits) or '1.123456' (6 decimals) do not. Leading zeros do not count, as in isDecimal.
 */
export function digitsWithin(text: string, intDigits: number, scale: number, allowNegative = true): boolean {
  const m = (allowNegative ? /^-?(\d*)(?:\.(\d*))?$/ : /^(\d*)(?:\.(\d*))?$/).exec(text);
  if (!m) return false;
  if (scale === 0 && text.includes('.')) return false;
  return m[1].replace(/^0+(?=\d)/, '').length <= intDigits && (m[2]?.length ?? 0) <= scale;
}

export type NumberFieldProps = Omit<
  InputNumberProps<number>,
  'value' | 'onChange' | 'precision' | 'stringMode' | 'min' | 'max' | 'defaultValue'
> & {
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** Integer digits allowed (SPEC §5 default 10). */
  intDigits?: number;
  /** Decimal places allowed (SPEC §5 default 5); ignored in integer mode. */
  scale?: number;
  /** Whole numbers only (the integer-digits rule). */
  integer?: boolean;
  min?: number;
  max?: number;
  testId?: string;
};

/**
 * Why typed text cannot go in, as a contract rule message (null: it can). Checked on every keystroke, paste and drop,
 * so a refused key says why (issue 10 §4: "-5" or "abc" must not just vanish): not a number, no sign or no decimal
 * point allowed (a natural number), too many decimal places or integer digits, above the maximum.
 */
export function refusalOf(
  text: string,
  l: { intDigits: number; places: number; allowNegative: boolean; integer: boolean; min?: number; max?: number },
): { key: RuleMessageKey; params?: Record<string, number> } | null {
  if (digitsWithin(text, l.intDigits, l.places, l.allowNegative)) {
    const n = Number(text);
    // Above the maximum only once typing more cannot bring it back (a positive maximum, a number that grows).
    if (l.max !== undefined && text !== '' && text !== '-' && Number.isFinite(n) && n > l.max && l.max >= 0)
      return { key: 'max', params: { max: l.max } };
    return null;
  }
  const m = /^-?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m) return { key: 'realNumber' };
  const natural = l.integer && !l.allowNegative;
  if (text.startsWith('-') && !l.allowNegative)
    return natural ? { key: 'naturalNumber' } : { key: 'min', params: { min: l.min ?? 0 } };
  if (l.places === 0 && text.includes('.')) return natural ? { key: 'naturalNumber' } : { key: 'integer' };
  if (l.integer) return { key: 'integerDigits', params: { digits: l.intDigits } };
  return { key: 'decimal', params: { int: l.intDigits, scale: l.places } };
}

/**
 * antd InputNumber that enforces the SPEC §5 decimal rule while typing: a keystroke or paste that would give more
 * than `intDigits` integer digits or `scale` decimals, a letter, a sign where none is allowed or a value above `max`
 * is refused, and the reason shows under the field until the next accepted input (it never vanishes silently).
 * Pair it with `numberRule` (or decimalRule / integerRule) in the Form.Item for values set another way.
 */
export function NumberField({
  value,
  onChange,
  intDigits = DECIMAL_MAX_INT_DIGITS,
  scale = DECIMAL_MAX_SCALE,
  integer,
  min,
  max,
  testId = 'number-field',
  style,
  ...rest
}: NumberFieldProps) {
  const places = integer ? 0 : scale;
  const ref = useRef<GetRef<typeof InputNumber>>(null);
  const { token } = theme.useToken();
  const [refusal, setRefusal] = useState<ReturnType<typeof refusalOf>>(null);
  const limits = useRef({ intDigits, places, allowNegative: true, integer: !!integer, min, max });
  limits.current = { intDigits, places, allowNegative: min === undefined || min < 0, integer: !!integer, min, max };

  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    // The native beforeinput (React's onBeforeInput is a keypress emulation that misses paste and drop).
    const guard = (e: Event) => {
      const ev = e as InputEvent;
      if (!ev.inputType?.startsWith('insert')) return;
      const el = ev.target as HTMLInputElement;
      const data = ev.data ?? ev.dataTransfer?.getData('text/plain') ?? '';
      const start = el.selectionStart ?? el.value.length;
      const end = el.selectionEnd ?? start;
      const why = refusalOf(el.value.slice(0, start) + data + el.value.slice(end), limits.current);
      if (why) ev.preventDefault();
      setRefusal(why);
    };
    const forget = () => setRefusal(null);
    input.addEventListener('beforeinput', guard);
    input.addEventListener('blur', forget);
    return () => {
      input.removeEventListener('beforeinput', guard);
      input.removeEventListener('blur', forget);
    };
  }, []);

  // Stepping with the arrows stays inside the digits too.
  const largest = 10 ** intDigits - 10 ** -places;
  const hintId = `${testId}-hint`;
  return (
    <>
      <InputNumber<number>
        {...rest}
        ref={ref}
        data-testid={testId}
        value={value ?? null}
        onChange={(v) => onChange?.(v ?? null)}
        precision={integer ? 0 : undefined}
        min={min ?? -largest}
        max={max ?? largest}
        status={refusal ? 'warning' : rest.status}
        aria-describedby={refusal ? hintId : undefined}
        style={{ width: '100%', ...style }}
      />
      {refusal && (
        <div
          id={hintId}
          role="alert"
          data-testid={hintId}
          style={{ color: token.colorWarningText, fontSize: token.fontSizeSM, lineHeight: token.lineHeightSM }}
        >
          {ruleText(refusal.key, refusal.params)}
        </div>
      )}
    </>
  );
}

const toNumber = (value: unknown) => (typeof value === 'number' ? value : Number(String(value).trim()));
const isNumeric = (value: unknown) =>
  (typeof value === 'number' || typeof value === 'string') && isRealNumber(value as string | number);

/** Form rule: at most `int` integer digits and `scale` decimals (SPEC §5 decimal; empty is left to required). */
export function decimalRule(int = DECIMAL_MAX_INT_DIGITS, scale = DECIMAL_MAX_SCALE) {
  return {
    validator: async (_: unknown, value: unknown) => {
      if (isEmpty(value)) return;
      if (!isNumeric(value)) throw new Error(ruleText('realNumber'));
      if (!isDecimal(value as string | number, int, scale)) throw new Error(ruleText('decimal', { int, scale }));
    },
  };
}

/** Form rule: a whole number of at most `digits` digits (SPEC §5 integer up to n digits). */
export function integerRule(digits = DECIMAL_MAX_INT_DIGITS) {
  return {
    validator: async (_: unknown, value: unknown) => {
      if (isEmpty(value)) return;
      if (!isNumeric(value)) throw new Error(ruleText('realNumber'));
      if (!isIntegerDigits(value as string | number, digits)) throw new Error(ruleText('integerDigits', { digits }));
    },
  };
}

/** The rule that matches a NumberField's props: its digit rule, then min / max (SPEC §5 min, max, between). */
export function numberRule({
  integer,
  intDigits = DECIMAL_MAX_INT_DIGITS,
  scale = DECIMAL_MAX_SCALE,
  min,
  max,
}: Pick<NumberFieldProps, 'integer' | 'intDigits' | 'scale' | 'min' | 'max'> = {}) {
  const digits = integer ? integerRule(intDigits) : decimalRule(intDigits, scale);
  return {
    validator: async (rule: unknown, value: unknown) => {
      await digits.validator(rule, value);
      if (isEmpty(value)) return;
      const n = toNumber(value);
      if (min !== undefined && max !== undefined && (n < min || n > max))
        throw new Error(ruleText('between', { min, max }));
      if (min !== undefined && n < min) throw new Error(ruleText('min', { min }));
      if (max !== undefined && n > max) throw new Error(ruleText('max', { max }));
    },
  };
}
