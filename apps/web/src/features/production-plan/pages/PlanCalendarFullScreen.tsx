import { ID_MAX } from '@eqms/contract';
import { Button, Flex, Result, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAppStore } from '../../../app/store.ts';
import { useLocationTree } from '../../../components/LocationTreeSelect.tsx';
import { registerLocales } from '../../../i18n/index.ts';
import {
  FULL_SCREEN_PATH,
  firstFactory,
  isYearMonth,
  locationPath,
  monthGrid,
  reasonOf,
  yearMonthOf,
} from '../calendar/plan-calendar.ts';
import { PlanCalendar, StatusLegend } from '../calendar/PlanCalendar.tsx';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { useLocationDailyPlans } from '../production-plan.queries.ts';

registerLocales('productionPlan', { kr, en });

/** A TV on the floor reads the month again this often (issue 13: auto-refresh every 5 minutes). */
export const REFRESH_MS = 5 * 60_000;
/** "Today" and the default month follow the clock this often (a TV left on over midnight or a month's end). */
const CLOCK_MS = 60_000;

/** A location id of the URL: empty (the first factory), or 1 … ID_MAX; anything else is refused. */
const locationParam = (raw: string | null): { ok: boolean; id: number | null } => {
  if (raw === null || raw === '') return { ok: true, id: null };
  const n = /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  return n >= 1 && n <= ID_MAX ? { ok: true, id: n } : { ok: false, id: null };
};

function useNow(everyMs: number) {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = setInterval(() => setNow(dayjs()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * /fs/production-plan-calendar?yearMonth=YYYY-MM&locationId= (SPEC §2 embedded pages; issue 13): the production plan
 * calendar of a month for a TV on the floor — no chrome, large text, today highlighted, the factory and month in the
 * title, read again every 5 minutes. The month defaults to this month and the location to the first factory; a bad
 * value of either gets a message, not a broken page. The same grid as the plan screen's calendar tab.
 */
export default function PlanCalendarFullScreen() {
  const { t } = useTranslation(['productionPlan', 'common']);
  const { token } = theme.useToken();
  const locale = useAppStore((s) => s.locale);
  const [params] = useSearchParams();
  const now = useNow(CLOCK_MS);
  const rawMonth = params.get('yearMonth');
  const monthOk = rawMonth === null || rawMonth === '' || isYearMonth(rawMonth);
  const yearMonth = rawMonth && isYearMonth(rawMonth) ? rawMonth : yearMonthOf(now);
  const rawLocation = params.get('locationId');
  const location = locationParam(rawLocation);

  const tree = useLocationTree(['LINE']);
  const factory = useMemo(() => firstFactory(tree.data), [tree.data]);
  const id = location.id ?? factory?.id ?? null;
  const path = useMemo(() => (id != null ? locationPath(tree.data, id) : null), [tree.data, id]);
  const grid = useMemo(() => monthGrid(yearMonth), [yearMonth]);
  const period = useMemo(() => ({ startDt: grid.startDt, endDt: grid.endDt }), [grid]);
  const valid = monthOk && location.ok;
  const plans = useLocationDailyPlans(valid ? id : null, period, { refetchInterval: REFRESH_MS });

  // The factory (and line) without the site above: what the floor calls it.
  const place = path
    ?.filter((n) => n.type !== 'SITE')
    .map((n) => n.name)
    .join(' / ');
  const monthText = dayjs(`${yearMonth}-01`).format(t('calendar.monthFormat'));
  const title = place ? t('calendar.title', { location: place, month: monthText }) : monthText;
  useEffect(() => {
    document.title = `${title} - eQMS`;
  }, [title]);

  const problem = !monthOk
    ? t('calendar.badMonth', { value: rawMonth, example: yearMonthOf(now) })
    : !location.ok
      ? t('calendar.badLocation', { value: rawLocation })
      : tree.isSuccess && id == null
        ? t('calendar.noFactory')
        : plans.isError
          ? t('calendar.loadFailed', { reason: reasonOf(plans.error, locale) })
          : null;
  if (problem)
    return (
      <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 24 }}>
        <Result
          status="warning"
          title={<span data-testid="fs-calendar-error">{problem}</span>}
          extra={
            <Link to={FULL_SCREEN_PATH}>
              <Button type="primary" size="large">
                {t('calendar.showThisMonth')}
              </Button>
            </Link>
          }
        />
      </Flex>
    );

  return (
    <div
      data-testid="fs-plan-calendar"
      style={{
        height: '100vh',
        display: 'flex',
        flexDirection: 'column',
        gap: 16,
        padding: '20px 24px',
        overflow: 'hidden',
      }}
    >
      <Flex justify="space-between" align="center" wrap gap={16}>
        <Typography.Title
          level={1}
          data-testid="fs-calendar-title"
          style={{ margin: 0, fontSize: 40, lineHeight: 1.2, color: token.colorText }}
        >
          {title}
        </Typography.Title>
        <Flex align="center" gap={32} wrap>
          <StatusLegend size="tv" />
          {plans.dataUpdatedAt > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 20 }} data-testid="fs-calendar-updated">
              {t('calendar.updated', { time: dayjs(plans.dataUpdatedAt).format('HH:mm') })}
            </Typography.Text>
          )}
        </Flex>
      </Flex>
      <div style={{ flex: 1, minHeight: 0 }}>
        <PlanCalendar
          yearMonth={yearMonth}
          plans={plans.data}
          loading={plans.isFetching}
          today={now.format('YYYY-MM-DD')}
          showLines={path?.at(-1)?.type !== 'LINE'}
          size="tv"
          maxRows="fill"
          testId="fs-calendar"
        />
      </div>
    </div>
  );
}
