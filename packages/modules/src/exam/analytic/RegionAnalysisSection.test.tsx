import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RegionAnalysis, type RegionAnalysisReport } from '@examkit/contracts';
import type { Static } from 'typebox';
import {
  createFakeApi,
  menuUser,
  downloadJob,
  myScope,
  ok,
  renderApp,
  SCHOOL_ROUTES,
} from '../../test/fixtures';
import { examPages } from '../index';

afterEach(() => vi.restoreAllMocks());

const CODES = ['Home', 'Exam', 'Exam-AnalyticCenter', 'Exam-Multiple'];
const user = () => menuUser(CODES);
const ANALYSIS: Static<typeof RegionAnalysis> = {
  id: 7,
  name: '示范区联考趋势',
  exams: [
    { id: 31, name: '十月联考', examDate: '2026-10-20' },
    { id: 32, name: '期中联考', examDate: '2026-11-10' },
  ],
  createdAt: 0,
  updatedAt: 0,
};
const REPORT: Static<typeof RegionAnalysisReport> = {
  analysis: ANALYSIS,
  exams: [
    {
      id: 31,
      name: '十月联考',
      examDate: '2026-10-20',
      status: { state: 'ready', progress: 100, stage: '已完成', message: null },
      mean: 101.5,
    },
    {
      id: 32,
      name: '期中联考',
      examDate: '2026-11-10',
      status: { state: 'computing', progress: 40, stage: '正在汇总各校成绩', message: null },
      mean: null,
    },
  ],
  subjects: [
    {
      name: '总分',
      fullMarks: [150, null],
      schools: [
        { schoolId: 11, name: '示范中学', points: [{ mean: 110, rank: 1, percentile: 50 }, null] },
        { schoolId: 12, name: '实验中学', points: [{ mean: 93, rank: 2, percentile: 0 }, null] },
      ],
    },
    {
      name: '数学',
      fullMarks: [150, null],
      schools: [
        { schoolId: 11, name: '示范中学', points: [{ mean: 88.25, rank: 2, percentile: 0 }, null] },
        { schoolId: 12, name: '实验中学', points: [{ mean: 90, rank: 1, percentile: 50 }, null] },
      ],
    },
  ],
};

describe('区域分析 on the analytic centre', () => {
  it('the bureau creates one over its joint exams, reads each school per exam and deletes it', async () => {
    let list: Static<typeof RegionAnalysis>[] = [];
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      'POST /marking-user/user/school/my_scope': ok(myScope({ reader: true })),
      'POST /marking-report/analytic/list': ok([]),
      'POST /marking-report/analytic/region/list': () => ok(list),
      'POST /marking-main/joint/list': ok([
        { id: 31, name: '十月联考', examDate: '2026-10-20' },
        { id: 32, name: '期中联考', examDate: '2026-11-10' },
      ]),
      'POST /marking-report/analytic/region/create': () => {
        list = [ANALYSIS];
        return ok(ANALYSIS);
      },
      'POST /marking-report/analytic/region/report': ok(REPORT),
      'POST /marking-report/analytic/region/export/job': ok({ jobId: 9 }),
      'POST /marking-download/job/status': ok(
        downloadJob({
          jobId: 9,
          title: '示范区联考趋势-区域分析',
          progress: 10,
          stage: '正在生成分析',
        }),
      ),
      'POST /marking-report/analytic/region/remove': () => {
        list = [];
        return ok({});
      },
    });
    await renderApp({ path: '/exam/analyticCenter', api, user: user(), pages: examPages });
    const u = userEvent.setup();
    // The section is loaded on demand (a busy machine may take a while to load it).
    expect(
      await screen.findByRole('heading', { name: '区域分析', level: 2 }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    // The bureau creates no analysis of a school.
    expect(screen.queryByRole('button', { name: '新建分析' })).toBeNull();
    expect(await screen.findByText('暂无区域分析')).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: '新建区域分析' }));
    const form = screen.getByRole('form', { name: '新建区域分析' });
    await u.click(within(form).getByRole('button', { name: '创建' }));
    expect(within(form).getByText('请输入分析名称')).toBeInTheDocument();
    expect(within(form).getByText('请选择 1 到 10 场联考')).toBeInTheDocument();
    await u.type(within(form).getByLabelText(/分析名称/), '示范区联考趋势');
    await u.click(await within(form).findByRole('checkbox', { name: '十月联考（2026-10-20）' }));
    await u.click(within(form).getByRole('checkbox', { name: '期中联考（2026-11-10）' }));
    await u.click(within(form).getByRole('button', { name: '创建' }));
    await waitFor(() =>
      expect(api.lastBody('/marking-report/analytic/region/create')).toMatchObject({
        name: '示范区联考趋势',
        jointExamIds: [31, 32],
      }),
    );

    // The new analysis opens: the exams with their report's status, the schools per exam.
    expect(
      await screen.findByRole('heading', { name: '示范区联考趋势', level: 3 }),
    ).toBeInTheDocument();
    const exams = within(screen.getByRole('table', { name: '联考概况' }))
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(exams.slice(1)).toEqual([
      '十月联考2026-10-20已完成101.50',
      '期中联考2026-11-10正在计算：正在汇总各校成绩—',
    ]);
    expect(screen.getByRole('img', { name: '各校总分均分趋势图' })).toBeInTheDocument();
    const rows = () =>
      within(screen.getByRole('table', { name: /^各校.*趋势$/ }))
        .getAllByRole('row')
        .map((r) => r.textContent);
    expect(rows()).toEqual([
      '学校十月联考（2026-10-20）期中联考（2026-11-10）',
      '示范中学110.00（第1名，50.0%）报告未就绪',
      '实验中学93.00（第2名，0.0%）报告未就绪',
    ]);
    await u.selectOptions(screen.getByRole('combobox', { name: '科目' }), '数学');
    expect(screen.getByRole('img', { name: '各校数学均分趋势图' })).toBeInTheDocument();
    expect(rows()[1]).toBe('示范中学88.25（第2名，0.0%）报告未就绪');
    // The 科目 picker keeps its natural width, not the page's.
    const picker = screen.getByRole('combobox', { name: '科目' }).parentElement!.parentElement!;
    expect(getComputedStyle(picker).width).toBe('max-content');

    await u.click(screen.getByRole('button', { name: '导出Excel' }));
    await waitFor(() =>
      expect(api.lastBody('/marking-report/analytic/region/export/job')).toEqual({
        analysisId: 7,
      }),
    );
    expect(await screen.findByRole('progressbar', { name: '导出Excel进度' })).toHaveValue(10);
    expect(
      screen.getByRole('progressbar', { name: '导出Excel进度' }).parentElement,
    ).toHaveTextContent('已加入下载中心');

    await u.click(screen.getByRole('button', { name: '删除 示范区联考趋势' }));
    await u.click(screen.getByRole('button', { name: '确定删除' }));
    await waitFor(() =>
      expect(api.lastBody('/marking-report/analytic/region/remove')).toEqual({ analysisId: 7 }),
    );
    expect(await screen.findByText('暂无区域分析')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '示范区联考趋势', level: 3 })).toBeNull();
  }, 60_000);

  it('is not shown to school staff', async () => {
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      'POST /marking-report/analytic/list': ok([]),
    });
    await renderApp({ path: '/exam/analyticCenter', api, user: user(), pages: examPages });
    expect(await screen.findByRole('button', { name: '新建分析' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '区域分析' })).toBeNull();
    expect(api.calls.some((c) => c.url.includes('/analytic/region/'))).toBe(false);
  }, 30_000);
});
