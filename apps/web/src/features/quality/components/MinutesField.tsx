import { INSPECTION_MINUTES_MAX, INSPECTION_MINUTES_SCALE, inspectionMinutes, translateMessage } from '@eqms/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { QUALITY_NS } from '../quality.locales.ts';

/**
 * Why the inspection time cannot be saved, in the UI language (the contract's rule, so the form refuses what the
 * server would: 0, above 1440, more than one decimal); undefined when it can, empty included (it is optional).
 */
export function minutesProblem(v: number | null, locale: 'kr' | 'en'): string | undefined {
  if (v == null) return undefined;
  const r = inspectionMinutes().safeParse(v);
  return r.success ? undefined : translateMessage(r.error.issues[0].message, locale);
}

/** How long an inspection took, for the list, the detail and the export: "12.5" (minutes) or nothing. */
export const minutesText = (v: number | null) => (v == null ? '' : String(v));

/** The optional inspection time in minutes, with its unit and the refusal (the form's or the server's) beneath. */
export function MinutesField({
  value,
  onChange,
  error,
  testId,
  autoFocus,
}: {
  value: number | null;
  onChange: (v: number | null) => void;
  error?: string;
  testId: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation(QUALITY_NS);
  return (
    <Flex vertical gap={2}>
      <NumberField
        testId={testId}
        aria-label={t('fields.inspectionMinutes')}
        value={value}
        onChange={onChange}
        min={0}
        max={INSPECTION_MINUTES_MAX}
        intDigits={4}
        scale={INSPECTION_MINUTES_SCALE}
        suffix={t('units.minutes')}
        status={error ? 'error' : undefined}
        autoFocus={autoFocus}
        style={{ width: 140 }}
      />
      {error && (
        <Typography.Text type="danger" data-testid={`${testId}-error`}>
          {error}
        </Typography.Text>
      )}
    </Flex>
  );
}
