import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { appraiseRoutes } from '@examkit/contracts';
import { reportPages } from '../report';
import { createFakeApi, demoUser, myScope, ok, renderApp, SCHOOL_ROUTES } from '../test/fixtures';

const key = (route: { url: string }) => `POST ${route.url}`;
const pages = reportPages;
const user = () => demoUser({ allPerm: { '2026': { '1': ['Home'] } } });

const SHEET = {
  academicYear: 2026,
  classes: [{ classId: 21, className: '高一(1)班', gradeName: '高一' }],
  classId: 21,
  subjects: [{ subjectId: 3, subjectName: '数学' }],
  subjectId: 3,
  canComment: true,
  items: [
    { itemId: 51, name: '运算能力' },
    { itemId: 52, name: '逻辑推理' },
  ],
  students: [
    {
      studentId: 31,
      name: '张三',
      studentNo: '2026001',
      records: [{ itemId: 51, level: 'A', comment: '计算准确' }],
      termComment: '学习认真',
    },
    { studentId: 32, name: '李四', studentNo: '2026002', records: [], termComment: '' },
  ],
};

const STUDENT = {
  student: {
    studentId: 31,
    name: '张三',
    studentNo: '2026001',
    className: '高一(1)班',
    classId: 21,
  },
  records: [
    {
      academicYear: 2026,
      term: 1,
      className: '高一(1)班',
      kind: 1,
      subjectName: '数学',
      itemName: '运算能力',
      level: 'A',
      comment: '计算准确',
    },
    {
      academicYear: 2026,
      term: 1,
      className: '高一(1)班',
      kind: 2,
      subjectName: '语文',
      itemName: '文化传承',
      level: 'D',
      comment: '',
    },
    // last year's, in the class of that year
    {
      academicYear: 2025,
      term: 2,
      className: '初三(2)班',
      kind: 1,
      subjectName: '数学',
      itemName: '运算能力',
      level: 'B',
      comment: '',
    },
  ],
  comments: [
    { academicYear: 2026, term: 1, className: '高一(1)班', comment: '学习认真' },
    { academicYear: 2025, term: 2, className: '初三(2)班', comment: '进步明显' },
  ],
};

