// Calls per day as stacked bars (successful, errors, rate-limited), through ECharts' modular core: only the bar
// chart and the grid, in this tab's lazily loaded chunk.
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { formatDate } from '../../../lib/dates';
import { apiTokensText } from '../locale';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export interface UsageDay {
  day: string;
  calls: number;
  errors: number;
  limited: number;
}

export function UsageChart({ days }: { days: UsageDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = echarts.init(el, undefined, { renderer: 'canvas' });
    const text = apiTokensText.usageDrawer;
    chart.setOption({
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 40, right: 16, top: 16, bottom: 48 },
      xAxis: { type: 'category', data: days.map((d) => formatDate(d.day)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: text.calls, type: 'bar', stack: 'c', data: days.map((d) => d.calls - d.errors - d.limited) },
        { name: text.errors, type: 'bar', stack: 'c', data: days.map((d) => d.errors), color: '#d4380d' },
        { name: text.limited, type: 'bar', stack: 'c', data: days.map((d) => d.limited), color: '#faad14' },
      ],
    });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => chart.resize());
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      chart.dispose();
    };
  }, [days]);
  return (
    <div ref={box} role="img" aria-label={apiTokensText.usageDrawer.chartLabel} style={{ height: 240 }} />
  );
}
