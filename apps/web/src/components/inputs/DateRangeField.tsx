import { DATE_FORMAT, isDate, isDateRange, isEmpty } from '@eqms/contract';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type CSSProperties, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { INPUTS_NS } from './inputs.locales.ts';
import { ruleText } from './rule-text.ts';

const DAY_MS = 86_400_000;

/** The SPEC §5 text form of a period, `yyyy-MM-dd ~ yyyy-MM-dd`, as URLs and saved searches keep it. */
export function formatDateRange(start: Dayjs | string, end: Dayjs | string): string {
  const text = (d: Dayjs | string) => (typeof d === 'string' ? d : d.format(DATE_FORMAT));
  return `${text(start)} ~ ${text(end)}`;
}

/** The two days of a period text, or null when it is not two real dates around one ~ (order is not checked here). */
export function parseDateRange(text: string | null | undefined): [string, string] | null {
  if (!text) return null;
  const parts = text.split('~').map((p) => p.trim());
  return parts.length === 2 && isDate(parts[0]) && isDate(parts[1]) ? [parts[0], parts[1]] : null;
}

/** Days in a period, both ends included (2024-01-01 ~ 2024-01-07 is 7 days, as the server counts them). */
export function dateRangeDays(start: string, end: string): number {
  return (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS + 1;
}

export type DateRangeRuleOptions = { required?: boolean; maxDays?: number };

/**
 * The period rule (SPEC §5 date range, two dates separated by ~): empty → periodRequired when required; an end
 * before the start → periodOrder; any other malformed text → dateRange; longer than maxDays → periodMax.
 */
export function dateRangeRule({ required, maxDays }: DateRangeRuleOptions = {}) {
  return {
    required,
    validator: async (_: unknown, value: string | null | undefined) => {
      if (isEmpty(value)) {
        if (required) throw new Error(ruleText('periodRequired'));
        return;
      }
      const parts = parseDateRange(value);
      if (parts && parts[1] < parts[0]) throw new Error(ruleText('periodOrder'));
      if (!parts || !isDateRange(value as string)) throw new Error(ruleText('dateRange'));
      if (maxDays && dateRangeDays(parts[0], parts[1]) > maxDays)
        throw new Error(ruleText('periodMax', { days: maxDays }));
    },
  };
}

export type DateRangeFieldProps = {
  value?: string | null;
  onChange?: (text: string | null) => void;
  /** Presets longer than this are not offered (the rule still needs `dateRangeRule({ maxDays })`). */
  maxDays?: number;
  allowClear?: boolean;
  disabled?: boolean;
  testId?: string;
  /** Given by Form.Item: the start input's id, so the label and scroll-to-error find it. */
  id?: string;
  style?: CSSProperties;
};

/** A date range picker whose value is the period text, so it survives a trip through a URL or a saved search. */
export function DateRangeField({
  value,
  onChange,
  maxDays,
  allowClear = true,
  disabled,
  testId = 'date-range-field',
  id,
  style,
}: DateRangeFieldProps) {
  const { t } = useTranslation(INPUTS_NS);
  const parts = parseDateRange(value);
  const picked: [Dayjs, Dayjs] | null = parts ? [dayjs(parts[0]), dayjs(parts[1])] : null;
  const presets = useMemo(() => {
    const today = dayjs().startOf('day');
    const all: { label: string; value: [Dayjs, Dayjs] }[] = [
      { label: t('dateRange.today'), value: [today, today] },
      { label: t('dateRange.last7Days'), value: [today.subtract(6, 'day'), today] },
      { label: t('dateRange.thisMonth'), value: [today.startOf('month'), today.endOf('month').startOf('day')] },
    ];
    return all.filter((p) => !maxDays || p.value[1].diff(p.value[0], 'day') + 1 <= maxDays);
  }, [t, maxDays]);

  // The picker would copy a data-testid onto both inputs; the wrapper carries it once.
  return (
    <div data-testid={testId} style={{ width: '100%', ...style }}>
      <DatePicker.RangePicker
        id={id ? { start: id, end: `${id}-end` } : undefined}
        value={picked}
        onChange={(range) => onChange?.(range?.[0] && range[1] ? formatDateRange(range[0], range[1]) : null)}
        format={DATE_FORMAT}
        presets={presets}
        allowClear={allowClear}
        disabled={disabled}
        placeholder={[t('dateRange.start'), t('dateRange.end')]}
        style={{ width: '100%' }}
      />
    </div>
  );
}
