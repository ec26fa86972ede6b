import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PrintPlan, type PrintTask } from '@examkit/contracts';
import { demoUser, menuUser, DIRECTOR_CODES, fail, ok, renderApp } from '../../test/fixtures';
import { examPages } from '../index';
import { bodiesOf, examApi } from '../test/fixtures';

afterEach(() => vi.restoreAllMocks());

const CODES = [...DIRECTOR_CODES, 'Exam-Print'];
const user = () => menuUser(CODES);

const PRINT = {
  list: 'POST /marking-main/exam/examprint/list',
  get: 'POST /marking-main/exam/examprint/get',
  save: 'POST /marking-main/exam/examprint/save',
  mark: 'POST /marking-main/exam/examprint/mark',
  inform: 'POST /marking-main/exam/inform_tea_finish',
  notices: 'POST /marking-main/exam/examprint/notices',
  multiple: 'POST /marking-main/exam/create_multiple',
};

const task = (subjectName: string, className: string, extra: Partial<PrintTask> = {}) => ({
  examSubjectId: subjectName === '数学' ? 12 : 11,
  subjectName,
  classId: className === '高一(1)班' ? 101 : 102,
  className,
  students: 45,
  paperCopies: 47,
  sheetCopies: 47,
  hasSheet: true,
  printerId: null,
  printerName: null,
  state: 'pending' as const,
  printedAt: null,
  informedAt: null,
  canMark: true,
  ...extra,
});
const plan = (tasks: PrintTask[]): PrintPlan => ({
  exam: {
    examId: 1,
    examName: '高一期中考试',
    gradeName: '高一',
    examDate: '2026-11-05',
    state: 'finished',
    taskCount: tasks.length,
    printedCount: tasks.filter((t) => t.state === 'printed').length,
    informedCount: 0,
  },
  spare: 2,
  manager: true,
  tasks,
  printers: [
    { userId: 4, nickName: '李老师' },
    { userId: 5, nickName: '王老师' },
  ],
});

describe('ExamPrintPage', () => {
  it('lists the exams, opens one, assigns a printer, marks it printed and tells the teachers', async () => {
    const pending = plan([task('数学', '高一(1)班'), task('语文', '高一(2)班')]);
    const printed = plan([
      task('数学', '高一(1)班', {
        state: 'printed',
        printedAt: 1,
        printerId: 4,
        printerName: '李老师',
      }),
      task('语文', '高一(2)班'),
    ]);
    const api = examApi({
      [PRINT.list]: ok({ list: [pending.exam], total: 1, pageNum: 1, pageSize: 20 }),
      [PRINT.notices]: ok([
        {
          id: 1,
          title: '试卷已印好：高一期中考试',
          body: '高一(1)班 数学：试卷 47 份。请到文印室领取。',
          link: '/exam/print?examId=1',
          createdAt: 0,
          read: false,
        },
      ]),
      [PRINT.get]: ok(pending),
      [PRINT.save]: ok(pending),
      [PRINT.mark]: ok(printed),
      [PRINT.inform]: ok({ teachers: 2, tasks: 1 }),
    });
    const { router } = await renderApp({
      path: '/exam/print',
      api,
      user: user(),
      pages: examPages,
    });
    const u = userEvent.setup();
    const exams = await screen.findByRole('table', { name: '印刷考试列表' });
    expect(within(exams).getByText('已打印 0 / 2')).toBeInTheDocument();
    expect(
      screen.getByText('高一(1)班 数学：试卷 47 份。请到文印室领取。', { exact: false }),
    ).toBeInTheDocument();
    const notices = screen.getByRole('region', { name: '我的印刷通知' });
    expect(notices).toHaveTextContent('试卷已印好：高一期中考试（未读）');
    expect(within(notices).getByRole('link', { name: '消息通知' })).toHaveAttribute(
      'href',
      '/new-home-message/index',
    );
    await u.click(within(exams).getByRole('button', { name: '印刷任务 高一期中考试' }));
    expect(router.state.location.search).toBe('?examId=1');

    const tasks = await screen.findByRole('table', { name: '印刷任务' });
    await u.selectOptions(within(tasks).getByLabelText('高一(1)班 数学 印刷老师'), '李老师');
    await waitFor(() =>
      expect(bodiesOf(api, PRINT.save)).toEqual([
        { examId: 1, printers: [{ examSubjectId: 12, classId: 101, printerId: 4 }] },
      ]),
    );
    expect(screen.queryByRole('button', { name: '通知老师领取' })).toBeNull();
    await u.click(within(tasks).getByRole('button', { name: '标记已打印 高一(1)班 数学' }));
    await waitFor(() =>
      expect(bodiesOf(api, PRINT.mark)).toEqual([
        { examId: 1, tasks: [{ examSubjectId: 12, classId: 101 }], printed: true },
      ]),
    );
    expect(await within(tasks).findByText('已打印')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: '通知老师领取' }));
    expect(await screen.findByText('已通知 2 位老师领取 1 个班级科目的试卷')).toBeInTheDocument();
    expect(bodiesOf(api, PRINT.inform)).toEqual([{ examId: 1 }]);
  });

  it('checks the spare copies before saving them', async () => {
    const api = examApi({
      [PRINT.get]: ok(plan([task('数学', '高一(1)班')])),
      [PRINT.save]: ok(plan([])),
    });
    await renderApp({ path: '/exam/print?examId=1', api, user: user(), pages: examPages });
    const u = userEvent.setup();
    const spare = await screen.findByLabelText('每班备用份数');
    await u.clear(spare);
    await u.type(spare, '99');
    await u.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('备用份数须为 0 到 50 的整数')).toBeInTheDocument();
    await u.clear(spare);
    await u.type(spare, '5');
    await u.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(bodiesOf(api, PRINT.save)).toEqual([{ examId: 1, spare: 5 }]));
  });
});

