import { ScatterChart } from 'echarts/charts';
import { MarkLineComponent } from 'echarts/components';
import * as echarts from 'echarts/core';

// The scatter chart (correlation pairs, out-of-limit points) and limit lines, registered on the one ECharts core the
// shared EChart component draws with (components/echarts-setup.ts has line, grid, tooltip, legend, dataZoom). Imported
// only by this feature's charts, lazily: never in the login or entry chunk, nor in other charts' pages.
echarts.use([ScatterChart, MarkLineComponent]);

export const dataChartsReady = true;
