/** Small builders of ECharts options shared by the report pages. */

const percentAxis = { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } };
const pct = (v: number | null | undefined) => (v == null ? null : Math.round(v * 10000) / 100);
const round2 = (v: number | null | undefined) => (v == null ? null : Math.round(v * 100) / 100);

export interface Series {
  name: string;
  values: readonly (number | null | undefined)[];
}

/** Bars per category, one series each; `rates` shows fractions as percentages. */
export function barOption(categories: readonly string[], series: readonly Series[], rates = false) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 16, top: 36, bottom: 48 },
    xAxis: {
      type: 'category',
      data: categories,
      axisLabel: { interval: 0, rotate: categories.length > 8 ? 30 : 0 },
    },
    yAxis: rates ? percentAxis : { type: 'value' },
    series: series.map((s) => ({
      type: 'bar',
      name: s.name,
      data: s.values.map(rates ? pct : round2),
      barMaxWidth: 28,
    })),
  };
}

/** Lines per category (trends, 一分一段); `inverse` puts rank 1 on top. */
export function lineOption(
  categories: readonly string[],
  series: readonly Series[],
  inverse = false,
) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 16, top: 36, bottom: 40 },
    xAxis: { type: 'category', data: categories },
    yAxis: { type: 'value', inverse, minInterval: 1 },
    series: series.map((s) => ({ type: 'line', name: s.name, data: s.values.map(round2) })),
  };
}

/** Box plots per category from [min, Q1, median, Q3, max]. */
export function boxOption(
  categories: readonly string[],
  boxes: readonly (readonly number[] | null)[],
) {
  return {
    tooltip: { trigger: 'item' },
    grid: { left: 48, right: 16, top: 24, bottom: 40 },
    xAxis: { type: 'category', data: categories },
    yAxis: { type: 'value' },
    series: [
      {
        type: 'boxplot',
        name: '分数分布',
        data: boxes.map((b) => (b ? b.map((v) => round2(v)) : [])),
      },
    ],
  };
}

/** A radar of score rates (0–100 %) per tag. */
export function radarOption(tags: readonly string[], series: readonly Series[]) {
  return {
    tooltip: {},
    legend: { top: 0 },
    radar: {
      indicator: tags.map((name) => ({ name, max: 100 })),
      radius: '65%',
      center: ['50%', '55%'],
    },
    series: [
      {
        type: 'radar',
        data: series.map((s) => ({ name: s.name, value: s.values.map((v) => pct(v) ?? 0) })),
      },
    ],
  };
}
