/** Dates and times as a school in China reads them, whatever the server's time zone. */

/** `YYYY-MM-DD` of an instant in China. */
export const chinaDate = (ms: number): string =>
  new Date(ms).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });

/** `11月21日 09:00` of an instant in China, for messages. */
export const chinaTime = (ms: number): string =>
  new Intl.DateTimeFormat('zh-CN', {
    timeZone: 'Asia/Shanghai',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(new Date(ms));
