/** The week up to `now`: `[now − 7 days, now]`, for date-range shortcuts. */
export function lastWeek(now: Date = new Date()): [Date, Date] {
  const start = new Date(now);
  start.setDate(start.getDate() - 7);
  return [start, new Date(now)];
}
