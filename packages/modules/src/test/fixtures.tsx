import axios, { type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { render, screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import {
  permissionCatalogue,
  type BankQuestionItem,
  type MyScope,
  type PermItem,
  type UserInfo,
} from '@examkit/contracts';
import {
  createAuthClient,
  createExamkitStore,
  createHttpClient,
  createStorage,
} from '@examkit/core';
import { ExamkitProvider } from '@examkit/core/react';
import { createMenuFilter } from '@examkit/permission';
import { MessageHost, createUiNotifier } from '@examkit/ui';
import { createExamkitRoutes } from '../routes/createExamkitRoutes';
import type { ExamkitRoutesOptions } from '../routes/types';

/** "Now" of the tests: academic year 2026-2027. */
export const NOW = new Date(2026, 10, 21, 9, 30);

const codesOf = (...codes: string[]): PermItem[] =>
  permissionCatalogue.filter((p) => codes.includes(p.permCode));

/** Codes of the demo school's 教务主任 (exam and system menus). */
export const DIRECTOR_CODES = [
  'Home',
  'Exam',
  'Exam-Single',
  'Exam-Multiple',
  'Homework',
  'Homework-SchoolBase',
  'System',
  'System-Teacher',
  'System-Student',
];
/** Codes of the demo school's 班主任 (home and homework only). */
export const TEACHER_CODES = ['Home', 'Homework', 'Homework-SchoolBase'];

/** A user of 示范中学 with two roles in 2026 (教务主任, 班主任). */
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
    perms: codesOf(...DIRECTOR_CODES),
    allPerm: { '2026': { '1': DIRECTOR_CODES, '2': TEACHER_CODES } },
    allRole: {
      '2026': [
        { id: 1, roleName: '教务主任' },
        { id: 2, roleName: '班主任' },
      ],
    },
    academicYear: 2026,
    academicYearType: 0,
    isHistoryRole: false,
    ...overrides,
  };
}

/**
 * A demo user whose menus and keys are `codes` (the header's menus are the user's `perms`), in
 * one role when `roleName` is given.
 */
export function menuUser(codes: string[], roleName?: string): UserInfo {
  return demoUser({
    perms: codesOf(...codes),
    allPerm: { '2026': { '1': codes } },
    ...(roleName === undefined
      ? {}
      : { roles: [{ id: 1, roleName }], allRole: { '2026': [{ id: 1, roleName }] } }),
  });
}

/**
 * 区教育局 staff signed in to one school of 示范区, holding `codes` (also as menus with `menus`).
 */
export function bureauUser(
  codes: string[],
  at: { schoolId: number; schoolName: string; token: string },
  menus = false,
): UserInfo {
  return demoUser({
    userId: 90 + at.schoolId,
    ...at,
    nickName: '区教育局',
    roles: [{ id: 30, roleName: '教育局' }],
    ...(menus ? { perms: codesOf(...codes) } : {}),
    allPerm: { '2026': { '30': codes } },
    allRole: { '2026': [{ id: 30, roleName: '教育局' }] },
  });
}

/** 示范区, with 示范中学 (11) and 实验中学 (12). */
export const DEMO_REGION = {
  regionId: 1,
  regionName: '示范区',
  schools: [
    { schoolId: 11, schoolName: '示范中学' },
    { schoolId: 12, schoolName: '实验中学' },
  ],
};

/** A bank question as the bank lists it: a 单选 of the school bank unless `over` says otherwise. */
export const bankItem = (over: Partial<BankQuestionItem> & { id: number }): BankQuestionItem => ({
  bank: 'school',
  subjectCode: 'math',
  stage: 3,
  gradeNum: 10,
  type: 'single',
  difficulty: 2,
  stem: `试题${over.id}的题干`,
  options: ['甲', '乙'],
  answer: 'A',
  analysis: '',
  points: [],
  source: '',
  year: null,
  tags: [],
  children: [],
  version: 1,
  updatedAt: 0,
  ...over,
});

/**
 * A download the page fetches answered with an xlsx file, and object URLs stubbed so the browser
 * "saves" it: the fetch spy, to read the URL asked.
 */
export function mockXlsxDownload() {
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(new Blob(['xlsx']), {
      status: 200,
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
    }),
  );
  URL.createObjectURL = vi.fn(() => 'blob:1');
  URL.revokeObjectURL = vi.fn();
  return fetchMock;
}

/** A teacher with one role and no system permission. */
export function teacherUser(): UserInfo {
  return demoUser({
    userId: 8,
    token: 'tok-teacher-8',
    nickName: '李老师',
    roles: [{ id: 2, roleName: '班主任' }],
    perms: codesOf(...TEACHER_CODES),
    allPerm: { '2026': { '2': TEACHER_CODES } },
    allRole: { '2026': [{ id: 2, roleName: '班主任' }] },
  });
}

/** An envelope as the server sends it. */
export const ok = (data: unknown, msg = 'success') => ({ code: 200, data, msg, message: msg });
export const fail = (code: number, msg: string, data: unknown = null) => ({
  code,
  data,
  msg,
  message: msg,
});

/** A download-centre job as `downloadStatus` answers it: running at 0 % unless told otherwise. */
export function downloadJob(overrides: Record<string, unknown> = {}) {
  return {
    jobId: 1,
    kind: 'report',
    title: '导出',
    state: 'running',
    progress: 0,
    stage: '开始导出',
    fileName: null,
    size: null,
    message: null,
    createdAt: 0,
    finishedAt: null,
    expiresAt: null,
    ...overrides,
  };
}

