import { useEffect, useState } from 'react';
import type { BodyOf, DataOf, RouteContract } from '@examkit/contracts';
import { useApiCall } from '../../common/useApiCall';

/** What a page of error questions has loaded: the data, the server's message, or neither yet. */
export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
}

/**
 * Calls a route whenever its body changes (`null` = not yet) and keeps the latest answer; an
 * answer to an older body is dropped.
 */
export function useWrongData<R extends RouteContract>(
  route: R,
  body: BodyOf<R> | null,
): Loaded<DataOf<R>> {
  const call = useApiCall();
  const key = body === null ? null : JSON.stringify(body);
  const [state, setState] = useState<Loaded<DataOf<R>>>({
    data: null,
    error: null,
    loading: false,
  });
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    // A read whose newest answer wins: a body changed while the last call is in flight must be
    // sent, not dropped as a duplicate POST (docs/core.md); the older answer is ignored below.
    void call(route, JSON.parse(key) as BodyOf<R>, { errorMessage: false, dedupe: false }).then(
      (r) => {
        if (!live) return;
        setState(
          r.ok
            ? { data: r.data, error: null, loading: false }
            : { data: null, error: r.message, loading: false },
        );
      },
    );
    return () => {
      live = false;
    };
  }, [call, route, key]);
  return state;
}

/** A score rate as a percentage with one decimal, — when unknown. */
export const percent = (rate: number | null | undefined): string =>
  rate === null || rate === undefined ? '—' : `${(rate * 100).toFixed(1)}%`;
