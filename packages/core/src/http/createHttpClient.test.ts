import { authRoutes, type ApiEnvelope } from '@examkit/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createFakeAdapter,
  createFakeNotifier,
  deferred,
  fail,
  ok,
  type FakeReply,
} from '../test/fixtures';
import { createStorage } from '../storage/createStorage';
import type { ClientKind, HttpClientOptions } from '../types';
import { createHttpClient } from './createHttpClient';
import { isNetworkFailure } from './isNetworkFailure';

function setup(
  routes: Parameters<typeof createFakeAdapter>[0] = {},
  options: HttpClientOptions = {},
) {
  const fake = createFakeAdapter(routes);
  const storage = createStorage('memory');
  const notifier = createFakeNotifier();
  const navigate = vi.fn();
  const http = createHttpClient({
    adapter: fake.adapter,
    storage,
    notifier,
    navigate,
    reload: vi.fn(),
    ...options,
  });
  return { http, fake, storage, notifier, navigate };
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable(),
    (e: unknown) => e,
  );

describe('createHttpClient: shared request rules', () => {
  it('sends token, plantform 1 and schoolId from storage, with the default base address and 120000 ms timeout', async () => {
    const { http, fake, storage } = setup(
      { 'GET /x': ok() },
      { baseURL: 'https://api.example.cn' },
    );
    storage.set('token', 'tok-1');
    storage.set('schoolId', 11);
    await http.request({ url: '/x' });
    expect(fake.calls[0]).toMatchObject({
      baseURL: 'https://api.example.cn',
      timeout: 120000,
      headers: { token: 'tok-1', plantform: '1', schoolId: '11' },
    });
  });

  it.each([
    [
      'https://api.example.cn',
      '/marking-homework/x?id=1',
      'https://api.example.cn/marking-homework/x?id=1',
    ],
    ['https://api.example.cn/', 'marking-homework/x', 'https://api.example.cn/marking-homework/x'],
    ['https://api.example.cn', 'blob:https://portal.cn/1', 'blob:https://portal.cn/1'],
    ['https://api.example.cn', '//cdn.example.cn/a.png', '//cdn.example.cn/a.png'],
    [undefined, '/marking-homework/x', '/marking-homework/x'],
  ])('with baseURL %s resolves %s to %s for fetch and links', (baseURL, path, url) => {
    const { http } = setup({}, baseURL === undefined ? {} : { baseURL });
    expect(http.resolveUrl(path)).toBe(url);
    expect(http.baseURL).toBe(baseURL?.replace(/\/$/, '') ?? '');
  });

  it('omits token and schoolId when nothing is stored', async () => {
    const { http, fake } = setup({ 'GET /x': ok() });
    await http.request({ url: '/x' });
    expect(fake.calls[0]!.headers).toMatchObject({ plantform: '1' });
    expect(fake.calls[0]!.headers).not.toHaveProperty('token');
    expect(fake.calls[0]!.headers).not.toHaveProperty('schoolId');
  });

  it.each([
    ['json', '{"tel":"13800000000","n":[1,2]}', 'application/json'],
    ['form', 'tel=13800000000&n=1&n=2', 'application/x-www-form-urlencoded'],
  ] as const)('encodes a %s body', async (encoding, wire, contentType) => {
    const { http, fake } = setup({ 'POST /x': ok() });
    await http.request({
      method: 'POST',
      url: '/x',
      data: { tel: '13800000000', n: [1, 2] },
      encoding,
    });
    expect(fake.calls[0]!.data).toBe(wire);
    expect(String(fake.calls[0]!.headers['Content-Type'])).toContain(contentType);
  });

  it('encodes a multipart body as FormData', async () => {
    const { http, fake } = setup({ 'POST /x': ok() });
    const file = new Blob(['x'], { type: 'image/png' });
    await http.request({
      method: 'POST',
      url: '/x',
      data: { file, examId: 5 },
      encoding: 'multipart',
    });
    const sent = fake.calls[0]!.data as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect(sent.get('examId')).toBe('5');
    expect(sent.get('file')).toBeInstanceOf(Blob);
  });

  it('takes method, url and encoding from a route contract', async () => {
    const { http, fake } = setup({ 'POST /marking-login/login/school_login_pd': ok() });
    await http.call(authRoutes.loginPassword, { body: { loginName: 'wang', password: 'a1b2c3' } });
    expect(fake.calls[0]).toMatchObject({ method: 'POST', data: 'loginName=wang&password=a1b2c3' });
  });

  it('mirrors message and msg, and shows no success message by default', async () => {
    const { http, fake, notifier } = setup({
      'GET /a': ok([1]),
      'GET /b': { data: { code: 200, data: null, message: '已保存' } },
    });
    expect(await http.request({ url: '/a' })).toEqual({
      code: 200,
      data: [1],
      msg: '操作成功',
      message: '操作成功',
    });
    expect(await http.request({ url: '/b' })).toMatchObject({ msg: '已保存', message: '已保存' });
    expect(notifier.messages).toEqual([]);
    expect(fake.calls).toHaveLength(2);
  });

  it.each([
    [true, '操作成功'],
    ['保存成功', '保存成功'],
  ] as const)('shows a success message when asked (%s)', async (successMessage, text) => {
    const { http, notifier } = setup({ 'GET /a': ok() });
    await http.request({ url: '/a', successMessage });
    expect(notifier.messages).toEqual([{ type: 'success', text }]);
  });

  it('rejects any other code with the body and shows its message', async () => {
    const { http, notifier } = setup({ 'GET /a': fail(400, '参数错误') });
    const error = await rejection(http.request({ url: '/a' }));
    expect(error).toEqual({ code: 400, data: null, msg: '参数错误', message: '参数错误' });
    expect(notifier.messages).toEqual([{ type: 'error', text: '参数错误' }]);
  });

  it('keeps quiet about a failed code with errorMessage false', async () => {
    const { http, notifier } = setup({ 'GET /a': fail(400, '参数错误') });
    await rejection(http.request({ url: '/a', errorMessage: false }));
    expect(notifier.messages).toEqual([]);
  });

  it('reads a non-envelope error page as its HTTP status', async () => {
    const { http } = setup({
      'GET /a': { status: 502, statusText: 'Bad Gateway', data: '<html>' },
    });
    expect(await rejection(http.request({ url: '/a', errorMessage: false }))).toMatchObject({
      code: 502,
      msg: 'Bad Gateway',
    });
  });

  it.each([
    ['network', 'network'],
    ['timeout', 'timeout'],
  ] as const)(
    'resolves a %s failure to a NetworkFailure value, without throwing or a message',
    async (reply, reason) => {
      const { http, notifier } = setup({ 'GET /a': reply });
      const result = await http.request({ url: '/a' });
      expect(isNetworkFailure(result)).toBe(true);
      expect(result).toMatchObject({ kind: 'network-failure', reason });
      expect(notifier.messages).toEqual([]);
    },
  );
});

