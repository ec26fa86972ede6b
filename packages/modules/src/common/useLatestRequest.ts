import { useCallback, useRef } from 'react';

/**
 * Guards against out-of-order answers: call `begin()` before a request, and the
 * returned `isLatest()` tells, once it answers, whether no newer request began since.
 */
export function useLatestRequest(): () => () => boolean {
  const latest = useRef(0);
  return useCallback(() => {
    const ticket = ++latest.current;
    return () => ticket === latest.current;
  }, []);
}
