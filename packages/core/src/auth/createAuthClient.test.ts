import { authRoutes, type UserInfo } from '@examkit/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../http/createHttpClient';
import { createStorage } from '../storage/createStorage';
import { createExamkitStore } from '../store/createExamkitStore';
import {
  NOW,
  createFakeAdapter,
  createFakeNotifier,
  demoUser,
  fail,
  historyOnlyUser,
  ok,
  type FakeReply,
} from '../test/fixtures';
import { AUTH_ENDPOINTS } from './AUTH_ENDPOINTS';
import { AuthError } from './AuthError';
import { createAuthClient } from './createAuthClient';

const PD = 'POST /marking-login/login/school_login_pd';
const DIC = 'GET /marking-user/user/school/dic/get_other';
const LOGOUT = 'POST /marking-login/login/wz_login_out';
const PASS = 'POST /marking-user/user/teacher/user/update/pass';
const LOGIN_KEYS = [
  'token',
  'schoolId',
  'userInfo',
  'menus',
  'pathArray',
  'historyRole',
  'HOMEWORK_HEADER_STORE',
];

function setup(routes: Record<string, FakeReply> = {}) {
  const fake = createFakeAdapter({
    [DIC]: ok([{ dicCode: '002005015', dicValue: '1' }]),
    ...routes,
  });
  const storage = createStorage('memory');
  const notifier = createFakeNotifier();
  const navigate = vi.fn();
  const reload = vi.fn();
  const http = createHttpClient({ adapter: fake.adapter, storage, notifier, navigate, reload });
  const store = createExamkitStore(storage, { now: () => NOW });
  const auth = createAuthClient({ http, storage, store, now: () => NOW });
  return { auth, fake, storage, notifier, navigate, reload, store };
}

const menuCodes = (nodes: { permCode: string; children: unknown[] }[]): unknown[] =>
  nodes.map((n) => (n.children.length ? [n.permCode, menuCodes(n.children as never)] : n.permCode));

describe('AUTH_ENDPOINTS', () => {
  it('matches authRoutes for every call a browser makes (not the server-to-server hand-over)', () => {
    const { handover: _serverOnly, ...browserRoutes } = authRoutes;
    expect(Object.keys(AUTH_ENDPOINTS).sort()).toEqual(Object.keys(browserRoutes).sort());
    for (const [key, endpoint] of Object.entries(AUTH_ENDPOINTS)) {
      const route = browserRoutes[key as keyof typeof browserRoutes];
      expect({
        key,
        method: endpoint.method,
        url: endpoint.url,
        encoding: endpoint.encoding,
      }).toEqual({
        key,
        method: route.method,
        url: route.url,
        encoding: route.encoding,
      });
      if (route.body !== undefined) expect(endpoint.input).toBe('body');
      if (route.query !== undefined) expect(endpoint.input).toBe('query');
    }
  });
});

