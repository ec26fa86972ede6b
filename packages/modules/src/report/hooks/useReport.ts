import { useEffect, useState } from 'react';
import type { BodyOf, DataOf, RouteContract } from '@examkit/contracts';
import { useReportCall } from './useReportCall';

export interface ReportState<T> {
  data: T | null;
  /** The server's message when the call was refused. */
  error: string | null;
  loading: boolean;
}

/**
 * Loads a report call whenever its body changes; `null` waits (e.g. for a class to be chosen).
 * A refusal keeps the server's message for the page to show.
 */
export function useReport<R extends RouteContract>(
  route: R,
  body: BodyOf<R> | null,
): ReportState<DataOf<R>> {
  const call = useReportCall();
  const key = body === null ? null : JSON.stringify(body);
  const [state, setState] = useState<ReportState<DataOf<R>>>({
    data: null,
    error: null,
    loading: key !== null,
  });
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    // Reads of one url overlap when the class or subject changes (and in StrictMode): only the
    // newest answer is shown, so core must not drop the later call as a duplicate.
    void call(route, JSON.parse(key) as BodyOf<R>, { dedupe: false }).then((outcome) => {
      if (!live) return;
      setState(
        outcome.ok
          ? { data: outcome.data, error: null, loading: false }
          : { data: null, error: outcome.message, loading: false },
      );
    });
    return () => {
      live = false;
    };
  }, [call, route, key]);
  return state;
}
