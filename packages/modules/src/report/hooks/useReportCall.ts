import { useCallback } from 'react';
import type { BodyOf, DataOf, RouteContract } from '@examkit/contracts';
import { isNetworkFailure, type CallInput, type RequestOptions } from '@examkit/core';
import { useExamkit } from '@examkit/core/react';
import { messageOf } from '../../utils/messageOf';

/** The end of a report call: the data, or the server's (or network) message. */
export type ReportOutcome<T> =
  { ok: true; data: T } | { ok: false; message: string; cancelled?: boolean };

/** Calls a report route with core's http client and never throws. */
export function useReportCall() {
  const { http } = useExamkit();
  return useCallback(
    async <R extends RouteContract>(
      route: R,
      body: BodyOf<R>,
      options?: RequestOptions,
    ): Promise<ReportOutcome<DataOf<R>>> => {
      try {
        const reply = await http.call(route, { body } as CallInput<R>, options);
        if (isNetworkFailure(reply)) {
          if (reply.reason === 'cancelled') return { ok: false, message: '', cancelled: true };
          return {
            ok: false,
            message: reply.reason === 'timeout' ? '请求超时，请稍后重试' : '网络异常，请稍后重试',
          };
        }
        return { ok: true, data: reply.data };
      } catch (reply) {
        return { ok: false, message: messageOf(reply, '请求失败，请稍后重试') };
      }
    },
    [http],
  );
}