describe('createAuthClient: login (spec 000 §4)', () => {
  it('stores school id, token, user info, the menu tree and codes, makes the first role active, reads the watermark', async () => {
    const { auth, fake, storage, store } = setup({ [PD]: ok(demoUser()) });
    const user = (await auth.loginPassword({ loginName: 'wang', password: 'a1b2c3' })) as UserInfo;

    expect(fake.calls[0]).toMatchObject({
      url: '/marking-login/login/school_login_pd',
      data: 'loginName=wang&password=a1b2c3',
    });
    expect(user).toMatchObject({ userId: 7, academicYear: 2026, isHistoryRole: false });
    expect(storage.get('schoolId')).toBe(11);
    expect(storage.get('token')).toBe('tok-demo-7');
    expect(storage.get('userInfo')).toEqual(user);
    expect(storage.get('historyRole')).toBe(false);
    // Exam-Tool is not a web item (platformType 1), Study is hidden (isShow 1).
    expect(menuCodes(storage.get('menus')!)).toEqual([
      'Home',
      ['Exam', ['Exam-Single', 'Exam-Multiple']],
      ['System', ['System-Teacher']],
    ]);
    expect(storage.get('pathArray')).toEqual(demoUser().allPerm['2026']!['1']);
    expect(store.getState()).toMatchObject({
      activeRoleId: 1,
      watermark: '1',
      user: { nickName: '王老师' },
    });
    expect(fake.calls[1]).toMatchObject({
      url: '/marking-user/user/school/dic/get_other',
      params: { schoolId: 11 },
    });
    expect(fake.calls[1]!.headers).toMatchObject({ token: 'tok-demo-7', schoolId: '11' });
  });

  it('falls back to the previous academic year and marks the roles historical', async () => {
    const { auth, storage, store } = setup({ [PD]: ok(historyOnlyUser()) });
    const user = (await auth.loginPassword({ loginName: 'wang', password: 'a1b2c3' })) as UserInfo;
    expect(user).toMatchObject({
      academicYear: 2025,
      isHistoryRole: true,
      roles: [{ id: 3, roleName: '阅卷老师' }],
    });
    expect(storage.get('historyRole')).toBe(true);
    expect(store.getState().activeRoleId).toBe(3);
    expect(storage.get('pathArray')).toEqual(['Home', 'Exam', 'Exam-Single']);
  });

  it('fails with "该账号无任何权限，请联系管理员分配权限" and stores nothing when no year has permissions', async () => {
    const { auth, storage, notifier } = setup({ [PD]: ok(demoUser({ allPerm: {} })) });
    const error = await auth
      .loginPassword({ loginName: 'wang', password: 'a1b2c3' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).message).toBe('该账号无任何权限，请联系管理员分配权限');
    expect(notifier.messages).toEqual([
      { type: 'error', text: '该账号无任何权限，请联系管理员分配权限' },
    ]);
    expect(storage.get('token')).toBeNull();
  });

  it('returns a 6002 reply as a school choice, untouched by messages or storage', async () => {
    const schools = [
      { schoolId: 11, schoolName: '示范中学' },
      { schoolId: 12, schoolName: '实验小学' },
    ];
    const { auth, storage, notifier } = setup({
      [PD]: { status: 409, data: fail(6002, '请选择学校', { schools }).data },
    });
    expect(await auth.loginPassword({ loginName: 'wang', password: 'a1b2c3' })).toEqual({
      code: 6002,
      schools,
    });
    expect(notifier.messages).toEqual([]);
    expect(storage.get('token')).toBeNull();
  });

  it('returns a 6003 reply to a messaging-app sign-in as a bind request', async () => {
    const { auth } = setup({
      'POST /marking-login/login/school_login_wx_web': fail(6003, '未绑定', {
        bindTicket: 'ticket-0123456789abcdef',
      }),
    });
    expect(await auth.loginWxWeb({ wxCode: 'abc' })).toEqual({
      code: 6003,
      bindTicket: 'ticket-0123456789abcdef',
    });
  });

  it('returns a 6004 reply (a platform operator) with its token and stores nothing', async () => {
    const { auth, storage, notifier } = setup({
      [PD]: fail(6004, '平台运营账号登录成功', {
        token: '0123456789abcdef0123456789abcdef',
        nickName: '平台运营',
      }),
    });
    expect(await auth.loginPassword({ loginName: 'operator', password: 'a1b2c3' })).toEqual({
      code: 6004,
      token: '0123456789abcdef0123456789abcdef',
      nickName: '平台运营',
    });
    expect(notifier.messages).toEqual([]);
    expect(storage.get('token')).toBeNull();
  });

  it('says "登录失败，" plus the server message once, and rejects with the reply', async () => {
    const { auth, notifier } = setup({ [PD]: fail(400, '用户名或密码错误') });
    const error = (await auth
      .loginPassword({ loginName: 'wang', password: 'bad' })
      .catch((e: unknown) => e)) as AuthError;
    expect(error.message).toBe('登录失败，用户名或密码错误');
    expect(error.result).toMatchObject({ code: 400, message: '用户名或密码错误' });
    expect(notifier.messages).toEqual([{ type: 'error', text: '登录失败，用户名或密码错误' }]);
  });

  it('rejects a reply without a user id with that reply', async () => {
    const { auth, storage } = setup({ [PD]: ok({ token: 'x' }) });
    const error = (await auth
      .loginPassword({ loginName: 'wang', password: 'a1b2c3' })
      .catch((e: unknown) => e)) as AuthError;
    expect(error.result).toMatchObject({ code: 200, data: { token: 'x' } });
    expect(storage.get('token')).toBeNull();
  });

  it('signs in even when the dictionary cannot be read', async () => {
    const { auth, store, notifier } = setup({
      [PD]: ok(demoUser()),
      [DIC]: fail(500, '字典服务异常'),
    });
    await expect(
      auth.loginPassword({ loginName: 'wang', password: 'a1b2c3' }),
    ).resolves.toMatchObject({ userId: 7 });
    expect(store.getState().watermark).toBeNull();
    expect(notifier.messages).toEqual([]);
  });

  it('resolves a network failure as a value', async () => {
    const { auth } = setup({ [PD]: 'network' });
    expect(await auth.loginPassword({ loginName: 'wang', password: 'a1b2c3' })).toMatchObject({
      kind: 'network-failure',
    });
  });

  it.each([
    [
      'loginCode',
      { tel: '13800000000', code: '123456' },
      'POST /marking-login/login/school_login_code',
      'tel=13800000000&code=123456',
    ],
    [
      'loginWxWeb',
      { wxCode: 'abc' },
      'POST /marking-login/login/school_login_wx_web',
      'wxCode=abc',
    ],
    [
      'bindWx',
      { bindTicket: 't'.repeat(16), loginName: 'w', password: 'p' },
      'POST /marking-login/login/school_login_wx_bind',
      JSON.stringify({ bindTicket: 't'.repeat(16), loginName: 'w', password: 'p' }),
    ],
    [
      'regionToSchool',
      { token: 'r'.repeat(16), schoolId: 11 },
      'POST /marking-login/login/region_to_school_login',
      JSON.stringify({ token: 'r'.repeat(16), schoolId: 11 }),
    ],
    [
      'loginClient',
      { loginName: 'w', password: 'p', clientId: 'scan-1' },
      'POST /marking-login/login/school_login_client',
      JSON.stringify({ loginName: 'w', password: 'p', clientId: 'scan-1' }),
    ],
    [
      'loginYuexun',
      { code: 'c'.repeat(16) },
      'POST /marking-user-extand/yuexun/login',
      `code=${'c'.repeat(16)}`,
    ],
    [
      'loginDengyue',
      { appId: 'a', loginName: 'w', schoolId: 11, timestamp: 1, sign: 'f'.repeat(64) },
      'POST /marking-user-extand/dengyue/login/v2',
      `appId=a&loginName=w&schoolId=11&timestamp=1&sign=${'f'.repeat(64)}`,
    ],
  ] as const)('%s signs in through its own call', async (method, input, key, wire) => {
    const { auth, fake, storage } = setup({ [key]: ok(demoUser()) });
    await (auth[method] as (i: unknown) => Promise<unknown>)(input);
    expect(`${fake.calls[0]!.method} ${fake.calls[0]!.url}`).toBe(key);
    expect(fake.calls[0]!.data).toBe(wire);
    expect(storage.get('token')).toBe('tok-demo-7');
  });

  it('loginToken sends the token in the query', async () => {
    const { auth, fake } = setup({
      'POST /marking-login/login/school_login_token': ok(demoUser()),
    });
    await auth.loginToken({ token: 'k'.repeat(16) });
    expect(fake.calls[0]).toMatchObject({ params: { token: 'k'.repeat(16) } });
  });
});

