import { type DailyPlan, WORK_STATUSES, type WorkStatus } from '@eqms/contract';
import { Flex, Popover, Spin, Typography, theme } from 'antd';
import { type CSSProperties, memo, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fmtQty, STATUS_COLOR } from '../plan-rules.ts';
import {
  type CalendarDay,
  type CellRow,
  cellRows,
  groupByDayAndLine,
  type LineGroup,
  monthGrid,
} from './plan-calendar.ts';
import './plan-calendar.css';

// The month grid of daily plans (issue 13): one component for the plan screen's calendar tab and the embedded TV page
// (/fs/production-plan-calendar). Monday-to-Sunday weeks; each day lists its daily plans by line — product code,
// operation, target/good — coloured by work status, "+N more" opening the whole day when the cell is full. The grid
// and the grouping are made once per month and per answer; a cell re-renders only when its own day's plans change;
// the look is CSS classes (plan-calendar.css) over custom properties set once on the calendar.

export type PlanCalendarSize = 'desktop' | 'tv';

export type PlanCalendarProps = {
  /** `YYYY-MM`. */
  yearMonth: string;
  /** The daily plans of the grid's days (GET /location/{id}/daily-plans of monthGrid's startDt … endDt). */
  plans: readonly DailyPlan[] | undefined;
  loading?: boolean;
  /** yyyy-MM-dd: the day highlighted. */
  today: string;
  /** Line names above their plans (a factory's calendar); a line's calendar lists plans only. */
  showLines: boolean;
  size?: PlanCalendarSize;
  /**
   * Rows a day cell shows, the first beside the date (line names count; "+N more" ends the date's row). `fill`: as
   * many as the cell's share of the parent's height holds (the TV page fills the screen).
   */
  maxRows?: number | 'fill';
  /** A daily plan clicked (the plan screen opens its plan); without it the entries are not buttons (the TV page). */
  onOpen?: (d: DailyPlan) => void;
  testId?: string;
};

const METRICS: Record<PlanCalendarSize, { font: number; date: number; row: number; head: number; pad: number }> = {
  desktop: { font: 12, date: 13, row: 21, head: 30, pad: 4 },
  tv: { font: 19, date: 21, row: 31, head: 44, pad: 6 },
};
const DESKTOP_ROWS = 6;

type Token = ReturnType<typeof theme.useToken>['token'];
type T = ReturnType<typeof useTranslation>['t'];

/** The background and bar colours of a work status: the status tag's preset colour, in the theme (light or dark). */
export function statusColors(status: WorkStatus, token: Token) {
  const c = STATUS_COLOR[status];
  const palette = token as unknown as Record<string, string>;
  return { bg: palette[`${c}1`], border: palette[`${c}6`] };
}

/** The custom properties plan-calendar.css reads: the size's metrics and the theme's colours. */
function calendarVars(size: PlanCalendarSize, token: Token): CSSProperties {
  const m = METRICS[size];
  const plan = statusColors('PLAN_COMPLETED', token);
  const working = statusColors('WORKING', token);
  const done = statusColors('WORK_COMPLETED', token);
  return {
    '--cal-font': `${m.font}px`,
    '--cal-date': `${m.date}px`,
    '--cal-row': `${m.row}px`,
    '--cal-pad': `${m.pad}px`,
    '--cal-bar': size === 'tv' ? '5px' : '3px',
    '--cal-radius': `${token.borderRadiusLG}px`,
    '--cal-border': token.colorBorderSecondary,
    '--cal-bg': token.colorBgContainer,
    '--cal-fill': token.colorFillQuaternary,
    '--cal-text': token.colorText,
    '--cal-text-secondary': token.colorTextSecondary,
    '--cal-link': token.colorLink,
    '--cal-primary': token.colorPrimary,
    '--cal-on-primary': token.colorTextLightSolid,
    '--cal-today-bg': token.colorPrimaryBg,
    '--cal-sat': token.colorPrimaryText,
    '--cal-sun': token.colorErrorText,
    '--cal-plan': plan.border,
    '--cal-plan-bg': plan.bg,
    '--cal-working': working.border,
    '--cal-working-bg': working.bg,
    '--cal-done': done.border,
    '--cal-done-bg': done.bg,
  } as CSSProperties;
}

/** What every cell and entry of one calendar shares, made once per size, theme and language. */
type Look = { size: PlanCalendarSize; t: T; vars: CSSProperties };

