/** 单校考试 or 联考: what an analysis combines. */
export const KIND_LABELS: Record<'single' | 'multiple', string> = {
  single: '单校考试',
  multiple: '联考',
};

/** The report page of an analysis: `/exam/analyticCenter/{single|multiple}/report/{grade|class}?id=`. */
export function reportPath(
  kind: 'single' | 'multiple',
  level: 'grade' | 'class',
  id: number,
  classId?: number,
): string {
  const query = classId === undefined ? `id=${id}` : `id=${id}&classId=${classId}`;
  return `/exam/analyticCenter/${kind}/report/${level}?${query}`;
}

/** A trend: ↑ up, ↓ down, → no change, with its words for screen readers; null without two points. */
export function trendOf(first: number | null | undefined, last: number | null | undefined) {
  if (first == null || last == null) return null;
  const change = Math.round((last - first) * 10) / 10;
  if (change > 0) return { arrow: '↑', text: `上升 ${change}`, change };
  if (change < 0) return { arrow: '↓', text: `下降 ${-change}`, change };
  return { arrow: '→', text: '持平', change };
}

/** First and last non-null values of a series; nulls when it has fewer than two. */
export function ends<T>(values: readonly (T | null | undefined)[]): [T | null, T | null] {
  const present = values.filter((v): v is T => v != null);
  if (present.length < 2) return [null, null];
  return [present[0]!, present.at(-1)!];
}