describe('createHttpClient: retry', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('does not retry by default', async () => {
    const { http, fake } = setup({ 'GET /a': 'network' });
    await http.request({ url: '/a' });
    expect(fake.calls).toHaveLength(1);
  });

  it('retries a GET 3 times on network failures and 5xx, then gives the last result', async () => {
    const replies: FakeReply[] = ['network', fail(500, '服务器错误'), 'timeout', ok('done')];
    const { http, fake } = setup({ 'GET /a': () => replies.shift()! });
    const pending = http.request({ url: '/a', retry: true });
    await vi.advanceTimersByTimeAsync(3000);
    expect(await pending).toMatchObject({ code: 200, data: 'done' });
    expect(fake.calls).toHaveLength(4);
  });

  it('stops after 3 retries', async () => {
    const { http, fake } = setup({ 'GET /a': 'network' });
    const pending = http.request({ url: '/a', retry: true });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(isNetworkFailure(await pending)).toBe(true);
    expect(fake.calls).toHaveLength(4);
  });

  it.each([
    ['a 4xx code', { method: 'GET', reply: fail(400, 'bad') }],
    ['a POST (not idempotent)', { method: 'POST', reply: 'network' }],
  ] as const)('never retries %s', async (_name, { method, reply }) => {
    const { http, fake } = setup({ [`${method} /a`]: reply });
    const pending = http
      .request({ method, url: '/a', retry: true, errorMessage: false })
      .catch(() => null);
    await vi.advanceTimersByTimeAsync(10_000);
    await pending;
    expect(fake.calls).toHaveLength(1);
  });

  it('retries a POST declared idempotent', async () => {
    const { http, fake } = setup({ 'POST /a': 'network' });
    const pending = http.request({ method: 'POST', url: '/a', retry: 2, idempotent: true });
    await vi.advanceTimersByTimeAsync(10_000);
    await pending;
    expect(fake.calls).toHaveLength(3);
  });
});