describe('createAuthClient: other calls', () => {
  it.each([
    ['myRole', undefined, 'POST /marking-user/get_my_role', { data: '{}' }],
    [
      'sendSmsCode',
      { tel: '13800000000' },
      'POST /marking-login/login/send_sms_code',
      { data: 'tel=13800000000' },
    ],
    [
      'schoolList',
      { loginName: 'w', password: 'p' },
      'POST /marking-user/user/school/list_upgrade',
      { data: 'loginName=w&password=p' },
    ],
    [
      'aiAccess',
      { schoolId: 11 },
      'GET /chatgpt-server/isUserAiSession',
      { params: { schoolId: 11 } },
    ],
    [
      'getParentGuide',
      { tel: '138', userId: 7 },
      'GET /marking-paper/parent/guide/getParentGuide',
      { params: { tel: '138', userId: 7 } },
    ],
    [
      'setParentGuide',
      { tel: '138', code: 3, userId: 7 },
      'GET /marking-paper/parent/guide/setParentGuide',
      { params: { tel: '138', code: 3, userId: 7 } },
    ],
    ['schoolDetail', undefined, 'GET /marking-user/user/school/get_detail_school', {}],
  ] as const)('%s calls %s', async (method, input, key, sent) => {
    const { auth, fake } = setup({ [key]: ok(1) });
    const reply = await (auth[method] as (i?: unknown) => Promise<unknown>)(input);
    expect(reply).toMatchObject({ code: 200, data: 1 });
    expect(`${fake.calls[0]!.method} ${fake.calls[0]!.url}`).toBe(key);
    expect(fake.calls[0]).toMatchObject(sent);
  });
});

