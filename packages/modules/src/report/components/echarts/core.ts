import { init, use as register, type EChartsType } from 'echarts/core';
import {
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

export type ChartParts = Parameters<typeof register>[0];

/**
 * Registers the shared components, the canvas renderer and a chart type's parts, then starts a
 * chart. Registration happens in this call, not at module top level: the package is
 * side-effect free, so bundlers may skip a module's top-level statements.
 */
export function initChart(el: HTMLElement, parts: ChartParts): EChartsType {
  register([GridComponent, TooltipComponent, LegendComponent, TitleComponent, CanvasRenderer]);
  register(parts);
  return init(el, undefined, { renderer: 'canvas' });
}
