import { onlineRoutes, type OnlineDetail, type OnlineQuestionInput } from '@examkit/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import { gradeOf, type GradeInfo } from '../exam/testKit';
import { call, signIn, startTestServer, type DialectName, type TestServer } from '../test/fixtures';

/** One question of each kind, as the question step sends them. */
export const ONLINE_QUESTIONS: OnlineQuestionInput[] = [
  { kind: 'single', stem: '$1+1=$', options: ['1', '2', '3', '4'], fullMarks: 2 },
  { kind: 'multiple', stem: '下列是偶数的是', options: ['2', '3', '4', '5'], fullMarks: 4 },
  { kind: 'judge', stem: '三角形内角和是一百八十度', fullMarks: 2 },
  { kind: 'fill', stem: '水的化学式是', fullMarks: 2 },
  { kind: 'subjective', stem: '证明勾股定理', fullMarks: 10 },
];
export const MINUTE = 60_000;

/**
 * The online-exam tests' server on one dialect (set up before the enclosing `describe`'s tests,
 * closed after): the demo school with its admin, a 任课教师 and the lab school's admin signed in,
 * public calls limited to 5 a minute per address, and staff sessions that outlive the exam windows
 * the clock moves through.
 */
export function onlineSuite(dialect: DialectName) {
  let server: TestServer;
  let admin: string;
  let lab: string;
  let teacher: string;
  let grade: GradeInfo;
  let ip = 0;
  /** Each test's public calls come from an address of their own (the limit counts per address). */
  const address = () => `10.9.0.${++ip}`;

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      rateLimit: { addressLimit: 5 },
      // The clock moves through exam windows; staff sessions outlive them here.
      session: { idleMs: 7 * 24 * 3_600_000, absoluteMs: 7 * 24 * 3_600_000 },
    });
    admin = (await signIn(server.app, 'admin')).token;
    lab = (await signIn(server.app, 'lab-admin')).token;
    teacher = (await signIn(server.app, 'teacher')).token;
    grade = await gradeOf(server.db, server.seed.demoSchoolId);
  });
  afterAll(() => server.close());

  const staff = async <T>(
    route: (typeof onlineRoutes)[keyof typeof onlineRoutes],
    body: Record<string, unknown>,
    token = admin,
  ) => call<T>(server.app, route, { token, body });
  const ok = async <T>(
    route: (typeof onlineRoutes)[keyof typeof onlineRoutes],
    body: Record<string, unknown>,
  ) => {
    const r = await staff<T>(route, body);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ code: 200 });
    return r.body.data;
  };
  const student = <T>(
    route: typeof onlineRoutes.enter | typeof onlineRoutes.autosave | typeof onlineRoutes.submit,
    body: Record<string, unknown>,
    remoteAddress: string,
  ) => call<T>(server.app, route, { body, remoteAddress });

  /** A ready exam: questions, keys and a window from now to now + 2 h, 60 minutes each. */
  async function readyExam(name: string): Promise<OnlineDetail> {
    const created = await ok<OnlineDetail>(onlineRoutes.save, {
      name,
      gradeId: grade.gradeId,
      classIds: grade.classIds,
      subjectCode: '数学',
      subjectName: '数学',
    });
    const withQuestions = await ok<OnlineDetail>(onlineRoutes.saveQuestions, {
      id: created.id,
      questions: ONLINE_QUESTIONS,
    });
    const [single, multiple, judge, fill, free] = withQuestions.questions.map((q) => q.id);
    await ok(onlineRoutes.saveAnswers, {
      id: created.id,
      answers: [
        { questionId: single, answer: 'B' },
        { questionId: multiple, answer: 'AC', partialMarks: 2 },
        { questionId: judge, answer: 'T' },
        { questionId: fill, accepted: ['H2O'] },
        { questionId: free, reference: '用面积法证明' },
      ],
    });
    const start = server.clock.now().getTime();
    return ok<OnlineDetail>(onlineRoutes.saveTime, {
      id: created.id,
      startsAt: start,
      endsAt: start + 120 * MINUTE,
      durationMinutes: 60,
    });
  }

  const answersFor = (exam: OnlineDetail, values: string[]) =>
    exam.questions.map((q, i) => ({ questionId: q.id, answer: values[i] ?? '' }));

  return {
    get server() {
      return server;
    },
    get admin() {
      return admin;
    },
    get lab() {
      return lab;
    },
    get teacher() {
      return teacher;
    },
    get grade() {
      return grade;
    },
    address,
    staff,
    ok,
    student,
    readyExam,
    answersFor,
  };
}
