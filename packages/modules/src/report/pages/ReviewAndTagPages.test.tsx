import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportRoutes } from '@examkit/contracts';
import { renderApp } from '../../test/fixtures';
import { reportPages } from '../index';
import { EXAM, directorUser, key, ok, reportApi } from '../test/fixtures';

// The chart shows what it plots as text: each series' name and values.
vi.mock('../components/Chart', () => ({
  Chart: ({ label, option }: { label: string; option: { series: unknown[] } }) => (
    <div role="img" aria-label={label}>
      {JSON.stringify(option.series)}
    </div>
  ),
}));

afterEach(() => vi.restoreAllMocks());

const open = (path: string, api: ReturnType<typeof reportApi>) =>
  renderApp({ path, api, user: directorUser(), pages: reportPages });

/** What the chart named `label` plots. */
const plotted = (label: string) => JSON.parse(screen.getByRole('img', { name: label }).textContent);

/** A table's column headers, one space between. */
const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent)
    .join(' ');
/** The cells of a table's row `n` (1 = the first under the headers), ` | ` between. */
const cells = (table: HTMLElement, n = 1) =>
  within(within(table).getAllByRole('row')[n]!)
    .getAllByRole('cell')
    .map((c) => c.textContent)
    .join(' | ');

const QUESTION = {
  questionId: 31,
  number: '7',
  kind: 'single',
  fullMarks: 3,
  answer: 'B',
  knowledgePoints: ['函数'],
};
const GROUP = {
  count: 40,
  mean: 2.204,
  scoreRate: 0.7347,
  fullMarkRate: 0.7,
  zeroRate: 0.2653,
  discrimination: 0.456,
};

const COMMENT = {
  classId: 0,
  questionId: 31,
  type: 2,
  content: '先讲概念',
  updatedBy: 2,
  updatedAt: 9,
};

const REVIEW = { exam: EXAM, subjectId: 21, subjectName: '语文' };

describe('试卷讲评 of the grade', () => {
  it('charts every question and lists the grade figures, each class and the comment link', async () => {
    const api = reportApi({
      [key(reportRoutes.gradeComment)]: ok({
        ...REVIEW,
        questions: [
          {
            ...QUESTION,
            grade: GROUP,
            itemTotalCorrelation: 0.3125,
            // scores imported without the students' choices
            options: [],
            choicesRecorded: false,
            commonWrong: null,
            classes: [
              { classId: 101, className: '高一(1)班', mean: 2.5, scoreRate: 0.8333 },
              { classId: 102, className: '高一(2)班', mean: 1.9, scoreRate: 0.6333 },
            ],
            comments: [COMMENT],
          },
        ],
      }),
    });
    await open('/exam/single/report/grade/comment/5?subjectId=21', api);
    const table = await screen.findByRole('table', { name: '语文逐题讲评' });
    expect(plotted('各题得分率')).toMatchObject([
      { type: 'bar', name: '年级得分率', data: [73.47] },
    ]);
    expect(headers(table)).toBe(
      '题号 题型 满分 平均分 得分率 满分率 零分率 区分度 题总相关 选项分布 常见错误选项 各班得分率 讲评',
    );
    expect(cells(table)).toBe(
      '7 | 单选题 | 3 | 2.2 | 73.47% | 70.00% | 26.53% | 0.46 | 0.31 | 未录入选项 | — | 高一(1)班 83.33%；高一(2)班 63.33% | 先讲概念 编辑讲评',
    );
    expect(within(table).getByRole('link', { name: '编辑讲评' })).toHaveAttribute(
      'href',
      '/exam/single/report/grade/comment/5/0/31/2/edit',
    );
  });
});

describe('试卷讲评 of a class', () => {
  it('charts the class beside the grade', async () => {
    const question = {
      ...QUESTION,
      options: [],
      commonWrong: null,
      lostStudents: [],
      comments: [],
    };
    const api = reportApi({
      [key(reportRoutes.classComment)]: ok({
        ...REVIEW,
        classId: 101,
        className: '高一(1)班',
        questions: [{ ...question, class: GROUP, grade: { ...GROUP, scoreRate: 0.6364 } }],
      }),
    });
    await open('/exam/single/report/class/comment/5?classId=101&subjectId=21', api);
    await screen.findByRole('table', { name: '高一(1)班 语文逐题讲评' });
    expect(plotted('各题得分率')).toMatchObject([
      { type: 'bar', name: '班级得分率', data: [73.47] },
      { type: 'bar', name: '年级得分率', data: [63.64] },
    ]);
  });
});

