import { WIDGET_TYPES } from '@eqms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Form } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DefectImproveRateWidget, GoodBadStatusWidget, LineWorkStatusWidget } from './ProductionWidgets.tsx';
import { ProductionPlanStatusWidget } from './PlanWidgets.tsx';
import { WIDGET_KINDS } from './registry.ts';
import { ToolOperRateRaiseWidget, ToolOperRateWidget } from './ToolWidgets.tsx';
import { CurrentTraceDataWidget, ProductStockStatusWidget } from './ValueWidgets.tsx';

// The widget views over mocked answers of their data calls (Korean, the default): the figures formatted, a rate of
// none as —, the empty state, the spec states and the below-safety mark; and the registry's entries.

const answers = new Map<string, unknown>();
const get = vi.fn(async (url: string, _opts: unknown) => {
  if (!answers.has(url)) throw new Error(`no answer for ${url}`);
  return answers.get(url);
});
vi.mock('../../../api/http.ts', async () =>
  (await import('../../../test/http-mock.ts')).httpMock({ get: (...a) => get(...(a as [string, unknown])) }),
);
// No canvas in jsdom: the chart is a box naming its series (the options are tested in widget-charts.test.ts).
vi.mock('../../../components/EChart.tsx', () => ({
  EChart: ({ option, testId }: { option: { series: { name: string }[] }; testId?: string }) => (
    <div data-testid={testId}>{option.series.map((s) => s.name).join(',')}</div>
  ),
}));

afterEach(() => {
  cleanup();
  answers.clear();
});

function wrap(node: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={qc}>{node}</QueryClientProvider>);
}

const counts = (a: number, b: number, c: number) => ({
  PLAN_COMPLETED: a,
  WORKING: b,
  WORK_COMPLETED: c,
  total: a + b + c,
});
const operRate = (rate: number | null) => ({
  startDt: '2026-11-27',
  endDt: '2026-11-27',
  workedHours: 6,
  baseHours: 8,
  operRate: rate,
  withoutCycleTime: 0,
});