export function PlanCalendar({
  yearMonth,
  plans,
  loading,
  today,
  showLines,
  size = 'desktop',
  maxRows = DESKTOP_ROWS,
  onOpen,
  testId = 'plan-calendar',
}: PlanCalendarProps) {
  const { t } = useTranslation('productionPlan');
  const { token } = theme.useToken();
  const m = METRICS[size];
  const look = useMemo<Look>(() => ({ size, t, vars: calendarVars(size, token) }), [size, token, t]);
  const grid = useMemo(() => monthGrid(yearMonth), [yearMonth]);
  const byDay = useMemo(() => groupByDayAndLine(plans ?? []), [plans]);
  const fill = maxRows === 'fill';
  const box = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    if (!fill || !box.current) return;
    const el = box.current;
    const observer = new ResizeObserver(() => setHeight(el.clientHeight));
    observer.observe(el);
    setHeight(el.clientHeight);
    return () => observer.disconnect();
  }, [fill]);
  const weeks = grid.weeks.length;
  // A cell: its padding and rows, the first beside the date.
  const overhead = 2 * m.pad + 1;
  const rows = fill ? (((height ?? 0) - m.head) / weeks - overhead) / m.row : maxRows;
  const rowLimit = Math.max(2, Math.floor(rows));
  const cellHeight = overhead + rowLimit * m.row;
  const empty = !loading && plans !== undefined && plans.length === 0;

  return (
    <div
      className="plan-cal"
      data-testid={testId}
      data-month={yearMonth}
      data-state={loading && !plans ? 'loading' : 'ready'}
      style={fill ? { ...look.vars, height: '100%' } : look.vars}
    >
      <div
        ref={box}
        className="plan-cal-grid"
        style={
          fill
            ? { gridTemplateRows: `${m.head}px repeat(${weeks}, minmax(0, 1fr))`, flex: 1 }
            : { gridTemplateRows: `${m.head}px`, gridAutoRows: `minmax(${cellHeight}px, auto)` }
        }
      >
        {[1, 2, 3, 4, 5, 6, 7].map((wd) => (
          <div key={wd} className="plan-cal-weekday" data-weekday={wd} data-testid={`${testId}-weekday`}>
            {t(`weekdays.${wd}`)}
          </div>
        ))}
        {grid.weeks.flat().map((d) => (
          <DayCell
            key={d.day}
            day={d}
            groups={byDay.get(d.day)}
            isToday={d.day === today}
            showLines={showLines}
            maxRows={rowLimit}
            look={look}
            onOpen={onOpen}
            testId={testId}
          />
        ))}
      </div>
      {empty && (
        <Typography.Text
          type="secondary"
          data-testid={`${testId}-empty`}
          style={{ marginTop: 8, fontSize: size === 'tv' ? m.font : undefined }}
        >
          {t('calendar.empty')}
        </Typography.Text>
      )}
      {loading && !plans && (
        <Flex align="center" justify="center" style={{ position: 'absolute', inset: 0 }}>
          <Spin />
        </Flex>
      )}
    </div>
  );
}

type DayCellProps = {
  day: CalendarDay;
  groups: LineGroup[] | undefined;
  isToday: boolean;
  showLines: boolean;
  maxRows: number;
  look: Look;
  onOpen?: (d: DailyPlan) => void;
  testId: string;
};

const DayCell = memo(function DayCell({
  day,
  groups,
  isToday,
  showLines,
  maxRows,
  look,
  onOpen,
  testId,
}: DayCellProps) {
  const { rows, hidden } = useMemo(() => cellRows(groups ?? [], maxRows, showLines), [groups, maxRows, showLines]);
  const row = (r: CellRow) =>
    r.kind === 'line' ? (
      <LineName key={`l${r.lineId}`} name={r.lineName} />
    ) : (
      <Entry key={r.plan.id} plan={r.plan} look={look} onOpen={onOpen} testId={testId} />
    );
  // The first row shares the date's line; "+N more" ends it.
  const [first, ...rest] = rows;
  return (
    <div
      className="plan-cal-cell"
      data-testid={`${testId}-day-${day.day}`}
      data-weekday={day.weekday}
      data-today={isToday || undefined}
      data-in-month={day.inMonth}
    >
      <div className="plan-cal-rows">
        <div className="plan-cal-head">
          <span className="plan-cal-date">{day.date}</span>
          <div className="plan-cal-first">{first && row(first)}</div>
          {hidden > 0 && (
            <MoreButton
              day={day.day}
              hidden={hidden}
              groups={groups ?? []}
              showLines={showLines}
              look={look}
              onOpen={onOpen}
              testId={testId}
            />
          )}
        </div>
        {rest.map(row)}
      </div>
    </div>
  );
});