describe('createHttpClient: identical in-flight requests', () => {
  it('GET: aborts the earlier call, which resolves to a silent cancelled failure; the later one gets the reply', async () => {
    const first = deferred<FakeReply>();
    const replies = [first.promise, Promise.resolve(ok('second'))];
    const { http, notifier, fake } = setup({
      'GET /warm': ok(),
      'GET /list': () => replies.shift()!,
    });
    // axios loads with the first call; after it, the first /list is on the wire when aborted.
    await http.request({ url: '/warm' });
    const a = http.request({ url: '/list', params: { page: 1 } });
    await vi.waitFor(() => expect(fake.calls).toHaveLength(2));
    const b = http.request({ url: '/list', params: { page: 2 } });
    first.resolve(ok('first'));
    expect(await a).toMatchObject({ kind: 'network-failure', reason: 'cancelled' });
    expect(await b).toMatchObject({ code: 200, data: 'second' });
    expect(fake.calls).toHaveLength(3);
    expect(notifier.messages).toEqual([]);
  });

  it('POST: drops the later call before it is sent, silently; the earlier one completes', async () => {
    const reply = deferred<FakeReply>();
    const { http, notifier, fake } = setup({ 'POST /save': () => reply.promise });
    const a = http.request({ method: 'POST', url: '/save', data: { n: 1 } });
    const b = http.request({ method: 'POST', url: '/save', data: { n: 1 } });
    expect(await b).toMatchObject({ kind: 'network-failure', reason: 'cancelled' });
    reply.resolve(ok('saved'));
    expect(await a).toMatchObject({ code: 200, data: 'saved' });
    expect(fake.calls).toHaveLength(1);
    expect(notifier.messages).toEqual([]);
  });

  it('sends both with dedupe false, and a later call after the first settled', async () => {
    const { http, fake } = setup({ 'POST /save': ok() });
    await Promise.all([
      http.request({ method: 'POST', url: '/save', dedupe: false }),
      http.request({ method: 'POST', url: '/save', dedupe: false }),
    ]);
    await http.request({ method: 'POST', url: '/save' });
    expect(fake.calls).toHaveLength(3);
  });

  it('chat client: says "重复请求，自动拦截并取消"', async () => {
    const reply = deferred<FakeReply>();
    const { http, notifier } = setup(
      { 'POST /chatgpt-server/getSession': () => reply.promise },
      { kind: 'chat' },
    );
    const a = http.request({ method: 'POST', url: '/chatgpt-server/getSession' });
    await http.request({ method: 'POST', url: '/chatgpt-server/getSession' });
    reply.resolve(ok());
    await a;
    expect(notifier.messages).toEqual([{ type: 'warning', text: '重复请求，自动拦截并取消' }]);
  });
});

describe('createHttpClient: loading overlay', () => {
  it('opens "正在加载，请稍后~" on the first loading call and closes when the count returns to 0', async () => {
    const one = deferred<FakeReply>();
    const two = deferred<FakeReply>();
    const { http, notifier } = setup({
      'GET /1': () => one.promise,
      'GET /2': () => two.promise,
      'GET /3': ok(),
    });
    const a = http.request({ url: '/1', loading: true });
    const b = http.request({ url: '/2', loading: true });
    await http.request({ url: '/3' });
    expect(notifier.overlay).toBe('正在加载，请稍后~');
    one.resolve(ok());
    await a;
    expect(notifier.overlay).toBe('正在加载，请稍后~');
    two.resolve('network');
    await b;
    expect(notifier.overlay).toBeNull();
    expect(notifier.loading.open).toHaveBeenCalledTimes(1);
    expect(notifier.loading.close).toHaveBeenCalledTimes(1);
  });

  it('shows no overlay for calls that do not ask for it', async () => {
    const { http, notifier } = setup({ 'GET /1': ok() });
    await http.request({ url: '/1' });
    expect(notifier.loading.open).not.toHaveBeenCalled();
  });
});

describe('createHttpClient: session expiry and per-client codes', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const loggedIn = (kind: ClientKind, code: number) => {
    const ctx = setup({ 'GET /a': fail(code, 'token 失效') }, { kind });
    const keys = [
      'token',
      'schoolId',
      'userInfo',
      'menus',
      'pathArray',
      'historyRole',
      'HOMEWORK_HEADER_STORE',
    ];
    for (const key of keys) ctx.storage.set(key, 'x');
    ctx.storage.set('bv', 7);
    return { ...ctx, keys };
  };

  it('main 431: toast "账号过期，请重新登录", clears login data, goes to /login, rejects with the body', async () => {
    const { http, notifier, storage, navigate, keys } = loggedIn('main', 431);
    const error = (await rejection(http.request({ url: '/a' }))) as ApiEnvelope;
    expect(error.code).toBe(431);
    expect(notifier.messages).toEqual([{ type: 'error', text: '账号过期，请重新登录' }]);
    expect(keys.map((k) => storage.get(k))).toEqual(keys.map(() => null));
    expect(storage.get('bv')).toBe(7);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it.each([401, 431])(
    'second %i: clears login data and goes to the root after 1 s',
    async (code) => {
      const { http, storage, navigate, notifier } = loggedIn('second', code);
      await rejection(http.request({ url: '/a' }));
      expect(storage.get('token')).toBeNull();
      await vi.advanceTimersByTimeAsync(999);
      expect(navigate).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(navigate).toHaveBeenCalledWith('/');
      expect(notifier.messages).toEqual([]);
    },
  );

  it('main 401 is an ordinary failure', async () => {
    const { http, storage, navigate } = loggedIn('main', 401);
    await rejection(http.request({ url: '/a' }));
    expect(storage.get('token')).toBe('x');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('chat 500: "请求出错，请稍后再试！"', async () => {
    const { http, notifier } = loggedIn('chat', 500);
    await rejection(http.request({ url: '/a' }));
    expect(notifier.messages).toEqual([{ type: 'error', text: '请求出错，请稍后再试！' }]);
  });

  it('lets the app replace the expiry rule', async () => {
    const onSessionExpired = vi.fn();
    const { http, notifier, navigate } = setup({ 'GET /a': fail(431, 'x') }, { onSessionExpired });
    await rejection(http.request({ url: '/a' }));
    expect(onSessionExpired).toHaveBeenCalledWith(431);
    expect(navigate).not.toHaveBeenCalled();
    expect(notifier.messages).toEqual([]);
  });
});
