import {
  homeworkReportRoutes,
  homeworkSubmissionRoutes,
  type ErrorStatistics,
} from '@examkit/contracts';
import {
  batch,
  batchDetail,
  chapterOf,
  renderWorkbook,
  taggedChapter,
  W,
  workbookApi,
} from '../test/workbook';
import {
  assignedDetail,
  bodiesOf,
  detail,
  HW,
  K,
  POINT_NODES,
  POINT_SAVE,
  POINT_TREE,
} from '../test/fixtures';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/fixtures';

describe('教辅: 章节', () => {
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
    await renderWorkbook('/homework/teaching-assistant/chapter?id=5', api);
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
    await renderWorkbook('/homework/teaching-assistant/chapter?workbookId=3', api);
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
    const view = await renderWorkbook('/homework/teaching-assistant/chapter?id=5', api);
    const panel = await screen.findByRole('group', { name: '布置对象' }, { timeout: 10_000 });
    expect(
      within(panel)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement?.textContent),
    ).toEqual(['四年级(1)班（40 人）', '数学提高班（教学班）（12 人）']);
    view.unmount();
    await renderWorkbook('/homework/teaching-assistant/batch', api);
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
    await renderWorkbook('/homework/teaching-assistant/chapter?id=5', api);
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
    const view = await renderWorkbook('/homework/teaching-assistant/chapter?id=5', api);
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
    const other = await renderWorkbook(
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
    await renderWorkbook('/homework/teaching-assistant/comment?id=5', api);
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
});