describe('widget views', () => {
  it('good-bad-status: the totals formatted, the chart, its query from the settings', async () => {
    answers.set('/widget/good-bad-status/data', {
      date: '2026-11-27',
      locationId: 3,
      rows: [
        {
          lineId: 1,
          lineName: 'L1',
          toolId: 1,
          toolCode: 'T1',
          toolName: 'A',
          goodQty: 12000,
          badQty: 34,
          defectRate: 0.28,
        },
      ],
      total: { goodQty: 12000, badQty: 34, defectRate: 0.28 },
    });
    wrap(<GoodBadStatusWidget settings={{ locationId: 3 }} refreshMinutes={5} />);
    const box = await screen.findByTestId('widget-good-bad-status');
    expect(box).toHaveTextContent('12,000');
    expect(box).toHaveTextContent('0.28%');
    expect(screen.getByTestId('widget-good-bad-status-chart')).toHaveTextContent('양품,불량');
    expect(get).toHaveBeenCalledWith(
      '/widget/good-bad-status/data',
      expect.objectContaining({ query: { locationId: 3 }, silent: true }),
    );
  });

  it('good-bad-status: nothing made today is the empty state', async () => {
    answers.set('/widget/good-bad-status/data', {
      date: '2026-11-27',
      locationId: 3,
      rows: [],
      total: { goodQty: 0, badQty: 0, defectRate: null },
    });
    wrap(<GoodBadStatusWidget settings={{ locationId: 3 }} refreshMinutes={5} />);
    expect(await screen.findByTestId('widget-good-bad-status-empty')).toHaveTextContent('표시할 데이터가 없습니다.');
  });

  it('a failed call says so in the widget (silent: no snackbar)', async () => {
    wrap(<GoodBadStatusWidget settings={{ locationId: 3 }} refreshMinutes={5} />);
    expect(await screen.findByTestId('widget-good-bad-status-error')).toHaveTextContent(
      '데이터를 불러오지 못했습니다.',
    );
  });

  it('line-work-status: a working tool with its progress, an idle one tagged', async () => {
    answers.set('/widget/line-work-status/data', {
      tools: [
        {
          toolId: 1,
          toolCode: 'T1',
          toolName: 'A',
          lineId: 1,
          lineName: 'L1',
          work: {
            dailyPlanId: 1,
            planId: 1,
            day: '2026-11-27',
            productId: 1,
            productCode: 'P1',
            productName: '케이스',
            operationName: '사출',
            targetQty: 1000,
            goodQty: 455,
            badQty: 5,
            progress: 45.5,
            startedAt: null,
          },
        },
        { toolId: 2, toolCode: 'T2', toolName: 'B', lineId: 1, lineName: 'L1', work: null },
      ],
    });
    wrap(<LineWorkStatusWidget settings={{ locationId: 3 }} refreshMinutes={5} />);
    const box = await screen.findByTestId('widget-line-work-status');
    expect(box).toHaveTextContent('455 / 1,000 (불량 5)');
    expect(box).toHaveTextContent('45.5%');
    expect(screen.getByTestId('widget-line-work-idle')).toHaveTextContent('대기');
  });

  it('defect-improve-rate: the improvement in signed points, a rate of none as —', async () => {
    answers.set('/widget/defect-improve-rate/data', {
      period: 'month',
      current: { startDt: '2026-11-01', endDt: '2026-11-27', goodQty: 990, badQty: 10, defectRate: 1 },
      previous: { startDt: '2026-10-01', endDt: '2026-10-31', goodQty: 0, badQty: 0, defectRate: null },
      improvement: null,
      improveRate: null,
    });
    wrap(<DefectImproveRateWidget settings={{ locationId: 3, period: 'month' }} refreshMinutes={5} />);
    const box = await screen.findByTestId('widget-defect-improve-rate');
    expect(box).toHaveTextContent('개선—');
    expect(box).toHaveTextContent('개선율—');
  });

  it('production-plan-status: the counts per status', async () => {
    answers.set('/widget/production-plan-status/data', {
      date: '2026-11-27',
      counts: counts(1, 2, 3),
      lines: [{ lineId: 1, lineName: 'L1', counts: counts(1, 2, 3) }],
    });
    wrap(<ProductionPlanStatusWidget settings={{ locationId: 3 }} refreshMinutes={5} />);
    const row = await screen.findByTestId('widget-production-plan-status-counts');
    expect(row).toHaveTextContent('전체6');
    expect(within(row).getByTestId('widget-production-plan-status-counts-WORKING')).toHaveTextContent('작업 중2');
  });

  it('tool-oper-rate and its rise: rates as percent, the rise in points, none as —', async () => {
    answers.set('/widget/tool-oper-rate/data', operRate(75));
    answers.set('/widget/tool-oper-rate-raise/data', {
      period: 'week',
      current: operRate(75),
      previous: operRate(62.5),
      raise: 12.5,
    });
    wrap(
      <>
        <ToolOperRateWidget settings={{ toolId: 1, baseHour: 8 }} refreshMinutes={5} />
        <ToolOperRateRaiseWidget settings={{ toolId: 1, baseHour: 8, period: 'week' }} refreshMinutes={5} />
      </>,
    );
    expect(await screen.findByTestId('widget-tool-oper-rate-ring-rate')).toHaveTextContent('75%');
    const raise = await screen.findByTestId('widget-tool-oper-rate-raise');
    expect(raise).toHaveTextContent('지난주62.5%');
    expect(raise).toHaveTextContent('이번 주75%');
    expect(raise).toHaveTextContent('+12.5%p');
  });

  it('current-trace-data: value with unit, limits, state tags; no value is —', async () => {
    const base = { unit: 'kg', toolId: 1, toolName: '저울', lowerLimit: 10, upperLimit: 20, target: 15 };
    answers.set('/widget/current-trace-data/data', [
      { ...base, parameterId: 1, code: 'W1', name: '중량1', value: 25.5, ts: '2026-11-27T01:00:00Z', state: 'HIGH' },
      { ...base, parameterId: 2, code: 'W2', name: '중량2', value: null, ts: null, state: 'NO_DATA' },
    ]);
    wrap(<CurrentTraceDataWidget settings={{ parameterIds: [1, 2] }} refreshMinutes={5} />);
    const box = await screen.findByTestId('widget-current-trace-data');
    expect(box).toHaveTextContent('25.5 kg');
    expect(box).toHaveTextContent('10 ~ 20');
    expect(screen.getByTestId('widget-state-HIGH')).toHaveTextContent('상한 초과');
    expect(screen.getByTestId('widget-state-NO_DATA')).toHaveTextContent('데이터 없음');
    expect(get).toHaveBeenCalledWith(
      '/widget/current-trace-data/data',
      expect.objectContaining({ query: { parameterIds: [1, 2] } }),
    );
  });

  it('product-stock-status: below safety stock stands out', async () => {
    answers.set('/widget/product-stock-status', [
      {
        productId: 1,
        productCode: 'P1',
        productName: 'A',
        unit: 'EA',
        qty: 1500,
        lotCount: 3,
        safetyStock: 2000,
        belowSafety: true,
      },
      {
        productId: 2,
        productCode: 'P2',
        productName: 'B',
        unit: 'EA',
        qty: 10,
        lotCount: 1,
        safetyStock: null,
        belowSafety: false,
      },
    ]);
    wrap(<ProductStockStatusWidget settings={{ productIds: [1, 2] }} refreshMinutes={5} />);
    const box = await screen.findByTestId('widget-product-stock-status');
    expect(box).toHaveTextContent('1,500 EA');
    expect(screen.getAllByTestId('widget-below-safety')).toHaveLength(1);
  });
});

describe('widget registry', () => {
  it('offers every type, each fitting the 12-column grid, its view and settings fields loading', async () => {
    expect(Object.keys(WIDGET_KINDS).sort()).toEqual([...WIDGET_TYPES].sort());
    for (const [type, kind] of Object.entries(WIDGET_KINDS)) {
      expect(kind?.type).toBe(type);
      expect(kind?.size.w).toBeGreaterThanOrEqual(1);
      expect(kind?.size.w).toBeLessThanOrEqual(12);
      // A lazy component's loader resolves to a component (a typo in a picked export would give undefined).
      const load = async (c: unknown) => {
        const payload = (c as { _payload: { _result: () => Promise<{ default: unknown }> } })._payload;
        return (await payload._result()).default;
      };
      expect(typeof (await load(kind?.View))).toBe('function');
      if (kind?.SettingsFields) expect(typeof (await load(kind.SettingsFields))).toBe('function');
    }
  });

  it('settings fields are Form items under settings', async () => {
    const { LocationPeriodMonthSettings } = await import('./WidgetSettingsFields.tsx');
    answers.set('/location/tree', []);
    let form: ReturnType<typeof Form.useForm>[0] | null = null;
    function Dialog() {
      const [f] = Form.useForm();
      form = f;
      return (
        <Form form={f}>
          <LocationPeriodMonthSettings />
        </Form>
      );
    }
    wrap(<Dialog />);
    await screen.findByTestId('widget-settings-period');
    expect(form!.getFieldsValue(true)).toEqual({ settings: { period: 'month' } });
  });
});
