import type { PageHitBucket } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import {
  bucketAxisLabel,
  bucketTitle,
  rankingChartHeight,
  rankingChartOption,
  screenLabels,
  timeChartOption,
} from './page-hit-charts.ts';

// Buckets as the server sends them: wall time of the factory zone with its offset, every bucket present.
const daily: PageHitBucket[] = [
  { bucket: '2024-12-30T00:00:00+09:00', count: 3 },
  { bucket: '2024-12-31T00:00:00+09:00', count: 0 },
  { bucket: '2025-01-01T00:00:00+09:00', count: 5 },
];
const hourly: PageHitBucket[] = Array.from({ length: 72 }, (_, h) => ({
  bucket: `2025-01-0${1 + Math.floor(h / 24)}T${String(h % 24).padStart(2, '0')}:00:00+09:00`,
  count: h % 5,
}));

type Series = { type: string; data: number[]; sampling?: string; name: string };
type Axis = { data: string[] };

describe('bucket labels', () => {
  it('read the factory wall time as sent, whatever the browser zone', () => {
    expect(bucketAxisLabel('2025-01-01T23:00:00+09:00', 'hourly')).toBe('01-01 23:00');
    expect(bucketTitle('2025-01-01T23:00:00+09:00', 'hourly')).toBe('2025-01-01 23:00');
    expect(bucketAxisLabel('2025-01-01T00:00:00-05:00', 'daily')).toBe('01-01');
    expect(bucketTitle('2025-01-01T00:00:00-05:00', 'daily')).toBe('2025-01-01');
    expect(bucketAxisLabel('2024-12-30T00:00:00+09:00', 'weekly')).toBe('12-30~');
    expect(bucketTitle('2024-12-30T00:00:00+09:00', 'weekly')).toBe('2024-12-30 ~ 2025-01-05');
    expect(bucketAxisLabel('2024-02-01T00:00:00+09:00', 'monthly')).toBe('2024-02');
    expect(bucketTitle('2024-02-01T00:00:00+09:00', 'monthly')).toBe('2024-02');
  });
});

describe('timeChartOption', () => {
  it('draws daily buckets as bars, one per bucket in order, empty ones as 0', () => {
    const option = timeChartOption(daily, 'daily', 'Hits');
    const [series] = option.series as Series[];
    expect(series).toMatchObject({ type: 'bar', name: 'Hits', data: [3, 0, 5] });
    expect((option.xAxis as Axis).data).toEqual(['12-30', '12-31', '01-01']);
    expect(option.dataZoom).toEqual([]);
  });

  it('draws hours as a sampled line with a zoom bar once the series is long', () => {
    const option = timeChartOption(hourly, 'hourly', 'Hits');
    const [series] = option.series as Series[];
    expect(series.type).toBe('line');
    expect(series.sampling).toBe('lttb');
    expect(series.data).toHaveLength(72);
    expect(series.data.slice(0, 6)).toEqual([0, 1, 2, 3, 4, 0]);
    expect((option.xAxis as Axis).data[25]).toBe('01-02 01:00');
    expect(option.dataZoom).toHaveLength(2);
  });

  it('names the hovered bucket in full in the tooltip', () => {
    const option = timeChartOption(daily, 'weekly', 'Hits');
    const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    expect(formatter([{ dataIndex: 0, value: 3, marker: '' }])).toBe('2024-12-30 ~ 2025-01-05<br/>Hits: <b>3</b>');
  });
});

describe('rankingChartOption', () => {
  it('puts the most used first and keeps the top entries only', () => {
    const items = Array.from({ length: 20 }, (_, i) => ({ label: `s${i}`, count: i }));
    const option = rankingChartOption(items, 'Hits', 3);
    expect((option.yAxis as Axis & { inverse: boolean }).inverse).toBe(true);
    expect((option.yAxis as Axis).data).toEqual(['s19', 's18', 's17']);
    expect((option.series as Series[])[0].data).toEqual([19, 18, 17]);
    expect(rankingChartHeight(20, 3)).toBe(160);
    expect(rankingChartHeight(20)).toBe(15 * 28 + 40);
  });
});

describe('screenLabels', () => {
  it('names screens by label and adds the path only where two share a label', () => {
    const label = (n: string) => ({ dashboard: 'Dashboard', user: 'Users' })[n] ?? n;
    expect(
      screenLabels(
        [
          { name: 'dashboard', path: '/dashboard/1' },
          { name: 'user', path: '/admin/user' },
          { name: 'dashboard', path: '/dashboard/2' },
          { name: 'e2eScreen', path: '/x' },
        ],
        label,
      ),
    ).toEqual(['Dashboard (/dashboard/1)', 'Users', 'Dashboard (/dashboard/2)', 'e2eScreen']);
  });
});
