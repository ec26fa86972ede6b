import { useCallback } from 'react';
import type { BodyOf, DataOf, RouteContract } from '@examkit/contracts';
import { isNetworkFailure, type CallInput, type RequestOptions } from '@examkit/core';
import { useExamkit } from '@examkit/core/react';
import { messageOf } from '../../utils/messageOf';

/** What a call of the system pages ends with: the data, or the server's (or network) message. */
export type SystemCallOutcome<T> =
  { ok: true; data: T } | { ok: false; message: string; cancelled: boolean };

/**
 * Calls an administration route with core's http client and never throws: a refusal
 * resolves to the server's message (core has already shown it as a toast).
 */
export function useSystemCall() {
  const { http } = useExamkit();
  return useCallback(
    async <R extends RouteContract>(
      route: R,
      body: BodyOf<R>,
      options?: RequestOptions,
    ): Promise<SystemCallOutcome<DataOf<R>>> => {
      try {
        const reply = await http.call(route, { body } as CallInput<R>, options);
        if (isNetworkFailure(reply)) {
          const cancelled = reply.reason === 'cancelled';
          const message =
            reply.reason === 'timeout' ? '请求超时，请稍后重试' : '网络异常，请稍后重试';
          if (!cancelled) http.notifier.message('error', message);
          return { ok: false, message, cancelled };
        }
        return { ok: true, data: reply.data };
      } catch (reply) {
        return { ok: false, message: messageOf(reply, '请求失败，请稍后重试'), cancelled: false };
      }
    },
    [http],
  );
}
