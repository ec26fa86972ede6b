import { useCallback } from 'react';
import type { BodyOf, DataOf, RouteContract } from '@examkit/contracts';
import { isNetworkFailure, type CallInput, type RequestOptions } from '@examkit/core';
import { useExamkit } from '@examkit/core/react';
import { messageOf } from '../../utils/messageOf';

/**
 * What a marking call ends with. `retry` is true when no answer came (network, timeout, a
 * dropped duplicate) or the server failed (5xx): the same call may be sent again later.
 */
export type MarkingOutcome<T> =
  | { ok: true; data: T }
  | { ok: false; message: string; code: number | null; retry: boolean; data: unknown };

/** Calls a marking route with core's http client; never throws. */
export function useMarkingCall() {
  const { http } = useExamkit();
  return useCallback(
    async <R extends RouteContract>(
      route: R,
      body: BodyOf<R>,
      options?: RequestOptions & { quiet?: boolean },
    ): Promise<MarkingOutcome<DataOf<R>>> => {
      const { quiet, ...rest } = options ?? {};
      try {
        const reply = await http.call(route, { body } as CallInput<R>, {
          ...(quiet ? { errorMessage: false } : {}),
          ...rest,
        });
        if (isNetworkFailure(reply)) {
          const message =
            reply.reason === 'timeout' ? '请求超时，请稍后重试' : '网络异常，请稍后重试';
          return { ok: false, message, code: null, retry: true, data: null };
        }
        return { ok: true, data: reply.data };
      } catch (reply) {
        const code = (reply as { code?: unknown } | null)?.code;
        const numeric = typeof code === 'number' ? code : null;
        return {
          ok: false,
          message: messageOf(reply, '请求失败，请稍后重试'),
          code: numeric,
          retry: numeric !== null && numeric >= 500,
          data: (reply as { data?: unknown } | null)?.data ?? null,
        };
      }
    },
    [http],
  );
}
