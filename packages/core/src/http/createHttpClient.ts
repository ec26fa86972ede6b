import type { AxiosError, AxiosInstance, AxiosRequestConfig } from 'axios';
import type { ApiEnvelope } from '@examkit/contracts';
import type {
  CallResult,
  HttpClient,
  HttpClientOptions,
  HttpRequest,
  NetworkFailure,
} from '../types';
import { clearLoginData } from '../storage/clearLoginData';
import { createStorage } from '../storage/createStorage';
import { STORAGE_KEYS } from '../storage/STORAGE_KEYS';
import { createConsoleNotifier } from '../notifier/createConsoleNotifier';
import { encodeBody } from './encodeBody';
import { isNetworkFailure, networkFailure } from './isNetworkFailure';
import { countLoading } from './countLoading';
import { toEnvelope } from './toEnvelope';

const SAFE = /^(GET|HEAD|OPTIONS)$/;
const IDEMPOTENT = /^(GET|HEAD|OPTIONS|PUT|DELETE)$/;
/** A URL with a scheme (`https:`, `blob:`, `data:`) or protocol-relative (`//host`). */
const ABSOLUTE = /^([a-z][a-z\d+.-]*:|\/\/)/i;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The shared request rules of spec 000 §7 and the error rules of §8 on an axios instance.
 *
 * - Headers: `token` (when stored), `plantform: 1`, `schoolId` (when stored), read from storage per call.
 * - Code 200 resolves with the envelope; any other code rejects with it (after its message);
 *   a call without a reply resolves to a {@link NetworkFailure} and never throws.
 * - Duplicates (same method and url while one is in flight, `dedupe` on): for GET, HEAD and
 *   OPTIONS the **earlier** call is aborted, since the later one carries the newest filters and
 *   re-reading is harmless; for any other method the **later** call is dropped before it is sent,
 *   since the earlier write may already be on the server. The dropped call resolves to
 *   `{ kind: 'network-failure', reason: 'cancelled' }` without a message (the chat client shows
 *   "重复请求，自动拦截并取消").
 * - Retries (`retry`) repeat network failures and 5xx replies of idempotent calls only.
 *
 * @see spec 000 §7, §8
 */
export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const kind = options.kind ?? 'main';
  const storage = options.storage ?? createStorage('local');
  const notifier = options.notifier ?? createConsoleNotifier();
  const navigate = options.navigate ?? ((path: string) => globalThis.location.assign(path));
  const reload = options.reload ?? (() => globalThis.location.reload());
  const expiryCodes = kind === 'main' ? [431] : kind === 'second' ? [401, 431] : [];
  const onSessionExpired =
    options.onSessionExpired ??
    ((_code: number) => {
      clearLoginData(storage);
      if (kind === 'main') {
        notifier.message('error', '账号过期，请重新登录');
        navigate('/login');
      } else {
        setTimeout(() => navigate('/'), 1000);
      }
    });

  // axios loads with the first call, so a page that calls nothing yet (the sign-in page)
  // does not download it.
  let instance: Promise<AxiosInstance> | undefined;
  const axiosInstance = () =>
    (instance ??= import('axios')
      .then(({ default: axios }) =>
        axios.create({
          baseURL: options.baseURL ?? '',
          timeout: options.timeout ?? 120000,
          // Every status is read as an envelope; the code inside decides.
          validateStatus: () => true,
          ...(options.adapter ? { adapter: options.adapter } : {}),
        }),
      )
      .catch((error: unknown) => {
        // A chunk that failed to load (offline) is fetched again by the next call.
        instance = undefined;
        throw error;
      }));
  const inFlight = new Map<string, AbortController>();

  async function sendOnce(
    config: HttpRequest,
    method: string,
    signal: AbortSignal,
  ): Promise<ApiEnvelope | NetworkFailure> {
    const body = encodeBody(config.data, config.encoding ?? 'json');
    try {
      // Core's own options travel along in the config; axios ignores keys it does not know,
      // and drops headers whose value is null or undefined (token and schoolId when not stored).
      const response = await (
        await axiosInstance()
      ).request({
        ...config,
        method,
        data: body.data,
        headers: {
          plantform: 1,
          token: storage.get(STORAGE_KEYS.token),
          schoolId: storage.get(STORAGE_KEYS.schoolId),
          'Content-Type': body.contentType,
          ...(config.headers as object),
        },
        signal,
      } as AxiosRequestConfig);
      return toEnvelope(response);
    } catch (error) {
      if (signal.aborted) return networkFailure('cancelled', 'cancelled');
      const timedOut = /ECONNABORTED|ETIMEDOUT/.test(String((error as AxiosError).code));
      return networkFailure(timedOut ? 'timeout' : 'network', (error as Error).message);
    }
  }

  async function request<T>(config: HttpRequest): Promise<CallResult<T>> {
    const method = (config.method ?? 'GET').toUpperCase();
    const key = `${method} ${config.url ?? ''}`;
    const dedupe = config.dedupe !== false;
    const earlier = dedupe && inFlight.get(key);
    if (earlier) {
      if (kind === 'chat') notifier.message('warning', '重复请求，自动拦截并取消');
      if (!SAFE.test(method)) return networkFailure('cancelled', '重复请求，自动拦截并取消');
      earlier.abort();
    }
    const controller = new AbortController();
    if (dedupe) inFlight.set(key, controller);
    if (config.loading) countLoading(notifier, 1);

    const idempotent = config.idempotent ?? IDEMPOTENT.test(method);
    const retries = !idempotent || !config.retry ? 0 : config.retry === true ? 3 : config.retry;
    let result: ApiEnvelope | NetworkFailure;
    try {
      result = await sendOnce(config, method, controller.signal);
      for (
        let attempt = 0;
        attempt < retries && retryable(result) && !controller.signal.aborted;
        attempt++
      ) {
        await sleep(options.retryDelay ?? 1000);
        result = await sendOnce(config, method, controller.signal);
      }
      // Aborted for a newer duplicate: dropped, whatever came back.
      if (controller.signal.aborted) result = networkFailure('cancelled', 'cancelled');
    } finally {
      if (inFlight.get(key) === controller) inFlight.delete(key);
      if (config.loading) countLoading(notifier, -1);
    }

    // No reply: the caller gets the failure value and decides what to show.
    if (isNetworkFailure(result)) return result;
    if (result.code === 200) {
      const success = config.successMessage;
      if (success) notifier.message('success', success === true ? result.message : success);
      return result as ApiEnvelope<T>;
    }
    if (expiryCodes.includes(result.code)) onSessionExpired(result.code);
    else if (kind === 'chat' && result.code === 500)
      notifier.message('error', '请求出错，请稍后再试！');
    else if (config.errorMessage !== false && result.message)
      notifier.message('error', result.message);
    throw result;
  }

  const baseURL = (options.baseURL ?? '').replace(/\/+$/, '');
  return {
    notifier,
    navigate,
    reload,
    baseURL,
    resolveUrl: (path) =>
      !baseURL || ABSOLUTE.test(path)
        ? path
        : `${baseURL}${path.startsWith('/') ? '' : '/'}${path}`,
    request,
    call: (route, input, callOptions) =>
      request({
        method: route.method,
        url: route.url,
        data: input.body,
        params: input.query,
        encoding: route.encoding,
        ...callOptions,
      }),
  };
}

function retryable(result: ApiEnvelope | NetworkFailure): boolean {
  if (isNetworkFailure(result)) return result.reason !== 'cancelled';
  return result.code >= 500 && result.code < 600;
}