describe('a report of a subject teacher (issue #12 item 5)', () => {
  it('opens on a class and subject the teacher may see and lists only those', async () => {
    const overview = (classId: number, className: string, subjects: [number, string][]) => ({
      classId,
      className,
      studentCount: 40,
      subjects: subjects.map(([subjectId, subjectName]) => ({
        subjectId,
        subjectName,
        mean: 100,
        gradeMean: 98,
        aboveMeanRate: 0.5,
        passRate: 0.9,
        excellentRate: 0.2,
        meanRank: 1,
      })),
    });
    const comment = (request: { data: unknown }) => {
      const body = JSON.parse(String(request.data)) as { subjectId: number };
      // The server refuses a subject the teacher does not teach.
      return body.subjectId === 22
        ? ok({
            ...REVIEW,
            subjectId: 22,
            subjectName: '数学',
            classId: 101,
            className: '高一(1)班',
            questions: [],
          })
        : {
            code: 403,
            data: null,
            msg: '超出数据范围：无权查看该科目的报告',
            message: '超出数据范围：无权查看该科目的报告',
          };
    };
    const api = reportApi({
      // 数学 in 高一(1)班 only: the exam has 语文 first.
      [key(reportRoutes.teacherClassOverview)]: ok({
        exam: { ...EXAM, classes: [{ id: 101, name: '高一(1)班' }] },
        classes: [overview(101, '高一(1)班', [[22, '数学']])],
      }),
      [key(reportRoutes.classComment)]: comment,
    });
    await open('/exam/single/report/class/comment/5', api);
    expect(await screen.findByText(/高一\(1\)班 数学/)).toBeInTheDocument();
    expect(api.lastBody(reportRoutes.classComment.url)).toMatchObject({
      classId: 101,
      subjectId: 22,
    });
    const picker = screen.getByRole('combobox', { name: '学科' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['数学']);
    expect(screen.queryByText(/无权查看/)).not.toBeInTheDocument();
  });
});

const tag = (name: string, rate: number) => ({
  tag: name,
  questionNumbers: ['1', '7'],
  fullMarks: 15,
  gradeScoreRate: rate,
});

describe('能力分析 of a class', () => {
  it('shows knowledge points and abilities beside the grade, with a radar from three tags on', async () => {
    const api = reportApi({
      [key(reportRoutes.classAbility)]: ok({
        exam: EXAM,
        classId: 101,
        className: '高一(1)班',
        subjectId: 22,
        subjectName: '数学',
        knowledgePoints: [
          { ...tag('函数', 0.6), classScoreRate: 0.75 },
          { ...tag('数列', 0.5), classScoreRate: null },
          { ...tag('三角', 0.4), classScoreRate: 0.45 },
        ],
        abilities: [{ ...tag('运算', 0.7), classScoreRate: 0.8 }],
      }),
    });
    await open('/exam/single/report/class/ability/5?classId=101&subjectId=22', api);
    const points = await screen.findByRole('table', { name: '知识点得分率' });
    expect(screen.getByRole('heading', { name: '知识点得分率' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '能力得分率' })).toBeInTheDocument();
    expect(plotted('知识点得分率雷达图')[0].data).toEqual([
      { name: '班级', value: [75, 0, 45] },
      { name: '年级', value: [60, 50, 40] },
    ]);
    expect(screen.queryByRole('img', { name: '能力得分率雷达图' })).not.toBeInTheDocument();
    expect(headers(points)).toBe('知识点 题号 满分 班级得分率 年级得分率');
    expect(cells(points, 2)).toBe('数列 | 1、7 | 15 | — | 50.00%');
    const abilities = screen.getByRole('table', { name: '能力得分率' });
    expect(headers(abilities)).toBe('能力 题号 满分 班级得分率 年级得分率');
    expect(cells(abilities)).toBe('运算 | 1、7 | 15 | 80.00% | 70.00%');
  });
});

describe('能力分析 of the grade', () => {
  it('lists every class with its score rate and weak students, in the 知识模型 page too', async () => {
    const classes = [
      { classId: 101, scoreRate: 0.75, weakStudents: 3 },
      { classId: 102, scoreRate: 0.5, weakStudents: 9 },
    ];
    const data = {
      exam: EXAM,
      subjectId: 22,
      subjectName: '数学',
      knowledgePoints: [
        { ...tag('函数', 0.6), classes },
        { ...tag('数列', 0.5), classes: [classes[0]] },
        { ...tag('三角', 0.4), classes },
      ],
      abilities: [{ ...tag('运算', 0.7), classes }],
    };
    const api = reportApi({
      [key(reportRoutes.gradeAbility)]: ok(data),
      [key(reportRoutes.gradeCustomKnowModel)]: ok(data),
    });
    for (const path of [
      '/exam/single/report/grade/ability/5?subjectId=22',
      '/exam/single/report/grade/custom/5/customKnowModel?subjectId=22',
    ]) {
      const { unmount } = await open(path, api);
      const points = await screen.findByRole('table', { name: '知识点得分率（各班）' });
      expect(plotted('知识点得分率雷达图')[0].data).toEqual([
        { name: '年级', value: [60, 50, 40] },
      ]);
      expect(screen.queryByRole('img', { name: '能力得分率雷达图' })).not.toBeInTheDocument();
      expect(headers(points)).toBe('知识点 题号 满分 年级得分率 高一(1)班 高一(2)班');
      expect(cells(points, 2)).toBe('数列 | 1、7 | 15 | 50.00% | 75.00%（3人<60%） | —');
      const abilities = screen.getByRole('table', { name: '能力得分率（各班）' });
      expect(headers(abilities)).toBe('能力 题号 满分 年级得分率 高一(1)班 高一(2)班');
      unmount();
    }
  });
});