/**
 * "+N more" and the whole day in a popover. A plain button until it is opened: an antd Popover per cell (a trigger
 * measuring its scroll parents and aligning) made a month's switch several times slower; only the open one has it.
 */
function MoreButton({
  day,
  hidden,
  groups,
  showLines,
  look,
  onOpen,
  testId,
}: {
  day: string;
  hidden: number;
  groups: readonly LineGroup[];
  showLines: boolean;
  look: Look;
  onOpen?: (d: DailyPlan) => void;
  testId: string;
}) {
  const { t } = look;
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // Back to the button once the popover closes (it is a new element then).
  useEffect(() => {
    if (wasOpen.current && !open) ref.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const button = (
    <button
      ref={ref}
      type="button"
      aria-label={t('calendar.moreTitle', { count: hidden })}
      aria-haspopup="dialog"
      aria-expanded={open}
      title={t('calendar.moreTitle', { count: hidden })}
      data-testid={`${testId}-more-${day}`}
      className="plan-cal-more"
      onClick={() => setOpen(true)}
    >
      {t('calendar.more', { count: hidden })}
    </button>
  );
  if (!open) return button;
  return (
    <Popover
      open
      onOpenChange={setOpen}
      trigger="click"
      title={day}
      content={
        <DayList
          groups={groups}
          showLines={showLines}
          look={look}
          testId={testId}
          onOpen={
            onOpen &&
            ((d) => {
              setOpen(false);
              onOpen(d);
            })
          }
        />
      }
    >
      {button}
    </Popover>
  );
}

function LineName({ name }: { name: string }) {
  return (
    <div className="plan-cal-line" data-testid="plan-calendar-line">
      {name}
    </div>
  );
}

/** One daily plan: product code, operation, target/good, in its status colour; its details in the title. */
function Entry({
  plan: d,
  look,
  onOpen,
  testId,
}: {
  plan: DailyPlan;
  look: Look;
  onOpen?: (d: DailyPlan) => void;
  testId: string;
}) {
  const { t } = look;
  const title = t('calendar.entryTitle', {
    code: d.productCode,
    name: d.productName,
    operation: d.operationName,
    line: d.lineName,
    target: fmtQty(d.targetQty),
    good: fmtQty(d.goodQty),
    bad: fmtQty(d.badQty),
    status: t(`status.${d.status}`),
  });
  const body = (
    <>
      <span className="plan-cal-code">
        <strong>{d.productCode}</strong> {d.operationName}
      </span>
      <span className="plan-cal-qty">
        {' '}
        {fmtQty(d.targetQty)}/{fmtQty(d.goodQty)}
      </span>
    </>
  );
  const data = {
    className: 'plan-cal-entry',
    'data-testid': `${testId}-entry`,
    'data-plan-id': d.planId,
    'data-daily-plan-id': d.id,
    'data-status': d.status,
  };
  return onOpen ? (
    <button type="button" {...data} title={title} onClick={() => onOpen(d)}>
      {body}
    </button>
  ) : (
    <div {...data} title={title}>
      {body}
    </div>
  );
}

/** A whole day, line by line (the "+N more" popover). */
function DayList({
  groups,
  showLines,
  look,
  onOpen,
  testId,
}: {
  groups: readonly LineGroup[];
  showLines: boolean;
  look: Look;
  onOpen?: (d: DailyPlan) => void;
  testId: string;
}) {
  return (
    <div
      className="plan-cal-day-list"
      data-testid={`${testId}-day-list`}
      style={{ ...look.vars, width: look.size === 'tv' ? 480 : 300 }}
    >
      {groups.map((g) => (
        <div key={g.lineId}>
          {showLines && <LineName name={g.lineName} />}
          {g.plans.map((d) => (
            <Entry key={d.id} plan={d} look={look} onOpen={onOpen} testId={`${testId}-list`} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** The status colours' legend. */
export function StatusLegend({ size = 'desktop' }: { size?: PlanCalendarSize }) {
  const { t } = useTranslation('productionPlan');
  const { token } = theme.useToken();
  const vars = useMemo(() => calendarVars(size, token), [size, token]);
  return (
    <Flex gap={size === 'tv' ? 20 : 12} wrap align="center" data-testid="plan-calendar-legend" style={vars}>
      {WORK_STATUSES.map((s) => (
        <Flex key={s} gap={6} align="center" style={{ fontSize: METRICS[size].font }}>
          <span className="plan-cal-swatch" data-status={s} />
          {t(`status.${s}`)}
        </Flex>
      ))}
    </Flex>
  );
}
