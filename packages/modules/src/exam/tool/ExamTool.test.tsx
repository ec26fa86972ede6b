import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssignPlan, ToolSheetDetail } from '@examkit/contracts';
import { myScope, ok, renderApp } from '../../test/fixtures';
import { examPages } from '../index';
import { examApi, toolUser } from '../test/fixtures';

afterEach(() => vi.restoreAllMocks());

const T = '/marking-main/exam/tool';

const SHEET: ToolSheetDetail = {
  id: 7,
  name: '语数周测',
  gradeId: 10,
  gradeName: '高一',
  classes: [{ classId: 101, className: '高一(1)班' }],
  subjects: [
    { id: 1, name: '语文', fullMarks: 100 },
    { id: 2, name: '数学', fullMarks: 120 },
  ],
  studentCount: 2,
  filled: 1,
  createdAt: 0,
  students: [
    {
      studentId: 11,
      studentNo: '2026100101',
      name: '张一',
      classId: 101,
      className: '高一(1)班',
      scores: [88, null],
    },
    {
      studentId: 12,
      studentNo: '2026100102',
      name: '李二',
      classId: 101,
      className: '高一(1)班',
      scores: [null, null],
    },
  ],
  editable: ['101:2'],
  owner: false,
};

describe('exam tool pages', () => {
  it('/exam/tool links to 成绩表, 录入任务, 分班 and 答题卡', async () => {
    await renderApp({ path: '/exam/tool', api: examApi(), user: toolUser(), pages: examPages });
    const nav = await screen.findByRole('navigation', { name: '考试工具' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/exam/tool/sheet/list',
      '/exam/tool/task/list',
      '/exam/tool/classAssign/list',
      '/exam/tool/answerSheet/list',
    ]);
  });

  it('lets a teacher enter only the cells the server allows, and sends only what changed', async () => {
    const api = examApi({
      [`POST ${T}/sheet/detail`]: ok(SHEET),
      [`POST ${T}/sheet/scores/save`]: ok({ saved: 1 }),
    });
    await renderApp({
      path: '/exam/tool/sheet/detail?id=7',
      api,
      user: toolUser(),
      pages: examPages,
    });
    const grid = await screen.findByRole('table', { name: '成绩录入' });
    // 语文 is shown, not editable; 数学 is an input for each student.
    expect(within(grid).queryByLabelText('张一 语文')).toBeNull();
    expect(within(grid).getByText('88')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '添加学科' })).toBeNull();
    const user = userEvent.setup();
    await user.type(within(grid).getByLabelText('李二 数学'), '130');
    await user.click(screen.getByRole('button', { name: '保存成绩（1）' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('李二的数学成绩须为 0 到 120 的数');
    await user.clear(within(grid).getByLabelText('李二 数学'));
    await user.type(within(grid).getByLabelText('李二 数学'), '99.5');
    await user.click(screen.getByRole('button', { name: '保存成绩（1）' }));
    await waitFor(() =>
      expect(api.lastBody(`${T}/sheet/scores/save`)).toEqual({
        sheetId: 7,
        scores: [{ studentId: 12, subjectId: 2, score: 99.5 }],
      }),
    );
  });

  it('offers on a new task only the sheets the caller owns (the server refuses the others)', async () => {
    const { students: _s, editable: _e, ...summary } = SHEET;
    const sheets = [
      { ...summary, owner: false },
      { ...summary, id: 8, name: '我的数学小测', owner: true },
    ];
    await renderApp({
      path: '/exam/tool/task/create/first',
      api: examApi({
        [`POST ${T}/sheet/list`]: ok({ list: sheets, total: 2, pageNum: 1, pageSize: 100 }),
      }),
      user: toolUser(),
      pages: examPages,
    });
    const select = await screen.findByLabelText('成绩表');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['请选择', '我的数学小测（高一）']),
    );
  });

  it('shows the 分班 balance of step 2 and saves the plan it previewed', async () => {
    const plan: AssignPlan = {
      students: [],
      classes: [
        {
          classId: 101,
          className: '高一(1)班',
          count: 3,
          mean: 80.456,
          sd: 5,
          male: 2,
          female: 1,
          combinations: [{ name: '物理+化学+生物', count: 2 }],
        },
        {
          classId: 102,
          className: '高一(2)班',
          count: 2,
          mean: 80.1,
          sd: 4,
          male: 1,
          female: 1,
          combinations: [],
        },
      ],
      meanRange: 0.356,
      sizeRange: 1,
    };
    const api = examApi({
      [`POST ${T}/classAssign/preview`]: ok(plan),
      [`POST ${T}/classAssign/create`]: ok({ id: 5 }),
      [`POST ${T}/classAssign/detail`]: ok({
        assign: {
          id: 5,
          name: '高一分班',
          gradeId: 10,
          gradeName: '高一',
          examId: 3,
          examName: '期中',
          source: 'exam',
          balanceSex: true,
          byCombination: true,
          classCount: 2,
          studentCount: 5,
          state: 'draft',
          createdAt: 0,
          appliedAt: null,
        },
        plan,
      }),
    });
    const { router } = await renderApp({
      path: '/exam/tool/classAssign/create_step2?name=高一分班&gradeId=10&classIds=101,102&examId=3&sex=1&combo=1',
      api,
      user: toolUser(),
      pages: examPages,
    });
    const table = await screen.findByRole('table', { name: '各班均衡情况' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('高一(1)班380.46521物理+化学+生物 2');
    expect(screen.getByRole('status')).toHaveTextContent(
      '各班人数相差 1 人，平均分最大相差 0.36 分',
    );
    expect(api.lastBody(`${T}/classAssign/preview`)).toEqual({
      gradeId: 10,
      examId: 3,
      classIds: [101, 102],
      balanceSex: true,
      byCombination: true,
    });
    await userEvent.setup().click(screen.getByRole('button', { name: '保存分班方案' }));
    await screen.findByRole('heading', { name: '高一分班：班级详情' });
    expect(router.state.location.search).toBe('?id=5');
    expect(api.lastBody(`${T}/classAssign/create`)).toMatchObject({
      name: '高一分班',
      gradeId: 10,
    });
    expect(screen.getByRole('button', { name: '应用到学生名单' })).toBeInTheDocument();
  });

  it('offers 新建分班 only to those who manage a grade', async () => {
    const empty = ok({ list: [], total: 0, pageNum: 1, pageSize: 20 });
    for (const [scope, shown] of [
      [myScope({ schoolWide: false, manageGradeIds: [] }), false],
      [myScope({ schoolWide: false, manageGradeIds: [10] }), true],
    ] as const) {
      const view = await renderApp({
        path: '/exam/tool/classAssign/list',
        api: examApi({
          [`POST ${T}/classAssign/list`]: empty,
          'POST /marking-user/user/school/my_scope': ok(scope),
        }),
        user: toolUser(),
        pages: examPages,
      });
      expect(await screen.findByText('暂无分班方案')).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.queryByRole('link', { name: '新建分班' }) !== null).toBe(shown),
      );
      expect(screen.getByRole('link', { name: '分班记录' })).toBeInTheDocument();
      view.unmount();
    }
  });
});
