import { useCallback } from 'react';
import type { DataOf, RouteContract } from '@examkit/contracts';
import { useApiCall } from '../../common/useApiCall';

/** The end of a report call: the data, or the server's (or network) message. */
export type ReportOutcome<T> =
  { ok: true; data: T } | { ok: false; message: string; cancelled?: boolean };

/**
 * Calls a report route with core's http client and never throws; a network failure is not
 * toasted (the page shows its message), a cancelled call has no message.
 */
export function useReportCall() {
  const call = useApiCall(false);
  return useCallback(
    async <R extends RouteContract>(
      ...args: Parameters<typeof call<R>>
    ): Promise<ReportOutcome<DataOf<R>>> => {
      const outcome = await call(...args);
      if (outcome.ok) return outcome;
      return outcome.cancelled
        ? { ok: false, message: '', cancelled: true }
        : { ok: false, message: outcome.message };
    },
    [call],
  );
}
