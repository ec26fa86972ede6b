/** The readable message of a rejected call (an envelope or an Error), with a fallback. */
export function messageOf(reply: unknown, fallback = '请稍后重试'): string {
  if (reply && typeof reply === 'object') {
    const r = reply as { message?: unknown; msg?: unknown };
    if (typeof r.message === 'string' && r.message) return r.message;
    if (typeof r.msg === 'string' && r.msg) return r.msg;
  }
  return fallback;
}
