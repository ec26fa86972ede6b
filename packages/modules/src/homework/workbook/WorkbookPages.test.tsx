import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ASSISTANT_FREQUENCY_EXPORT_URL,
  homeworkAssistantRoutes,
  homeworkReportRoutes,
  homeworkSubmissionRoutes,
  homeworkWorkbookRoutes,
  type ErrorStatistics,
  type FrequencyRow,
  type HomeworkDetail,
  type WorkbookBatch,
  type WorkbookBatchDetail,
  type WorkbookStudentHomework,
  type WorkbookStudents,
  type WorkbookWrongRow,
} from '@examkit/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockXlsxDownload, menuUser, myScope, ok, renderApp } from '../../test/fixtures';
import { homeworkPages } from '../index';
import {
  assignedDetail,
  bodiesOf,
  detail,
  homeworkApi,
  HW,
  POINT_NODES,
  POINT_SAVE,
  POINT_TREE,
} from '../test/fixtures';

const K = (route: { url: string }) => `POST ${route.url}`;
const W = homeworkWorkbookRoutes;
const CODES = ['Home', 'Homework', 'Homework-SchoolBase', 'Homework-Analysis'];
const analyst = () => menuUser(CODES);

beforeEach(() => vi.spyOn(window, 'scrollTo').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

const batch: WorkbookBatch = {
  id: 3,
  name: '同步练习册·数学四年级上',
  publisher: '人民教育出版社',
  gradeId: 4,
  gradeName: '四年级',
  subjectId: 2,
  subjectName: '数学',
  classes: [{ id: 41, name: '四年级(1)班' }],
  teachingClasses: [],
  chapterCount: 2,
  createdAt: 0,
  editable: true,
};
const batchDetail: WorkbookBatchDetail = {
  batch,
  chapters: [
    {
      homeworkId: 5,
      position: 1,
      title: '第一单元 大数的认识',
      state: 'assigned',
      questionCount: 3,
      fullMarks: 20,
      expected: 40,
      submitted: 38,
      corrected: 30,
      average: 16.5,
    },
    {
      homeworkId: 6,
      position: 2,
      title: '第二单元 公顷和平方千米',
      state: 'ready',
      questionCount: 1,
      fullMarks: 5,
      expected: 0,
      submitted: 0,
      corrected: 0,
      average: null,
    },
  ],
};
const chapterRef = {
  homeworkId: 5,
  workbookId: 3,
  workbookName: batch.name,
  position: 1,
  title: '第一单元 大数的认识',
  estimatedMinutes: 20,
  homework: detail({ paperKind: 'workbook', paperName: '' }),
};
/** The chapter call answering with this homework (its questions, state and assignments). */
const chapterOf = (homework: HomeworkDetail) => ({
  [K(W.workbookChapter)]: ok({ ...chapterRef, homework }),
});
const students: WorkbookStudents = {
  chapters: [
    { homeworkId: 5, title: '第一单元 大数的认识', fullMarks: 20 },
    { homeworkId: 6, title: '第二单元 公顷和平方千米', fullMarks: 5 },
  ],
  students: [
    {
      studentId: 101,
      studentNo: '2026040101',
      name: '王小明',
      className: '四年级(1)班',
      cells: [
        { homeworkId: 5, assigned: true, status: 'finished', score: 18 },
        { homeworkId: 6, assigned: false, status: 'not_submitted', score: null },
      ],
      submitted: 1,
      assigned: 1,
      scoreRate: 90,
    },
  ],
};
const studentHomework: WorkbookStudentHomework = {
  batch,
  student: { studentId: 101, studentNo: '2026040101', name: '王小明', className: '四年级(1)班' },
  chapters: [
    {
      homeworkId: 5,
      position: 1,
      title: '第一单元 大数的认识',
      assigned: true,
      status: 'finished',
      score: 18,
      fullMarks: 20,
      wrong: 1,
    },
    {
      homeworkId: 6,
      position: 2,
      title: '第二单元 公顷和平方千米',
      assigned: false,
      status: 'not_submitted',
      score: null,
      fullMarks: 5,
      wrong: 0,
    },
  ],
};
const wrongRow: WorkbookWrongRow = {
  homeworkId: 5,
  chapterTitle: '第一单元 大数的认识',
  questionNo: 2,
  label: '2',
  type: 'objective',
  fullMarks: 5,
  answered: 38,
  wrong: 19,
  wrongRate: 50,
  commonWrongAnswer: 'C',
  students: [{ studentId: 101, name: '王小明' }],
};

/** A chapter whose second question the teacher tagged with 分数的加减. */
const taggedChapter = (() => {
  const d = detail({ paperKind: 'workbook', paperName: '' });
  return {
    ...d,
    questions: d.questions.map((q) =>
      q.no === 2 ? { ...q, points: [{ id: 2, name: '分数的加减' }] } : q,
    ),
  };
})();

function workbookApi(extra: Record<string, unknown> = {}) {
  return homeworkApi({
    [K(homeworkAssistantRoutes.assistantOptions)]: ok([
      { gradeId: 4, gradeName: '四年级', subjectId: 2, subjectName: '数学' },
    ]),
    [K(homeworkAssistantRoutes.assistantSummary)]: ok([]),
    [K(W.workbookBatches)]: ok([batch]),
    [K(W.workbookBatchDetail)]: ok(batchDetail),
    [K(W.workbookChapter)]: ok(chapterRef),
    [K(W.workbookStudents)]: ok(students),
    [K(W.workbookStudentHomework)]: ok(studentHomework),
    [K(W.workbookWrong)]: ok([wrongRow]),
    ...extra,
  });
}

const render = (path: string, api: ReturnType<typeof workbookApi>, user = analyst()) =>
  renderApp({ path, api, user, pages: homeworkPages });
/** The bureau seat: a reader holding 作业 and 作业分析, not 校本作业 (BUREAU_PERMISSIONS). */
const SEAT_CODES = ['Home', 'Homework', 'Homework-Analysis'];

describe('教辅', () => {
  it('opens from 作业分析, creates a workbook for classes and lands on its chapters', async () => {
    const user = userEvent.setup();
    const api = workbookApi({
      [K(W.workbookBatches)]: ok([]),
      [K(W.workbookBatchCreate)]: ok({ id: 3 }),
    });
    await render('/homework/teaching-assistant/summary', api);
    const tabs = await screen.findByRole('navigation', { name: '作业分析' }, { timeout: 10_000 });
    await user.click(within(tabs).getByRole('link', { name: '教辅' }));
    expect(await screen.findByText('还没有教辅', {}, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '新建教辅' }));
    await user.click(await screen.findByRole('button', { name: '创建教辅' }));
    expect(screen.getByRole('alert')).toHaveTextContent('请填写教辅名称');
    await user.type(screen.getByRole('textbox', { name: /教辅名称/ }), batch.name);
    await user.type(screen.getByRole('textbox', { name: '出版社' }), '人民教育出版社');
    await user.click(screen.getByRole('checkbox', { name: /四年级\(1\)班/ }));
    // A teaching class (教学班) is offered beside the classes, as 布置 offers it.
    await user.click(screen.getByRole('checkbox', { name: '数学提高班（教学班）（12 人）' }));
    await user.click(screen.getByRole('button', { name: '创建教辅' }));
    const chapters = await screen.findByRole('table', { name: '章节列表' }, { timeout: 10_000 });
    expect(bodiesOf(api, K(W.workbookBatchCreate))).toEqual([
      {
        name: batch.name,
        publisher: '人民教育出版社',
        gradeId: 4,
        subjectId: 2,
        classIds: [41],
        teachingClassIds: [7],
        idempotencyKey: expect.any(String),
      },
    ]);
    const rows = within(chapters).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('1第一单元 大数的认识已布置320403830');
    expect(within(rows[1]!).getByRole('link', { name: '批改第一单元 大数的认识' })).toHaveAttribute(
      'href',
      '/homework/teaching-assistant/correct?id=5',
    );
    // A chapter not yet assigned offers 布置 only.
    expect(within(rows[2]!).queryByRole('link', { name: /扫描/ })).toBeNull();
    expect(within(rows[2]!).getByRole('link', { name: /^布置/ })).toHaveTextContent('布置');
  }, 30_000);

  it('edits the workbook, renames a chapter and deletes one without hand-ins', async () => {
    const user = userEvent.setup();
    const api = workbookApi({
      [K(W.workbookBatchUpdate)]: ok({ ...batch, publisher: '' }),
      [K(W.workbookChapterUpdate)]: ok({ ...chapterRef, title: '第一单元 大数' }),
      [K(W.workbookChapterRemove)]: ok(null),
    });
    await render('/homework/teaching-assistant/batchDetail?id=3', api);
    const chapters = await screen.findByRole('table', { name: '章节列表' }, { timeout: 10_000 });
    // A chapter with hand-ins is renamed, never deleted; so is the workbook holding it.
    expect(within(chapters).queryByRole('button', { name: '删除 第一单元 大数的认识' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除教辅' })).toBeNull();
    expect(screen.getByText(/已有学生提交的章节不能删除/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '编辑教辅' }));
    const publisher = await screen.findByRole('textbox', { name: '出版社' });
    await user.clear(publisher);
    await user.click(screen.getByRole('button', { name: '保存教辅' }));
    expect(bodiesOf(api, K(W.workbookBatchUpdate))).toEqual([
      { id: 3, name: batch.name, publisher: '', classIds: [41], teachingClassIds: [] },
    ]);

    await user.click(within(chapters).getByRole('button', { name: '重命名 第一单元 大数的认识' }));
    const title = await screen.findByRole('textbox', { name: /章节名称/ });
    await user.clear(title);
    await user.type(title, '第一单元 大数');
    await user.click(screen.getByRole('button', { name: '保存章节名称' }));
    expect(bodiesOf(api, K(W.workbookChapterUpdate))).toEqual([{ id: 5, title: '第一单元 大数' }]);

    await user.click(
      within(chapters).getByRole('button', { name: '删除 第二单元 公顷和平方千米' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: '删除章节' });
    await user.click(within(dialog).getByRole('button', { name: '确定删除' }));
    expect(bodiesOf(api, K(W.workbookChapterRemove))).toEqual([{ id: 6 }]);
  }, 30_000);

  it('hides every change from one who may not make it and from the bureau seat', async () => {
    for (const [who, extra] of [
      [
        'another teacher',
        {
          [K(W.workbookBatchDetail)]: ok({ ...batchDetail, batch: { ...batch, editable: false } }),
        },
      ],
      [
        'the seat',
        {
          'POST /marking-user/user/school/my_scope': ok(
            myScope({ schoolWide: false, reader: true }),
          ),
        },
      ],
    ] as const) {
      const view = await render(
        '/homework/teaching-assistant/batchDetail?id=3',
        workbookApi(extra),
      );
      const chapters = await screen.findByRole('table', { name: '章节列表' }, { timeout: 10_000 });
      expect(within(chapters).getAllByRole('row')[1], who).toHaveTextContent('第一单元 大数的认识');
      expect(screen.queryByRole('button', { name: '编辑教辅' }), who).toBeNull();
      expect(within(chapters).queryByRole('button', { name: /重命名|删除/ }), who).toBeNull();
      view.unmount();
      // The chapter's questions show their points without 标注知识点 or 编辑题目.
      const chapter = await render(
        '/homework/teaching-assistant/chapter?id=5',
        workbookApi({ ...chapterOf(taggedChapter), ...extra }),
        who === 'the seat' ? menuUser(SEAT_CODES) : analyst(),
      );
      const questions = await screen.findByRole('table', { name: '题目列表' }, { timeout: 10_000 });
      expect(within(questions).getAllByRole('row')[2], who).toHaveTextContent('分数的加减');
      expect(within(questions).getAllByRole('row')[1], who).toHaveTextContent('未标注');
      expect(screen.queryByRole('button', { name: /标注知识点/ }), who).toBeNull();
      expect(screen.queryByRole('navigation', { name: '编辑题目' }), who).toBeNull();
      // 打印答题卡 is 校本作业's, which the seat does not hold.
      expect(screen.queryByRole('button', { name: '打印答题卡' }) === null, who).toBe(
        who === 'the seat',
      );
      chapter.unmount();
    }
  }, 30_000);

  it('a chapter’s questions show their knowledge points, tagged by who may change the workbook', async () => {
    const user = userEvent.setup();
    const api = workbookApi({
      [HW.homeworkDetail]: ok(taggedChapter),
      ...chapterOf(taggedChapter),
      [POINT_TREE]: ok(POINT_NODES),
      [POINT_SAVE]: ok([
        { id: 2, name: '分数的加减' },
        { id: 3, name: '约分' },
      ]),
    });
    await render('/homework/teaching-assistant/chapter?id=5', api);
    const questions = await screen.findByRole('table', { name: '题目列表' }, { timeout: 10_000 });
    const second = within(questions).getAllByRole('row')[2]!;
    expect(second).toHaveTextContent('分数的加减');
    await user.click(within(second).getByRole('button', { name: '标注知识点 第 2 题' }));
    const dialog = await screen.findByRole('dialog', { name: '第 2 题的知识点' });
    expect(await within(dialog).findByRole('checkbox', { name: '分数的加减' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: '约分' }));
    await user.click(within(dialog).getByRole('button', { name: '保存知识点' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(second).toHaveTextContent('分数的加减、约分');
    expect(bodiesOf(api, POINT_SAVE)).toEqual([{ homeworkId: 5, questionNo: 2, pointIds: [2, 3] }]);
  }, 30_000);

  it('adds a chapter with its questions and opens it with the 布置 panel', async () => {
    const user = userEvent.setup();
    const api = workbookApi({ [K(W.workbookChapterCreate)]: ok({ id: 5 }) });
    await render('/homework/teaching-assistant/chapter?workbookId=3', api);
    await user.type(
      await screen.findByRole('textbox', { name: /章节名称/ }, { timeout: 10_000 }),
      '第一单元 大数的认识',
    );
    await user.click(screen.getByRole('button', { name: '保存章节' }));
    expect(screen.getByRole('alert')).toHaveTextContent('请添加题目');
    await user.click(screen.getByRole('button', { name: '添加客观题' }));
    await user.click(screen.getByRole('button', { name: '添加主观题' }));
    const table = screen.getByRole('table', { name: '题目列表' });
    const answer = within(within(table).getAllByRole('row')[1]!).getAllByRole('textbox')[1]!;
    await user.type(answer, 'B');
    await user.click(screen.getByRole('button', { name: '保存章节' }));
    expect(
      await screen.findByRole(
        'heading',
        { name: `${batch.name} · 第 1 章 第一单元 大数的认识` },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(bodiesOf(api, K(W.workbookChapterCreate))).toEqual([
      {
        workbookId: 3,
        title: '第一单元 大数的认识',
        questions: [
          { label: '1', type: 'objective', answer: 'B', fullMarks: 5 },
          { label: '2', type: 'subjective', answer: null, fullMarks: 10 },
        ],
        estimatedMinutes: 20,
        idempotencyKey: expect.any(String),
      },
    ]);
    // Only the workbook's classes are offered, not the grade's other class or teaching class.
    const panel = screen.getByRole('group', { name: '布置对象' });
    expect(within(panel).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(panel).getByRole('checkbox', { name: /四年级\(1\)班/ })).toBeInTheDocument();
  }, 30_000);

  it('布置 of a chapter offers the workbook’s teaching class, and its list names it', async () => {
    const withTeaching = { ...batch, teachingClasses: [{ id: 7, name: '数学提高班' }] };
    const api = workbookApi({
      [K(W.workbookBatches)]: ok([withTeaching]),
      [K(W.workbookBatchDetail)]: ok({ ...batchDetail, batch: withTeaching }),
    });
    const view = await render('/homework/teaching-assistant/chapter?id=5', api);
    const panel = await screen.findByRole('group', { name: '布置对象' }, { timeout: 10_000 });
    expect(
      within(panel)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement?.textContent),
    ).toEqual(['四年级(1)班（40 人）', '数学提高班（教学班）（12 人）']);
    view.unmount();
    await render('/homework/teaching-assistant/batch', api);
    const books = await screen.findByRole('table', { name: '教辅列表' }, { timeout: 10_000 });
    expect(within(books).getAllByRole('row')[1]).toHaveTextContent(
      '四年级(1)班、数学提高班（教学班）',
    );
  }, 30_000);

  it('shows an assigned chapter with 扫描 on the homework scan page', async () => {
    const user = userEvent.setup();
    const api = workbookApi({
      [HW.homeworkDetail]: ok(assignedDetail()),
      ...chapterOf(assignedDetail()),
      [K(homeworkSubmissionRoutes.scanList)]: ok({
        expected: 40,
        submitted: 0,
        openExceptions: 0,
        pages: [],
      }),
    });
    await render('/homework/teaching-assistant/chapter?id=5', api);
    await user.click(await screen.findByRole('link', { name: '扫描' }, { timeout: 10_000 }));
    expect(
      await screen.findByRole('heading', { name: /章节扫描/ }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去批改' })).toHaveAttribute(
      'href',
      '/homework/teaching-assistant/correct?id=5',
    );
  }, 30_000);

  it('编辑题目 on a chapter opens question/edit, shown only to who may change the workbook', async () => {
    const user = userEvent.setup();
    const chapterDetail = detail({ paperKind: 'workbook', paperName: '' });
    const api = workbookApi({
      [HW.homeworkDetail]: ok(chapterDetail),
      ...chapterOf(chapterDetail),
    });
    const view = await render('/homework/teaching-assistant/chapter?id=5', api);
    const edits = await screen.findByRole('navigation', { name: '编辑题目' }, { timeout: 10_000 });
    expect(within(edits).getAllByRole('link')).toHaveLength(3);
    await user.click(within(edits).getByRole('link', { name: '编辑第 2 题' }));
    expect(
      await screen.findByRole('heading', { name: /编辑试题 .* 第 2 题/ }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /答案/ })).toHaveValue('BD');
    expect(screen.getByRole('link', { name: '返回章节' })).toHaveAttribute(
      'href',
      '/homework/teaching-assistant/chapter?id=5',
    );
    view.unmount();
    // One who may not change the workbook sees the questions without the links.
    const other = await render(
      '/homework/teaching-assistant/chapter?id=5',
      workbookApi({
        [HW.homeworkDetail]: ok(chapterDetail),
        ...chapterOf(chapterDetail),
        [K(W.workbookBatchDetail)]: ok({ ...batchDetail, batch: { ...batch, editable: false } }),
      }),
    );
    expect(
      await screen.findByRole('table', { name: '题目列表' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '编辑题目' })).toBeNull();
    other.unmount();
  }, 30_000);

  it('讲评: the questions most wrong first and a class comment saved', async () => {
    const user = userEvent.setup();
    const stats: ErrorStatistics = {
      questions: [
        {
          no: 1,
          label: '1',
          type: 'objective',
          answer: 'A',
          fullMarks: 5,
          scored: 30,
          wrong: 3,
          wrongRate: 0.1,
          choices: [
            { answer: 'A', count: 27 },
            { answer: 'C', count: 3 },
          ],
          wrongStudents: [],
        },
        {
          no: 3,
          label: '3',
          type: 'subjective',
          answer: null,
          fullMarks: 10,
          scored: 30,
          wrong: 15,
          wrongRate: 0.5,
          choices: [],
          wrongStudents: [{ studentId: 101, name: '王小明' }],
        },
      ],
    };
    const api = workbookApi({
      [K(homeworkReportRoutes.errorStatistics)]: ok(stats),
      [K(homeworkReportRoutes.reportComment)]: ok({
        targets: [{ kind: 'class', id: 41, name: '四年级(1)班' }],
        classes: [{ classId: 41, className: '四年级(1)班', comment: null }],
        students: [],
      }),
      [K(homeworkReportRoutes.saveComment)]: ok(null),
    });
    await render('/homework/teaching-assistant/comment?id=5', api);
    const table = await screen.findByRole('table', { name: '讲评要点' }, { timeout: 10_000 });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('3主观题—301550%—王小明');
    expect(rows[2]).toHaveTextContent('1客观题A30310%A 27 人，C 3 人');
    await user.type(screen.getByRole('textbox', { name: '四年级(1)班讲评' }), '第 3 题单位换算');
    await user.click(screen.getByRole('button', { name: '保存四年级(1)班讲评' }));
    await vi.waitFor(() =>
      expect(bodiesOf(api, K(homeworkReportRoutes.saveComment))).toEqual([
        { id: 5, classId: 41, studentId: null, text: '第 3 题单位换算' },
      ]),
    );
  }, 30_000);

  it('学生分析 → one student’s chapters → the student’s report; the class filter asks again', async () => {
    const user = userEvent.setup();
    const api = workbookApi({
      [K(W.workbookBatchDetail)]: ok({
        ...batchDetail,
        batch: { ...batch, teachingClasses: [{ id: 7, name: '数学提高班' }] },
      }),
    });
    await render('/homework/teaching-assistant/batchDetail?id=3', api);
    await user.click(await screen.findByRole('link', { name: '学生分析' }, { timeout: 10_000 }));
    const table = await screen.findByRole('table', { name: '学生分析' }, { timeout: 10_000 });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      '2026040101王小明四年级(1)班18未布置1/190%作业',
    );
    const filter = screen.getByRole('combobox', { name: '班级' });
    await user.selectOptions(filter, '四年级(1)班');
    await vi.waitFor(() =>
      expect(bodiesOf(api, K(W.workbookStudents)).at(-1)).toEqual({
        workbookId: 3,
        classId: 41,
        teachingClassId: null,
      }),
    );
    // A teaching class of the workbook as the 班级 filter.
    await user.selectOptions(filter, '数学提高班（教学班）');
    await vi.waitFor(() =>
      expect(bodiesOf(api, K(W.workbookStudents)).at(-1)).toEqual({
        workbookId: 3,
        classId: null,
        teachingClassId: 7,
      }),
    );
    await user.click(within(table).getByRole('link', { name: '王小明的作业' }));
    const mine = await screen.findByRole('table', { name: '学生作业' }, { timeout: 10_000 });
    expect(bodiesOf(api, K(W.workbookStudentHomework))).toEqual([
      { workbookId: 3, studentId: 101 },
    ]);
    const rows = within(mine).getAllByRole('row');
    expect(rows[2]).toHaveTextContent('2第二单元 公顷和平方千米未布置—50');
    expect(within(rows[1]!).getByRole('link', { name: '第一单元 大数的认识错题' })).toHaveAttribute(
      'href',
      '/homework/school-base/student/101/report/wrong?id=5',
    );
  }, 30_000);

  it('错题 of the whole workbook, each leading to its chapter’s 讲评; a teaching class as the filter', async () => {
    const user = userEvent.setup();
    const api = workbookApi({
      [K(W.workbookBatchDetail)]: ok({
        ...batchDetail,
        batch: { ...batch, teachingClasses: [{ id: 7, name: '数学提高班' }] },
      }),
    });
    await render('/homework/teaching-assistant/wrong?workbookId=3', api);
    const table = await screen.findByRole('table', { name: '错题' }, { timeout: 10_000 });
    expect(bodiesOf(api, K(W.workbookWrong))).toEqual([
      { workbookId: 3, classId: null, teachingClassId: null },
    ]);
    await user.selectOptions(
      await screen.findByRole('combobox', { name: '班级' }),
      '数学提高班（教学班）',
    );
    await vi.waitFor(() =>
      expect(bodiesOf(api, K(W.workbookWrong)).at(-1)).toEqual({
        workbookId: 3,
        classId: null,
        teachingClassId: 7,
      }),
    );
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('第一单元 大数的认识2客观题5381950%C王小明');
    expect(within(row).getByRole('link', { name: '讲评第一单元 大数的认识' })).toHaveAttribute(
      'href',
      '/homework/teaching-assistant/comment?id=5',
    );
  }, 30_000);

  it('导出高频错题 page: from 高频错题, the count, then the download', async () => {
    const user = userEvent.setup();
    const frequency: FrequencyRow = {
      homeworkId: 5,
      homeworkName: '第一单元',
      questionNo: 2,
      label: '2',
      type: 'objective',
      fullMarks: 5,
      answered: 38,
      wrong: 19,
      wrongRate: 50,
      averageScore: 2.5,
      commonWrongAnswer: 'C',
    };
    const api = workbookApi({
      [K(homeworkAssistantRoutes.assistantFrequency)]: ok([frequency]),
    });
    await render('/homework/teaching-assistant/frequency', api);
    await user.click(await screen.findByRole('link', { name: '按条件导出' }, { timeout: 10_000 }));
    expect(await screen.findByText('共 1 道错题', {}, { timeout: 10_000 })).toBeInTheDocument();
    const fetchMock = mockXlsxDownload();
    await user.click(screen.getByRole('button', { name: '下载表格' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]![0]).toBe(
      `${ASSISTANT_FREQUENCY_EXPORT_URL}?gradeId=4&subjectId=2&period=30`,
    );
  }, 30_000);
});
