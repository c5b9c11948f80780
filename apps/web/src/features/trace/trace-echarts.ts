import { GraphChart } from 'echarts/charts';
import * as echarts from 'echarts/core';

// The graph chart, registered on the one ECharts core the shared EChart component draws with (components/
// echarts-setup.ts registers what every chart page needs). Imported only by the trace page's chart, lazily: the graph
// code lands in that page's chunk, never in the login or entry chunk, nor in other charts' pages.
echarts.use([GraphChart]);

export const graphReady = true;
