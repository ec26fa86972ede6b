import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bureauUser, myScope, ok, renderApp } from '../test/fixtures';
import { examPages } from './index';
import { examApi, reportExamList } from './test/fixtures';

afterEach(() => vi.restoreAllMocks());

/** The 教育局 role's keys in a school (server `BUREAU_PERMISSIONS`). */
const BUREAU_CODES = [
  'Home',
  'Exam',
  'Exam-Single',
  'Exam-Multiple',
  'Exam-AnalyticCenter',
  'Exam-Gaokao',
  'Exam-Single-Report-Class',
  'Exam-Single-Report-Grade',
  'Exam-Multiple-Report-Class',
  'Exam-Multiple-Report-Grade',
  'Summary',
  'Subject',
  'like',
  'wenke',
];
const seat = bureauUser(
  BUREAU_CODES,
  { schoolId: 11, schoolName: '示范中学', token: 'tok-demo-7' },
  true,
);
/** What `my_scope` answers a seat: every grade, none managed, a reader. */
const READER = ok(
  myScope({
    schoolWide: false,
    manageGradeIds: [],
    gradeIds: [10],
    markingManager: false,
    reader: true,
  }),
);

const open = (path: string, routes: Record<string, unknown> = {}) =>
  renderApp({
    path,
    api: examApi({ 'POST /marking-user/user/school/my_scope': READER, ...routes }),
    user: seat,
    pages: examPages,
  });

describe('an education bureau’s seat sees no write buttons', () => {
  it('the exam list: only 查看报告, no 创建考试, 管理, 考生, 教师 or 删除, and the name is no link', async () => {
    await open('/exam/single', reportExamList(true));
    const table = await screen.findByRole('table', { name: '考试列表' });
    expect(
      await within(table).findByRole('button', { name: '查看报告 2026学年第一学期高一期中考试' }),
    ).toBeVisible();
    for (const text of ['管理', '考生', '教师', '删除', '在线考试'])
      expect(within(table).queryByRole('button', { name: new RegExp(`^${text} `) })).toBeNull();
    expect(within(table).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: '创建考试' })).toBeNull();
  });

  it('the analytic centre: 查看报告 only, no 新建分析, 编辑 or 删除', async () => {
    await open('/exam/analyticCenter', {
      'POST /marking-report/analytic/list': ok([
        {
          id: 4,
          name: '高一三次考试趋势',
          kind: 'single',
          exams: [
            { id: 1, name: '九月月考', examDate: '2026-09-20' },
            { id: 2, name: '期中考试', examDate: '2026-11-10' },
          ],
          createdAt: 0,
          updatedAt: 0,
        },
      ]),
    });
    const table = await screen.findByRole('table', { name: '分析列表' });
    expect(within(table).getByRole('button', { name: '查看报告 高一三次考试趋势' })).toBeVisible();
    expect(within(table).queryByRole('button', { name: '编辑 高一三次考试趋势' })).toBeNull();
    expect(within(table).queryByRole('button', { name: '删除 高一三次考试趋势' })).toBeNull();
    expect(screen.queryByRole('button', { name: '新建分析' })).toBeNull();
  });

  it('新高考: a school’s analyses read-only; 新建分析 only for the region’s joint exams', async () => {
    await open('/exam/gaokao', {
      'POST /marking-main/gaokao/list': ok({
        list: [
          {
            id: 5,
            name: '高二十一月月考新高考分析',
            examId: 9,
            examName: '2026学年高二十一月月考',
            gradeName: '高二',
            profileName: '3+1+2 通用方案',
            convertedSubjects: ['化学', '生物'],
            createdAt: 0,
            manager: false,
          },
        ],
        total: 1,
        pageNum: 1,
        pageSize: 20,
      }),
    });
    const table = await screen.findByRole('table', { name: '新高考分析' });
    expect(
      within(table).getByRole('link', { name: '查看报告 高二十一月月考新高考分析' }),
    ).toBeVisible();
    expect(within(table).queryByRole('button', { name: /^删除/ })).toBeNull();
    // The bureau organises the region's joint exams, so it may make their 新高考 analyses
    // (选择考试 then offers only 可选联考: GaokaoPages.test.tsx).
    expect(screen.getByRole('link', { name: '新建分析' })).toBeVisible();
  });
});