export interface FakeRequest {
  method: string;
  url: string;
  params: unknown;
  /** The body as sent (JSON text, url-encoded text). */
  data: unknown;
}

type Reply = unknown | ((request: FakeRequest) => unknown);

/** An axios adapter answering `"METHOD /url"` keys with envelopes (HTTP 200); unknown keys answer 404. */
export function createFakeApi(routes: Record<string, Reply> = {}) {
  const calls: FakeRequest[] = [];
  const table = new Map<string, Reply>(Object.entries(routes));
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const request: FakeRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: config.params,
      data: config.data,
    };
    calls.push(request);
    const key = `${request.method} ${request.url}`;
    if (!table.has(key)) throw new axios.AxiosError('Not Found', 'ERR_BAD_REQUEST', config);
    const entry = table.get(key);
    // A reply may be a promise: a test holds an answer back to see what the page does meanwhile.
    const data = await (typeof entry === 'function'
      ? (entry as (r: FakeRequest) => unknown)(request)
      : entry);
    return { data, status: 200, statusText: 'OK', headers: {}, config, request: {} };
  };
  return {
    adapter,
    calls,
    on(key: string, reply: Reply) {
      table.set(key, reply);
    },
    /** The decoded form or JSON body of the last call to a url. */
    lastBody(url: string): Record<string, string> {
      const call = [...calls].reverse().find((c) => c.url === url);
      if (!call || typeof call.data !== 'string') return {};
      return call.data.startsWith('{')
        ? (JSON.parse(call.data) as Record<string, string>)
        : Object.fromEntries(new URLSearchParams(call.data));
    },
  };
}

/** A call's JSON body; `{}` for a call without one. */
export const bodyOf = (r: FakeRequest) =>
  (typeof r.data === 'string' ? JSON.parse(r.data) : {}) as Record<string, unknown>;

/** The JSON bodies sent to a call (`"METHOD /url"`), in order. */
export const bodiesOf = (api: ReturnType<typeof createFakeApi>, key: string) => {
  const url = key.slice(key.indexOf(' ') + 1);
  return api.calls.filter((c) => c.url === url).map(bodyOf);
};

/** Question 3 of 期中考试 数学 (单选, 5 分, answer B) as the wrong-question lists show it. */
export const EXAM_QUESTION = {
  examId: 5,
  examName: '期中考试',
  examDate: '2026-11-12',
  subjectId: 2,
  subjectName: '数学',
  questionId: 77,
  number: '3',
  kind: 'single',
  fullMarks: 5,
  answer: 'B',
};

/** The body rows of the table named `name`, each as its cells' texts. */
export const tableCells = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

/** The calls every signed-in page may make, answered with the demo school. */
export const SCHOOL_ROUTES = {
  'GET /marking-user/user/school/dic/get_other': ok([{ dicCode: '002005015', dicValue: '0' }]),
  'GET /marking-user/user/school/get_detail_school': ok({
    schoolId: 11,
    schoolName: '示范中学',
    gradeCount: 6,
    classCount: 36,
    studentCount: 1620,
    teacherCount: 142,
    academicYear: 2026,
  }),
  'POST /marking-login/login/wz_login_out': ok(null),
  'POST /marking-user/user/school/my_scope': ok(myScope()),
  'GET /marking-main/message/unread_count': ok({ count: 0 }),
  'GET /marking-paper/parent/guide/getParentGuide': ok({ seen: true, code: 3 }),
};

/** A `my_scope` answer: school-wide by default (docs/scope.md). */
export function myScope(overrides: Partial<MyScope> = {}): MyScope {
  return {
    schoolWide: true,
    manageGradeIds: [10],
    gradeIds: [10],
    classes: [],
    markingManager: true,
    markingBlockIds: [],
    ...overrides,
  };
}

export interface RenderAppOptions extends ExamkitRoutesOptions {
  path?: string;
  api?: ReturnType<typeof createFakeApi>;
  /** Signs this user in before rendering. */
  user?: UserInfo;
  brandVariant?: number;
}

/** Renders the whole product (createExamkitRoutes) at a path, with core over a fake API. */
export async function renderApp(options: RenderAppOptions = {}) {
  const {
    path = '/login',
    api = createFakeApi(SCHOOL_ROUTES),
    user,
    brandVariant,
    ...routeOptions
  } = options;
  const storage = createStorage('memory');
  const notifier = createUiNotifier({ duration: 60_000 });
  const store = createExamkitStore(storage);
  // The http client navigates through the router, which is created after it.
  const routerRef: { current?: ReturnType<typeof createMemoryRouter> } = {};
  const http = createHttpClient({
    storage,
    notifier,
    adapter: api.adapter,
    navigate: (to) => void routerRef.current?.navigate(to),
    reload: () => {},
  });
  const auth = createAuthClient({
    http,
    storage,
    store,
    menuFilter: createMenuFilter({}),
    now: () => NOW,
  });
  if (brandVariant !== undefined) store.getState().setBrandVariant(brandVariant);
  if (user) await auth.login(user);
  const router = createMemoryRouter(createExamkitRoutes(routeOptions), { initialEntries: [path] });
  routerRef.current = router;
  const view = render(
    <ExamkitProvider value={{ http, auth, store, storage, notifier }}>
      <MessageHost notifier={notifier} />
      <RouterProvider router={router} />
    </ExamkitProvider>,
  );
  return { ...view, router, store, storage, notifier, auth, http, api };
}
