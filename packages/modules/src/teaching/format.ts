/** A number to one decimal; — when there is none. */
export const fixed = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : v.toFixed(1);

/** A percentage to one decimal (33.3%); — when there is none. */
export const pct = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : `${v.toFixed(1)}%`;
