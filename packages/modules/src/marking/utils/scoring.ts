/** Pure rules of the score panel: parsing, validation, keys. */

/** Points as typed: digits with an optional `.5` (or `.0`). Empty or malformed gives null. */
export function parseScore(text: string): number | null {
  const t = text.trim();
  if (!/^\d{0,4}(\.\d?)?$/.test(t) || t === '' || t === '.') return null;
  const value = Number(t.startsWith('.') ? `0${t}` : t);
  return Number.isFinite(value) ? value : null;
}

/** The message for a typed score that cannot be submitted, or null when it is valid. */
export function scoreError(text: string, full: number, step: number): string | null {
  if (text.trim() === '') return '请输入分数';
  const value = parseScore(text);
  if (value === null) return '分数格式不正确';
  if (value > full) return `分数不能超过满分 ${full} 分`;
  if (Math.abs(value / step - Math.round(value / step)) > 1e-9) return `给分步长为 ${step} 分`;
  return null;
}

/** The quick-score values of a question: 0, step, … full. At most 21 buttons (else whole points). */
export function quickScores(full: number, step: number): number[] {
  const unit = full / step > 20 ? Math.max(1, Math.ceil(full / 20)) : step;
  const out: number[] = [];
  for (let v = 0; v <= full + 1e-9; v += unit) out.push(Math.round(v * 2) / 2);
  if (out.at(-1) !== full) out.push(full);
  return out;
}

/** A client UUID for a write that must be stored once (`idempotencyKey`). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const formatPoints = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : String(Math.round(n * 100) / 100);

export const formatPercent = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : `${Math.round(n * 1000) / 10}%`;

export const formatTime = (ms: number | null | undefined) => {
  if (ms === null || ms === undefined) return '—';
  const d = new Date(ms);
  const pad = (x: number) => String(x).padStart(2, '0');
  return `${d.getMonth() + 1}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

export const BLOCK_STATE_LABELS: Record<string, string> = {
  setup: '未开始',
  open: '阅卷中',
  paused: '已暂停',
  finished: '已结束',
};

export const MODE_LABELS: Record<string, string> = {
  single: '单评',
  double: '双评',
  triple: '三评',
};

export const PROBLEM_LABELS: Record<string, string> = {
  unclear: '图像不清',
  wrong_region: '切割错误',
  copying: '疑似抄袭',
  other: '其他',
};

export const PAPER_STATE_LABELS: Record<string, string> = {
  marking: '评阅中',
  arbitration: '待仲裁',
  problem: '问题卷',
  done: '已完成',
};

export const SOURCE_LABELS: Record<string, string> = {
  single: '单评',
  mean: '双评均分',
  third: '三评',
  arbitration: '仲裁',
  leader: '组长给分',
};

export const MARK_KIND_LABELS: Record<string, string> = {
  mark: '评分',
  remark: '回评',
  arbitration: '仲裁',
  leader: '组长给分',
  check: '复评',
  seed: '样本',
};