describe('createAuthClient: role switching', () => {
  it('recomputes menus and codes from the role, stores them, and keeps the role after a reload', async () => {
    const { auth, storage, store } = setup({ [PD]: ok(demoUser()) });
    await auth.loginPassword({ loginName: 'wang', password: 'a1b2c3' });
    auth.setActiveRole(2);
    expect(store.getState()).toMatchObject({ activeRoleId: 2, permCodes: ['Home'] });
    expect(menuCodes(storage.get('menus')!)).toEqual(['Home']);
    const reloaded = createExamkitStore(storage, { now: () => NOW });
    expect(reloaded.getState()).toMatchObject({
      activeRoleId: 2,
      permCodes: ['Home'],
      user: { userId: 7 },
    });
  });

  it('ignores a role the user does not have', async () => {
    const { auth, store } = setup({ [PD]: ok(demoUser()) });
    await auth.loginPassword({ loginName: 'wang', password: 'a1b2c3' });
    auth.setActiveRole(99);
    expect(store.getState().activeRoleId).toBe(1);
  });
});

describe('createAuthClient: logout and password change', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  async function signedIn(routes: Record<string, FakeReply>) {
    const ctx = setup({ [PD]: ok(demoUser()), ...routes });
    await ctx.auth.loginPassword({ loginName: 'wang', password: 'a1b2c3' });
    ctx.storage.set('HOMEWORK_HEADER_STORE', { subject: 1 });
    return ctx;
  }

  it.each([
    ['the call succeeds', ok(null)],
    ['the call fails', fail(500, '服务异常')],
    ['the network is down', 'network' as const],
  ])(
    'logs out when %s: clears login data, goes to /login with bv, reloads after 100 ms',
    async (_case, reply) => {
      const { auth, fake, storage, store, navigate, reload } = await signedIn({ [LOGOUT]: reply });
      store.getState().setBrandVariant(7);
      await auth.logout();
      expect(fake.calls.some((c) => c.url === '/marking-login/login/wz_login_out')).toBe(true);
      expect(LOGIN_KEYS.map((k) => storage.get(k))).toEqual(LOGIN_KEYS.map(() => null));
      expect(store.getState()).toMatchObject({
        user: null,
        menus: [],
        permCodes: [],
        brandVariant: 7,
      });
      expect(navigate).toHaveBeenCalledWith('/login?bv=7');
      await vi.advanceTimersByTimeAsync(99);
      expect(reload).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(reload).toHaveBeenCalledTimes(1);
    },
  );

  it('follows a "redirect:" reply', async () => {
    const { auth, navigate } = await signedIn({
      [LOGOUT]: ok('redirect:https://sso.example.cn/logout'),
    });
    await auth.logout();
    expect(navigate).toHaveBeenCalledWith('https://sso.example.cn/logout');
  });

  it('changes one\'s own password with the current one: "修改成功", and stays signed in', async () => {
    const { auth, fake, storage, notifier, navigate } = await signedIn({ [PASS]: ok(null) });
    expect(await auth.changePassword(7, 'n3wpass', 'old1pass')).toBe(true);
    expect(fake.calls.at(-1)).toMatchObject({
      url: '/marking-user/user/teacher/user/update/pass',
      data: '{"id":7,"newPassWord":"n3wpass","oldPassWord":"old1pass"}',
    });
    expect(notifier.messages).toEqual([{ type: 'success', text: '修改成功' }]);
    expect(storage.get('token')).toBe('tok-demo-7');
    expect(navigate).not.toHaveBeenCalled();
    expect(fake.calls.some((c) => c.url === '/marking-login/login/wz_login_out')).toBe(false);
  });

  it("keeps the session when changing another teacher's password", async () => {
    const { auth, storage } = await signedIn({ [PASS]: ok(null) });
    expect(await auth.changePassword(8, 'n3wpass')).toBe(true);
    expect(storage.get('token')).toBe('tok-demo-7');
  });

  it('says "修改失败，" plus the message and stays signed in', async () => {
    const { auth, storage, notifier } = await signedIn({ [PASS]: fail(400, '密码太简单') });
    expect(await auth.changePassword(7, 'n3wpass')).toBe(false);
    expect(notifier.messages).toEqual([{ type: 'error', text: '修改失败，密码太简单' }]);
    expect(storage.get('token')).toBe('tok-demo-7');
  });
});