describe('综合评价', () => {
  it('评价录入 shows the recorded levels and saves the grid, keeping comments', async () => {
    const u = userEvent.setup();
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(appraiseRoutes.sheet)]: ok(SHEET),
      [key(appraiseRoutes.save)]: ok({ saved: 3 }),
      [key(appraiseRoutes.exportJob)]: ok({ jobId: 9 }),
    });
    await renderApp({ path: '/appraise/record', api, user: user(), pages });
    const grid = await screen.findByRole('table', { name: '评价表' });
    expect(within(grid).getByLabelText('张三的运算能力')).toHaveValue('A');
    expect(within(grid).getByLabelText('李四的运算能力')).toHaveValue('');
    await u.selectOptions(within(grid).getByLabelText('李四的运算能力'), '良好');
    await u.selectOptions(within(grid).getByLabelText('张三的逻辑推理'), '待提高');
    await u.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('status')).toHaveTextContent('已保存3条评价');
    expect(api.lastBody(appraiseRoutes.save.url)).toEqual({
      classId: 21,
      term: 1,
      kind: 1,
      subjectId: 3,
      records: [
        { studentId: 31, itemId: 51, level: 'A', comment: '计算准确' },
        { studentId: 31, itemId: 52, level: 'D', comment: '' },
        { studentId: 32, itemId: 51, level: 'B', comment: '' },
      ],
      comments: [],
    });
    // the class's term as xlsx, a download-centre job
    await u.click(screen.getByRole('button', { name: '导出本班评价' }));
    await waitFor(() =>
      expect(api.lastBody(appraiseRoutes.exportJob.url)).toEqual({ classId: 21, term: 1 }),
    );
    // another term or kind asks for its own sheet
    await u.selectOptions(screen.getByLabelText('学期'), '下学期');
    await u.selectOptions(screen.getByLabelText('评价类别'), '素养');
    await waitFor(() =>
      expect(api.lastBody(appraiseRoutes.sheet.url)).toEqual({
        classId: null,
        term: 2,
        kind: 2,
        subjectId: null,
      }),
    );
  }, 20_000);

  it('评价录入 clears a level set back to 未评价 and writes the term 评语, its length checked', async () => {
    const u = userEvent.setup();
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(appraiseRoutes.sheet)]: ok(SHEET),
      [key(appraiseRoutes.save)]: ok({ saved: 0, cleared: 1, comments: 2 }),
    });
    await renderApp({ path: '/appraise/record', api, user: user(), pages });
    const grid = await screen.findByRole('table', { name: '评价表' });
    expect(within(grid).getByLabelText('张三的评语')).toHaveValue('学习认真');
    await u.selectOptions(within(grid).getByLabelText('张三的运算能力'), '未评价');
    const li = within(grid).getByLabelText('李四的评语');
    await u.click(li);
    await u.paste('很'.repeat(201));
    expect(li).toHaveAttribute('aria-invalid', 'true');
    expect(within(grid).getByText('评语不能超过200个字（已输入201个字）')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '评语不能超过200个字，请修改后再保存',
    );
    expect(api.lastBody(appraiseRoutes.save.url)).toEqual({});
    await u.clear(li);
    await u.type(li, ' 进步明显 ');
    await u.clear(within(grid).getByLabelText('张三的评语'));
    await u.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      '已保存0条评价，清除1条，更新2条评语',
    );
    expect(api.lastBody(appraiseRoutes.save.url)).toEqual({
      classId: 21,
      term: 1,
      kind: 1,
      subjectId: 3,
      records: [{ studentId: 31, itemId: 51, level: null, comment: '计算准确' }],
      comments: [
        { studentId: 31, comment: '' },
        { studentId: 32, comment: '进步明显' },
      ],
    });
  }, 20_000);

  it('a 任课教师 reads the 评语 without a box to write it', async () => {
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(appraiseRoutes.sheet)]: ok({ ...SHEET, canComment: false }),
    });
    await renderApp({ path: '/appraise/record', api, user: user(), pages });
    const grid = await screen.findByRole('table', { name: '评价表' });
    expect(within(grid).getByText('学习认真')).toBeInTheDocument();
    expect(within(grid).queryByLabelText('张三的评语')).not.toBeInTheDocument();
  }, 20_000);

  it('a bureau seat reads the grid without a save button', async () => {
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      'POST /marking-user/user/school/my_scope': ok(myScope({ schoolWide: false, reader: true })),
      [key(appraiseRoutes.sheet)]: ok(SHEET),
    });
    await renderApp({ path: '/appraise/record', api, user: user(), pages });
    const grid = await screen.findByRole('table', { name: '评价表' });
    await waitFor(() => expect(within(grid).getByLabelText('张三的运算能力')).toBeDisabled());
    expect(screen.queryByRole('button', { name: '保存' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '导出本班评价' })).not.toBeInTheDocument();
  }, 20_000);

  it('学生评价 lists one student’s levels by term, kind, subject and item', async () => {
    const u = userEvent.setup();
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(appraiseRoutes.sheet)]: ok(SHEET),
      [key(appraiseRoutes.student)]: ok(STUDENT),
      [key(appraiseRoutes.studentExportJob)]: ok({ jobId: 7 }),
      [key(appraiseRoutes.exportJob)]: ok({ jobId: 8 }),
    });
    await renderApp({ path: '/appraise/student?studentId=31', api, user: user(), pages });
    expect(
      await screen.findByRole('heading', { name: '张三（高一(1)班，2026001）' }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: '评价记录' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('2026-2027学年上学期高一(1)班能力数学运算能力优秀计算准确');
    expect(rows[2]).toHaveTextContent('高一(1)班素养语文文化传承待提高');
    // last year's record and 评语 with the class the student was in then
    expect(rows[3]).toHaveTextContent('2025-2026学年下学期初三(2)班能力数学运算能力良好');
    expect(api.lastBody(appraiseRoutes.student.url)).toEqual({ studentId: 31 });
    const comments = within(screen.getByRole('table', { name: '学期评语' })).getAllByRole('row');
    expect(comments[1]).toHaveTextContent('2026-2027学年上学期高一(1)班学习认真');
    expect(comments[2]).toHaveTextContent('2025-2026学年下学期初三(2)班进步明显');
    await u.click(screen.getByRole('button', { name: '导出该生评价' }));
    await waitFor(() =>
      expect(api.lastBody(appraiseRoutes.studentExportJob.url)).toEqual({ studentId: 31 }),
    );
    // the class's export of the term picked beside it
    expect(screen.getByLabelText('导出学期')).toHaveValue('1');
    await u.selectOptions(screen.getByLabelText('导出学期'), '下学期');
    await u.click(screen.getByRole('button', { name: '导出本班评价' }));
    await waitFor(() =>
      expect(api.lastBody(appraiseRoutes.exportJob.url)).toEqual({ classId: 21, term: 2 }),
    );
    await u.selectOptions(screen.getByLabelText('学生'), '李四（2026002）');
    await waitFor(() =>
      expect(api.lastBody(appraiseRoutes.student.url)).toEqual({ studentId: 32 }),
    );
    await u.click(screen.getByRole('link', { name: '评价录入' }));
    expect(await screen.findByRole('heading', { name: '评价录入' })).toBeInTheDocument();
  }, 20_000);
  it('学生评价’s 打印 opens one student’s print page without header or footer, and prints it', async () => {
    const u = userEvent.setup();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(appraiseRoutes.sheet)]: ok(SHEET),
      [key(appraiseRoutes.student)]: ok(STUDENT),
    });
    const { router } = await renderApp({
      path: '/appraise/student?studentId=31',
      api,
      user: user(),
      pages,
    });
    await screen.findByRole('heading', { name: '张三（高一(1)班，2026001）' });
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    await u.click(screen.getByRole('link', { name: '打印' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/appraise/student/print'));
    expect(
      await screen.findByRole('heading', { name: '张三的综合评价', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('高一(1)班 · 学号 2026001')).toBeInTheDocument();
    // no header menu, no footer: a page to print
    expect(screen.queryByRole('navigation', { name: '主菜单' })).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: '评价记录' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('2026-2027学年上学期高一(1)班能力数学运算能力优秀计算准确');
    expect(
      within(screen.getByRole('table', { name: '学期评语' })).getAllByRole('row')[1],
    ).toHaveTextContent('学习认真');
    await u.click(screen.getByRole('button', { name: '打印' }));
    expect(print).toHaveBeenCalledTimes(1);
    await u.click(screen.getByRole('link', { name: '返回学生评价' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/appraise/student'));
    print.mockRestore();
  }, 20_000);

  it('a bureau seat may print a student’s records but not export them', async () => {
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      'POST /marking-user/user/school/my_scope': ok(myScope({ schoolWide: false, reader: true })),
      [key(appraiseRoutes.sheet)]: ok({ ...SHEET, canComment: false }),
      [key(appraiseRoutes.student)]: ok(STUDENT),
    });
    await renderApp({ path: '/appraise/student?studentId=31', api, user: user(), pages });
    await screen.findByRole('heading', { name: '张三（高一(1)班，2026001）' });
    expect(screen.getByRole('link', { name: '打印' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: '导出该生评价' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: '导出本班评价' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('导出学期')).not.toBeInTheDocument();
  }, 20_000);

  it('a class whose subjects have no items still gets the 班主任’s 学期评语 box, saved without a subject', async () => {
    const u = userEvent.setup();
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(appraiseRoutes.sheet)]: ok({ ...SHEET, subjects: [], subjectId: null, items: [] }),
      [key(appraiseRoutes.save)]: ok({ saved: 0, cleared: 0, comments: 1 }),
    });
    await renderApp({ path: '/appraise/record', api, user: user(), pages });
    expect(await screen.findByText(/下表只填写学期评语/)).toBeInTheDocument();
    const grid = screen.getByRole('table', { name: '评价表' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['学号', '姓名', '学期评语']);
    await u.type(within(grid).getByLabelText('李四的评语'), '积极参加活动');
    await u.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('status')).toHaveTextContent('已保存0条评价，更新1条评语');
    expect(api.lastBody(appraiseRoutes.save.url)).toEqual({
      classId: 21,
      term: 1,
      kind: 1,
      subjectId: null,
      records: [],
      comments: [{ studentId: 32, comment: '积极参加活动' }],
    });
  }, 20_000);

  it('a 任课教师 of such a class is told to add items, without a box', async () => {
    const api = createFakeApi({
      ...SCHOOL_ROUTES,
      [key(appraiseRoutes.sheet)]: ok({
        ...SHEET,
        subjects: [],
        subjectId: null,
        items: [],
        canComment: false,
      }),
    });
    await renderApp({ path: '/appraise/record', api, user: user(), pages });
    expect(
      await screen.findByText(
        '该班级暂无可评价的科目，请先在系统管理的能力设置或素养设置中添加项目',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: '评价表' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '保存' })).not.toBeInTheDocument();
  }, 20_000);
});
