import { useCallback } from 'react';
import type { BodyOf, DataOf, RouteContract } from '@examkit/contracts';
import { isNetworkFailure, type CallInput, type RequestOptions } from '@examkit/core';
import { useExamkit } from '@examkit/core/react';
import { messageOf } from '../utils/messageOf';

/** What a call of a module page ends with: the data, or the server's (or network) message. */
export type CallOutcome<T> =
  { ok: true; data: T } | { ok: false; message: string; data: unknown; cancelled: boolean };

/**
 * Calls a contract route with core's http client and never throws: a refusal gives the
 * server's message (already shown as a toast by core) and its `data` (row errors).
 */
export function useApiCall() {
  const { http } = useExamkit();
  return useCallback(
    async <R extends RouteContract>(
      route: R,
      body: BodyOf<R>,
      options?: RequestOptions,
    ): Promise<CallOutcome<DataOf<R>>> => {
      try {
        const reply = await http.call(route, { body } as CallInput<R>, options);
        if (isNetworkFailure(reply)) {
          const cancelled = reply.reason === 'cancelled';
          const message =
            reply.reason === 'timeout' ? '请求超时，请稍后重试' : '网络异常，请稍后重试';
          if (!cancelled) http.notifier.message('error', message);
          return { ok: false, message, data: null, cancelled };
        }
        return { ok: true, data: reply.data };
      } catch (reply) {
        return {
          ok: false,
          message: messageOf(reply, '请求失败，请稍后重试'),
          data: (reply as { data?: unknown } | null)?.data ?? null,
          cancelled: false,
        };
      }
    },
    [http],
  );
}
