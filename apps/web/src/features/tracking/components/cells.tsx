import { Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { dueTone } from '../tracking-rules.ts';
import { TRACKING_NS } from '../tracking.locales.ts';

// The cells the tracking tables share: quantities, the shortfall tag, the due day with its urgency, the coverage bar.

export function Qty({ v, strong, testId }: { v: number | null; strong?: boolean; testId?: string }) {
  return (
    <Typography.Text strong={strong} type={v === 0 ? 'secondary' : undefined} data-testid={testId}>
      {fmtQty(v)}
    </Typography.Text>
  );
}

/** The shortfall: a red tag when something is short, a quiet 0 otherwise. */
export function ShortfallTag({ v, testId = 'tracking-shortfall' }: { v: number; testId?: string }) {
  if (v <= 0)
    return (
      <Typography.Text type="secondary" data-testid={testId} data-short="false">
        0
      </Typography.Text>
    );
  return (
    <Tag color="error" data-testid={testId} data-short="true" style={{ marginInlineEnd: 0, fontWeight: 600 }}>
      {fmtQty(v)}
    </Tag>
  );
}

/** The due day with the days left: red when past and still pending, orange within a week. */
export function DueCell({ day, daysLeft, pending }: { day: string; daysLeft: number; pending: boolean }) {
  const { t } = useTranslation(TRACKING_NS);
  const tone = dueTone(daysLeft, pending);
  const text =
    daysLeft < 0
      ? t('days.overdue', { count: -daysLeft })
      : daysLeft === 0
        ? t('days.today')
        : t('days.left', { count: daysLeft });
  return (
    <Space size={4} wrap={false} data-testid="tracking-due" data-tone={tone}>
      <span style={{ whiteSpace: 'nowrap' }}>{day}</span>
      {tone === 'late' || tone === 'soon' ? (
        <Tag color={tone === 'late' ? 'error' : 'warning'} style={{ marginInlineEnd: 0 }}>
          {text}
        </Tag>
      ) : (
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {text}
        </Typography.Text>
      )}
    </Space>
  );
}

/** How much of the row is covered, as a bar: red while short. */
export function CoverageBar({ percent, label }: { percent: number | null; label: string }) {
  if (percent === null) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Progress
      percent={percent}
      size="small"
      status={percent < 100 ? 'exception' : 'success'}
      aria-label={label}
      // The number, not the status icon ("60%" says more than a cross), in the text colour: the status colours are
      // too pale for text on white.
      format={(p) => <Typography.Text style={{ fontSize: 12 }}>{p}%</Typography.Text>}
      style={{ minWidth: 90, margin: 0 }}
      data-testid="tracking-coverage"
    />
  );
}