describe('MultipleExamPage', () => {
  it('creates exams for the ticked grades and subjects; a failed send is retried with the same key', async () => {
    let calls = 0;
    const api = examApi({
      [PRINT.multiple]: () =>
        ++calls === 1
          ? fail(500, '服务器繁忙')
          : ok({ exams: [{ id: 5 }, { id: 6 }], created: true }),
    });
    const { router } = await renderApp({
      path: '/exam/single/multiple',
      api,
      user: demoUser(),
      pages: examPages,
    });
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: '创建' }));
    expect(screen.getByText('请输入考试名称')).toBeInTheDocument();
    expect(screen.getByText('请至少选择一个年级')).toBeInTheDocument();
    expect(screen.getByText('请至少选择一个科目')).toBeInTheDocument();
    expect(bodiesOf(api, PRINT.multiple)).toHaveLength(0);

    await u.type(screen.getByLabelText('考试名称'), '十一月联测');
    await u.selectOptions(screen.getByLabelText('考试类型'), '月测');
    await u.click(await screen.findByRole('checkbox', { name: '高一' }));
    await u.click(screen.getByRole('checkbox', { name: '高二' }));
    await u.click(screen.getByRole('checkbox', { name: '数学' }));
    await u.click(screen.getByRole('checkbox', { name: '语文' }));
    await u.clear(screen.getByLabelText('数学满分'));
    await u.type(screen.getByLabelText('数学满分'), '150');
    expect(screen.queryByLabelText('数学为选考科目')).toBeNull();
    await u.click(screen.getByRole('button', { name: '创建' }));
    expect(await screen.findByText('服务器繁忙', { selector: '[role=alert]' })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: '创建' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exam/single'));
    const [first, second] = bodiesOf(api, PRINT.multiple);
    expect(first).toMatchObject({
      name: '十一月联测',
      examType: '月测',
      gradeIds: [10, 11],
      subjects: [
        { subjectCode: 'S12', subjectName: '数学', fullMarks: 150 },
        { subjectCode: 'S11', subjectName: '语文', fullMarks: 100 },
      ],
    });
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
  });
});
