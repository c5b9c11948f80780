import { useEffect, useState } from 'react';

let loading: Promise<unknown> | null = null;

/** The scatter chart and limit lines' registration (data-collection-echarts.ts), loaded once, on the first chart. */
export function useDataCharts(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    loading ??= import('../data-collection-echarts.ts').catch((err) => {
      loading = null;
      throw err;
    });
    void loading.then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready;
}
