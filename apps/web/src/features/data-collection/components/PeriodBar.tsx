import { Button, DatePicker, Form, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATA_COLLECTION_NS } from '../data-collection.locales.ts';
import { lastPeriod, type Period } from '../trend-rules.ts';

/**
 * A period to the minute with quick ranges that end now. A period the server refuses (too long, end before start)
 * comes back as its 400's field message in `error`, shown on the field: the rule is the contract's, said once.
 */
export function PeriodBar({
  value,
  onChange,
  quick,
  error,
  testId,
}: {
  value: Period;
  onChange: (p: Period) => void;
  quick: readonly { key: string; ms: number }[];
  error?: string;
  testId: string;
}) {
  const { t } = useTranslation(DATA_COLLECTION_NS);
  const current = quick.find((q) => q.ms === value.to - value.from && Math.abs(Date.now() - value.to) < 60_000);
  return (
    <Form.Item
      label={t('filters.period')}
      validateStatus={error ? 'error' : undefined}
      help={error ? <span data-testid={`${testId}-error`}>{error}</span> : undefined}
      style={{ marginBottom: 0 }}
    >
      <Space wrap size={6}>
        <DatePicker.RangePicker
          data-testid={testId}
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowClear={false}
          value={[dayjs(value.from), dayjs(value.to)]}
          onChange={(v) => {
            if (v?.[0] && v[1])
              onChange({ from: v[0].startOf('minute').valueOf(), to: v[1].startOf('minute').valueOf() });
          }}
          aria-label={t('filters.period')}
        />
        <Space.Compact>
          {quick.map((q) => (
            <Button
              key={q.key}
              data-testid={`${testId}-quick-${q.key}`}
              type={current?.key === q.key ? 'primary' : 'default'}
              onClick={() => onChange(lastPeriod(q.ms))}
            >
              {t(`quick.${q.key}`)}
            </Button>
          ))}
        </Space.Compact>
      </Space>
    </Form.Item>
  );
}
