// One ECharts chart: created on mount with the Russian locale, its option replaced as the data changes,
// resized with its box, disposed on unmount. The same numbers are always in a table beside it, so the canvas
// carries an accessible name and nothing else depends on it.
import { useEffect, useRef } from 'react';
import { echarts, type ChartOption } from './echarts';

export interface ChartProps {
  option: ChartOption;
  /** What the chart shows, for assistive technology. */
  label: string;
  height?: number;
}

export function Chart({ option, label, height = 320 }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = echarts.init(el, undefined, { locale: 'RU', renderer: 'canvas' });
    chart.current = instance;
    const observer =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => instance.resize());
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} role="img" aria-label={label} className="analytics-chart" style={{ height }} />;
}
