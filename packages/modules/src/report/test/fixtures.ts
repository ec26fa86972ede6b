import { vi } from 'vitest';
import { downloadRoutes, reportRoutes } from '@examkit/contracts';
import {
  DIRECTOR_CODES,
  SCHOOL_ROUTES,
  createFakeApi,
  demoUser,
  downloadJob,
  fail,
  ok,
} from '../../test/fixtures';

const REPORT_CODES = [...DIRECTOR_CODES, 'Exam-Single-Report-Class', 'Exam-Single-Report-Grade'];

/** 教务主任 with both report keys. */
export const directorUser = () => demoUser({ allPerm: { '2026': { '1': REPORT_CODES } } });

export const key = (route: { url: string }) => `POST ${route.url}`;

export const EXAM = {
  id: 5,
  name: '2026学年第一学期高一期中考试',
  examType: '期中',
  examDate: '2026-11-10',
  academicYear: 2026,
  gradeId: 10,
  gradeName: '高一',
  published: true,
  computedAt: 1_790_000_000_000,
  subjects: [
    { id: 21, name: '语文', fullMarks: 150 },
    { id: 22, name: '数学', fullMarks: 150 },
  ],
  classes: [
    { id: 101, name: '高一(1)班' },
    { id: 102, name: '高一(2)班' },
  ],
};

export const stats = (mean: number, rate = 0.8125) => ({
  fullMarks: 150,
  count: 40,
  absent: 1,
  mean,
  max: 148,
  min: 42.5,
  median: 101,
  sd: 18.3456,
  excellentRate: rate,
  goodRate: 0.5,
  passRate: 0.9,
  lowRate: 0.025,
  aboveMeanRate: 0.0312,
});

const student = (studentId: number, name: string, score: number) => ({
  studentId,
  name,
  studentNo: `2026${studentId}`,
  classId: 101,
  score,
});

export const GRADE_BASIC = {
  exam: EXAM,
  rows: [
    {
      subjectId: 0,
      subjectName: '总分',
      grade: { ...stats(201.456), fullMarks: 300 },
      classes: [
        { classId: 101, className: '高一(1)班', stats: stats(210.126), meanRank: 1 },
        { classId: 102, className: '高一(2)班', stats: stats(190.5), meanRank: 2 },
      ],
      bands: [
        { from: 0, to: 150, count: 12 },
        { from: 150, to: 300, count: 68 },
      ],
      critical: [
        {
          line: 'pass',
          lineScore: 180,
          from: 170,
          students: [student(1, '张三', 175.5)],
        },
      ],
    },
    {
      subjectId: 21,
      subjectName: '语文',
      grade: stats(101.234, 0.2),
      classes: [],
      bands: [],
      critical: [],
    },
  ],
};

export const CLASS_BASIC = {
  exam: EXAM,
  classId: 101,
  className: '高一(1)班',
  studentCount: 40,
  rows: [
    {
      subjectId: 22,
      subjectName: '数学',
      class: stats(99.876),
      grade: stats(95.5),
      meanRank: 1,
      classCount: 2,
      bands: [{ from: 0, to: 150, classCount: 40, gradeCount: 80, classRate: 0.5, gradeRate: 0.5 }],
      critical: [],
    },
  ],
};

export const GRADE_RANK = {
  exam: EXAM,
  subjectId: 0,
  subjectName: '总分',
  segments: [{ score: 280, count: 1, cumulative: 1, rank: 1 }],
  page: {
    list: [
      {
        studentId: 1,
        name: '张三',
        studentNo: '20261',
        classId: 101,
        className: '高一(1)班',
        score: 280.5,
        gradeRank: 1,
        classRank: 1,
        level: 'excellent',
        combination: '物理+化学+生物',
        combinationRank: 1,
        track: '物理类',
        trackRank: 1,
      },
    ],
    total: 1,
    pageNum: 1,
    pageSize: 50,
  },
};

/** The report API of the tests: a director who sees both classes. */
/**
 * Answers the download-centre file route (`fetch`, not the api adapter) with `body`, saved as
 * `fileName`; returns the spy.
 */
export function mockJobFile(
  fileName = '年级报告-基本情况.xlsx',
  body = 'PK-fake',
  type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () =>
      new Response(body, {
        headers: {
          'content-type': type,
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        },
      }),
  );
}

/** A finished download-centre job whose file is `fileName`. */
export const doneJob = (fileName: string, jobId = 1) =>
  downloadJob({
    jobId,
    title: fileName.replace(/\.[^.]+$/, ''),
    state: 'done',
    progress: 100,
    stage: '已完成',
    fileName,
    size: 7,
    finishedAt: 0,
    expiresAt: 604_800_000,
  });

export function reportApi(overrides: Record<string, unknown> = {}) {
  return createFakeApi({
    ...SCHOOL_ROUTES,
    [key(reportRoutes.teacherClassOverview)]: ok({ exam: EXAM, classes: [] }),
    [key(reportRoutes.gradeBasic)]: ok(GRADE_BASIC),
    [key(reportRoutes.gradeRank)]: ok(GRADE_RANK),
    [key(reportRoutes.classBasic)]: ok(CLASS_BASIC),
    [key(reportRoutes.exportJobStart)]: ok({ jobId: 1 }),
    [key(downloadRoutes.downloadStatus)]: ok(doneJob('年级报告-基本情况.xlsx')),
    ...overrides,
  });
}

export { fail, ok };
