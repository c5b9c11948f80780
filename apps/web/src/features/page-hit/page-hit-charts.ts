import type { PageHitBucket, PageHitUnit } from '@eqms/contract';
import type { EChartsOption } from 'echarts';

// Page-hit statistics (SPEC §7 System) as chart options: pure functions, so the mapping from the server's buckets
// to what is drawn is tested apart from ECharts.

/** Hourly statistics are offered for periods up to this many days (31 × 24 = 744 points at most). */
export const HOURLY_MAX_DAYS = 31;
/** More points than this get a zoom bar under the chart. */
const ZOOM_FROM = 60;
/** A ranking chart shows the most used entries only; the table beside it lists them all. */
export const RANKING_TOP = 15;

/**
 * A bucket names its start as wall time of the factory's zone with the offset (`2024-03-10T00:00:00+09:00`): the
 * labels read that wall time as it is, whatever the browser's zone.
 */
function wall(bucket: string) {
  const [date, time = '00:00:00'] = bucket.split('T');
  return { date, hour: time.slice(0, 2) };
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The short axis label of a bucket. */
export function bucketAxisLabel(bucket: string, unit: PageHitUnit): string {
  const { date, hour } = wall(bucket);
  switch (unit) {
    case 'hourly':
      return `${date.slice(5)} ${hour}:00`;
    case 'daily':
      return date.slice(5);
    case 'weekly':
      return `${date.slice(5)}~`;
    case 'monthly':
      return date.slice(0, 7);
  }
}

/** The full name of a bucket (tooltip): the hour, the day, the week's Monday to Sunday, the month. */
export function bucketTitle(bucket: string, unit: PageHitUnit): string {
  const { date, hour } = wall(bucket);
  switch (unit) {
    case 'hourly':
      return `${date} ${hour}:00`;
    case 'daily':
      return date;
    case 'weekly':
      return `${date} ~ ${addDays(date, 6)}`;
    case 'monthly':
      return date.slice(0, 7);
  }
}

type TooltipParam = { dataIndex: number; value: unknown; marker?: string };

/** Hits per hour/day/week/month: a line (sampled) for hours, bars otherwise; a zoom bar for long series. */
export function timeChartOption(buckets: PageHitBucket[], unit: PageHitUnit, seriesName: string): EChartsOption {
  const line = unit === 'hourly';
  const zoom = buckets.length > ZOOM_FROM;
  return {
    grid: { left: 8, right: 16, top: 24, bottom: zoom ? 56 : 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const [p] = params as TooltipParam[];
        if (!p || !buckets[p.dataIndex]) return '';
        return `${bucketTitle(buckets[p.dataIndex].bucket, unit)}<br/>${p.marker ?? ''}${seriesName}: <b>${p.value}</b>`;
      },
    },
    xAxis: {
      type: 'category',
      data: buckets.map((b) => bucketAxisLabel(b.bucket, unit)),
      boundaryGap: !line,
    },
    yAxis: { type: 'value', minInterval: 1 },
    dataZoom: zoom ? [{ type: 'inside' }, { type: 'slider', height: 20, bottom: 12 }] : [],
    series: [
      line
        ? {
            type: 'line',
            name: seriesName,
            data: buckets.map((b) => b.count),
            sampling: 'lttb',
            showSymbol: buckets.length <= ZOOM_FROM,
            smooth: false,
            areaStyle: { opacity: 0.15 },
          }
        : { type: 'bar', name: seriesName, data: buckets.map((b) => b.count), barMaxWidth: 36 },
    ],
  };
}

export type RankingItem = { label: string; count: number };

/** The most used entries as horizontal bars, the first on top. */
export function rankingChartOption(items: RankingItem[], seriesName: string, top = RANKING_TOP): EChartsOption {
  const shown = [...items].sort((a, b) => b.count - a.count).slice(0, top);
  return {
    grid: { left: 8, right: 40, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: {
      type: 'category',
      inverse: true,
      data: shown.map((i) => i.label),
      axisLabel: { width: 140, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        name: seriesName,
        data: shown.map((i) => i.count),
        barMaxWidth: 22,
        label: { show: true, position: 'right' },
      },
    ],
  };
}

/** A ranking chart tall enough for its bars. */
export function rankingChartHeight(count: number, top = RANKING_TOP): number {
  return Math.max(160, Math.min(count, top) * 28 + 40);
}

/** Screens are named by their menu label; the same label under different paths (dashboards) adds the path. */
export function screenLabels<T extends { name: string; path: string }>(rows: T[], label: (name: string) => string) {
  const labels = rows.map((r) => label(r.name));
  const seen = new Map<string, number>();
  for (const l of labels) seen.set(l, (seen.get(l) ?? 0) + 1);
  return rows.map((r, i) => ((seen.get(labels[i]) ?? 0) > 1 ? `${labels[i]} (${r.path})` : labels[i]));
}
