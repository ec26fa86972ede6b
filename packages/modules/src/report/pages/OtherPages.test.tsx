import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportRoutes } from '@examkit/contracts';
import { renderApp } from '../../test/fixtures';
import { reportPages } from '../index';
import { EXAM, directorUser, fail, key, mockJobFile, ok, reportApi, stats } from '../test/fixtures';

vi.mock('../components/Chart', () => ({
  Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

afterEach(() => vi.restoreAllMocks());

const QUESTION = {
  questionId: 31,
  number: '7',
  kind: 'subjective',
  fullMarks: 12,
  answer: null,
  knowledgePoints: ['函数'],
};

const open = (path: string, api: ReturnType<typeof reportApi>) =>
  renderApp({ path, api, user: directorUser(), pages: reportPages });

describe('screen report', () => {
  it('shows the headline figures and switches to the hardest questions', async () => {
    const user = userEvent.setup();
    const api = reportApi({
      [key(reportRoutes.screen)]: ok({
        exam: EXAM,
        headline: {
          studentCount: 200,
          present: 196,
          absent: 4,
          totalMean: 402.0412,
          totalMax: 664.5,
          passRate: 0.3446,
          excellentRate: 0.0169,
        },
        classes: [
          {
            classId: 101,
            className: '高一(1)班',
            mean: 423.05,
            aboveMeanRate: 0.0523,
            passRate: 0.4651,
            meanRank: 1,
          },
        ],
        subjects: [],
        hardestQuestions: [
          { subjectId: 22, subjectName: '数学', questionId: 31, number: '7', scoreRate: 0.2 },
        ],
        weakKnowledgePoints: [],
      }),
    });
    const { router } = await open('/exam/single/report/screen/5/basic', api);
    const figures = await screen.findByLabelText('考试概况');
    expect(figures).toHaveTextContent('总分平均分402.04');
    expect(figures).toHaveTextContent('及格率34.46%');
    await user.click(screen.getByRole('tab', { name: '试卷讲评' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/exam/single/report/screen/5/comment'),
    );
    const table = await screen.findByRole('table', { name: '得分率最低的题目' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('20.00%');
  });
});

describe('quick review', () => {
  it('lists subjects, top students and absentees', async () => {
    const api = reportApi({
      [key(reportRoutes.quickReview)]: ok({
        exam: EXAM,
        subjects: [
          {
            subjectId: 22,
            subjectName: '数学',
            fullMarks: 150,
            count: 198,
            absent: 2,
            mean: 83.934,
            max: 145,
            min: 17,
            passRate: 0.4141,
            excellentRate: 0.0707,
          },
        ],
        top: [],
        absentees: [{ studentId: 4, name: '李四', className: '高一(1)班', subjectNames: ['英语'] }],
      }),
    });
    await open('/exam/report/exam/quickReview/5', api);
    const subjects = await screen.findByRole('table', { name: '各学科概况' });
    expect(within(subjects).getAllByRole('row')[1]).toHaveTextContent('83.93');
    expect(screen.getByRole('table', { name: '总分前列学生' })).toHaveTextContent('暂无数据');
    expect(screen.getByRole('table', { name: '缺考学生' })).toHaveTextContent('李四');
  });
});

describe('grade comment', () => {
  it('saves a grade comment from the edit page', async () => {
    const user = userEvent.setup();
    const api = reportApi({
      [key(reportRoutes.commentGet)]: ok({ question: QUESTION, subjectId: 22, comment: null }),
      [key(reportRoutes.commentSave)]: ok({
        classId: 0,
        questionId: 31,
        type: 2,
        content: '先讲定义域',
        updatedBy: 7,
        updatedAt: 1,
      }),
    });
    await open('/exam/single/report/grade/comment/5/0/31/2/edit', api);
    const box = await screen.findByRole('textbox', { name: '讲评建议' });
    expect(screen.getByText(/第7题 · 解答题 · 满分 12 · 年级讲评/)).toBeInTheDocument();
    await user.type(box, '先讲定义域');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    expect(api.lastBody(reportRoutes.commentSave.url)).toEqual({
      examId: 5,
      classId: 0,
      questionId: 31,
      type: 2,
      content: '先讲定义域',
    });
  });
});

describe('grade custom reports', () => {
  it('compares groups of classes the user builds', async () => {
    const user = userEvent.setup();
    const api = reportApi({
      [key(reportRoutes.gradeCustomGroup)]: ok({
        exam: EXAM,
        groups: [
          {
            name: '实验班',
            classIds: [101],
            rows: [{ subjectId: 0, subjectName: '总分', stats: stats(420.555) }],
          },
        ],
      }),
    });
    await open('/exam/single/report/grade/custom/5/customGroup', api);
    await user.type(await screen.findByRole('textbox', { name: '分组名称' }), '实验班');
    await user.click(screen.getByRole('checkbox', { name: '高一(1)班' }));
    await user.click(screen.getByRole('button', { name: '添加分组' }));
    const table = await screen.findByRole('table', { name: '实验班（高一(1)班）' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('420.56');
    expect(api.lastBody(reportRoutes.gradeCustomGroup.url)).toEqual({
      examId: 5,
      groups: [{ name: '实验班', classIds: [101] }],
    });
    expect(screen.getByRole('tab', { name: '分组对比', selected: true })).toBeInTheDocument();
  });

  it('shows the server message of a refused problem set', async () => {
    const api = reportApi({
      [key(reportRoutes.gradeProblemSet)]: fail(403, '超出数据范围：无权查看年级报告'),
    });
    await open('/exam/single/report/grade/problemSet/5', api);
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByRole('alert')).toHaveTextContent('无权查看年级报告');
  });
});

describe('class comment', () => {
  it('lists who lost points and the common wrong option, and exports with class and subject', async () => {
    const user = userEvent.setup();
    const group = {
      count: 40,
      mean: 2.2,
      scoreRate: 0.7347,
      fullMarkRate: 0.7347,
      zeroRate: 0.2653,
      discrimination: 0.456,
    };
    const api = reportApi({
      [key(reportRoutes.classComment)]: ok({
        exam: EXAM,
        classId: 101,
        className: '高一(1)班',
        subjectId: 21,
        subjectName: '语文',
        questions: [
          {
            ...QUESTION,
            kind: 'single',
            fullMarks: 3,
            answer: 'B',
            class: group,
            grade: { ...group, scoreRate: 0.6364 },
            options: [
              { option: 'A', count: 4, rate: 0.0816, correct: false },
              { option: 'B', count: 36, rate: 0.7347, correct: true },
            ],
            choicesRecorded: true,
            commonWrong: 'A',
            lostStudents: [{ studentId: 8, name: '张俊佑', score: 0, answer: 'A' }],
            comments: [],
          },
        ],
      }),
    });
    const clicked: HTMLAnchorElement[] = [];
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} });
    mockJobFile();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    await open('/exam/single/report/class/comment/5?classId=101&subjectId=21', api);
    const table = await screen.findByRole('table', { name: '高一(1)班 语文逐题讲评' });
    const heads = within(table).getAllByRole('columnheader');
    expect(heads.map((h) => h.textContent).join(' ')).toBe(
      '题号 题型 满分 班级均分 班级得分率 年级得分率 满分率 零分率 区分度 答案 选项分布 常见错误选项 失分学生 讲评',
    );
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('73.47%');
    expect(row).toHaveTextContent('63.64%');
    expect(row).toHaveTextContent('0.46');
    expect(row).toHaveTextContent('B✓ 36人（73.47%）');
    expect(row).toHaveTextContent('1人：张俊佑');
    expect(api.lastBody(reportRoutes.classComment.url)).toEqual({
      examId: 5,
      classId: 101,
      subjectId: 21,
    });
    await user.click(screen.getByRole('button', { name: '导出Excel' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(api.lastBody(reportRoutes.exportJobStart.url)).toEqual({
      examId: 5,
      page: 'class/comment',
      format: 'xlsx',
      classId: 101,
      subjectId: 21,
    });
  });
});
