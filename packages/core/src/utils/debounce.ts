/** A debounced function with a way to drop the pending call. */
export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

/**
 * Calls `fn` once calls have paused for `wait` ms, with the last arguments.
 *
 * @param wait @default 200 (the resize debounce of spec 000 §9)
 */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, wait = 200): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), wait);
  };
  debounced.cancel = () => clearTimeout(timer);
  return debounced;
}
