import { useEffect, useMemo, useRef } from 'react';
import type { DebouncedFunction } from '../types';

/**
 * A stable function that calls the latest `callback` once calls have paused
 * for `delay` ms (resize handlers use 200 ms, spec 000 §9). Pending calls are
 * dropped on unmount.
 */
export function useDebouncedCallback<A extends unknown[]>(
  callback: (...args: A) => void,
  delay = 200,
): DebouncedFunction<A> {
  const callbackRef = useRef(callback);
  useEffect(() => {
    callbackRef.current = callback;
  });
  const debounced = useMemo(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: A | undefined;
    const run = () => {
      timer = undefined;
      const args = pending;
      pending = undefined;
      if (args) callbackRef.current(...args);
    };
    const fn = (...args: A) => {
      pending = args;
      clearTimeout(timer);
      timer = setTimeout(run, delay);
    };
    return Object.assign(fn, {
      cancel: () => {
        clearTimeout(timer);
        timer = undefined;
        pending = undefined;
      },
      flush: () => {
        if (timer === undefined) return;
        clearTimeout(timer);
        run();
      },
    });
  }, [delay]);
  useEffect(() => debounced.cancel, [debounced]);
  return debounced;
}
