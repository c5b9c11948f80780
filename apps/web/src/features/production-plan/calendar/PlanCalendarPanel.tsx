import { DesktopOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { DATE_FORMAT, type DailyPlan } from '@eqms/contract';
import { Alert, Button, DatePicker, Empty, Flex, Space } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { LocationTreeSelect, useLocationTree } from '../../../components/LocationTreeSelect.tsx';
import { useLocationDailyPlans, usePrefetchCalendar } from '../production-plan.queries.ts';
import {
  FULL_SCREEN_PATH,
  firstFactory,
  locationPath,
  monthGrid,
  reasonOf,
  shiftMonth,
  yearMonthOf,
} from './plan-calendar.ts';
import { PlanCalendar, StatusLegend } from './PlanCalendar.tsx';

/**
 * The plan screen's calendar tab: a factory or line (the first factory until one is chosen), a month with its
 * navigation, the month grid of daily plans, and a link to the same calendar full screen for a TV. A daily plan
 * clicked opens its plan in the screen's plan detail.
 */
export function PlanCalendarPanel({
  yearMonth,
  locationId,
  onChange,
  onOpen,
}: {
  yearMonth: string;
  /** The chosen location; undefined: the first factory. */
  locationId: number | undefined;
  onChange: (patch: { month?: string; calLocationId?: number }) => void;
  onOpen: (d: DailyPlan) => void;
}) {
  const { t } = useTranslation(['productionPlan', 'common']);
  const locale = useAppStore((s) => s.locale);
  const tree = useLocationTree(['LINE']);
  const factory = useMemo(() => firstFactory(tree.data), [tree.data]);
  const id = locationId ?? factory?.id ?? null;
  const node = useMemo(() => (id != null ? locationPath(tree.data, id)?.at(-1) : undefined), [tree.data, id]);
  const grid = useMemo(() => monthGrid(yearMonth), [yearMonth]);
  const period = useMemo(() => ({ startDt: grid.startDt, endDt: grid.endDt }), [grid]);
  const plans = useLocationDailyPlans(id, period);
  const prefetch = usePrefetchCalendar();
  // The new month's request leaves with the click, not after the screen has rendered the change.
  const go = (patch: { month?: string; calLocationId?: number }) => {
    prefetch(patch.calLocationId ?? id, patch.month ?? yearMonth);
    onChange(patch);
  };
  const today = dayjs().format(DATE_FORMAT);
  const month = dayjs(`${yearMonth}-01`);
  const tvUrl = id != null ? `${FULL_SCREEN_PATH}?yearMonth=${yearMonth}&locationId=${id}` : FULL_SCREEN_PATH;

  return (
    <div data-testid="plan-calendar-panel">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Space wrap size={8}>
          <div style={{ width: 220 }}>
            <LocationTreeSelect
              testId="plan-calendar-location"
              typeUntils={['LINE']}
              selectableTypes={['FACTORY', 'LINE']}
              allowClear={false}
              placeholder={t('calendar.location')}
              value={id}
              onChange={(v) => v != null && go({ calLocationId: v })}
            />
          </div>
          <Space.Compact>
            <Button
              icon={<LeftOutlined />}
              aria-label={t('calendar.prev')}
              title={t('calendar.prev')}
              data-testid="plan-calendar-prev"
              onClick={() => go({ month: shiftMonth(yearMonth, -1) })}
            />
            <DatePicker
              picker="month"
              allowClear={false}
              value={month}
              format="YYYY-MM"
              aria-label={t('calendar.month')}
              data-testid="plan-calendar-month"
              onChange={(d) => d && go({ month: d.format('YYYY-MM') })}
              style={{ width: 120 }}
            />
            <Button
              icon={<RightOutlined />}
              aria-label={t('calendar.next')}
              title={t('calendar.next')}
              data-testid="plan-calendar-next"
              onClick={() => go({ month: shiftMonth(yearMonth, 1) })}
            />
          </Space.Compact>
          <Button
            data-testid="plan-calendar-today"
            disabled={yearMonth === yearMonthOf()}
            onClick={() => go({ month: yearMonthOf() })}
          >
            {t('calendar.thisMonth')}
          </Button>
          <span data-testid="plan-calendar-title" style={{ fontWeight: 600, fontSize: 16 }}>
            {month.format(t('calendar.monthFormat'))}
          </span>
        </Space>
        <Space wrap size={12}>
          <StatusLegend />
          <Button icon={<DesktopOutlined />} href={tvUrl} target="_blank" data-testid="plan-calendar-tv">
            {t('calendar.openTv')}
          </Button>
        </Space>
      </Flex>
      {plans.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="plan-calendar-error"
          title={t('calendar.loadFailed', { reason: reasonOf(plans.error, locale) })}
        />
      )}
      {tree.isSuccess && id == null ? (
        <Empty description={t('calendar.noFactory')} data-testid="plan-calendar-no-factory" />
      ) : (
        <PlanCalendar
          yearMonth={yearMonth}
          plans={plans.data}
          loading={plans.isFetching}
          today={today}
          showLines={node?.type !== 'LINE'}
          onOpen={onOpen}
        />
      )}
    </div>
  );
}
