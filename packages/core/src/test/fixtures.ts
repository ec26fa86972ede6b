import axios, { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { permissionCatalogue, type PermItem, type UserInfo } from '@examkit/contracts';
import { vi } from 'vitest';
import type { Notifier } from '../types';

/** "Now" of the tests: in academic year 2026-2027. */
export const NOW = new Date(2026, 10, 21, 9, 30);

const pick = (...codes: string[]): PermItem[] =>
  permissionCatalogue.filter((p) => codes.includes(p.permCode));

/**
 * A teacher of 示范中学 with two roles in 2026 (教务主任 with exam and system menus,
 * 班主任 with the home page only) and one role in 2025.
 */
export function demoUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    userId: 7,
    token: 'tok-demo-7',
    schoolId: 11,
    schoolName: '示范中学',
    nickName: '王老师',
    tel: '13800000000',
    roles: [
      { id: 1, roleName: '教务主任' },
      { id: 2, roleName: '班主任' },
    ],
    showRoles: [],
    perms: [
      ...pick('Home', 'Exam', 'Exam-Single', 'Exam-Multiple', 'System', 'System-Teacher'),
      { ...pick('Exam-Tool')[0]!, platformType: 1 },
      { ...pick('Study')[0]!, isShow: 1 },
    ],
    allPerm: {
      '2026': {
        '1': [
          'Home',
          'Exam',
          'Exam-Single',
          'Exam-Multiple',
          'Exam-Tool',
          'Study',
          'System',
          'System-Teacher',
        ],
        '2': ['Home'],
      },
      '2025': { '3': ['Home', 'Exam', 'Exam-Single'] },
    },
    allRole: {
      '2026': [
        { id: 1, roleName: '教务主任' },
        { id: 2, roleName: '班主任' },
      ],
      '2025': [{ id: 3, roleName: '阅卷老师' }],
    },
    academicYear: 2026,
    academicYearType: 0,
    isHistoryRole: false,
    ...overrides,
  };
}

/** The demo user with no permission in 2026, so only the 2025 role applies. */
export function historyOnlyUser(): UserInfo {
  const user = demoUser();
  return demoUser({ allPerm: { '2026': { '1': [], '2': [] }, '2025': user.allPerm['2025']! } });
}

/** A fake reply: an envelope (status 200 by default), a network failure, or a timeout. */
export type FakeReply =
  { status?: number; statusText?: string; data: unknown } | 'network' | 'timeout';

export interface RecordedRequest {
  method: string;
  url: string;
  params: unknown;
  headers: Record<string, unknown>;
  /** The body as sent on the wire (JSON string, url-encoded string or FormData). */
  data: unknown;
  baseURL: string | undefined;
  timeout: number | undefined;
}

type Handler = (request: RecordedRequest) => FakeReply | Promise<FakeReply>;

/** An axios adapter answering `"METHOD /url"` keys from a table; unknown keys answer 404. No network. */
export function createFakeAdapter(routes: Record<string, Handler | FakeReply> = {}) {
  const calls: RecordedRequest[] = [];
  const table = new Map(Object.entries(routes));
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const request: RecordedRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: config.params,
      headers: config.headers.toJSON() as Record<string, unknown>,
      data: config.data,
      baseURL: config.baseURL,
      timeout: config.timeout,
    };
    calls.push(request);
    const entry = table.get(`${request.method} ${request.url}`) ?? {
      status: 404,
      data: 'Not Found',
    };
    return new Promise((resolve, reject) => {
      config.signal?.addEventListener?.('abort', () =>
        reject(new axios.CanceledError(undefined, undefined, config)),
      );
      Promise.resolve(typeof entry === 'function' ? entry(request) : entry).then((reply) => {
        if (reply === 'network') reject(new AxiosError('Network Error', 'ERR_NETWORK', config));
        else if (reply === 'timeout')
          reject(new AxiosError('timeout exceeded', 'ECONNABORTED', config));
        else {
          resolve({
            data: reply.data,
            status: reply.status ?? 200,
            statusText: reply.statusText ?? 'OK',
            headers: {},
            config,
            request: {},
          });
        }
      }, reject);
    });
  };
  return {
    adapter,
    calls,
    /** Sets or replaces the answer of one key. */
    on(key: string, reply: Handler | FakeReply) {
      table.set(key, reply);
    },
  };
}

/** An envelope as the server sends it (only `msg`, to check the mirroring). */
export const ok = (data: unknown = null) => ({ data: { code: 200, data, msg: '操作成功' } });
export const fail = (code: number, msg: string, data: unknown = null) => ({
  data: { code, data, msg },
});

/** A promise the test settles by hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A notifier recording what the user would see. */
export function createFakeNotifier() {
  const messages: { type: string; text: string }[] = [];
  const notifier: Notifier & { messages: typeof messages; overlay: string | null } = {
    messages,
    overlay: null,
    message: (type, text) => void messages.push({ type, text }),
    alert: vi.fn(),
    loading: {
      open: vi.fn((text: string) => void (notifier.overlay = text)),
      close: vi.fn(() => void (notifier.overlay = null)),
    },
  };
  return notifier;
}
