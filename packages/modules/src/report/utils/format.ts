/** Rounding for display (docs/analysis.md): scores and means to 2 decimals, rates as percentages. */
export const DASH = '—';

/** A score, mean or sd to at most 2 decimals (`0.##`); `—` when missing. */
export function formatScore(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return DASH;
  return String(Math.round(value * 100) / 100);
}

/** A rate (fraction) as a percentage with 2 decimals: 0.8125 → `81.25%`. */
export function formatRate(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return DASH;
  return `${(value * 100).toFixed(2)}%`;
}

/** P, D, r and z to 2 decimals. */
export function formatFixed(value: number | null | undefined, digits = 2): string {
  if (value == null || !Number.isFinite(value)) return DASH;
  return value.toFixed(digits);
}

/** An integer (rank, count); `—` when missing. */
export function formatInt(value: number | null | undefined): string {
  return value == null ? DASH : String(value);
}

/** 进退步 with its sign: `+12`, `-3`, `0`. */
export function formatChange(value: number | null | undefined): string {
  if (value == null) return DASH;
  return value > 0 ? `+${value}` : String(value);
}

/** A change of percentile rank in points of %, signed, 1 decimal: `+12.5%`. */
export function formatPercentileChange(value: number | null | undefined): string {
  if (value == null) return DASH;
  const text = `${value.toFixed(1)}%`;
  return value > 0 ? `+${text}` : text;
}

/** What 进退步 compares, said on every page that shows it. */
export const PROGRESS_NOTE =
  '进退步按年级百分位比较（超过年级同学的百分比，本次减上次），两次考试人数不同也可比较；名次变化为原始年级名次之差，列在旁边。';

const LEVELS: Record<string, string> = {
  excellent: '优秀',
  good: '良好',
  pass: '及格',
  fail: '不及格',
  low: '低分',
};

/** The Chinese name of a level (excellent … low). */
export function levelLabel(level: string | null | undefined): string {
  return level ? (LEVELS[level] ?? level) : DASH;
}

/** Quartiles of a sample for a box plot: [min, Q1, median, Q3, max] (linear interpolation). */
export function boxOf(values: readonly number[]): [number, number, number, number, number] | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const q = (p: number) => {
    const i = (s.length - 1) * p;
    const lo = Math.floor(i);
    const hi = Math.ceil(i);
    return s[lo]! + (s[hi]! - s[lo]!) * (i - lo);
  };
  return [s[0]!, q(0.25), q(0.5), q(0.75), s[s.length - 1]!];
}

const KINDS: Record<string, string> = {
  single: '单选题',
  multiple: '多选题',
  judge: '判断题',
  fill: '填空题',
  subjective: '解答题',
};

/** The Chinese name of a question kind. */
export function kindLabel(kind: string): string {
  return KINDS[kind] ?? kind;
}

/**
 * Bands for a chart or table: leading and trailing empty bands dropped, neighbours merged so at
 * most `max` remain (the 10-point bands of a 750-point total are too many to read).
 */
export function readableBands<B extends { from: number; to: number }>(
  bands: readonly B[],
  isEmpty: (band: B) => boolean,
  merge: (a: B, b: B) => B,
  max = 20,
): B[] {
  let first = bands.findIndex((b) => !isEmpty(b));
  if (first < 0) return [];
  let last = bands.length - 1;
  while (last > first && isEmpty(bands[last]!)) last -= 1;
  first = Math.max(0, first);
  const kept = bands.slice(first, last + 1);
  const size = Math.ceil(kept.length / max);
  if (size <= 1) return kept;
  const out: B[] = [];
  for (let i = 0; i < kept.length; i += size) {
    out.push(kept.slice(i, i + size).reduce(merge));
  }
  return out;
}
