import type { EChartsOption } from 'echarts';
import { theme as antdTheme, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useAppStore } from '../app/store.ts';
import { MOTION } from '../app/motion.ts';

// The one chart component (ARCHITECTURE §7): ECharts loaded on first use with only the charts the app uses,
// sized to its container, in the app's light or dark theme, disposed with the component.

type Echarts = typeof import('./echarts-setup.ts')['echarts'];
type Chart = ReturnType<Echarts['init']>;

let loading: Promise<Echarts> | null = null;
/** One load for every chart on the page (a failed load is retried by the next chart). */
function loadEcharts(): Promise<Echarts> {
  loading ??= import('./echarts-setup.ts').then(
    (m) => m.echarts,
    (err) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** An ECharts event's handler ('datazoom', 'click', …): the event's params and the chart it came from. */
export type EChartHandler = (params: unknown, chart: Chart) => void;

export function EChart({
  option,
  height = 320,
  testId,
  onEvents,
}: {
  option: EChartsOption;
  height?: number;
  testId?: string;
  /** Bound once per chart instance by event name; the latest handler of each name is called. */
  onEvents?: Record<string, EChartHandler>;
}) {
  const mode = useAppStore((s) => s.theme);
  const { token } = antdTheme.useToken();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const [ready, setReady] = useState(false);
  const latest = useRef(option);
  latest.current = option;
  const handlers = useRef(onEvents);
  handlers.current = onEvents;

  // One chart instance per theme: ECharts takes its theme at init.
  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    void loadEcharts().then((echarts) => {
      if (disposed || !box.current) return;
      const instance = echarts.init(box.current, mode === 'dark' ? 'dark' : undefined, { renderer: 'canvas' });
      chart.current = instance;
      instance.setOption(withDefaults(latest.current), { notMerge: true });
      for (const name of Object.keys(handlers.current ?? {})) {
        instance.on(name, (params: unknown) => handlers.current?.[name]?.(params, instance));
      }
      observer = new ResizeObserver(() => instance.resize());
      observer.observe(box.current);
      setReady(true);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
      setReady(false);
    };
  }, [mode]);

  useEffect(() => {
    if (ready) chart.current?.setOption(withDefaults(option), { notMerge: true });
  }, [option, ready]);

  return (
    <div style={{ position: 'relative', width: '100%', height }}>
      <div
        ref={box}
        data-testid={testId}
        data-ready={ready ? 'true' : 'false'}
        style={{ width: '100%', height, fontFamily: token.fontFamily }}
      />
      {!ready && (
        <div style={{ position: 'absolute', inset: 0, padding: 16 }}>
          <Skeleton active paragraph={{ rows: 4 }} title={false} />
        </div>
      )}
    </div>
  );
}

/** The page's background shows through (the dark theme would paint its own), no animation under test. */
function withDefaults(option: EChartsOption): EChartsOption {
  return { backgroundColor: 'transparent', ...option, ...(MOTION ? {} : { animation: false }) };
}
