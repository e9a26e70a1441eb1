// Apache ECharts through its modular `echarts/core` imports: only the charts and components the analytics
// screens draw, the canvas renderer and the built-in Russian locale. Imported only by analytics screens, so it
// lands in their lazily loaded chunks and nowhere else (docs/decisions.md "Analytics").
import * as echarts from 'echarts/core';
import { BarChart, FunnelChart, LineChart, PieChart } from 'echarts/charts';
import { DatasetComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import langRU from 'echarts/i18n/langRU-obj.js';

echarts.use([
  BarChart,
  FunnelChart,
  LineChart,
  PieChart,
  DatasetComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);
echarts.registerLocale('RU', langRU as Parameters<typeof echarts.registerLocale>[1]);

export { echarts };
export type ChartOption = echarts.EChartsCoreOption;
