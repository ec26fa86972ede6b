/**
 * The month up to `now`: `[same day one calendar month earlier, now]`; a day the
 * earlier month lacks becomes its last day (31 March → 28 or 29 February).
 */
export function lastMonth(now: Date = new Date()): [Date, Date] {
  const start = new Date(now);
  // Day 0 of this month is the last day of the previous one.
  start.setMonth(
    now.getMonth() - 1,
    Math.min(now.getDate(), new Date(now.getFullYear(), now.getMonth(), 0).getDate()),
  );
  return [start, new Date(now)];
}
