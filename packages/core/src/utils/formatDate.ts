/**
 * Formats a date with the tokens `YYYY MM DD HH mm ss`; shows "-" when the value is empty or not a date.
 *
 * @param format @default 'YYYY-MM-DD'
 */
export function formatDate(
  value: Date | string | number | null | undefined,
  format = 'YYYY-MM-DD',
): string {
  if (value === null || value === undefined || value === '') return '-';
  // A bare `YYYY-MM-DD` is parsed by Date as UTC midnight; read it as the local day instead.
  const d = new Date(
    typeof value === 'string' && /^\d{4}-\d\d-\d\d$/.test(value) ? `${value}T00:00` : value,
  );
  if (Number.isNaN(d.getTime())) return '-';
  const parts: Record<string, number> = {
    YYYY: d.getFullYear(),
    MM: d.getMonth() + 1,
    DD: d.getDate(),
    HH: d.getHours(),
    mm: d.getMinutes(),
    ss: d.getSeconds(),
  };
  return format.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) =>
    String(parts[token]).padStart(token.length, '0'),
  );
}
