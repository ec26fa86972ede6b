import { useEffect, useRef } from 'react';
import { styled } from 'styled-components';
import type { ChartParts } from './echarts/core';

/** Chart types the report pages draw; each is imported only when a page draws it. */
export type ChartKind = 'bar' | 'line' | 'boxplot' | 'radar';

export interface ChartProps {
  kind: ChartKind;
  /** An ECharts option (series of `kind`; grid, legend, tooltip and axes are available). */
  option: Record<string, unknown>;
  /** Accessible name: what the chart shows. */
  label: string;
  /** @default 320 */
  height?: number;
}

// One small module per chart type, so a page loads only the ECharts code it draws.
const CHARTS: Record<ChartKind, () => Promise<{ chart: ChartParts }>> = {
  bar: () => import('./echarts/bar'),
  line: () => import('./echarts/line'),
  boxplot: () => import('./echarts/boxplot'),
  radar: () => import('./echarts/radar'),
};

async function loadChart(kind: ChartKind) {
  const [core, { chart }] = await Promise.all([import('./echarts/core'), CHARTS[kind]()]);
  return (el: HTMLElement) => core.initChart(el, chart);
}

const Box = styled.div`
  width: 100%;
  @media print {
    break-inside: avoid;
  }
`;

/** An ECharts chart, loaded lazily and resized with its container. */
export function Chart({ kind, option, label, height = 320 }: ChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Pages build options inline: redraw when the figures change, not on every render.
  const key = JSON.stringify(option);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let disposed = false;
    let dispose = () => {};
    loadChart(kind)
      .then((start) => {
        if (disposed || !el.isConnected) return;
        const chart = start(el);
        chart.setOption({ animation: false, ...(JSON.parse(key) as object) });
        const observer =
          typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => chart.resize());
        observer?.observe(el);
        dispose = () => {
          observer?.disconnect();
          chart.dispose();
        };
      })
      .catch((error: unknown) => {
        // a chart that cannot load leaves its tables, which carry the same figures
        console.warn('examkit: chart not drawn', error);
      });
    return () => {
      disposed = true;
      dispose();
    };
  }, [kind, key]);
  return <Box ref={ref} role="img" aria-label={label} style={{ height }} data-chart={kind} />;
}
