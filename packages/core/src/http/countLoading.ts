import type { Notifier } from '../types';

// Counted per notifier, not per client: clients sharing one overlay must not close it early.
const counts = new WeakMap<Notifier, number>();

/** Counts a call that asked for the loading overlay in (1) or out (-1); opens on the first, closes at 0. */
export function countLoading(notifier: Notifier, step: 1 | -1): void {
  const count = (counts.get(notifier) ?? 0) + step;
  counts.set(notifier, count);
  if (count === 1 && step === 1) notifier.loading.open('正在加载，请稍后~');
  if (count === 0) notifier.loading.close();
}
