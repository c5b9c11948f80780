import { MATERIAL_HISTORY_MAX_DAYS } from '@eqms/contract';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateRangeField, dateRangeDays, parseDateRange } from './DateRangeField.tsx';
import { ruleText } from './rule-text.ts';

/** A period text of the URL as the query's from/to, or the contract's message when it cannot be asked. */
export function periodOf(
  text: string | undefined,
  maxDays = MATERIAL_HISTORY_MAX_DAYS,
): { from?: string; to?: string; error: string | null } {
  if (!text) return { error: null };
  const parts = parseDateRange(text);
  if (!parts) return { error: ruleText('dateRange') };
  const days = dateRangeDays(parts[0], parts[1]);
  if (days < 1) return { error: ruleText('periodOrder') };
  if (days > maxDays) return { error: ruleText('periodMax', { days: maxDays }) };
  return { from: parts[0], to: parts[1], error: null };
}

/** The period filter of a list: a label and the range (at most 366 days). */
export function PeriodField({
  value,
  onChange,
  testId,
  allowClear = false,
}: {
  value: string | undefined;
  onChange: (text: string | undefined) => void;
  testId: string;
  allowClear?: boolean;
}) {
  const { t } = useTranslation('glossary');
  return (
    <>
      <Typography.Text type="secondary">{t('period')}</Typography.Text>
      <DateRangeField
        testId={testId}
        value={value ?? null}
        onChange={(text) => onChange(text ?? undefined)}
        maxDays={MATERIAL_HISTORY_MAX_DAYS}
        allowClear={allowClear}
        style={{ width: 250 }}
      />
    </>
  );
}

export function PeriodError({ error, testId }: { error: string | null; testId: string }) {
  if (!error) return null;
  return <Alert type="warning" showIcon title={error} style={{ marginBottom: 16 }} data-testid={testId} />;
}
