import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  downloadRoutes,
  permissionCatalogue,
  type GaokaoLevel,
  type GaokaoReport,
  type GaokaoSummary,
} from '@examkit/contracts';
import {
  createFakeApi,
  demoUser,
  downloadJob,
  fail,
  ok,
  renderApp,
  SCHOOL_ROUTES,
} from '../../test/fixtures';
import { examPages } from '../index';

/** The common 3+1+2 levels, as the server sends them. */
const BUILT_IN_LEVELS_FOR_TEST: GaokaoLevel[] = [
  { name: 'A', percent: 15, high: 100, low: 86 },
  { name: 'B', percent: 35, high: 85, low: 71 },
  { name: 'C', percent: 35, high: 70, low: 56 },
  { name: 'D', percent: 13, high: 55, low: 41 },
  { name: 'E', percent: 2, high: 40, low: 30 },
];

afterEach(() => vi.restoreAllMocks());

const G = 'POST /marking-main/gaokao';
const CODES = [
  'Home',
  'Exam',
  'Exam-Gaokao',
  'Summary',
  'Subject',
  'like',
  'wenke',
  'System-Student',
];
const userWith = (codes: string[]) =>
  demoUser({
    perms: permissionCatalogue.filter((p) => codes.includes(p.permCode)),
    allPerm: { '2026': { '1': codes } },
  });

const SUMMARY: GaokaoSummary = {
  id: 5,
  name: '高二十一月月考新高考分析',
  examId: 9,
  examName: '2026学年高二十一月月考',
  gradeName: '高二',
  profileName: '3+1+2 通用方案',
  convertedSubjects: ['化学', '生物', '政治', '地理'],
  createdAt: 0,
  manager: true,
};

const stats = (count: number, average: number, max: number, min: number) => ({
  count,
  average,
  max,
  min,
});
const REPORT: GaokaoReport = {
  id: 5,
  name: SUMMARY.name,
  examId: 9,
  examName: SUMMARY.examName,
  gradeName: '高二',
  profile: { code: 'common', name: '3+1+2 通用方案', levels: BUILT_IN_LEVELS_FOR_TEST },
  subjects: [
    {
      name: '语文',
      role: 'core',
      fullMarks: 150,
      raw: stats(2, 110, 120, 100),
      converted: null,
      levels: [],
      bands: [],
    },
    {
      name: '物理',
      role: 'first',
      fullMarks: 100,
      raw: stats(1, 80, 80, 80),
      converted: null,
      levels: [],
      bands: [],
    },
    {
      name: '历史',
      role: 'first',
      fullMarks: 100,
      raw: stats(1, 70, 70, 70),
      converted: null,
      levels: [],
      bands: [],
    },
    {
      name: '化学',
      role: 'converted',
      fullMarks: 100,
      raw: stats(1, 90, 90, 90),
      converted: stats(1, 100, 100, 100),
      levels: BUILT_IN_LEVELS_FOR_TEST.map((l, i) => ({
        name: l.name,
        count: i === 0 ? 1 : 0,
        rawHigh: i === 0 ? 90 : null,
        rawLow: i === 0 ? 90 : null,
        high: l.high,
        low: l.low,
      })),
      bands: [],
    },
  ],
  overall: {
    total: stats(2, 395, 410, 380),
    bands: [
      { from: 350, to: 400, count: 1 },
      { from: 400, to: 450, count: 1 },
    ],
  },
  tracks: [
    {
      track: 'physics',
      name: '物理类',
      total: stats(1, 410, 410, 410),
      bands: [{ from: 400, to: 450, count: 1 }],
      subjectAverages: [120, 80, null, 100],
      levels: [{ subject: '化学', counts: [1, 0, 0, 0, 0] }],
    },
    {
      track: 'history',
      name: '历史类',
      total: stats(1, 380, 380, 380),
      bands: [{ from: 350, to: 400, count: 1 }],
      subjectAverages: [100, null, 70, null],
      levels: [{ subject: '化学', counts: [0, 0, 0, 0, 0] }],
    },
  ],
  withoutChoice: 1,
  students: [
    {
      studentId: 1,
      studentNo: '20261101',
      name: '张一',
      className: '高二(1)班',
      track: 'physics',
      raw: [120, 80, null, 90],
      converted: [null, null, null, 100],
      levels: [null, null, null, 'A'],
      total: 410,
      rank: 1,
    },
    {
      studentId: 2,
      studentNo: '20261102',
      name: '李二',
      className: '高二(1)班',
      track: 'history',
      raw: [100, null, 70, null],
      converted: [null, null, null, null],
      levels: [null, null, null, null],
      total: 380,
      rank: 1,
    },
  ],
};

const EXAM = {
  examId: 9,
  name: '2026学年高二十一月月考',
  gradeName: '高二',
  examDate: '2026-11-06',
  subjects: ['语文', '数学', '英语', '物理', '化学', '生物', '历史', '政治', '地理'],
};

