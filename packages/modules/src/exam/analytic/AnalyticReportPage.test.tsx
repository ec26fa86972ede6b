import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnalyticReport, type AnalyticStudentTrend } from '@examkit/contracts';
import type { Static } from 'typebox';
import { createFakeApi, menuUser, ok, renderApp, SCHOOL_ROUTES } from '../../test/fixtures';
import { examPages } from '../index';

afterEach(() => vi.restoreAllMocks());

const CODES = ['Home', 'Exam', 'Exam-AnalyticCenter'];
const REPORT: Static<typeof AnalyticReport> = {
  analysis: {
    id: 4,
    name: '高一两次考试',
    kind: 'single',
    exams: [
      { id: 1, name: '九月月考', examDate: '2026-09-20' },
      { id: 2, name: '期中考试', examDate: '2026-11-10' },
    ],
    createdAt: 0,
    updatedAt: 0,
  },
  exams: [
    { id: 1, name: '九月月考', examDate: '2026-09-20', fullMarks: 250, count: 2, mean: 180 },
    { id: 2, name: '期中考试', examDate: '2026-11-10', fullMarks: 250, count: 2, mean: 190 },
  ],
  groups: [{ key: 'c101', name: '高一(1)班', means: [180, 190] }],
  subjects: [
    {
      name: '数学',
      fullMarks: [150, 150],
      means: [100, 112.5],
      groups: [{ key: 'c101', means: [100, 112.5] }],
    },
    {
      name: '物理',
      fullMarks: [null, 100],
      means: [null, 77.5],
      groups: [{ key: 'c101', means: [null, 77.5] }],
    },
  ],
  classes: [{ classId: 101, className: '高一(1)班' }],
  students: { total: 0, list: [] },
};

const ZHANG = {
  studentId: 501,
  studentNo: 'G1001',
  name: '张三',
  className: '高一(1)班',
  points: [
    { score: 170, gradeRank: 2, percentile: 50 },
    { score: 210, gradeRank: 1, percentile: 75 },
  ],
};
const TREND: Static<typeof AnalyticStudentTrend> = {
  analysis: REPORT.analysis,
  exams: REPORT.exams.map(({ id, name, examDate, fullMarks }) => ({
    id,
    name,
    examDate,
    fullMarks,
  })),
  student: { studentId: 501, studentNo: 'G1001', name: '张三', className: '高一(1)班' },
  total: ZHANG.points,
  subjects: [
    {
      name: '数学',
      fullMarks: [150, 150],
      points: [
        { score: 120, gradeRank: 1, percentile: 75 },
        { score: 98, gradeRank: 3, percentile: 25 },
      ],
    },
    {
      name: '物理',
      fullMarks: [null, 100],
      points: [null, { score: 88, gradeRank: 1, percentile: 75 }],
    },
  ],
};

const user = () => menuUser(CODES);

describe('AnalyticReportPage', () => {
  it('shows each subject’s mean per exam with its change, and exports the analysis as a job', async () => {
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      'POST /marking-report/analytic/report': ok(REPORT),
      'POST /marking-report/analytic/export/job': ok({ jobId: 9 }),
      'POST /marking-download/job/status': ok({
        jobId: 9,
        kind: 'report',
        title: '高一两次考试-分析中心',
        state: 'running',
        progress: 10,
        stage: '正在生成分析',
        fileName: null,
        size: null,
        message: null,
        createdAt: 0,
        finishedAt: null,
        expiresAt: null,
      }),
    });
    await renderApp({
      path: '/exam/analyticCenter/single/report/grade?id=4',
      api,
      user: menuUser(CODES),
      pages: examPages,
    });
    const table = await screen.findByRole('table', { name: '学科均分趋势' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows.slice(1)).toEqual([
      expect.stringMatching(/^数学整体100\.00112\.50.*上升 12\.5/),
      expect.stringMatching(/^数学高一\(1\)班100\.00112\.50/),
      expect.stringMatching(/^物理整体—77\.50—$/),
      expect.stringMatching(/^物理高一\(1\)班—77\.50—$/),
    ]);

    await userEvent.setup().click(screen.getByRole('button', { name: '导出Excel' }));
    await waitFor(() =>
      expect(api.lastBody('/marking-report/analytic/export/job')).toEqual({ analysisId: 4 }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('已加入下载中心');
  }, 30_000);

  it('draws the subject means of the whole or one class, and opens one student’s subject trend', async () => {
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      'POST /marking-report/analytic/report': ok({
        ...REPORT,
        students: { total: 1, list: [ZHANG] },
      }),
      'POST /marking-report/analytic/student': ok(TREND),
    });
    await renderApp({
      path: '/exam/analyticCenter/single/report/grade?id=4',
      api,
      user: user(),
      pages: examPages,
    });
    const u = userEvent.setup();
    expect(await screen.findByRole('img', { name: '整体学科均分趋势图' })).toBeInTheDocument();
    await u.selectOptions(screen.getByRole('combobox', { name: '学科趋势图范围' }), 'c101');
    expect(screen.getByRole('img', { name: '高一(1)班学科均分趋势图' })).toBeInTheDocument();

    expect(screen.queryByRole('heading', { name: /的学科趋势/ })).toBeNull();
    await u.click(screen.getByRole('button', { name: '学科趋势 张三' }));
    expect(
      await screen.findByRole('heading', { name: '张三（高一(1)班，G1001）的学科趋势' }),
    ).toBeInTheDocument();
    expect(api.lastBody('/marking-report/analytic/student')).toEqual({
      analysisId: 4,
      studentId: 501,
    });
    expect(screen.getByRole('img', { name: '张三的各科百分位趋势图' })).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: '张三的各科成绩趋势' }))
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      '学科九月月考期中考试百分位变化',
      '总分170.0（第2名，50.0%）210.0（第1名，75.0%）↑ 上升 25',
      '数学120.0（第1名，75.0%）98.0（第3名，25.0%）↓ 下降 50',
      '物理无此科88.0（第1名，75.0%）—',
    ]);
    await u.click(screen.getByRole('button', { name: '收起学科趋势' }));
    expect(screen.queryByRole('heading', { name: /的学科趋势/ })).toBeNull();
  }, 30_000);
});
