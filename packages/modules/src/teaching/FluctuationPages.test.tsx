import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { permissionCatalogue, teachingRoutes, teachResearchRoutes } from '@examkit/contracts';
import { systemPages } from '../system';
import { createFakeApi, demoUser, ok, renderApp, SCHOOL_ROUTES } from '../test/fixtures';
import { key, setUpPageTests } from './test/fixtures';
import {
  CODES,
  EXAMS,
  GRADES,
  pages,
  RECORD,
  researcher,
  STUDENTS,
  STUDY_CLASSES,
  ZHANG_SAN,
} from './test/research';

vi.mock('../report/components/Chart', () => ({
  Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

// 教研中心 波动趋势 (ResearchPages.tsx), by rank and by score rate, under the school’s 波动设置.
setUpPageTests();

const FLUCTUATION_STUDENT = {
  ...ZHANG_SAN,
  percentiles: [75, 25],
  ranks: [3, 60],
  scores: [600, 420],
  scoreRates: [80, 56],
  spread: 57,
  largestChange: -57,
  swings: 1,
};
const FLUCTUATION = {
  grades: GRADES,
  gradeId: 10,
  exams: EXAMS,
  subjects: [
    { subjectId: 1, subjectName: '语文' },
    { subjectId: 2, subjectName: '数学' },
  ],
  subjectId: null,
  basis: 'rank',
  swing: 50,
  rankChange: 50,
  scoreChangePercent: 10,
  classes: [
    {
      classId: 101,
      className: '高一(1)班',
      compared: 40,
      swinging: 3,
      ranks: [1, 4],
      classCounts: [4, 4],
      rankSpread: 3,
    },
  ],
  students: [FLUCTUATION_STUDENT],
};

/** 波动趋势 for someone who may also change 参数设置·波动设置. */
async function renderWithParm(api: ReturnType<typeof createFakeApi>) {
  const codes = [...CODES, 'System', 'System-Parm', 'Parm-Undulate'];
  return renderApp({
    path: '/teach-research/fluctuation-trend',
    api,
    user: demoUser({
      perms: permissionCatalogue.filter((p) => codes.includes(p.permCode)),
      allPerm: { '2026': { '1': codes } },
    }),
    pages: { ...pages, ...systemPages },
  });
}

describe('波动趋势', () => {
  it('is reached from the 教研中心 menu, lists classes and students who swing, and leads to a record', async () => {
    const u = userEvent.setup();
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(teachResearchRoutes.studyStudents)]: ok(STUDENTS),
      [key(teachResearchRoutes.fluctuation)]: (req: { data: string }) => {
        const body = JSON.parse(req.data) as { basis: string; swing: number | null };
        return ok(
          body.basis === 'percentile'
            ? { ...FLUCTUATION, basis: 'percentile', swing: body.swing ?? 20, subjectId: 1 }
            : FLUCTUATION,
        );
      },
      [key(teachingRoutes.studyClasses)]: ok(STUDY_CLASSES),
      [key(teachingRoutes.studentRecord)]: ok(RECORD),
    });
    const { router } = await renderApp({
      path: '/teach-research/study/student',
      api,
      user: researcher(),
      pages,
    });
    await screen.findByRole('table', { name: '需要关注的学生' });
    const menu = screen.getByRole('navigation', { name: '教研中心菜单' });
    await u.click(within(menu).getByRole('link', { name: '波动趋势' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/teach-research/fluctuation-trend'),
    );
    expect(await screen.findByRole('heading', { name: '波动趋势', level: 1 })).toBeVisible();
    const classes = await screen.findByRole('table', { name: '各班波动人数' });
    const row = within(classes).getByRole('row', { name: /高一\(1\)班/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['高一(1)班', '40', '3', '第1/4名', '第4/4名', '3']);
    expect(screen.getByRole('img', { name: '各班名次趋势' })).toBeInTheDocument();
    // by default: the total, by rank, the swing left to the school's 波动设置
    expect(api.lastBody(teachResearchRoutes.fluctuation.url)).toEqual({
      gradeId: null,
      examCount: 5,
      subjectId: null,
      basis: 'rank',
      swing: null,
    });
    expect(screen.getByLabelText('波动幅度')).toHaveDisplayValue('50名及以上（学校波动设置）');
    expect(screen.getByText(/默认取学校的波动设置：50名/)).toBeVisible();
    const students = screen.getByRole('table', { name: '成绩波动的学生' });
    expect(
      within(within(students).getByRole('row', { name: /张三/ }))
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 6),
    ).toEqual(['张三（2026001）', '高一(1)班', '第3名', '第60名', '-57名', '57名']);
    // a subject and the percentile instead
    await u.selectOptions(screen.getByLabelText('科目'), '语文');
    await u.selectOptions(screen.getByLabelText('波动依据'), '百分位变化');
    await waitFor(() =>
      expect(api.lastBody(teachResearchRoutes.fluctuation.url)).toEqual({
        gradeId: null,
        examCount: 5,
        subjectId: 1,
        basis: 'percentile',
        swing: null,
      }),
    );
    expect(await screen.findByText(/按语文百分位比较/)).toBeVisible();
    expect(within(students).getByRole('cell', { name: '75.0%' })).toBeVisible();
    await u.selectOptions(screen.getByLabelText('波动幅度'), '30个百分点及以上');
    await u.selectOptions(screen.getByLabelText('考试场数'), '最近3次考试');
    await waitFor(() =>
      expect(api.lastBody(teachResearchRoutes.fluctuation.url)).toEqual({
        gradeId: null,
        examCount: 3,
        subjectId: 1,
        basis: 'percentile',
        swing: 30,
      }),
    );
    await u.click(
      within(screen.getByRole('table', { name: '成绩波动的学生' })).getByRole('link', {
        name: '查看张三的学情',
      }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/teach-research/study/student/detail'),
    );
    await waitFor(() =>
      expect(api.lastBody(teachingRoutes.studentRecord.url)).toEqual({ studentId: 31 }),
    );
  }, 20_000);

  it('follows the school’s 波动设置: the students listed before and after it is changed', async () => {
    // a fake school: its 波动设置 as saved on 参数设置, and students whose ranks moved 2 and 1 places
    let rankChange = 2;
    const moved = [
      { ...FLUCTUATION_STUDENT, ranks: [1, 3], largestChange: -2, spread: 2 },
      {
        ...FLUCTUATION_STUDENT,
        studentId: 32,
        name: '李四',
        ranks: [3, 2],
        largestChange: 1,
        spread: 1,
      },
    ];
    const u = userEvent.setup();
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      'GET /marking-user/user/school/param/list': () =>
        ok([{ paramType: 'undulate', value: { rankChange, scoreChangePercent: 10 } }]),
      'POST /marking-user/user/school/param/add': (req: { data: string }) => {
        const body = JSON.parse(req.data) as { value: { rankChange: number } };
        rankChange = body.value.rankChange;
        return ok(null);
      },
      [key(teachResearchRoutes.fluctuation)]: (req: { data: string }) => {
        const body = JSON.parse(req.data) as { swing: number | null };
        const swing = body.swing ?? rankChange;
        return ok({
          ...FLUCTUATION,
          swing,
          rankChange,
          students: moved.filter((s) => Math.abs(s.largestChange) >= swing),
        });
      },
    });
    const { router } = await renderWithParm(api);
    const listed = async () =>
      within(await screen.findByRole('table', { name: '成绩波动的学生' }))
        .getAllByRole('link')
        .map((a) => a.textContent);
    await screen.findByText(/默认取学校的波动设置：2名/);
    expect(await listed()).toEqual(['查看张三的学情']);
    await router.navigate('/system/parm/undulate');
    const field = await screen.findByLabelText('名次波动（名）');
    await u.clear(field);
    await u.type(field, '1');
    await u.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(rankChange).toBe(1));
    await router.navigate('/teach-research/fluctuation-trend');
    await screen.findByText(/默认取学校的波动设置：1名/);
    expect(await listed()).toEqual(['查看张三的学情', '查看李四的学情']);
    expect(screen.getByLabelText('波动幅度')).toHaveDisplayValue('1名及以上（学校波动设置）');
  }, 20_000);

  it('by 分数波动: the score rate swing follows the school’s 波动设置 before and after it is changed', async () => {
    // a fake school: its 分数波动 as saved on 参数设置; 张三's total fell from 80 % to 56 % of the full marks
    let scoreChangePercent = 10;
    const u = userEvent.setup();
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      'GET /marking-user/user/school/param/list': () =>
        ok([{ paramType: 'undulate', value: { rankChange: 50, scoreChangePercent } }]),
      'POST /marking-user/user/school/param/add': (req: { data: string }) => {
        const body = JSON.parse(req.data) as { value: { scoreChangePercent: number } };
        scoreChangePercent = body.value.scoreChangePercent;
        return ok(null);
      },
      [key(teachResearchRoutes.fluctuation)]: (req: { data: string }) => {
        const body = JSON.parse(req.data) as { basis: string; swing: number | null };
        if (body.basis !== 'score') return ok(FLUCTUATION);
        const swing = body.swing ?? scoreChangePercent;
        return ok({
          ...FLUCTUATION,
          basis: 'score',
          swing,
          scoreChangePercent,
          students: [{ ...FLUCTUATION_STUDENT, largestChange: -24, spread: 24 }].filter(
            (s) => Math.abs(s.largestChange) >= swing,
          ),
        });
      },
    });
    const { router } = await renderWithParm(api);
    await screen.findByText(/默认取学校的波动设置：50名/);
    await u.selectOptions(screen.getByLabelText('波动依据'), '分数波动');
    await screen.findByText(/默认取学校的波动设置：分数波动10%/);
    expect(api.lastBody(teachResearchRoutes.fluctuation.url)).toMatchObject({
      basis: 'score',
      swing: null,
    });
    const table = await screen.findByRole('table', { name: '成绩波动的学生' });
    // each exam's score with its score rate, the change in points of the full marks
    expect(within(table).getByText('600（80.0%）')).toBeInTheDocument();
    expect(within(table).getByText('420（56.0%）')).toBeInTheDocument();
    expect(within(table).getByText('-24.0%')).toBeInTheDocument();
    expect(screen.getByLabelText('波动幅度')).toHaveDisplayValue('10%及以上（学校波动设置）');
    // the school raises 分数波动 to 30 %: 张三's 24 points are no longer a swing
    await router.navigate('/system/parm/undulate');
    const field = await screen.findByLabelText('分数波动（%）');
    await u.clear(field);
    await u.type(field, '30');
    await u.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(scoreChangePercent).toBe(30));
    await router.navigate('/teach-research/fluctuation-trend');
    await u.selectOptions(await screen.findByLabelText('波动依据'), '分数波动');
    await screen.findByText(/默认取学校的波动设置：分数波动30%/);
    expect(await screen.findByText('没有成绩波动的学生')).toBeInTheDocument();
    expect(screen.getByLabelText('波动幅度')).toHaveDisplayValue('30%及以上（学校波动设置）');
  }, 20_000);
});
