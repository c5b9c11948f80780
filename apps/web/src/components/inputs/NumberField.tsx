import {
  DECIMAL_MAX_INT_DIGITS,
  DECIMAL_MAX_SCALE,
  isDecimal,
  isEmpty,
  isIntegerDigits,
  isRealNumber,
} from '@eqms/contract';
import { type GetRef, InputNumber, type InputNumberProps } from 'antd';
import { useEffect, useRef } from 'react';
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
 * antd InputNumber that enforces the SPEC §5 decimal rule while typing: a keystroke or paste that would give more
 * than `intDigits` integer digits or `scale` decimals is refused, so the box never shows a value the rule rejects.
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
  const limits = useRef({ intDigits, places, allowNegative: min === undefined || min < 0 });
  limits.current = { intDigits, places, allowNegative: min === undefined || min < 0 };

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
      const next = el.value.slice(0, start) + data + el.value.slice(end);
      const l = limits.current;
      if (!digitsWithin(next, l.intDigits, l.places, l.allowNegative)) ev.preventDefault();
    };
    input.addEventListener('beforeinput', guard);
    return () => input.removeEventListener('beforeinput', guard);
  }, []);

  // Stepping with the arrows stays inside the digits too.
  const largest = 10 ** intDigits - 10 ** -places;
  return (
    <InputNumber<number>
      {...rest}
      ref={ref}
      data-testid={testId}
      value={value ?? null}
      onChange={(v) => onChange?.(v ?? null)}
      precision={integer ? 0 : undefined}
      min={min ?? -largest}
      max={max ?? largest}
      style={{ width: '100%', ...style }}
    />
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