function gaokaoApi() {
  return createFakeApi({
    ...SCHOOL_ROUTES,
    [`${G}/list`]: ok({ list: [SUMMARY], total: 1, pageNum: 1, pageSize: 20 }),
    [`${G}/profiles`]: ok([
      { code: 'common', name: '3+1+2 通用方案', levels: BUILT_IN_LEVELS_FOR_TEST },
    ]),
    [`${G}/exams`]: ok([EXAM]),
    [`${G}/create`]: ok({ id: 5 }),
    [`${G}/report`]: ok(REPORT),
  });
}

describe('新高考 pages', () => {
  it('/exam/gaokao lists the analyses with 查看报告, 删除 for a manager, 新建分析 and 学生选科', async () => {
    const api = gaokaoApi();
    await renderApp({ path: '/exam/gaokao', api, user: userWith(CODES), pages: examPages });
    const table = await screen.findByRole('table', { name: '新高考分析' });
    expect(within(table).getByText('3+1+2 通用方案')).toBeInTheDocument();
    expect(within(table).getByText('化学、生物、政治、地理')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: `查看报告 ${SUMMARY.name}` })).toHaveAttribute(
      'href',
      '/exam/gaokao/report/5/summary/basic',
    );
    expect(within(table).getByRole('button', { name: `删除 ${SUMMARY.name}` })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '新建分析' })).toHaveAttribute(
      'href',
      '/exam/gaokao/leveltype',
    );
    expect(screen.getByRole('link', { name: '学生选科' })).toHaveAttribute(
      'href',
      '/exam/gaokao/student_submit',
    );
  });

  it('hides 学生选科 from a user the roster refuses', async () => {
    await renderApp({
      path: '/exam/gaokao',
      api: gaokaoApi(),
      user: userWith(CODES.filter((c) => c !== 'System-Student')),
      pages: examPages,
    });
    await screen.findByRole('table', { name: '新高考分析' });
    expect(screen.queryByRole('link', { name: '学生选科' })).toBeNull();
  });

  it('walks the setup: profile, exam, converted subjects, then opens the report', async () => {
    const user = userEvent.setup();
    const api = gaokaoApi();
    await renderApp({
      path: '/exam/gaokao/leveltype',
      api,
      user: userWith(CODES),
      pages: examPages,
    });
    await user.click(await screen.findByRole('radio', { name: '3+1+2 通用方案' }));
    expect(screen.getByRole('table', { name: '等级与赋分区间' })).toHaveTextContent('100–86');
    await user.click(screen.getByRole('button', { name: '下一步' }));
    await user.click(await screen.findByRole('button', { name: `选择 ${EXAM.name}` }));
    const subjects = await screen.findByRole('group', { name: '赋分科目' });
    await user.click(within(subjects).getByRole('checkbox', { name: '地理' }));
    await user.click(screen.getByRole('button', { name: '创建分析' }));
    await screen.findByRole('heading', { name: REPORT.name });
    const body = api.lastBody('/marking-main/gaokao/create') as unknown as Record<string, unknown>;
    expect(body).toMatchObject({
      examId: 9,
      profileCode: 'common',
      name: `${EXAM.name}新高考分析`,
      convertedSubjects: ['化学', '生物', '政治'],
    });
    expect(body.levels).toBeUndefined();
    // the summary shows the totals of the whole grade and of each 类
    const totals = screen.getByRole('table', { name: '总分概况' });
    expect(within(totals).getByRole('row', { name: /物理类 1 410/ })).toBeInTheDocument();
    expect(screen.getByText(/另有 1 名学生未设置 3\+1\+2 选科/)).toBeInTheDocument();
  });

  it('checks custom levels before going on', async () => {
    const user = userEvent.setup();
    await renderApp({
      path: '/exam/gaokao/leveltype',
      api: gaokaoApi(),
      user: userWith(CODES),
      pages: examPages,
    });
    await user.click(await screen.findByRole('radio', { name: '自定义方案' }));
    const percent = screen.getByRole('textbox', { name: '第3个等级比例' });
    await user.clear(percent);
    await user.type(percent, '30');
    await user.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('各等级比例之和必须为100%，现为90%');
    expect(screen.getByRole('heading', { name: '选择赋分方式' })).toBeInTheDocument();
  });

  it('shows the 物理类 transcript with converted scores, levels and ranks, and its export', async () => {
    await renderApp({
      path: '/exam/gaokao/report/5/like/transcript',
      api: gaokaoApi(),
      user: userWith(CODES),
      pages: examPages,
    });
    const table = await screen.findByRole('table', { name: '新高考成绩单' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('张一');
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '1',
      '20261101',
      '张一',
      '高二(1)班',
      '物理类',
      '120',
      '80',
      '—',
      '90',
      'A',
      '100',
      '410',
    ]);
    expect(screen.getByRole('button', { name: '导出成绩单' })).toBeInTheDocument();
  });

  it('offers only the report groups the user holds', async () => {
    await renderApp({
      path: '/exam/gaokao/report/5/summary/basic',
      api: gaokaoApi(),
      user: userWith(['Home', 'Exam', 'Exam-Gaokao', 'Summary', 'like']),
      pages: examPages,
    });
    const nav = await screen.findByRole('navigation', { name: '报告类型' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['总体报告', '物理类报告']);
  });

  it('says so when the report cannot be loaded', async () => {
    const api = gaokaoApi();
    api.on(`${G}/report`, fail(404, '新高考分析不存在'));
    await renderApp({
      path: '/exam/gaokao/report/5/summary/basic',
      api,
      user: userWith(CODES),
      pages: examPages,
    });
    await waitFor(() => expect(screen.getByText('报告加载失败')).toBeInTheDocument());
  });

  it('makes an analysis of a joint exam: the organiser chooses it, the report shows the schools as aggregates', async () => {
    const user = userEvent.setup();
    const api = gaokaoApi();
    const JOINT = {
      jointExamId: 3,
      name: '2026学年高一新高考联考',
      gradeName: '高一',
      examDate: '2026-11-12',
      subjects: EXAM.subjects,
      finishedSchools: 2,
      schools: 2,
    };
    api.on(`${G}/joint/exams`, ok([JOINT]));
    api.on(`${G}/joint/create`, ok({ id: 8 }));
    api.on(
      `${G}/joint/report`,
      ok({
        ...REPORT,
        id: 8,
        name: '联考新高考分析',
        examName: JOINT.name,
        schools: [
          {
            label: '示范中学',
            own: true,
            total: stats(1, 410, 410, 410),
            tracks: [
              { track: 'physics', total: stats(1, 410, 410, 410) },
              { track: 'history', total: stats(0, 0, 0, 0) },
            ],
          },
          {
            label: '学校B',
            own: false,
            total: stats(1, 380, 380, 380),
            tracks: [
              { track: 'physics', total: stats(0, 0, 0, 0) },
              { track: 'history', total: stats(1, 380, 380, 380) },
            ],
          },
        ],
      }),
    );
    await renderApp({
      path: '/exam/gaokao/chooseExam?profile=common',
      api,
      user: userWith([...CODES, 'Exam-Multiple']),
      pages: examPages,
    });
    const joints = await screen.findByRole('table', { name: '可选联考' });
    expect(within(joints).getByText('2 / 2')).toBeInTheDocument();
    await user.click(within(joints).getByRole('button', { name: `选择 ${JOINT.name}` }));
    await screen.findByText(`联考：${JOINT.name}`);
    await user.click(screen.getByRole('button', { name: '创建分析' }));
    await screen.findByRole('heading', { name: '联考新高考分析' });
    expect(api.lastBody('/marking-main/gaokao/joint/create')).toMatchObject({
      jointExamId: 3,
      profileCode: 'common',
      name: `${JOINT.name}新高考分析`,
    });
    const schools = screen.getByRole('table', { name: '各校总分对比' });
    expect(
      within(schools).getByRole('row', { name: /示范中学（本校） 1 410/ }),
    ).toBeInTheDocument();
    expect(within(schools).getByRole('row', { name: /学校B 1 380/ })).toBeInTheDocument();
    // the report's tabs stay on the joint analysis
    expect(screen.getByRole('link', { name: '成绩单' })).toHaveAttribute(
      'href',
      '/exam/gaokao/report/8/summary/transcript?joint=1',
    );
  });
  it('waits for a joint analysis computed in the background, then exports its transcript as a job', async () => {
    const user = userEvent.setup();
    const api = gaokaoApi();
    let asked = 0;
    api.on(`${G}/joint/report/status`, () => {
      asked++;
      return asked === 1
        ? ok({
            state: 'computing',
            progress: 10,
            stage: '正在汇总各校成绩、赋分和排名',
            message: null,
          })
        : ok({ state: 'ready', progress: 100, stage: '已完成', message: null });
    });
    api.on(`${G}/joint/report`, ok({ ...REPORT, id: 8, schools: [] }));
    api.on(`${G}/joint/report/export`, ok({ jobId: 41 }));
    api.on(
      `POST ${downloadRoutes.downloadStatus.url}`,
      ok(downloadJob({ id: 41, state: 'running' })),
    );
    await renderApp({
      path: '/exam/gaokao/report/8/summary/transcript?joint=1',
      api,
      user: userWith(CODES),
      pages: examPages,
    });
    // the snapshot's progress first, then the report once it is ready
    await screen.findByText(
      '联考新高考分析正在后台计算：正在汇总各校成绩、赋分和排名（10%），完成后自动打开。',
    );
    expect(screen.getByRole('progressbar', { name: '联考新高考分析计算进度' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '新高考成绩单' }, { timeout: 3000 });
    expect(table).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '导出成绩单' }));
    await waitFor(() =>
      expect(api.lastBody('/marking-main/gaokao/joint/report/export')).toEqual({
        analysisId: 8,
        track: 'all',
      }),
    );
  });
});
